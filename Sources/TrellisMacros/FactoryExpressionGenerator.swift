import SwiftSyntax
import SwiftSyntaxMacros
import TrellisGraph
import TrellisSyntax

/// Writes the expression that builds a member from its factory, in one of two places: the
/// initializer, where other members are locals, or a builder, where they are read through the
/// container it is given.
struct FactoryExpressionGenerator {
    enum Context {
        /// Inside the generated `init`: members are locals; transients read there are local closures.
        case initializer
        /// Inside a builder (see ``GeneratedNames/buildersType``), given the built container.
        case builder
    }

    let plan: BuildPlan
    let extraction: ContainerExtraction
    /// Where the user's syntax is; `nil` writes no `#sourceLocation` lines.
    var locator: SourceLocator? = nil
    /// The parent's members the expression being written has bound to locals of their names (see
    /// ``parentBindings(of:in:)``), which its arguments then read.
    private(set) var boundParentReads: Set<String> = []

    /// `[try ][await ]<build>` for `member`, without override handling, after `linePrefix`
    /// (`return `). Code copied from the user's factory (or named by AutoWiring) is mapped to its
    /// place in the user's file by `#sourceLocation` lines around it, so that an error or warning
    /// the compiler finds in it is reported there, not inside the expansion: the result is then
    /// three lines, which belong where a statement may start (see ``GeneratedSource/enclosed(_:)``).
    ///
    /// With `fallback` (the member's override, of an optional member type only), the result is
    /// `<override> ?? <build>`, written inside the mapped lines: see ``usesOverrideFallback(_:)``.
    ///
    /// A member whose factory reads members of the parent is built by an immediately called closure
    /// that first binds each to a local of its name, placed on the name the user wrote (the
    /// parameter, the `with:` key path; see ``parentBindings(of:in:)``), then returns the build: the
    /// compiler reports a name the parent lacks, cannot show, or reads only with `await` on that
    /// name, in an excerpt that reads `let router = parent.router`.
    func expression(for member: Member, in context: Context, linePrefix: String = "", fallback: String? = nil) -> String {
        guard let syntax = extraction.members[member.name] else { return linePrefix + "fatalError()" }
        guard let bindings = parentBindings(of: member, in: context) else {
            return expression(for: member, syntax: syntax, in: context, linePrefix: linePrefix, fallback: fallback)
        }
        var bound = self
        bound.boundParentReads = Set(bindings.names)
        let build = bound.expression(for: member, syntax: syntax, in: context, linePrefix: "return ")
        let effects = effects(of: member)
        let signature = "()\(effects.awaits ? " async" : "")\(effects.throws ? " throws" : "") -> \(member.type.text)"
        let lines =
            ["{ \(signature) in"] + (bindings.parentLine.map { [$0] } ?? []) + ["// What the factory reads from the parent:"]
            + bindings.lines
            + [build, "}()"]
        return linePrefix + effectPrefix(for: member) + (fallback.map { "\($0) ?? " } ?? "") + lines.joined(separator: "\n")
    }

    /// The parent's members `member` reads by value through a closure parameter or a `with:` entry,
    /// each bound to a local of its name (`let router = parent.router`) on its own line, placed so
    /// that the name after `parent.` is where the user wrote the name; nil when it reads none, or the
    /// places are unknown (the expression then reads the parent in place).
    private func parentBindings(of member: Member, in context: Context) -> ParentBindings? {
        guard plan.container.options.parent != nil, let locator else { return nil }
        var names: [String] = []
        var places: [SourceLocator.Place] = []
        for (index, dependency) in member.dependencies.enumerated()
        where (dependency.origin == .closureParameter || dependency.origin == .withEntry)
            && dependency.access.readsAtConstruction && plan.container.readsFromParent(dependency.name, by: member)
            && !names.contains(dependency.name)
        {
            let anchor = extraction.anchors[.dependency(container: plan.container.name, member: member.name, index: index)]
            guard let node = anchor.map(Self.nameNode(of:)), let place = locator.place(node) else { return nil }
            names.append(dependency.name)
            places.append(place)
        }
        guard !names.isEmpty else { return nil }
        // The initializer reads the parent through its parameter (`parent.router`), where no binding
        // takes that name; elsewhere, a local that no binding takes is bound to it.
        let reference = parentReference(in: context)
        let parentName: String
        let parentLine: String?
        if context == .initializer, !names.contains(reference) {
            (parentName, parentLine) = (reference, nil)
        } else {
            parentName = GeneratedNames.unused(
                ["parent", "parentContainer"], besides: { names.contains($0) || $0 == reference },
                else: "\(GeneratedNames.parent)Value")
            parentLine = "let \(parentName) = \(reference)"
        }
        let lines = zip(names, places).map { name, place in
            let head = "let \(name) = \(parentName)."
            return GeneratedSource.placed(head + MemberName.bare(name), at: place, offset: head.count)
        }
        return ParentBindings(names: names, parentLine: parentLine, lines: lines)
    }

