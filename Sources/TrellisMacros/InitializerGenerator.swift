import SwiftSyntax
import TrellisGraph
import TrellisSyntax

/// Writes the container's designated initializer: members built in dependency order as locals,
/// then stored, then the async members' build tasks started.
struct InitializerGenerator {
    let generator: ContainerGenerator
    private var plan: BuildPlan { generator.plan }
    private var container: Container { generator.container }

    /// The designated initializer and, in a container that `init(inputs:)` and
    /// `init(dependencies:)` create too, the static function that builds its storage
    /// (``GeneratedNames/make``), which all three call.
    ///
    /// The other initializers do not delegate to the designated one: Swift leaves an initializer
    /// with a parameter of a type it cannot find out of the overloads of `self.init(...)`, and
    /// reports the call inside the expansion against the one left ("missing argument for parameter
    /// 'inputs'"). A call to a function of a name of its own, whose parameter is of an unknown type,
    /// is reported nowhere, so a type that does not exist is reported only where it is written.
    func declarations() -> [DeclSyntax] {
        let hierarchy = HierarchyGenerator(container: container)
        // Declaration order, then the snapshots of the forwarding children (see HierarchyGenerator).
        let parameters =
            ContainerGenerator.parentParameter(of: container).map { SignatureParameter(text: $0) }
            + signatureParameters(defaultValues: true)
            + hierarchy.forwardedParameters.map { SignatureParameter(text: $0) }
        // A container with forwarding children is created from its owner, through init(dependencies:).
        let access =
            hierarchy.createdOnlyFromOwner ? "private " : container.accessLevel.initializerModifier.map { "\($0) " } ?? ""
        let effects = plan.initializerThrows ? " throws" : ""
        guard Self.buildsThroughMake(container) else {
            let head = generator.signaturePlaces.initializerHead(
                head: "\(generator.isolation)\(access)init(", parameters: parameters, tail: ")\(effects) {")
            return [initializer(head: head, body: creation(storing: buildLines(returning: false)), end: closingBrace)]
        }
        let head = generator.signaturePlaces.initializerHead(
            head: "\(generator.isolation)\(access)\(convenience)init(", parameters: parameters, tail: ")\(effects) {")
        // The parameters, by label (the container has no parent).
        let arguments =
            container.members.compactMap { member in
                ContainerGenerator.initializerParameter(for: member, in: container).map { _ in
                    "\(MemberName.bare(member.name)): \(member.name)"
                }
            }
            + container.forwardingChildren.map {
                "\(GeneratedNames.forwardedInputs($0.name)): \(GeneratedNames.forwardedInputs($0.name))"
            }
        let call = storing(makeCall(arguments))
        var declarations = [initializer(head: head, body: creation(storing: [call]), end: "}"), make()]
        if !ContainerGenerator.keepsStorageTogether(container.kind) {
            // A class's one designated initializer, so that a superclass without `init()` is reported once.
            let values = GeneratedNames.valuesProperty
            declarations.append(
                initializer(
                    head: "\(generator.isolation)private init(\(values): \(GeneratedNames.storedValuesType)) {",
                    body: ["self.\(values) = \(values)"], end: closingBrace))
        }
        return declarations
    }

    /// How the initializers that build a container through ``GeneratedNames/make`` begin: in a
    /// class, they are `convenience`, and store what it returns through the one designated
    /// initializer, which takes the stored values.
    var convenience: String { ContainerGenerator.keepsStorageTogether(container.kind) ? "" : "convenience " }

    /// Whether the container's initializers build it through ``GeneratedNames/make``: every
    /// container but one with `parent:`, which has only the designated initializer.
    static func buildsThroughMake(_ container: Container) -> Bool { container.options.parent == nil }

