import SwiftSyntax
import SwiftSyntaxMacros
import TrellisGraph
import TrellisSyntax

/// Writes the getter `@Provide` gives its member. It sees only the member's own attribute, so
/// everything it needs (scope and the factory's declared effects) is local to the declaration; the
/// work is done by what `@DIContainer` generates.
enum AccessorGenerator {
    /// The getter of member `name` in a container of `kind`.
    static func getter(for name: String, attribute: ProvideAttribute, in kind: DeclarationKind) -> AccessorDeclSyntax {
        GeneratedSource.getter(
            async: attribute.isAsync, throws: attribute.isThrowing, body: body(for: name, attribute: attribute, in: kind))
    }

    /// The same getter as text: ``getter(for:attribute:in:)``'s `description`, written without its
    /// nodes, for the plug-in's fast path.
    static func getterSource(for name: String, attribute: ProvideAttribute, in kind: DeclarationKind) -> String {
        GeneratedSource.getterSource(
            async: attribute.isAsync, throws: attribute.isThrowing, body: body(for: name, attribute: attribute, in: kind))
    }

    /// For an opaque member that is not `.transient` (an error): a getter returning a value of the
    /// type its factory builds, which the compiler accepts for `some P` without any other error, or
    /// nil when that type is unknown. A factory closure gives it as its result
    /// (``opaqueStandInCall(of:locator:container:)``); otherwise the type is read from the factory's text
    /// (``opaqueStandIn(autoWiringType:factory:)``).
    static func opaqueStandInGetter(attribute: ProvideAttribute, locator: SourceLocator?) -> AccessorDeclSyntax? {
        if let call = opaqueStandInCall(of: attribute.effectiveFactory, locator: locator) {
            return GeneratedSource.getter(async: false, throws: false, body: call)
        }
        return opaqueStandIn(autoWiringType: attribute.autoWiringType, factory: attribute.effectiveFactory).map { type in
            GeneratedSource.getter(async: false, throws: false, body: "\(GeneratedNames.unbuiltFunction)(\(type).self)")
        }
    }

    /// For an opaque member whose underlying type nothing tells (an `.input`, or a member without a
    /// factory, both errors `@DIContainer` reports): a getter that cannot compile, as no type is
    /// known to conform, placed on the member's type, so that the compiler's one error ("requires
    /// that 'Never' conform to 'P'") is on the user's line beside Trellis's, not in the expansion.
    static func unknownOpaqueGetter(
        attribute: ProvideAttribute, type: TypeSyntax, context: some MacroExpansionContext
    ) -> AccessorDeclSyntax {
        let call = "fatalError(\"Trellis: an opaque member needs a factory that builds it, and a '.transient' scope\")"
        return GeneratedSource.getter(
            async: attribute.isAsync, throws: attribute.isThrowing, body: GeneratedSource.placed(call, on: type, in: context))
    }

    /// For an opaque member in a container with errors: `return Trellis.unbuilt(resultOf: <closure>)`,
    /// the user's factory closure, never called, placed on the user's closure. Its `some P` is then
    /// the type Swift infers for the closure's result, as in a container without errors, whether or
    /// not its parameters have types (`{ query, configuration in App(...) }`); a type read from the
    /// names the closure calls could be a generic type without its arguments, or an argument's type
    /// (`App(configuration: Configuration(...))`). Nil unless the factory is a closure.
    /// In a builder, whose `Self` is the builders' enum, `container` names the container for the
    /// `Self` a closure taking it is written with (`{ (c: Self) in ... }`).
    ///
    /// `parameterType` gives the type of a parameter written without one (the member's of its
    /// name, the container's for `c` in `{ c in c.router }`): Swift rejects such a parameter where
    /// it checks `@Provide`'s arguments when the closure uses its members, and an untyped copy
    /// only repeated that error here, with the expansion printed under it. Typed, the copy
    /// compiles as the inlined body of a container without errors does.
    ///
    /// `edit` gives the closure as the fix-its of Trellis's errors on its effects write it (a read
    /// of an async member gets its `await`): Swift checks no effects where it checks `@Provide`'s
    /// arguments, so the copy would be the one place it reported them, inside the expansion.
    static func opaqueStandInCall(
        of factory: ExprSyntax?, locator: SourceLocator?, container: String? = nil,
        parameterType: (String) -> String? = { _ in nil },
        edit: (ClosureExprSyntax) -> ClosureExprSyntax = { $0 }
    ) -> String? {
        guard let written = factory?.as(ClosureExprSyntax.self) else { return nil }
        let closure = SyntaxEdits.typingParameters(of: edit(written), with: parameterType)
        let text =
            container.map {
                SelfTypeRewriter(typeName: $0).rewrite(closure, detach: true).trimmedDescription
            } ?? closure.trimmedDescription
        let head = "return \(GeneratedNames.unbuiltFunction)(resultOf:"
        let call = head + " " + text + ")"
        guard let place = locator?.place(Syntax(written)) else { return call }
        // The call's head on the line above, so that the closure keeps its column however far left
        // it starts.
        return GeneratedSource.placed(head: head, tail: text + ")", at: place)
            ?? GeneratedSource.placed(call, at: place, offset: head.count + 1)
    }

    /// The type an opaque member's factory builds, as written: its AutoWiring type, or the first
    /// type its factory constructs. Nil when neither says.
    static func opaqueStandIn(autoWiringType: ExprSyntax?, factory: ExprSyntax?) -> String? {
        if let autoWiringType { return autoWiringType.trimmedDescription }
        guard let factory else { return nil }
        return FactoryReader.analyze(factory, containerName: "").constructedTypes.first
    }

    /// The getter's body.
    private static func body(for name: String, attribute: ProvideAttribute, in kind: DeclarationKind) -> String {
        let prefix = (attribute.isThrowing ? "try " : "") + (attribute.isAsync ? "await " : "")
        let body: String
        let value = GeneratedNames.storedValue(name, in: kind)
        let build = "\(prefix)\(GeneratedNames.builderCall(name, on: "self"))"
        switch attribute.scope {
        case .input, .argument:
            body = value
        case .shared,
            .onDemand where attribute.isAsync:
            // The builder is called only where nothing started the build (see `Trellis.AsyncShared`);
            // nothing starts an async `.onDemand` member's, so its first reader builds it.
            body = attribute.isAsync ? "\(prefix)\(value).value { \(build) }" : value
        case .transient, .collection:
            body = build
        case .child where attribute.isAsync, .forwardingChild where attribute.isAsync:
            // A child is built by its owner's initializer, never by an `asyncFactory`, which
            // `@DIContainer` reports. A getter with the signature the attribute gives, which
            // type-checks alone, keeps that error the only one.
            body = "fatalError(\"Trellis: '\(MemberName.bare(name))' is a child container, which no asyncFactory builds\")"
        case .onDemand, .child, .forwardingChild:
            // The built value first, so that a read after the first forms no builder closure (which
            // would capture the container).
            body = "if let value = \(value).builtValue {\n    return value\n}\nreturn \(prefix)\(value).value { \(build) }"
        }
        // Swift reports an effectful getter of a type it cannot find on `get` ("getter of
        // noncopyable type cannot be 'async' or 'throws'"), quoting the two lines after it: these,
        // rather than the storage and builder the body names.
        guard attribute.isAsync || attribute.isThrowing else { return body }
        return "// Reads '\(MemberName.bare(name))' from the container\n\(GeneratedSource.generatedCodeComment)\n" + body
    }
}