    /// The locals a member's build reads its parent's members from: their names, the line binding
    /// the parent (none where the parent is read through the initializer's parameter), and the lines
    /// binding each name (see ``parentBindings(of:in:)``).
    struct ParentBindings {
        let names: [String]
        let parentLine: String?
        let lines: [String]
    }

    /// The node naming a read: a key path's last component (`db` in `\Self.db`), or the node itself
    /// (a closure parameter's name).
    private static func nameNode(of node: Syntax) -> Syntax {
        guard let keyPath = node.as(KeyPathExprSyntax.self), let last = keyPath.components.last,
            let property = last.component.as(KeyPathPropertyComponentSyntax.self)
        else { return node }
        return Syntax(property.declName.baseName)
    }

    /// The parent, as code in `context` reads it: the initializer's parameter, or the stored value of
    /// the container a builder is given.
    private func parentReference(in context: Context) -> String {
        switch context {
        case .initializer:
            return GeneratedNames.parentParameter(in: plan.container)
        case .builder:
            let parent = GeneratedNames.storedValue(GeneratedNames.parent, in: plan.container.kind)
            return "\(GeneratedNames.builderContainerParameter).\(parent)"
        }
    }

    private func expression(
        for member: Member, syntax: MemberSyntax, in context: Context, linePrefix: String, fallback: String? = nil
    ) -> String {
        if let signature = member.signature, signature.createsScope {
            return scopeCreation(of: member, signature: signature, linePrefix: linePrefix)
        }
        if member.collection != nil {
            return linePrefix + collectionBuild(of: member, in: context)
        }
        let effects = effectPrefix(for: member)
        let core: String
        // The user's syntax the first character of `core` comes from.
        var origin: Syntax?
        // Said at the end of the line of a placed build, where the excerpt under an error in it shows it.
        var explanation = ""
        if let typeExpression = syntax.autoWiringType, member.effectiveFactory == nil {
            origin = Syntax(typeExpression)
            explanation = autoWiringExplanation(of: member, type: typeExpression.trimmedDescription)
            // An `@Assisted` function passes its own arguments first, with their labels.
            let passed = (member.signature?.arguments ?? []).map { argument in
                argument.label.map { "\($0): \(argument.name)" } ?? argument.name
            }
            let arguments =
                passed
                + (member.withEntries ?? []).map { "\(MemberName.bare($0)): \(reference(to: $0, in: context, by: member))" }
            core = "\(source(of: typeExpression, in: context).trimmedDescription)(\(arguments.joined(separator: ", ")))"
        } else if let written = syntax.factory, let form = member.effectiveFactory?.form {
            let factory = source(of: written, in: context)
            origin = Syntax(written)
            switch form {
            case .expression:
                core = factory.trimmedDescription
            case .parameterClosure(let parameters):
                let arguments = parameters.map { argument(for: $0, of: member, in: context) }
                if let inlined = body(of: factory, members: parameters, arguments: arguments) {
                    core = inlined
                    origin = Self.bodyOrigin(of: written) ?? origin
                } else {
                    core = "\(factory.trimmedDescription)(\(arguments.joined(separator: ", ")))"
                }
            case .containerClosure(let parameter):
                let closure = rewrite(factory, parameter: parameter, of: member, in: context)
                if let inlined = body(of: ExprSyntax(closure), members: [], arguments: []) {
                    core = inlined
                    origin = Self.bodyOrigin(of: written) ?? origin
                } else {
                    core = "\(closure.trimmedDescription)()"
                }
            }
        } else {
            core = "fatalError()"
        }
        // An optional member's value goes where an `if let` expression or a `return` meets the
        // member's type; the compiler blames the wrong branch (the override: "value of optional type
        // 'Store?' must be unwrapped") when the factory builds another type, inside the expansion.
        // Coerced to the member's type, the factory is what it reports ("'Other' is not convertible
        // to 'Store?'"), on the user's line.
        let (open, close) =
            member.type.isOptional && origin != nil
            ? ("(", ") as (\(member.type.text))") : ("", "")
        let head = linePrefix + effects + (fallback.map { "\($0) ?? " } ?? "") + open
        guard let origin, let place = locator?.place(origin) else { return head + core + close }
        // `let member: T? = member ??` is long: on the line above, so that the copied code keeps the
        // user's columns.
        if let fallback,
            let placed = GeneratedSource.placed(
                head: linePrefix + effects + "\(fallback) ??", tail: open + core + close + explanation, at: place,
                offset: open.count)
        {
            return placed
        }
        // The copied code starts at the user's column, unless what Trellis writes before it is longer.
        return GeneratedSource.placed(head + core + close + explanation, at: place, offset: head.count)
    }