    /// The lines of an initializer's body that create the container whose storage `store` (the
    /// statements that build and store it) sets: the link made first, bound when the storage is
    /// set, then the async members' build tasks started.
    func creation(storing store: [String]) -> [String] {
        let linked = ContainerGenerator.hasProviders(container)
        // The link is made knowing how to make the container, so that binding it at the end only publishes.
        let link = "\(ContainerGenerator.linkType(of: container))(make: { \(ContainerGenerator.linkedContainer(of: container)) })"
        var lines = linked ? ["let \(GeneratedNames.link) = \(link)"] : []
        lines += store
        if linked {
            // Before the build tasks start: their factories may hold providers too.
            // A permanent container keeps itself alive through its link (see `Trellis.ContainerLink`).
            let bind = container.options.permanent == true ? "bindKeeping" : "bind"
            lines.append("\(GeneratedNames.link).\(bind)(\(ContainerGenerator.linkTarget(of: container)))")
        }
        return lines + asyncStarts()
    }

    /// `self`'s storage set to `value`.
    func storing(_ value: String) -> String {
        ContainerGenerator.keepsStorageTogether(container.kind)
            ? "self.\(GeneratedNames.storageReference) = \(value)"
            : "self.init(\(GeneratedNames.valuesProperty): \(value))"
    }

    /// The call of ``GeneratedNames/make`` with `arguments` (the designated initializer's
    /// parameters, by label), and the link.
    func makeCall(_ arguments: [String]) -> String {
        let link = ContainerGenerator.hasProviders(container) ? [GeneratedNames.link] : []
        let attempt = plan.initializerThrows ? "try " : ""
        return "\(attempt)Self.\(GeneratedNames.make)(\((arguments + link).joined(separator: ", ")))"
    }

    /// An initializer: `head`, `body` and `end`, its closing brace.
    private func initializer(head: String, body: [String], end: String) -> DeclSyntax {
        GeneratedSource.declaration(
            """
            \(head)
            \(body.map(GeneratedSource.indented).joined(separator: "\n"))
            \(end)
            """)
    }

    /// The brace that closes the designated initializer. A class's initializer calls its superclass's `init()`
    /// where it ends, implicitly: the compiler reports a superclass without one there, so that
    /// brace is placed on the inheritance clause's first type (which the macro cannot tell from a
    /// protocol).
    var closingBrace: String { generator.superclassPlace.map { GeneratedSource.placed("}", at: $0) } ?? "}" }

    /// The static function that builds the members created with the container, in dependency
    /// order, and returns its storage. It takes the designated initializer's parameters, with no
    /// default (its callers pass every one), and the link.
    private func make() -> DeclSyntax {
        let hierarchy = HierarchyGenerator(container: container)
        // Taken owned, as an initializer takes its parameters (borrowed, every member was retained
        // once more: +1 us to build a 250-member container).
        let parameters =
            signatureParameters(defaultValues: false, owned: true, aliased: true)
            + hierarchy.forwardedParameters(owned: true).map { SignatureParameter(text: $0) }
            + (ContainerGenerator.hasProviders(container)
                ? [SignatureParameter(text: "_ \(GeneratedNames.link): \(ContainerGenerator.linkType(of: container))")] : [])
        let effects = plan.initializerThrows ? " throws" : ""
        let result =
            ContainerGenerator.keepsStorageTogether(container.kind)
            ? "\(GeneratedNames.storageType)<\(GeneratedNames.storedValuesType)>" : GeneratedNames.storedValuesType
        let comment = "/// Builds the members created with the container, and returns what it stores."
        // Inlined into each initializer in an optimized build, whose code it was: a call would keep
        // what the initializer builds from being optimized with what it is given.
        let head = "@inline(__always) \(generator.isolation)private static func \(GeneratedNames.make)("
        let tail = ")\(effects) -> \(result) {"
        let signature =
            GeneratedSource.placedSignature(preamble: [comment], head: head, parameters: parameters, tail: tail)
            ?? "\(comment)\n\(head)\(parameters.map(\.text).joined(separator: ", "))\(tail)"
        // The builds run in a closure called at once: a factory's body copied here that calls an
        // async function without `await` gets Swift's error on the user's line, and no note asking
        // to make this function async, which no user wrote (a closure gets none).
        // Where the compiler fails to say what is wrong inside the closure ("failed to produce
        // diagnostic", as for an argument of type `any Collection` passed to a closure taking
        // `any Collection<Int>`), it blames the closure: its brace is on the container's name.
        let opening = GeneratedSource.calledAtOnce(effects: effects, result: result)
        let placedOpening =
            generator.namePlace.map {
                GeneratedSource.placed(opening, at: $0, offset: opening.count - opening.drop { $0 != "{" }.count)
            } ?? opening
        return GeneratedSource.declaration(
            """
            \(signature)
            \(placedOpening)
            \(buildLines(returning: true).map(GeneratedSource.indented).joined(separator: "\n"))
            \(GeneratedSource.calledAtOnceEnd)
            }
            """)
    }

