import Foundation

/// What a user has on screen between two keystrokes, or after a slip the compiler, not Trellis,
/// judges: applied to one member of a random container's source, as text.
enum Slip: CaseIterable {
    /// The member's type names nothing (`Missing3`): a typo, or a missing import.
    case unknownType
    /// The member's declaration is there twice (a paste).
    case declaredTwice
    /// The member's type is cut in half, as while typing it.
    case truncatedType
    /// One token of the member's attribute is deleted.
    case deletedToken
    /// The member is contributed to a collection of another element type.
    case wrongContribution
    /// The container's attribute has arguments Swift cannot match to `@DIContainer` (out of order,
    /// a misspelt label, a literal of another type): the compiler's error on the attribute must be
    /// the only one, though `@DIContainer` then expands nothing its members' macros read.
    case containerArguments

    /// The source of `container` with this slip applied to member `position`; nil when it does not
    /// apply there (nothing to cut, no token to delete).
    func apply(to container: RandomContainer, member position: Int, variant: Int) -> String? {
        let member = container.members[position]
        var source = container.render()
        let declaration = "var \(member.name): \(member.shape.text)"
        guard let range = source.range(of: declaration) else { return nil }
        switch self {
        case .unknownType:
            source.replaceSubrange(range, with: "var \(member.name): Missing\(position)")
        case .declaredTwice:
            guard let attribute = source[..<range.lowerBound].range(of: "@Provide(", options: .backwards) else { return nil }
            let lineStart = source[..<attribute.lowerBound].lastIndex(of: "\n").map(source.index(after:)) ?? attribute.lowerBound
            let whole = String(source[lineStart..<range.upperBound])
            source.insert(contentsOf: "\n" + whole, at: range.upperBound)
        case .truncatedType:
            let type = member.shape.text
            guard type.count > 2 else { return nil }
            let cut = type.prefix(type.count / 2 + variant % max(1, type.count / 2))
            source.replaceSubrange(range, with: "var \(member.name): \(cut)")
        case .deletedToken:
            guard let attribute = source[..<range.lowerBound].range(of: "@Provide(", options: .backwards) else { return nil }
            let line = source[attribute.lowerBound...].prefix { $0 != "\n" }
            // Delete the variant-th of the attribute's punctuation: a comma, a colon or a parenthesis.
            let marks = line.indices.filter { ",:()".contains(line[$0]) }
            guard !marks.isEmpty else { return nil }
            source.remove(at: marks[variant % marks.count])
        case .wrongContribution:
            guard !member.scope.isSupplied, member.shape != .existential,
                let attribute = source[..<range.lowerBound].range(of: "@Provide(", options: .backwards),
                let close = source[attribute.upperBound..<range.lowerBound].range(of: ")\n", options: .backwards),
                let body = source.range(of: "{\n")
            else { return nil }
            // Contributed to a collection of services, which the member is not (`into:` comes last).
            let opening = source.distance(from: source.startIndex, to: body.upperBound)
            source.insert(contentsOf: ", into: \\Self.slipServices", at: close.lowerBound)
            source.insert(
                contentsOf: "    @Provide(.collection, allowsEmpty: true)\n    var slipServices: [any Service]\n",
                at: source.index(source.startIndex, offsetBy: opening))
        case .containerArguments:
            guard let attribute = source.range(of: "@DIContainer") else { return nil }
            let end = source[attribute.lowerBound...].firstIndex(of: "\n") ?? source.endIndex
            let isolated = source[attribute.lowerBound..<end].contains("mainActor: true")
            let written = [
                "@DIContainer(mainActor: \(isolated), concrete: false)", "@DIContainer(concrete: false, validate: true)",
                "@DIContainer(validates: true)", "@DIContainer(concrete: 0)",
            ]
            source.replaceSubrange(attribute.lowerBound..<end, with: written[variant % written.count])
        }
        return source
    }
}