    /// ` // AutoWiring passes ...`: what an AutoWiring call passes, and the factory closure that
    /// passes the same members under other labels, for the excerpt the compiler prints under an
    /// error in the call ("incorrect argument label in call (have 'authToken:', expected
    /// 'expectedToken:')"). Empty for an `@Assisted` function or a type built without members.
    private func autoWiringExplanation(of member: Member, type: String) -> String {
        guard member.signature == nil, let entries = member.withEntries, !entries.isEmpty else { return "" }
        let parameters = entries.map { name in
            plan.container.member(named: name).map { "\(name): \($0.type.text)" } ?? name
        }
        let closure = "{ (\(parameters.joined(separator: ", "))) in \(type)(...) }"
        return " // AutoWiring passes each 'with:' member labelled with its name; for other labels, write factory: \(closure)"
    }

    /// Whether the value of `member` is written `<override> ?? <build>` rather than as an `if let`
    /// expression: for a member of an optional type built from a factory or by AutoWiring. Where its
    /// factory has an error of its own, the compiler type-checks `if let override { override } else
    /// { build }` against `T?` and blames the first branch ("value of optional type 'T?' must be
    /// unwrapped"), inside the expansion; with `??` it reports the factory's error alone, on the
    /// user's line. Other members keep the `if` expression, which costs the type checker less.
    static func usesOverrideFallback(_ member: Member) -> Bool {
        member.type.isOptional && member.collection == nil
            && member.signature == nil && (member.effectiveFactory != nil || member.autoWiringType != nil)
    }

    /// The user's expression a factory closure's inlined body comes from (see ``body(of:members:arguments:)``).
    private static func bodyOrigin(of written: ExprSyntax) -> Syntax? {
        written.as(ClosureExprSyntax.self).flatMap(FactoryReader.plainBody(of:)).map(Syntax.init)
    }