    /// The members' parameters of the designated initializer, as declared, each with its member's
    /// type as written and where that is; with `defaultValues` false, an `.input`'s initial value is
    /// not its default (``make()``'s callers pass every input); with `aliased`, each type is named
    /// through its alias (``MemberTypeAliases``), as ``make()``, which is no API, names them.
    private func signatureParameters(defaultValues: Bool, owned: Bool = false, aliased: Bool = false) -> [SignatureParameter] {
        container.members.compactMap {
            ContainerGenerator.signatureParameter(
                for: $0, in: container, defaultValue: defaultValues, owned: owned,
                type: aliased ? generator.typeAliases.alias(of: $0) : nil, place: generator.typePlace(of: $0))
        }
    }

    /// The statements that build the members created with the container, as locals, and then store
    /// them (`self`'s storage set) or return them.
    private func buildLines(returning: Bool) -> [String] {
        var lines = parentInputs()
        lines += localDeclarations()
        lines += cells()
        // The same order as the fields (the memberwise initializer of the stored values).
        let values =
            storedValues()
            + container.forwardingChildren.map {
                (GeneratedNames.forwardedInputs($0.name), GeneratedNames.forwardedInputs($0.name))
            }
            + (ContainerGenerator.hasProviders(container) ? [(GeneratedNames.link, GeneratedNames.link)] : [])
            + (container.options.parent != nil
                ? [(GeneratedNames.parent, GeneratedNames.parentParameter(in: container))] : [])
        let together = ContainerGenerator.keepsStorageTogether(container.kind)
        let target =
            returning
            ? (together ? "return \(GeneratedNames.storageType)(" : "return ")
            : (together
                ? "self.\(GeneratedNames.storageReference) = \(GeneratedNames.storageType)("
                : "self.\(GeneratedNames.valuesProperty) = ")
        let close = together ? ")" : ""
        if values.isEmpty {
            lines.append("\(target)\(GeneratedNames.storedValuesType)()\(close)")
        } else if let placed = placedArguments(
            values, opening: "\(target)\(GeneratedNames.storedValuesType)(", closing: ")\(close)")
        {
            lines.append(placed)
        } else {
            let arguments = values.map { "    \(MemberName.bare($0.name)): \($0.value)" }.joined(separator: ",\n")
            lines.append("\(target)\(GeneratedNames.storedValuesType)(\n\(arguments)\n)\(close)")
        }
        return lines
    }

    /// The statements that start the builds of the async `.shared` members, in build order. In a
    /// container isolated to a global actor, a task started here inherits the actor, which its
    /// members share: each is started directly. Any other container asks `Trellis.AsyncStart` for
    /// a starter, in a statement of its own so that the compiler picks it by the container's
    /// conformance to `Sendable` alone: one that starts tasks reading the container, or, for a
    /// container whose values may not cross tasks, one that leaves each member to its first reader.
    private func asyncStarts() -> [String] {
        let members = plan.order.filter { $0.scope == .shared && $0.isAsync }
        guard !members.isEmpty else { return [] }
        let isolated = container.isolatingActor != nil
        var lines =
            isolated ? [] : ["let \(GeneratedNames.asyncStarter) = \(GeneratedNames.asyncStartType).starter(for: self)"]
        for member in members {
            let storage = "self.\(GeneratedNames.storedValue(member.name, in: container.kind))"
            let effects = generator.expressions.effectPrefix(for: member)
            if isolated {
                let call = "\(effects)\(GeneratedNames.builderCall(member.name, on: "self"))"
                lines.append("if \(storage).needsBuild {\n    \(storage).start(Task { [self] in \(storage).built(\(call)) })\n}")
            } else {
                let call = "\(effects)\(GeneratedNames.builderCall(member.name, on: "$0"))"
                lines.append("\(GeneratedNames.asyncStarter).start(\(storage)) { \(call) }")
            }
        }
        return lines
    }

