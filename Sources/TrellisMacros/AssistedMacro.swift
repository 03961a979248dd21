import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros
import TrellisGraph
import TrellisSyntax

/// `@Assisted`: gives a container's function its body, a call of the builder `@DIContainer`
/// generates for it with the container and the function's arguments. Reports only what it alone
/// can see (that it is not inside a `@DIContainer`); `@DIContainer` reports everything else.
public struct AssistedMacro: BodyMacro {
    /// See ``DIContainerMacro/formatMode``.
    public static var formatMode: FormatMode { .disabled }

    /// `return [try ][await ]_trellis_Builders.<name>(self, <arguments>)`, with the effects the
    /// function declares (its builder declares the same).
    public static func expansion(
        of node: AttributeSyntax, providingBodyFor declaration: some DeclSyntaxProtocol & WithOptionalCodeBlockSyntax,
        in context: some MacroExpansionContext
    ) throws -> [CodeBlockItemSyntax] {
        switch ProvideMacro.placement(in: context.lexicalContext.first) {
        case .outsideContainer:
            let issue = Issue.provideOutsideContainer(
                at: .container(""), attribute: "Assisted",
                inExtension: context.lexicalContext.first?.is(ExtensionDeclSyntax.self) == true)
            context.diagnose(Diagnostic(node: node, message: TrellisDiagnostic(issue)))
            return Array(declaration.body?.statements ?? [])
        case .withoutStorage:
            // No builder to call: a body that needs none, so that the error already reported on
            // the container is the only one.
            guard let body = declaration.body else {
                return ["fatalError(\"Trellis: this function is not part of its container\")"]
            }
            return Array(body.statements)
        case .inContainer:
            break
        }
        guard let function = declaration.as(FunctionDeclSyntax.self), function.body == nil else {
            // A body written by the user is an error `@DIContainer` reports; keep it, so that it is the only one.
            return Array(declaration.body?.statements ?? [])
        }
        // A function without a return type is an error `@DIContainer` reports; it has no builder,
        // and an empty body returns its `Void`.
        guard function.signature.returnClause != nil else { return ["return"] }
        // A declaration that does not parse (being typed): a body that needs no builder, so that the
        // parser's error is the only one.
        guard !function.hasError else { return ["fatalError(\"Trellis: this function does not parse\")"] }
        // A static function, or one returning an opaque type, is an error `@DIContainer` reports, and
        // has no builder: a body that needs none. An opaque type needs a type no one names, so the
        // compiler's one error about it ("requires that 'Never' conform to 'P'") is placed on the
        // return type, beside Trellis's.
        if function.modifiers.contains(where: { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) }) {
            return ["fatalError(\"Trellis: an @Assisted function is an instance method\")"]
        }
        if let returnType = function.signature.returnClause?.type, TypeClassifier.kind(of: returnType) == .opaque {
            let stop = "fatalError(\"Trellis: an @Assisted function returns an 'any' type\")"
            return ["\(raw: GeneratedSource.placed(stop, on: returnType, in: context))"]
        }
        let effects = function.signature.effectSpecifiers
        let prefix = (effects?.throwsClause != nil ? "try " : "") + (effects?.asyncSpecifier != nil ? "await " : "")
        // An `inout` argument, an error `@DIContainer` reports, is passed as the builder takes it, so
        // that the call adds no error of its own.
        let arguments = function.signature.parameterClause.parameters.map { parameter in
            let isInout =
                parameter.type.as(AttributedTypeSyntax.self)?.specifiers.contains { $0.trimmedDescription == "inout" } == true
            return ", " + (isInout ? "&" : "") + (parameter.secondName ?? parameter.firstName).memberName
        }
        let call =
            "\(GeneratedNames.buildersType).\(function.name.memberName)(self\(arguments.joined()))"
        return ["return \(raw: prefix)\(raw: call)"]
    }
}