    /// The builders' static function that gathers a `.collection` member's value from the values
    /// of its contributors, its parameters, in declaration order: one statement per contribution,
    /// each written on the contributor's line with the contributed value at the `into:` or
    /// `elementsInto:` key path, so that the compiler reports a contribution of the wrong type there
    /// ("argument type 'any Other' does not conform to expected type 'Route'"), once, however
    /// many places read the collection. One statement per contribution also keeps the type
    /// checker linear in their number, where one literal of them all was not.
    ///
    /// An array appends, a set inserts, a dictionary adds each `key:` (`Trellis.DictionaryAssembly`,
    /// which checks each key against the other contributors' at run time); `elementsInto:` adds
    /// each element of the contributor in a loop (an array or set of the element type or of a
    /// subtype), or for a dictionary each entry.
    ///
    /// Each parameter, a contributor's value, is placed on the contributor's type where `typePlaces`
    /// knows it (see ``GeneratedSource/placedSignature(preamble:head:headPlace:headOffset:parameters:tail:)``):
    /// a type that does not exist is reported only where it is written.
    func collectionAssembler(of member: Member, typePlaces: [String: SourceLocator.Place]) -> String {
        let kind = member.collection?.kind ?? .array
        let contributors = contributors(of: member)
        let parameters = contributors.map {
            SignatureParameter(text: "_ \($0.name): \($0.type.text)", spelled: $0.type.text, place: typePlaces[$0.name])
        }
        let head =
            "\(ContainerGenerator.isolation(of: plan.container))static func \(GeneratedNames.collectionAssembler(member.name))("
        let tail = ") -> \(member.type.text) {"
        let signature =
            GeneratedSource.placedSignature(head: head, parameters: parameters, tail: tail)
            ?? "\(head)\(parameters.map(\.text).joined(separator: ", "))\(tail)"
        guard !contributors.isEmpty else { return "\(signature)\n    \(kind == .dictionary ? "[:]" : "[]")\n}" }
        // The local is the collection's name, which is what the lines Swift quotes under a
        // contribution of the wrong type then read (`routes.append(health)`), unless the loop's
        // `element` or a contributor is called so.
        let elements = GeneratedNames.unused(
            [MemberName.spelling(member.name)],
            besides: { name in name == "element" || contributors.contains { $0.name == name } },
            else: GeneratedNames.collectionElements)
        // Every dictionary remembers who contributed each key, so that two keys written differently
        // but equal at run time (`"a"`, `"\u{61}"`) stop the program naming both contributors.
        let isDictionary = kind == .dictionary
        var lines: [String]
        if isDictionary {
            lines = [
                "var \(elements) = \(GeneratedNames.dictionaryAssemblyType)(\"\(MemberName.bare(member.name))\", as: (\(member.type.text)).self)"
            ]
        } else {
            lines = ["var \(elements): \(member.type.text) = [\(kind == .dictionary ? ":" : "")]"]
            let singles = contributors.filter { $0.contribution?.elements != true }.count
            if singles > 1 && kind != .dictionary { lines.append("\(elements).reserveCapacity(\(singles))") }
        }
        for contributor in contributors {
            let value = contributor.name
            let contributorName = "\"\(MemberName.bare(contributor.name))\""
            let isElements = contributor.contribution?.elements == true
            let head: String
            var tail = ")"
            switch (kind, isElements) {
            case (.array, false): head = "\(elements).append("
            case (.set, false): head = "\(elements).insert("
            case (.array, true): (head, tail) = ("for element in \(value) { \(elements).append(", ") }")
            case (.set, true): (head, tail) = ("for element in \(value) { \(elements).insert(", ") }")
            case (.dictionary, false):
                (head, tail) = ("\(elements).add(\(contributor.contribution?.key ?? "_"), ", ", by: \(contributorName))")
            case (.dictionary, true): (head, tail) = ("\(elements).add(contentsOf: ", ", by: \(contributorName))")
            }
            let contributed = isElements && kind != .dictionary ? "element" : value
            let argument: ProvideArgument = isElements ? .elementsInto : .into
            guard
                let labeled = extraction.anchors[
                    .memberArgument(container: plan.container.name, member: contributor.name, argument: argument)
                ]?.as(LabeledExprSyntax.self),
                let place = locator?.place(Syntax(labeled.expression))
            else {
                lines.append(head + contributed + tail)
                continue
            }
            // What Trellis writes before the value goes on the line above, so that the value itself
            // starts at the key path's column.
            let opening = head.hasSuffix(" ") ? String(head.dropLast()) : head
            lines.append(GeneratedSource.placed(contributed + tail, at: place, preamble: [opening]))
        }
        lines.append("return \(elements)\(isDictionary ? ".entries" : "")")
        return "\(signature)\n\(GeneratedSource.indented(lines.joined(separator: "\n")))\n}"
    }