    /// The statement that stores `values` (`opening`, the arguments, `closing`), each argument on
    /// the line of its member in the user's file, when some `.input` or `.argument` has a type the
    /// macro cannot tell from a function type (a name, which may be a typealias declared
    /// elsewhere): the compiler reports such an input that is a closure ("passing non-escaping
    /// parameter") where the argument is, so that is the member's line. Nil when no argument needs
    /// it, or the places are unknown.
    private func placedArguments(_ values: [(name: String, value: String)], opening: String, closing: String) -> String? {
        let mayBeFunctionAlias = container.members.contains { member in
            guard member.scope.isSupplied, !member.type.isFunction else { return false }
            let text = member.type.text
            return text.first.map { $0.isLetter || $0 == "_" } == true && !text.hasPrefix("any ") && !text.hasPrefix("some ")
                && !text.hasSuffix("?") && !text.hasSuffix("!")
        }
        guard mayBeFunctionAlias, let locator = generator.locator else { return nil }
        let places = values.map { value in
            generator.extraction.anchors[.member(container: container.name, member: value.name)].flatMap(locator.place)
        }
        guard let first = places.compactMap(\.self).first, first.line > 1 else { return nil }
        // The statement starts on the line above the first member, each argument on its member's line
        // at its column (one after the other where members share a line), the rest after the last.
        var text = opening
        var line = first.line - 1
        for (index, (value, place)) in zip(values, places).enumerated() {
            let argument = "\(MemberName.bare(value.name)): \(value.value)" + (index < values.count - 1 ? "," : "")
            if let place, place.line > line {
                text += String(repeating: "\n", count: place.line - line)
                text += String(repeating: " ", count: max(0, place.column - 1)) + argument
                line = place.line
            } else if place == nil {
                text += "\n    " + argument
                line += 1
            } else {
                text += " " + argument
            }
        }
        return GeneratedSource.mapped(text + "\n" + closing, toFile: first.file, line: first.line - 1)
    }

    /// In a container with `parent:`, each `.input` member read from the parent into a local of
    /// its name, on the member's line: a parent without that member, or with another type, is
    /// reported there.
    private func parentInputs() -> [String] {
        guard container.options.parent != nil else { return [] }
        return container.members.filter { $0.scope == .input }.map { member in
            let read =
                "let \(member.name): \(member.type.text) = \(GeneratedNames.parentParameter(in: container)).\(member.name)"
            guard let anchor = generator.extraction.anchors[.member(container: container.name, member: member.name)],
                let place = generator.locator?.place(anchor)
            else { return read }
            return GeneratedSource.placed(read, at: place)
        }
    }

