import SwiftSyntax
import SwiftSyntaxMacros

/// Where a node of the user's declaration is in its file: what a `#sourceLocation` line needs.
struct SourceLocator {
    /// A place in a file: the file as a string literal (`"/path/App.swift"`), its line and column.
    struct Place {
        let file: String
        let line: Int
        let column: Int
    }

    /// The place of a node, or `nil` where it is unknown (a node outside the macro's declaration).
    let place: (Syntax) -> Place?

    /// The places of nodes of the tree whose root is `root` (the declaration the macro is attached
    /// to, as the compiler sends it), in the file `context` names with its full path.
    ///
    /// The context is asked once, for the root; every other node is placed relative to it through
    /// one `SourceLocationConverter` of the root's tree. Asking the context for each node builds
    /// literal syntax for each answer, which in a debug build of the plug-in cost about as much as
    /// the rest of the expansion.
    init(_ context: some MacroExpansionContext, root: Syntax) {
        guard let location = context.location(of: root, at: .beforeLeadingTrivia, filePathMode: .filePath),
            location.file.is(StringLiteralExprSyntax.self),
            let baseLine = Int(location.line.trimmedDescription), let baseColumn = Int(location.column.trimmedDescription)
        else {
            place = { _ in nil }
            return
        }
        let file = location.file.trimmedDescription
        let converter = SourceLocationConverter(fileName: "", tree: root)
        place = { node in
            guard node.root.id == root.id else { return nil }
            let local = converter.location(for: node.positionAfterSkippingLeadingTrivia)
            // The root starts at (baseLine, baseColumn): only its own first line is shifted right.
            let column = local.line == 1 ? baseColumn - 1 + local.column : local.column
            return Place(file: file, line: baseLine + local.line - 1, column: column)
        }
    }
}