    /// A `.collection` member's value in `context`: its assembler called with its contributors.
    func collectionBuild(of member: Member, in context: Context) -> String {
        let values = contributors(of: member).map { reference(to: $0.name, in: context) }
        return
            "\(GeneratedNames.buildersType).\(GeneratedNames.collectionAssembler(member.name))(\(values.joined(separator: ", ")))"
    }

    /// The members contributing to `collection`, in declaration order.
    private func contributors(of collection: Member) -> [Member] {
        collection.dependencies.filter { $0.origin == .contribution }.compactMap { plan.container.member(named: $0.name) }
    }

    /// `Scope(dependencies: container, <argument>: <argument>...)`: an `@Assisted(.scope)`
    /// function's build. The scope's initializer is declared with the scope, which this container
    /// does not see: a function declared `throws` wraps the creation in `AssistedKind.created`, a
    /// throwing identity, so that its `try` is right whether or not the initializer throws. A
    /// container's initializer never awaits (its async members are built in tasks it starts).
    ///
    /// Each argument is placed on the function's parameter, its value on the parameter's type (the
    /// two are written alike, `name: name` and `name: Type`), so that the compiler reports an
    /// argument the scope does not take ("extra argument 'kind' in call") on its name and one of
    /// another type on its type. The call's head, `.init(dependencies: (container`, goes before the
    /// first parameter on its line where it fits, else on the line above; the parenthesis it opens
    /// closes on the first parameter's line, where the compiler reports an argument missing after
    /// `dependencies:` ("missing argument for parameter 'request' in call"). Without parameters, or
    /// where their places are unknown, the call is placed on the function's name.
    private func scopeCreation(of member: Member, signature: AssistedSignature, linePrefix: String) -> String {
        let (open, close) = signature.isThrowing ? ("try Trellis.AssistedKind.created(", ")") : ("", "")
        let container = ContainerGenerator.builderReceiver(
            of: member, besides: signature.arguments.map { MemberName.parameterLabel($0.name) })
        let head = "\(linePrefix)\(open)\(member.type.text)(dependencies: \(container)"
        let arguments = signature.arguments.map { "\(MemberName.bare($0.name)): \($0.name)" }
        // The excerpt the compiler prints under an error in the call shows this line: it says, in
        // Trellis's words, what the call passes.
        let explanation =
            "an @Assisted(.scope) function passes its parameters as the scope's '.argument' members of the same names"
        let tail = ")" + close + " // " + explanation
        let places = signature.arguments.indices.map { index -> SourceLocator.Place? in
            let anchor = extraction.anchors[.argument(container: plan.container.name, member: member.name, index: index)]
            return anchor?.as(FunctionParameterSyntax.self).flatMap { locator?.place(Syntax($0.type)) }
        }
        if !arguments.isEmpty, places.allSatisfy({ $0 != nil }),
            let placed = GeneratedSource.placedSignature(
                head: "\(linePrefix)\(open).init(dependencies: (\(container)",
                parameters: signature.arguments.indices.map { index in
                    SignatureParameter(
                        text: (index == 0 ? "), " : "") + arguments[index], spelled: signature.arguments[index].name,
                        place: places[index])
                },
                tail: tail, headSharesLine: true)
        {
            return placed
        }
        let creation = ([head] + arguments).joined(separator: ", ") + tail
        // A function without parameters, for a scope that takes arguments: the container passed
        // as the call's last argument ends on the function's closing parenthesis, where the
        // compiler reports "missing argument for parameter 'requestID' in call"; the rest of the
        // head goes on the line above.
        if arguments.isEmpty, let function = extraction.members[member.name]?.function,
            let place = locator?.place(Syntax(function.signature.parameterClause.rightParen)),
            let placed = GeneratedSource.placed(
                head: String(head.dropLast(container.count)), tail: container + tail, at: place, offset: container.count)
        {
            return placed
        }
        guard let name = extraction.anchors[.member(container: plan.container.name, member: member.name)],
            let place = locator?.place(name)
        else { return creation }
        return GeneratedSource.placed(creation, at: place)
    }