    /// The members built while the container is created, as locals in dependency order.
    private func localDeclarations() -> [String] {
        var lines: [String] = []
        for member in plan.order {
            let builtHere =
                (member.scope == .shared && !member.isAsync)
                || (member.scope == .onDemand && plan.onDemandBuiltAtInitialization.contains(member.name))
            let fallback = FactoryExpressionGenerator.usesOverrideFallback(member)
            if builtHere && fallback {
                lines.append(
                    generator.expressions.expression(
                        for: member, in: .initializer, linePrefix: "let \(member.name): \(member.type.text) = ",
                        fallback: member.name))
            } else if builtHere {
                let build = generator.expressions.expression(for: member, in: .initializer)
                lines.append(
                    placedOnType(
                        of: member,
                        "let \(member.name): \(member.type.text) = \(GeneratedSource.overridden(by: member.name, else: build))"))
            } else if member.scope.isBuiltOnEveryRead && plan.transientsReadAtInitialization.contains(member.name) {
                let name = GeneratedNames.initializationBuilder(member.name)
                let build = generator.expressions.expression(for: member, in: .initializer)
                let effects = plan.isThrowing(member) ? " throws" : ""
                if member.type.kind == .opaque {
                    lines.append("let \(name) = { ()\(effects) in\(GeneratedSource.enclosed(build))}")
                } else if fallback {
                    let value = generator.expressions.expression(
                        for: member, in: .initializer, linePrefix: "return ", fallback: member.name)
                    lines.append(
                        placedOnType(
                            of: member,
                            "let \(name) = { ()\(effects) -> \(member.type.text) in\(GeneratedSource.enclosed(value))}",
                            after: "-> "))
                } else {
                    lines.append(
                        placedOnType(
                            of: member,
                            "let \(name) = { ()\(effects) -> \(member.type.text) in \(GeneratedSource.overridden(by: member.name, else: build)) }",
                            after: "-> "))
                }
            }
        }
        return lines
    }

    /// `code`, a statement declaring a local that spells `member`'s type, its first line placed on
    /// that type (after `marker`; see ``GeneratedSource/placed(_:spelling:after:at:indent:)``). The
    /// lines after it, which may map code of their own, stay as they are.
    private func placedOnType(of member: Member, _ code: String, after marker: String = ": ", spelling: String? = nil)
        -> String
    {
        guard let place = generator.typePlace(of: member) else { return code }
        let lines = code.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let type = spelling ?? member.type.text
        // A closure's head (`let <builder> = { () ->`) names generated code: it goes above the
        // lines Swift quotes with the type.
        let offset = GeneratedSource.typeOffset(of: type, after: marker, in: String(lines[0]))
        let first =
            (marker == "-> " ? GeneratedSource.placedBelowHead(String(lines[0]), at: place, offset: offset) : nil)
            ?? GeneratedSource.placed(String(lines[0]), spelling: type, after: marker, at: place)
        return lines.count > 1 ? first + "\n" + lines[1] : first
    }

    /// The cells of the async `.shared`, `.onDemand` and child members, each a local holding its
    /// override, declared with the type of its field placed on the member's type: inferred from the
    /// override instead, a type that does not exist would be reported again inside the expansion
    /// ("generic parameter could not be inferred").
    private func cells() -> [String] {
        container.members.compactMap { member -> String? in
            let type = generator.typeAliases.alias(of: member)
            guard Self.keepsCell(member), let field = ContainerGenerator.storedProperty(for: member, in: container, type: type)
            else { return nil }
            let cell = "let \(GeneratedNames.cell(member.name)) = \(field.type)(override: \(member.name))"
            return placedOnType(of: member, cell, after: "= ", spelling: type)
        }
    }

    /// Whether `member`'s field is a cell (``GeneratedNames/asyncSharedType`` or
    /// ``GeneratedNames/onDemandType``) made from its override: an async `.shared` member, an
    /// `.onDemand` member, a child.
    private static func keepsCell(_ member: Member) -> Bool {
        guard !member.isAssisted else { return false }
        switch member.scope {
        case .shared: return member.isAsync
        case .onDemand, .child, .forwardingChild: return true
        case .input, .argument, .transient, .collection: return false
        }
    }

    /// Each member's field of the stored values and the value the initializer stores in it, in
    /// declaration order.
    private func storedValues() -> [(name: String, value: String)] {
        container.members.compactMap { member -> (name: String, value: String)? in
            if Self.keepsCell(member) { return (member.name, GeneratedNames.cell(member.name)) }
            // An opaque `.transient` has no field (nothing to override). Every other field, an
            // `@Assisted` function's among them, keeps what the initializer was given.
            if member.scope == .transient && member.type.kind == .opaque && !member.isAssisted { return nil }
            return (member.name, member.name)
        }
    }
}