    /// The user's expression as `context` needs it. A builder is a static function of a nested
    /// enum, where `Self` would name that enum: there every `Self` the user wrote (which meant the
    /// container) names the container (a struct or a final class, so the type `Self` stood for).
    func source(of expression: ExprSyntax, in context: Context) -> ExprSyntax {
        switch context {
        case .initializer:
            return expression
        case .builder:
            // Detached: put back in place, the rewritten node would copy the whole container's tree
            // around it, and only its text is used.
            return SelfTypeRewriter(typeName: plan.container.name).rewrite(expression, detach: true).cast(ExprSyntax.self)
        }
    }

    /// `try ` and/or `await ` as the member's factory declares them (for an `@Assisted` function:
    /// as its build needs them, which the function's declaration covers).
    func effectPrefix(for member: Member) -> String {
        let effects = effects(of: member)
        return (effects.throws ? "try " : "") + (effects.awaits ? "await " : "")
    }

    /// Whether building `member` throws and awaits (see ``effectPrefix(for:)``).
    func effects(of member: Member) -> (awaits: Bool, throws: Bool) {
        member.isAssisted ? plan.container.assistedBuildEffects(of: member) : (member.isAsync, plan.isThrowing(member))
    }

    /// What a factory closure's parameter named `name` receives: the member's value, or a
    /// `Provider` or `Lazy` of it when the parameter's type asks for one. Each call reads the member
    /// as a builder does.
    ///
    /// Given to a member the container may keep (``BuildPlan/membersItMayKeep``), the provider holds
    /// the container's one link (in a builder, read from the stored values of the container it is
    /// given), so it never keeps the container alive. Given to one it never keeps (an application a
    /// `.transient` member builds, whose caller lets the container go), it holds the container the
    /// builder is given, as a closure written by hand would, so it works for as long as it lives.
    func argument(for name: String, of member: Member, in context: Context) -> String {
        guard
            let dependency = member.dependencies.first(where: { $0.name == name && $0.origin == .closureParameter }),
            !dependency.access.readsAtConstruction
        else { return reference(to: name, in: context, by: member) }
        let container = GeneratedNames.builderContainerParameter
        // What the closure holds, and how each call reaches the container from it.
        let holdsContainer =
            context == .builder && !plan.membersItMayKeep.contains(member.name) && ContainerGenerator.isSendable(plan.container)
        let (capture, reached): (String, String)
        if holdsContainer {
            (capture, reached) = ("[\(container)]", container)
        } else {
            let link = GeneratedNames.link
            let source =
                switch context {
                case .initializer: link
                case .builder: "\(container).\(GeneratedNames.storedValue(link, in: plan.container.kind))"
                }
            capture = "[\(link) = \(source)]"
            reached = "\(link).container(providing: \"\(MemberName.bare(name))\", to: \"\(MemberName.bare(member.name))\")"
        }
        guard let wrapper = dependency.access.typeName else {
            // An `@Assisted` function as a value: each call calls it on the container, with its labels.
            guard let signature = plan.container.member(named: name)?.signature else {
                return reference(to: name, in: context, by: member)
            }
            // A parameter without a type takes the type of what it is given: the closure says
            // `@Sendable` itself, as the function type written would have.
            return functionClosure(
                calling: name, signature: signature, on: reached, capture: capture,
                sendable: dependency.functionShape == nil && plan.container.givesProviders)
        }
        let read = reference(to: name, in: .builder, by: member)
        let body = holdsContainer ? read : "let \(container) = \(reached); return \(read)"
        // A main-actor container's member is read on the main actor, where the call must be made.
        guard plan.container.readsProvidersOnMainActor else { return "Trellis.\(wrapper) { \(capture) in \(body) }" }
        return
            "Trellis.\(wrapper) { \(capture) in Trellis.MainActorRead.value(of: \"\(MemberName.bare(name))\") { \(body) } }"
    }

    /// How code in `context` reads member `name` (for `reader`, whose own arguments, if it is an
    /// `@Assisted` function, are read as they are). A container with `parent:` reads a name it does
    /// not declare from its parent, which the initializer takes and the stored values keep; only a
    /// factory reads such a name, so only a call with its `reader` can.
    func reference(to name: String, in context: Context, by reader: Member? = nil) -> String {
        guard let target = plan.container.member(named: name) else {
            guard let reader, plan.container.readsFromParent(name, by: reader), !boundParentReads.contains(name) else {
                return name
            }
            return "\(parentReference(in: context)).\(name)"
        }
        switch context {
        case .builder where target.isDeprecated && !target.isAssisted:
            return deprecatedRead(of: target)
        case .builder:
            return "\(GeneratedNames.builderContainerParameter).\(name)"
        case .initializer:
            if target.scope.isBuiltOnEveryRead {
                return "\(plan.isThrowing(target) ? "try " : "")\(GeneratedNames.initializationBuilder(name))()"
            }
            return name
        }
    }

    /// What the accessor of deprecated member `target` returns, read without the accessor (which
    /// would make the generated code warn about a use the user did not write).
    private func deprecatedRead(of target: Member) -> String {
        let container = GeneratedNames.builderContainerParameter
        let value = "\(container).\(GeneratedNames.storedValue(target.name, in: plan.container.kind))"
        let prefix = effectPrefix(for: target)
        let build = "\(prefix)\(GeneratedNames.builderCall(target.name, on: container))"
        switch target.scope {
        case .input, .argument:
            return value
        case .shared:
            return target.isAsync ? "\(prefix)\(value).value { \(build) }" : value
        case .transient, .collection:
            return build
        case .onDemand, .child, .forwardingChild:
            // An async on-demand cell (`Trellis.AsyncShared`) is read the same way.
            return "\(prefix)\(value).value { \(build) }"
        }
    }

    /// The closure's body alone, where calling the closure would bind each parameter to the local of
    /// the same name and type anyway (the initializer passes shared members as such locals). Type
    /// checking and compiling a closure literal and its call costs a debug build far more than its
    /// body alone (Benchmarks/results/analysis.md has the figures).
    ///
    /// A parameter whose declared type is not the member's, any other argument (a transient's
    /// builder, a read through the container) and any closure that does more than return an
    /// expression (see ``FactoryReader/plainBody(of:)``) keep the call, so what the factory means
    /// never changes.
    private func body(of factory: ExprSyntax, members: [String], arguments: [String]) -> String? {
        guard arguments == members, let closure = factory.as(ClosureExprSyntax.self),
            let body = FactoryReader.plainBody(of: closure)
        else { return nil }
        let typedLikeMembers = FactoryReader.parameters(of: closure).allSatisfy { parameter in
            parameter.type.map { $0.trimmedDescription == plan.container.member(named: parameter.name)?.type.text } ?? true
        }
        return typedLikeMembers ? body.trimmedDescription : nil
    }

    /// A container-taking closure rewritten without its parameter: each `c.member` becomes the read
    /// of `member` in `context` (a local in the initializer, where the container does not exist yet;
    /// a read through the container a builder is given). The extractor has already rejected any other use of the
    /// parameter and any local that would hide a member it reads.
    private func rewrite(_ factory: ExprSyntax, parameter: String, of member: Member, in context: Context) -> ExprSyntax {
        // Detached, for the same reason as in `source(of:in:)`: each edit of a node in the
        // container's tree would copy that tree.
        guard var closure = factory.detached.as(ClosureExprSyntax.self) else { return factory }
        // `c.member` reads as the member's getter does: where that throws, the user writes the `try`
        // (as `try c.member` is written for the getter in a builder), so the replacement adds none.
        let rewriter = ContainerReadRewriter(parameter: parameter) { name, isCalled in
            // `c.function` taken as a value: a closure calling it (see ``functionClosure(calling:signature:on:capture:)``).
            if !isCalled, context == .builder, let signature = plan.container.member(named: name)?.signature {
                // `@Sendable`, as a factory parameter of the function's type is: a local holding it
                // may go into a request handler. The container it holds is `Sendable` for it (see
                // ``Container/sendableCause``), unless isolated to a global actor other than the
                // main actor, whose function is called where the value is made.
                return functionClosure(
                    calling: name, signature: signature, on: GeneratedNames.builderContainerParameter,
                    sendable: plan.container.givesProviders)
            }
            let read = reference(to: name, in: context, by: member)
            return read.hasPrefix("try ") ? String(read.dropFirst(4)) : read
        }
        closure.statements = rewriter.rewrite(closure.statements, detach: true).cast(CodeBlockItemListSyntax.self)
        if var signature = closure.signature {
            signature.parameterClause = .parameterClause(
                ClosureParameterClauseSyntax(parameters: [], trailingTrivia: .space))
            closure.signature = signature
        }
        return ExprSyntax(closure)
    }
}

extension FactoryExpressionGenerator {
    /// An `@Assisted` function `name` of `receiver` as a function value: a closure (holding
    /// `capture`, a capture list) that calls it with its arguments, in order and with their labels,
    /// `{ [link = ...] argument0 in try receiver.scope(for: argument0) }`. Both a factory parameter of
    /// the function's type and `c.function` taken as a value get one; a closure rather than the
    /// method itself, which Swift 5 mode does not infer `@Sendable` ("converting non-Sendable function
    /// value" inside the expansion). In a main-actor container a synchronous function is called on
    /// the main actor through `Trellis.MainActorRead`, an async one by awaiting it. With `sendable`,
    /// the closure says `@Sendable` itself, for a value no parameter type makes one.
    func functionClosure(
        calling name: String, signature: AssistedSignature, on receiver: String, capture: String = "", sendable: Bool = false
    ) -> String {
        let parameters = signature.arguments.indices.map { "argument\($0)" }
        let arguments = zip(signature.arguments, parameters).map { argument, parameter in
            (argument.label.map { "\($0): " } ?? "") + parameter
        }
        var call = "\(signature.callEffects)\(receiver).\(name)(\(arguments.joined(separator: ", ")))"
        if plan.container.readsProvidersOnMainActor && !signature.isAsync {
            call = "\(signature.callEffects)Trellis.MainActorRead.value(of: \"\(MemberName.bare(name))\") { \(call) }"
        }
        let head = [sendable ? "@Sendable" : "", capture, parameters.joined(separator: ", ")].filter { !$0.isEmpty }
            .joined(separator: " ")
        return head.isEmpty ? "{ \(call) }" : "{ \(head) in \(call) }"
    }
}

extension AssistedSignature {
    /// `try ` and/or `await `, as a call of the function needs them.
    var callEffects: String { (isThrowing ? "try " : "") + (isAsync ? "await " : "") }
}

/// Replaces `c.member` by an expression that reads `member` without the container.
final class ContainerReadRewriter: SyntaxRewriter {
    let parameter: String
    /// The replacement of `c.name`, told whether the read is called (`c.name(...)`) or taken as a
    /// value.
    let replacement: (String, Bool) -> String

    init(parameter: String, replacement: @escaping (String, Bool) -> String) {
        self.parameter = parameter
        self.replacement = replacement
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: ClosureExprSyntax) -> ExprSyntax {
        // A nested closure with its own parameter of that name reads something else through it.
        FactoryReader.declaresParameter(named: parameter, in: node) ? ExprSyntax(node) : super.visit(node)
    }

    override func visit(_ node: MemberAccessExprSyntax) -> ExprSyntax {
        guard let base = node.base?.as(DeclReferenceExprSyntax.self), base.baseName.memberName == parameter else {
            return super.visit(node)
        }
        let text = replacement(node.declName.baseName.memberName, FactoryReader.isCalled(Syntax(node)))
        let expression: ExprSyntax = text.contains("(") ? "(\(raw: text))" : "\(raw: text)"
        return expression.with(\.leadingTrivia, node.leadingTrivia).with(\.trailingTrivia, node.trailingTrivia)
    }
}

/// Replaces the type `Self` by the container's name, except inside type declarations nested in the
/// expression (where `Self` is that type).
final class SelfTypeRewriter: SyntaxRewriter {
    let typeName: String

    init(typeName: String) {
        self.typeName = typeName
        super.init(viewMode: .sourceAccurate)
    }

    override func visitAny(_ node: Syntax) -> Syntax? {
        node.isProtocol(DeclGroupSyntax.self) ? node : nil
    }

    override func visit(_ token: TokenSyntax) -> TokenSyntax {
        token.tokenKind == .keyword(.Self) ? token.with(\.tokenKind, .identifier(typeName)) : token
    }
}
