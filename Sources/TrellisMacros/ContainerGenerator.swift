import SwiftSyntax
import TrellisGraph
import TrellisSyntax

/// Writes the members `@DIContainer` adds to a valid container: storage, initializers and builder
/// methods. Model to syntax only; every check happened before.
struct ContainerGenerator {
    let plan: BuildPlan
    let extraction: ContainerExtraction
    /// Where the user's syntax is, for the `#sourceLocation` lines around code copied from it.
    let locator: SourceLocator?
    /// Where each member's type is written in the user's file, by member name (see
    /// ``typePlaces(in:locator:)``), found once for every declaration that spells a type.
    let typePlaces: [String: SourceLocator.Place]
    /// The aliases through which the storage names the members' types (see ``MemberTypeAliases``).
    let typeAliases: MemberTypeAliases
    /// Where a class container's inheritance clause names its first type (a superclass, or a
    /// protocol), for the end of the initializer, where a superclass's `init()` is called.
    var superclassPlace: SourceLocator.Place? = nil
    /// Where the container's name is written, for what the compiler blames on the generated code
    /// as a whole (see `InitializerGenerator.make()`).
    var namePlace: SourceLocator.Place? = nil
    /// Where the initializers go when a member's type may be less visible (see ``SignaturePlaces``).
    var signaturePlaces = SignaturePlaces()
    var expressions: FactoryExpressionGenerator {
        FactoryExpressionGenerator(plan: plan, extraction: extraction, locator: locator)
    }
    var container: Container { plan.container }
    var isolation: String { Self.isolation(of: container) }

    init(plan: BuildPlan, extraction: ContainerExtraction, locator: SourceLocator? = nil) {
        self.plan = plan
        self.extraction = extraction
        self.locator = locator
        typePlaces = Self.typePlaces(in: extraction, locator: locator)
        typeAliases = MemberTypeAliases(container: plan.container, frozen: extraction.isFrozen, typePlaces: typePlaces)
    }

    /// `@MainActor ` for the members, initializers and builders of a `mainActor: true` container.
    static func isolation(of container: Container) -> String {
        container.options.mainActor ? "@MainActor " : ""
    }

    /// Whether the stored values live in one ``GeneratedNames/storageType`` reference: in every
    /// struct container, so that the container is one pointer wide. Swift copies a struct to call a
    /// getter on it, and at `-Onone` (debug builds) that copy retains every stored value, so a read
    /// would cost in proportion to the container's size. Classes are references already. See `Trellis.ContainerStorage`.
    static func keepsStorageTogether(_ kind: DeclarationKind) -> Bool { kind == .structure }

    /// Storage, initializers and builders, in declaration order.
    func declarations() -> [DeclSyntax] {
        let hierarchy = HierarchyGenerator(container: container, places: signaturePlaces, typePlaces: typePlaces)
        let sendable = Self.isSendable(container)
        let stored =
            Self.memberStoredProperties(of: container.members, in: container, typePlaces: typePlaces, aliases: typeAliases)
            + hierarchy.forwardedStoredProperties
            + (Self.hasProviders(container)
                ? [StoredProperty(name: GeneratedNames.link, type: Self.linkType(of: container))] : [])
            + Self.parentStoredProperty(of: extraction, locator: locator)
        var declarations = typeAliases.declaration.map { [$0] } ?? []
        declarations += Self.storage(
            stored, in: container.kind, sendable: sendable ? Self.sendableChecks(of: stored, in: container) : nil,
            frozen: extraction.isFrozen)
        let initializers = InitializerGenerator(generator: self)
        declarations += initializers.declarations()
        declarations += Self.linkDeclarations(of: container)
        if let parent = Self.parentProperty(of: extraction, locator: locator) {
            declarations.append(parent)
        } else {
            declarations.append(hierarchy.inputsType())
            declarations += hierarchy.initializers(throwing: plan.initializerThrows, creating: initializers)
        }
        let assemblers = container.members.filter { $0.collection != nil }.map {
            expressions.collectionAssembler(of: $0, typePlaces: typePlaces)
        }
        if let builders = Self.builders(container.members.compactMap(builder(for:)) + assemblers, of: container) {
            declarations.append(builders)
        }
        if let startOrder = Self.serviceStartOrder(
            of: container, checks: Self.serviceChecks(of: extraction, locator: locator),
            shutdowns: Self.shutdownClosures(of: extraction, locator: locator, typePlaces: typePlaces),
            read: { expressions.reference(to: $0, in: .builder) })
        {
            declarations.append(startOrder)
        }
        return declarations
    }

    /// The field keeping the parent of a container with `parent:`, its type checked `Sendable` (in a
    /// `Sendable` container) where `parent:` names it.
    static func parentStoredProperty(of extraction: ContainerExtraction, locator: SourceLocator?) -> [StoredProperty] {
        guard let parent = extraction.container.options.parent else { return [] }
        return [
            StoredProperty(
                name: GeneratedNames.parent, type: parent, checkedType: parent,
                typePlace: parentTypePlace(of: extraction, locator: locator),
                // A member's advice (build it in a factory) does not apply to the parent.
                sendableReason:
                    "'\(extraction.container.name)' is Sendable and keeps its parent: declare '\(parent)' Sendable (a container handing out its scope function or a provider is made so), or leave 'Sendable' off '\(extraction.container.name)'"
            )
        ]
    }

    /// Where `parent:` names the parent's type in the user's file.
    static func parentTypePlace(of extraction: ContainerExtraction, locator: SourceLocator?) -> SourceLocator.Place? {
        // The attribute's own arguments are a tree of their own; the declaration's copy is placed.
        let attribute = extraction.anchors[.containerAttribute(container: extraction.container.name, name: "DIContainer")]
        let type = attribute?.as(AttributeSyntax.self).flatMap(ContainerExtractor.parentTypeExpression(in:))
        return type.flatMap { locator?.place(Syntax($0)) }
    }

    /// The property through which `Trellis.ParentReading` reads the parent, for a container with
    /// `parent:` (`body` replaces the read in a container with errors). Its head is placed where
    /// `parent:` names the type, so that a parent less visible than a `public` container is
    /// reported there ("property cannot be declared public because its type uses an internal type").
    static func parentProperty(
        of extraction: ContainerExtraction, locator: SourceLocator?, body: String? = nil
    ) -> DeclSyntax? {
        let container = extraction.container
        guard let parent = container.options.parent else { return nil }
        let modifier = container.accessLevel.initializerModifier.map { "\($0) " } ?? ""
        let read = body ?? "\(GeneratedNames.storedValue(GeneratedNames.parent, in: container.kind))"
        let comment = "/// The parent this container was created from, whose members it reads as its own."
        var head = "\(isolation(of: container))\(modifier)var \(GeneratedNames.parent): \(parent) {"
        if let place = parentTypePlace(of: extraction, locator: locator) {
            // The comment stays outside the mapping: a container on the file's first line has no line above.
            head = comment + "\n" + GeneratedSource.placed(head, at: place, offset: head.count - parent.count - 2)
        } else {
            head = comment + "\n" + head
        }
        return GeneratedSource.declaration("\(head)\n    \(read)\n}")
    }

    /// `serviceStartOrder` on a container with `service: true` members: their values in the order
    /// ``ServiceRules/startOrder(of:)`` gives. `stop` replaces the body in a container with errors.
    /// A deprecated service is read as the builders read it (`read`, on the container bound to
    /// ``GeneratedNames/builderContainerParameter``), without its accessor, which would warn.
    /// `checks` (see ``serviceChecks(of:locator:)``) come first in the getter. A member with
    /// `shutdown:` is listed as a `Trellis.ServiceStartOrder.Shutdown` of its value and the closure
    /// in `shutdowns` (see ``shutdownClosures(of:locator:)``), each bound to a local before the order
    /// is made, so that the closure, copied from the attribute, keeps its own lines.
    static func serviceStartOrder(
        of container: Container, stop: String? = nil, checks: [String] = [], shutdowns: [String: Shutdown] = [:],
        read: (String) -> String = { $0 }
    ) -> DeclSyntax? {
        let names = ServiceRules.startOrder(of: container)
        guard !names.isEmpty else { return nil }
        let services = names.compactMap(container.member(named:))
        let awaits = services.contains(where: \.readAwaits)
        let throwing = services.contains(where: \.readThrows)
        let bindsContainer = services.contains(where: \.isDeprecated)
        func effects(of members: [Member]) -> String {
            (members.contains(where: \.readThrows) ? "try " : "") + (members.contains(where: \.readAwaits) ? "await " : "")
        }
        func value(of service: Member) -> String {
            bindsContainer ? read(service.name) : "self.\(service.name)"
        }
        // One statement per member with `shutdown:`, binding its value and closure; the order lists the local.
        let closing = services.filter { $0.closesOnShutdown && shutdowns[$0.name] != nil }
        // Each local is named after its member (an excerpt of an error in a closure shows that line
        // above it), or `<member>Shutdown`, a name no closure reads (it would read the local) and no
        // other local has.
        let spellings = Set(closing.map { MemberName.spelling($0.name) })
        var locals: [String: String] = [:]
        for service in closing {
            let name = MemberName.spelling(service.name)
            locals[service.name] = GeneratedNames.unused(
                [name, MemberName.bare(name) + "Shutdown"],
                besides: { candidate in
                    (candidate != name && spellings.contains(candidate))
                        || closing.contains { shutdowns[$0.name]?.reads(candidate) ?? false }
                }, else: GeneratedNames.shutdown(service.name))
        }
        let closings = closing.map { service in
            // A deprecated member's read (`read`) carries its own `try await`.
            let effects = bindsContainer && service.isDeprecated ? "" : effects(of: [service])
            let type = service.type.unwrappedText
            return shutdowns[service.name]!.statement(
                head: "let \(locals[service.name]!) = \(effects)\(GeneratedNames.shutdownType)(\(value(of: service)),", type: type
            )
        }
        let members = services.map { service in
            let listed = locals[service.name] ?? value(of: service)
            // `as Any`: an optional service would otherwise warn that it is coerced to `Any`.
            return "(\"\(MemberName.bare(service.name))\", \(listed) as Any)"
        }
        // The order's own `try await` covers the reads it makes itself.
        let covered = services.filter { !(bindsContainer && $0.isDeprecated) && !closing.contains($0) }
        let order = "\(effects(of: covered))Trellis.ServiceStartOrder(members: [\(members.joined(separator: ", "))])"
        let statements = checks + (bindsContainer ? ["let \(GeneratedNames.builderContainerParameter) = self"] : []) + closings
        let lines = stop.map { [$0] } ?? (statements.isEmpty ? [order] : statements + ["return \(order)"])
        let accessor =
            awaits || throwing
            ? "get\(awaits ? " async" : "")\(throwing ? " throws" : "") {\n        \(lines.joined(separator: "\n        "))\n    }"
            : lines.joined(separator: "\n    ")
        let modifier = container.accessLevel.initializerModifier.map { "\($0) " } ?? ""
        return GeneratedSource.declaration(
            """
            /// The members marked `service: true` (or `shutdown:`), in the order they start: \(names.joined(separator: ", ")).
            \(isolation(of: container))\(modifier)var \(ServiceRules.startOrderProperty): Trellis.ServiceStartOrder {
                \(accessor)
            }
            """)
    }

    /// The `shutdown:` closure of a member, copied from its attribute, and where it is written.
    struct Shutdown {
        /// The closure as written.
        var closure: String
        /// Where it starts in the user's file, if known.
        var place: SourceLocator.Place?
        /// Where its member's type is written, if known.
        var typePlace: SourceLocator.Place?
        /// The identifiers the closure spells that none of its parameters declares, as members are
        /// named: the names by which it could read a local of the statement around it.
        var freeNames: Set<String> = []

        /// Whether the closure may read a local named `name`.
        func reads(_ name: String) -> Bool { freeNames.contains(name) }

        /// `head` (`let name = Trellis.ServiceStartOrder.Shutdown(value,`), the closure and
        /// `of: (type).self)`: the closure on its own lines at its column, so that what the compiler
        /// finds in it is reported where it is written, and the type below it at the column of the
        /// member's type, where a type that does not exist is reported (after the closure where the
        /// type is on the closure's last line, or too far left).
        func statement(head: String, type: String) -> String {
            let of = "of: (\(type)).self)"
            let inline = "\(head) \(closure), \(of)"
            guard let place else { return inline }
            let lastLine = place.line + closure.count { $0 == "\n" }
            var tail = "\(closure), \(of)"
            if let typePlace, typePlace.file == place.file, typePlace.line > lastLine, typePlace.column > "of: (".count {
                let lines = String(repeating: "\n", count: typePlace.line - lastLine)
                tail = "\(closure)," + lines + String(repeating: " ", count: typePlace.column - 1 - "of: (".count) + of
            }
            return GeneratedSource.placed(head: head, tail: tail, at: place) ?? inline
        }
    }

    /// The `shutdown:` closures of the container's members, by member name.
    static func shutdownClosures(
        of extraction: ContainerExtraction, locator: SourceLocator?, typePlaces: [String: SourceLocator.Place] = [:]
    ) -> [String: Shutdown] {
        var closures: [String: Shutdown] = [:]
        for member in extraction.container.members where member.closesOnShutdown {
            guard let closure = extraction.members[member.name]?.shutdown else { continue }
            let identifiers = closure.tokens(viewMode: .sourceAccurate).compactMap { token in
                if case .identifier = token.tokenKind { return token.memberName } else { return nil }
            }
            let parameters = closure.as(ClosureExprSyntax.self).map { FactoryReader.parameters(of: $0).map(\.name) } ?? []
            closures[member.name] = Shutdown(
                closure: closure.trimmedDescription, place: locator?.place(Syntax(closure)), typePlace: typePlaces[member.name],
                freeNames: Set(identifiers).subtracting(parameters))
        }
        return closures
    }

    /// One statement per service whose type is written as a type (not an existential, which only its
    /// value can tell), naming `Trellis.ServiceStartOrder.Check<Type>.conformsToService` on the
    /// member's `service:` argument. Where `TrellisServiceLifecycle` is imported, a type that does not
    /// conform to `Service` gets that library's deprecation warning there; an optional service's
    /// wrapped type is the one checked (its `nil` is no service).
    ///
    /// A member with `shutdown:` is closed by its closure, so its type need not be a `Service`; its
    /// value is handed to the service that closes it, so it must be `Sendable`, which is checked on
    /// the member's type (in a container that is not `Sendable` itself, whose storage checks it
    /// there already).
    static func serviceChecks(of extraction: ContainerExtraction, locator: SourceLocator?) -> [String] {
        let container = extraction.container
        return ServiceRules.startOrder(of: container).compactMap { name in
            guard let member = container.member(named: name) else { return nil }
            if member.closesOnShutdown {
                guard !isSendable(container) else { return nil }
                let type = extraction.anchors[.memberType(container: container.name, member: name)]
                return sendableCheck(of: member.type.text, at: type.flatMap { locator?.place($0) })
            }
            guard member.type.kind == .concrete else { return nil }
            let check = "_ = \(GeneratedNames.serviceCheckType)<\(member.type.unwrappedText)>"
            let property = ".conformsToService"
            let anchor = extraction.anchors[.memberArgument(container: container.name, member: name, argument: .service)]
            // The compiler points at the property's name (after its dot), which lands on `service:`;
            // the type goes on the line above, so that the name fits however long the type is.
            return anchor.flatMap { locator?.place($0) }.flatMap {
                GeneratedSource.placed(head: check, tail: property, at: $0, offset: 1)
            } ?? check + property
        }
    }

    /// The fields of `members` (the container's, in declaration order), each with its member's
    /// type's place, where a check of the field's type is written (see ``sendableChecks(of:in:)``),
    /// and each naming its member's type through `aliases` where it has one.
    static func memberStoredProperties(
        of members: [Member], in container: Container, typePlaces: [String: SourceLocator.Place],
        aliases: MemberTypeAliases? = nil
    ) -> [StoredProperty] {
        members.compactMap { member in
            let alias = aliases?.alias(of: member)
            guard var property = storedProperty(for: member, in: container, type: alias) else { return nil }
            property.aliasedType = alias
            property.typePlace = typePlaces[member.name]
            // An override of an `@Assisted` function is `@Sendable` in a `Sendable` container.
            property.checkedType = member.isAssisted ? nil : member.type.text
            property.returnType = member.isAssisted ? member.type.storableText : nil
            return property
        }
    }

    /// The type of the override an `@Assisted` function takes in the initializer: a function of the
    /// container and the function's arguments, with its effects (`@Sendable` in a container that
    /// is), that builds what the function returns. It is isolated as the builder that calls it
    /// (`@MainActor` with `mainActor: true`): a nonisolated async override would take the
    /// container, which such a container does not let cross to another isolation.
    static func assistedOverrideType(of member: Member, in container: Container) -> String? {
        // None for a function named like another member (or an overload of another function): the
        // initializer has one parameter per name.
        guard let signature = member.signature, container.members.filter({ $0.name == member.name }).count == 1 else {
            return nil
        }
        let parameters = [container.name] + signature.arguments.map(\.type)
        let sendable = isSendable(container) ? "@Sendable " : ""
        return
            "\(sendable)\(isolation(of: container))(\(parameters.joined(separator: ", ")))\(effects(of: signature)) -> \(member.type.storableText)"
    }

    /// The stored property behind a member; none for an opaque `.transient` (nothing to override).
    /// `type` is how it names the member's type (its alias), where not as written.
    static func storedProperty(for member: Member, in container: Container? = nil, type: String? = nil) -> StoredProperty? {
        // An `@Assisted` function keeps only the override a test may pass: each call builds anew.
        if member.isAssisted {
            guard let container, let override = assistedOverrideType(of: member, in: container) else { return nil }
            return StoredProperty(name: member.name, type: "\(type ?? "(\(override))")?")
        }
        let name = member.name
        let type = type ?? member.type.text
        switch member.scope {
        case .input, .argument:
            return StoredProperty(name: name, type: type)
        case .shared where !member.isAsync:
            return StoredProperty(name: name, type: type)
        case .shared,
            .onDemand where member.isAsync:
            let failure = member.asyncFactory?.isThrowing == true ? "any Error" : "Never"
            return StoredProperty(name: name, type: "\(GeneratedNames.asyncSharedType)<\(type), \(failure)>")
        case .transient where member.type.kind == .opaque:
            return nil
        case .transient, .collection:
            return StoredProperty(name: name, type: GeneratedSource.optional(type))
        case .onDemand, .child, .forwardingChild:
            return StoredProperty(name: name, type: "\(GeneratedNames.onDemandType)<\(type)>")
        }
    }

    /// The nested struct of the stored values and the property holding it in a container of `kind`:
    /// ``GeneratedNames/storageReference``, one reference to them, where ``keepsStorageTogether(_:)``
    /// (see `Trellis.ContainerStorage`), else ``GeneratedNames/valuesProperty``, the struct itself.
    /// A `@frozen` container's stored values are `@usableFromInline`, as the type of a frozen
    /// struct's stored property must be.
    ///
    /// In a `Sendable` container, `sendable` holds the checks of ``sendableChecks(of:in:)``: the
    /// values are `@unchecked Sendable`, and a static function's body checks each field's type
    /// instead, on its member's line. A body is type-checked once per build, where a conformance's
    /// requirements are checked again by every compiler job that uses the container (a multi-file
    /// module printed each error once per job).
    static func storage(
        _ stored: [StoredProperty], in kind: DeclarationKind, sendable: [String]? = nil, frozen: Bool = false,
        conditionalFields: [String] = []
    ) -> [DeclSyntax] {
        let fields = (stored.map(field) + conditionalFields.map { "    \($0)" }).map { "\($0)\n" }.joined()
        let values = GeneratedNames.storedValuesType
        let conformance = sendable == nil ? "" : ": @unchecked Sendable"
        let check =
            sendable.map { checks in
                """

                    /// Each value's type is `Sendable`, as the container's conformance needs.
                    static func \(GeneratedNames.sendableCheck)() {
                        // Each member's type, on its line:
                \(checks.map { $0 + "\n" }.joined())    }

                """
            } ?? ""
        var declarations = [
            GeneratedSource.declaration(
                """
                /// The stored values, one per member that keeps one.
                \(frozen ? "@usableFromInline" : "private") struct \(values)\(conformance) {
                    // One value per member, each on its member's line:
                \(fields)\(check)}
                """)
        ]
        if keepsStorageTogether(kind) {
            let reference = GeneratedNames.storageReference
            declarations.append(
                GeneratedSource.declaration("private let \(reference): \(GeneratedNames.storageType)<\(values)>"))
        } else {
            declarations.append(GeneratedSource.declaration("private let \(GeneratedNames.valuesProperty): \(values)"))
        }
        return declarations
    }

    /// The declaration of a field of the stored values, placed on its member's type when known.
    private static func field(_ property: StoredProperty) -> String {
        let field = "let \(property.name): \(property.type)"
        guard let place = property.typePlace, let placed = property.placedType else { return "    " + field }
        // An override's type spells the return type after the container and the arguments: what
        // comes before it goes on the line above when it is longer than the column allows.
        let offset = GeneratedSource.typeOffset(of: placed.type, after: placed.marker, in: field)
        if placed.marker == "-> ", offset >= place.column,
            let split = GeneratedSource.placed(
                head: String(field.prefix(offset).dropLast()), tail: String(field.dropFirst(offset)), at: place)
        {
            return split
        }
        return GeneratedSource.placed(field, spelling: placed.type, after: placed.marker, at: place)
    }

    /// One statement per field with a checked type, each requiring that type to be `Sendable`
    /// (`Trellis.SendableValue<Type>`), placed at the member's type: the compiler's "type 'Router'
    /// does not conform to the 'Sendable' protocol" lands there.
    /// Each says, in a comment the compiler's excerpt of the expansion shows, why the container
    /// is `Sendable` (see ``sendableReason(of:)``).
    static func sendableChecks(of stored: [StoredProperty], in container: Container) -> [String] {
        let reason = sendableReason(of: container)
        return stored.compactMap { property in
            property.checkedType.map {
                sendableCheck(of: $0, at: property.typePlace, reason: property.sendableReason ?? reason)
            }
        }
    }

    /// Why `container`, which is `Sendable`, is: it declares it, or a member takes a `Provider`, a
    /// `Lazy` or a function value of it, which may be called from any thread. The reader fixes the
    /// member's type, or builds a value only one member reads inside that member's factory, or
    /// (where the conformance is declared) drops it.
    static func sendableReason(of container: Container) -> String {
        let name = "'\(container.name)'"
        let advice = "make this type Sendable, or build its value in the factory that reads it"
        // Declared by hand, often out of habit: a container that no other task reads need not be.
        if declaresSendable(container) {
            return "\(name) declares 'Sendable' (drop it if no other task reads the container): \(advice)"
        }
        guard let (member, dependency) = container.sendableCause else { return "\(name) is Sendable: \(advice)" }
        let taken =
            switch dependency.access {
            case .provider: "'\(dependency.name)' as a Provider"
            case .lazy: "'\(dependency.name)' as a Lazy"
            default:
                dependency.isFunctionValueThroughContainer
                    ? "'c.\(dependency.name)' as a function" : "'\(dependency.name)' as a function"
            }
        return "\(name) is Sendable as '\(member.name)' takes \(taken), callable from any thread: \(advice)"
    }

    /// The statement requiring `type` to be `Sendable`, placed at `place` (a member's type), with
    /// `reason` after it as a comment.
    static func sendableCheck(of type: String, at place: SourceLocator.Place?, reason: String? = nil) -> String {
        let statement = "_ = \(GeneratedNames.sendableValueType)<\(type)>.self" + (reason.map { " // \($0)" } ?? "")
        guard let place else { return "        " + statement }
        // The type starts after `_ = Trellis.SendableValue<`; the compiler points at the statement's start.
        return GeneratedSource.placed(statement, at: place, offset: "_ = ".count)
    }

    /// Whether the container is `Sendable`: declared so, or made so by the extension role for its
    /// providers when it is not isolated to a global actor. Then its stored values are `Sendable`
    /// too, each field's type checked on its member's line (see ``storage(_:in:sendable:frozen:conditionalFields:)``).
    /// A `mainActor: true` container that declares `Sendable` is one too: otherwise the compiler
    /// reports its non-`Sendable` storage, by the generated type's name, inside the expansion.
    static func isSendable(_ container: Container) -> Bool {
        if declaresSendable(container) { return true }
        guard container.isolatingActor == nil else { return false }
        return needsSendable(container)
    }

    /// Whether the container's own declaration lists `Sendable`.
    static func declaresSendable(_ container: Container) -> Bool {
        container.declaredConformances.contains(where: namesSendable)
    }

    /// Whether an inherited type, as written, is `Sendable`.
    static func namesSendable(_ type: String) -> Bool { type == "Sendable" || type == "Swift.Sendable" }

    /// Whether the macro makes the container `Sendable`: its providers may be called from any thread.
    /// (Async members do not need it: see `Trellis.AsyncShared`.)
    /// So is one whose factory takes `c.function` as a value (see ``Container/sendableCause``).
    static func needsSendable(_ container: Container) -> Bool { container.sendableCause != nil }

    /// Whether a member receives another as a `Provider` or `Lazy`, so the container has a link.
    static func hasProviders(_ container: Container) -> Bool {
        container.members.contains(where: \.readsThroughProvider)
    }

    /// The reference a container's link holds weakly: a struct's storage, or a class itself.
    static func linkReference(of container: Container) -> String {
        keepsStorageTogether(container.kind)
            ? "\(GeneratedNames.storageType)<\(GeneratedNames.storedValuesType)>" : container.name
    }

    /// That reference, from inside the container.
    static func linkTarget(of container: Container) -> String {
        keepsStorageTogether(container.kind) ? "self.\(GeneratedNames.storageReference)" : "self"
    }

    /// The container made from the reference `$0` of its link.
    static func linkedContainer(of container: Container) -> String {
        keepsStorageTogether(container.kind) ? "\(container.name)(\(GeneratedNames.storageReference): $0)" : "$0"
    }

    /// The type of the container's link: `Trellis.ContainerLink<Container, Reference>`.
    static func linkType(of container: Container) -> String {
        "\(GeneratedNames.linkType)<\(container.name), \(linkReference(of: container))>"
    }

    /// For a struct container with providers, the initializer that makes the container again from
    /// its storage (a struct container's value is that one reference), which its link calls.
    static func linkDeclarations(of container: Container) -> [DeclSyntax] {
        guard hasProviders(container), keepsStorageTogether(container.kind) else { return [] }
        let storage = GeneratedNames.storageReference
        return [
            GeneratedSource.declaration(
                """
                private init(\(storage): \(linkReference(of: container))) {
                    self.\(storage) = \(storage)
                }
                """)
        ]
    }

    /// The nested enum of `builders` (static functions taking the container), isolated as the
    /// container is; nil when there are none.
    static func builders(_ builders: [String], of container: Container) -> DeclSyntax? {
        guard !builders.isEmpty else { return nil }
        let isolation = container.globalActorAttributes.map { "@\($0) " }.joined()
        let body = builders.map { GeneratedSource.indented($0) + "\n" }
        return GeneratedSource.declaration(
            """
            /// Builds the members that are built after the container exists.
            \(isolation)private enum \(GeneratedNames.buildersType) {
            \(body.joined(separator: "\n"))}
            """)
    }

    /// The designated initializer's first parameter in a container with `parent:`: the parent,
    /// labelled as `init(dependencies:)` is, so that the parent's `@Assisted(.scope)` functions
    /// create either kind of scope with one call.
    static func parentParameter(of container: Container) -> [String] {
        container.options.parent.map { ["dependencies \(GeneratedNames.parentParameter(in: container)): \($0)"] } ?? []
    }

    /// The initializer parameter of a member: required for `.input` and `.argument`, an optional
    /// override otherwise. With `defaultValue` false, an `.input` has no default argument; with
    /// `owned`, the parameter is `__owned`.
    static func initializerParameter(
        for member: Member, in container: Container? = nil, defaultValue: Bool = true, owned: Bool = false,
        type: String? = nil
    ) -> String? {
        // `__owned`: taken as an initializer takes its own parameters, so that each value moves into
        // the storage (borrowed, it would be retained once more to be stored).
        let written = MemberName.parameterLabel(member.name) + (owned ? ": __owned " : ": ")
        // A container with a parent reads its `.input` members from it.
        if member.scope == .input, container?.options.parent != nil { return nil }
        if member.isAssisted {
            guard let container, let override = assistedOverrideType(of: member, in: container) else { return nil }
            return "\(written)\(type ?? "(\(override))")? = nil"
        }
        switch member.scope {
        case .input, .argument:
            let escaping = member.type.isFunction ? "@escaping " : ""
            return "\(written)\(escaping)\(type ?? member.type.text)"
                + (member.defaultValue.map { defaultValue ? " = \($0)" : "" } ?? "")
        // An opaque type has no override (`.transient`), or is an error Trellis reports (any other
        // scope), where a parameter `(some P)? = nil` only added "generic parameter 'some P'
        // could not be inferred" to every call of the initializer.
        case _ where member.type.kind == .opaque: return nil
        case .shared, .transient, .onDemand, .child, .forwardingChild, .collection:
            return "\(written)\(GeneratedSource.optional(type ?? member.type.text)) = nil"
        }
    }

    /// The initializer parameter of `member` (see ``initializerParameter(for:in:defaultValue:owned:)``)
    /// with its member's type as written and `place`, where that is in the user's file, for a placed
    /// signature; nil where the member has no parameter.
    static func signatureParameter(
        for member: Member, in container: Container? = nil, defaultValue: Bool = true, owned: Bool = false,
        type: String? = nil, place: SourceLocator.Place?
    ) -> SignatureParameter? {
        initializerParameter(for: member, in: container, defaultValue: defaultValue, owned: owned, type: type).map {
            SignatureParameter(text: $0, spelled: type ?? member.type.text, place: place)
        }
    }

    /// For a container with errors: its storage, and initializers and builders with the right
    /// signatures whose bodies stop the program (the build fails before anything can run them).
    ///
    /// `effectFixes` are the fixes of the errors Trellis reports on each member's effects, by
    /// member name (see ``AccessorGenerator/opaqueStandInCall(of:locator:container:parameterType:edit:)``).
    static func placeholderDeclarations(
        for extraction: ContainerExtraction, locator: SourceLocator? = nil, places: SignaturePlaces = SignaturePlaces(),
        effectFixes: [String: [Fix]] = [:]
    ) -> [DeclSyntax] {
        let container = extraction.container
        let members = container.members.filter { extraction.members[$0.name] != nil }
        let stop = "fatalError(\"Trellis: '\(container.name)' has compile-time errors\")"
        // An opaque member other than a `.transient` is an error whose getter reads no field (see
        // `ProvideMacro`), and a field of an opaque type is an error of its own.
        let stored = members.filter { $0.type.kind != .opaque || $0.scope == .transient }
        // Members declared inside `#if` keep their fields and builders in the same clauses, so that
        // the accessors `@Provide` gave them compile in whichever clause is active.
        let conditionalFields = conditionalLines(of: extraction) { member in
            storedProperty(for: member).map { "let \($0.name): \($0.type)" } ?? ""
        }
        // A container that declares `Sendable` needs `Sendable` storage even while it has errors;
        // each field's type is checked on its member's line, as without errors.
        let typePlaces = typePlaces(in: extraction, locator: locator)
        let fields = memberStoredProperties(of: stored, in: container, typePlaces: typePlaces)
        var declarations = storage(
            fields, in: container.kind, sendable: declaresSendable(container) ? sendableChecks(of: fields, in: container) : nil,
            frozen: extraction.isFrozen, conditionalFields: conditionalFields)
        // A member whose type is less visible than the initializer keeps its field, which is
        // private, and stays out of every signature, which would repeat the error.
        let lessVisible = extraction.lessVisibleTypeMembers
        let exposed = members.filter { !lessVisible.contains($0.name) }
        // A name declared twice (Swift's "invalid redeclaration", on the second) is an override
        // here, whatever its scopes, so that a call passing it and one leaving it out both compile:
        // the user's call then gets no error ("missing argument") of its own for the one Swift gave.
        let parameters =
            parentParameter(of: container).map { SignatureParameter(text: $0) }
            + exposed.compactMap { member in
                var taken = member
                if extraction.redeclaredMembers.contains(member.name), member.scope.isSupplied { taken.scope = .shared }
                return signatureParameter(for: taken, in: container, place: typePlaces[member.name])
            }
        let isolation = isolation(of: container)
        let modifier = container.accessLevel.initializerModifier.map { "\($0) " } ?? ""
        // Placed as the real one is (each parameter on its member's type; an input's default of the
        // wrong type, a type less visible than a public container are reported on the container's
        // name): see `SignaturePlaces`.
        let head = places.initializerHead(head: "\(isolation)\(modifier)init(", parameters: parameters, tail: ") {")
        declarations.append(GeneratedSource.declaration("\(head)\n    \(stop)\n}"))
        var valid = container
        valid.members = exposed
        let hierarchy = HierarchyGenerator(container: valid, typePlaces: typePlaces)
        if let parent = parentProperty(of: extraction, locator: locator, body: stop) {
            declarations.append(parent)
        } else if !extraction.hasNoNeedsProtocol {
            // See the peer role.
            if !extraction.reservedNamesDeclared.contains(GeneratedNames.inputsType) {
                declarations.append(hierarchy.inputsType())
            }
            let overrides = exposed.filter { !$0.scope.isSupplied && initializerParameter(for: $0, in: container) != nil }
            let arguments = exposed.filter { $0.scope == .argument }
            let heads = [
                hierarchy.initializerHead(
                    "\(isolation)\(modifier)", first: "dependencies: some \(container.dependenciesProtocolName)",
                    members: arguments + (hierarchy.dependenciesInitializerTakesOverrides ? overrides : []), tail: ") {"),
                hierarchy.initializerHead(
                    "\(isolation)\(modifier)", first: "inputs: \(GeneratedNames.inputsType)", members: arguments,
                    tail: ") {"),
            ]
            for head in heads {
                declarations.append(GeneratedSource.declaration("\(head)\n    \(stop)\n}"))
            }
        }
        func placeholderBuilder(for member: Member) -> String? {
            if let signature = member.signature {
                return builderDeclaration(
                    for: member, in: container, effects: effects(of: signature), returnType: member.type.storableText,
                    body: stop)
            }
            guard !member.scope.isSupplied && (member.scope != .shared || member.isAsync) else { return nil }
            let effects = (member.isAsync ? " async" : "") + (member.effectiveFactory?.isThrowing == true ? " throws" : "")
            guard member.type.kind == .opaque else {
                return builderDeclaration(
                    for: member, in: container, effects: effects, returnType: member.type.text, body: stop,
                    typePlace: typePlaces[member.name])
            }
            // An opaque `.transient`'s getter returns its builder's value as `some P`: the builder
            // returns the type its factory builds, when known (`Never` conforms to nothing).
            // A factory reading a name the container lacks (`c.routr`), or naming or capturing a
            // member it does not take (`{ (routr: Router) in Server(router: router) }`), fails where
            // Swift checks `@Provide`'s arguments, so no getter calls this builder, and a copy of the
            // closure would repeat Swift's error inside the expansion, naming the builders' enum.
            let readsUntaken = member.effectiveFactory.map { !($0.untakenReads + $0.capturedMembers).isEmpty } ?? false
            guard member.scope == .transient, !extraction.readsUndeclaredName(member), !readsUntaken else { return nil }
            let syntax = extraction.members[member.name]
            // A parameter without a type is the member of its name, or, alone and read through
            // (`{ c in c.router }`), the container.
            let parameterType = { (name: String) -> String? in
                let readsThrough = member.dependencies.contains { $0.name == name && !$0.namesReadThrough.isEmpty }
                return container.member(named: name)?.type.text ?? (readsThrough ? container.name : nil)
            }
            let fixes = effectFixes[member.name] ?? []
            if let call = AccessorGenerator.opaqueStandInCall(
                of: syntax?.factory, locator: locator, container: container.name, parameterType: parameterType,
                edit: { closure in
                    fixes.reduce(closure) { SyntaxEdits.closure($0, editedBy: $1, in: container) ?? $0 }
                })
            {
                return builderDeclaration(for: member, in: container, effects: effects, returnType: member.type.text, body: call)
            }
            let type = AccessorGenerator.opaqueStandIn(autoWiringType: syntax?.autoWiringType, factory: syntax?.factory)
            return builderDeclaration(
                for: member, in: container, effects: effects, returnType: type ?? "Never",
                body: type.map { "\(GeneratedNames.unbuiltFunction)(\($0).self)" } ?? stop)
        }
        var builders = members.compactMap(placeholderBuilder(for:))
        if extraction.conditionalMembers.contains(where: { $0.member.flatMap(placeholderBuilder(for:)) != nil }) {
            builders += conditionalLines(of: extraction) { placeholderBuilder(for: $0) ?? "" }
        }
        if let enumeration = Self.builders(builders, of: container) {
            declarations.append(enumeration)
        }
        var services = container
        services.members = exposed
        if !extraction.reservedNamesDeclared.contains(ServiceRules.startOrderProperty),
            let startOrder = serviceStartOrder(of: services, stop: stop)
        {
            declarations.append(startOrder)
        }
        return declarations
    }

    /// The members declared inside `#if`, each written by `write`, between their directives.
    private static func conditionalLines(of extraction: ContainerExtraction, _ write: (Member) -> String) -> [String] {
        extraction.conditionalMembers.map { line in
            switch line {
            case .directive(let directive): directive
            case .member(let member): write(member)
            }
        }
    }

    /// `code` placed on the member's type, where the compiler then reports what it finds in it. A
    /// child container's creation is the one place an owner names its child's initializer, which
    /// this macro cannot see: one that throws (a `.shared` member of the child has a throwing
    /// factory) is reported on the member's line ("call can throw, but it is not marked with
    /// 'try'"), not inside the expansion.
    private func placedOnType(of member: Member, _ code: String) -> String {
        guard let place = typePlace(of: member) else { return code }
        return GeneratedSource.placed(code, at: place)
    }

    /// The builder of a member built after the container exists: `.transient`, async `.shared`,
    /// `.onDemand` and child containers.
    private func builder(for member: Member) -> String? {
        let container = GeneratedNames.builderContainerParameter
        let storage = "\(container).\(GeneratedNames.storedValue(member.name, in: plan.container.kind))"
        // Written only for the members that need it (children do not, most members have no builder).
        func build() -> String { expressions.expression(for: member, in: .builder) }
        if let signature = member.signature {
            // A test's override first, called as the function is, with the container and its arguments.
            let effects = signature.callEffects
            let arguments = ([container] + signature.arguments.map(\.name)).joined(separator: ", ")
            guard Self.assistedOverrideType(of: member, in: plan.container) != nil else {
                return Self.builderDeclaration(
                    for: member, in: plan.container, effects: Self.effects(of: signature), returnType: member.type.text,
                    body: build(), typePlace: typePlace(of: member))
            }
            let override = "if let override = \(storage) {\n    return \(effects)override(\(arguments))\n}"
            return Self.builderDeclaration(
                for: member, in: plan.container, effects: Self.effects(of: signature), returnType: member.type.text,
                body: override + "\n" + expressions.expression(for: member, in: .builder, linePrefix: "return "),
                typePlace: typePlace(of: member))
        }
        let body: String
        switch member.scope {
        case .input, .argument:
            return nil
        case .shared where !member.isAsync:
            return nil
        case .shared, .onDemand:
            body = build()
        case .transient where member.type.kind == .opaque:
            body = build()
        case .transient where member.isAsync:
            let build = expressions.expression(for: member, in: .builder, linePrefix: "return ")
            body = "if let override = \(storage) {\n        return override\n    }\n    \(build)"
        case .transient where FactoryExpressionGenerator.usesOverrideFallback(member):
            body = expressions.expression(for: member, in: .builder, fallback: storage)
        case .transient, .collection:
            body = GeneratedSource.overridden(by: storage, else: build())
        case .child:
            body = placedOnType(of: member, "\(member.type.text)(dependencies: \(container))")
        case .forwardingChild:
            let inputs = GeneratedNames.storedValue(GeneratedNames.forwardedInputs(member.name), in: plan.container.kind)
            body = placedOnType(of: member, "\(member.type.text)(inputs: \(container).\(inputs))")
        }
        let effects = (member.isAsync ? " async" : "") + (plan.isThrowing(member) ? " throws" : "")
        // A synchronous builder of the user's code runs it in a closure called at once, as the
        // initializer does: a factory calling an async function without `await` then gets Swift's
        // error on the user's line and no note asking to make the builder, named like the member,
        // async (a closure gets none).
        let wrapped = !member.isAsync && (member.scope == .transient || member.scope == .onDemand)
        return Self.builderDeclaration(
            for: member, in: plan.container, effects: effects, returnType: member.type.text, body: body,
            typePlace: typePlace(of: member), wrapped: wrapped)
    }

    /// ` async throws` as an `@Assisted` function declares them: its builder declares the same, so
    /// that the body `@Assisted` writes calls it with exactly the function's `try` and `await`.
    static func effects(of signature: AssistedSignature) -> String {
        (signature.isAsync ? " async" : "") + (signature.isThrowing ? " throws" : "")
    }

    /// `static func <member>(_ container: <Container>[, _ argument: Type...]) <effects> -> <returnType> { <body> }`,
    /// its first line placed on `typePlace`, where the member's type is written, when known (see
    /// ``GeneratedSource/placed(_:spelling:after:at:)``).
    ///
    /// With `wrapped`, the body runs in a closure called at once, which opens on the head's line
    /// (placed on the member's type), so that what the compiler blames on the closure as a whole is
    /// on the user's line.
    static func builderDeclaration(
        for member: Member, in container: Container, effects: String, returnType: String, body: String,
        typePlace: SourceLocator.Place? = nil, wrapped: Bool = false
    ) -> String {
        let isolation = isolation(of: container)
        let argumentNames = (member.signature?.arguments ?? []).map { MemberName.parameterLabel($0.name) }
        let arguments = zip(argumentNames, member.signature?.arguments ?? []).map { ", _ \($0): \($1.type)" }
        let receiver = builderReceiver(of: member, besides: argumentNames, body: body)
        var head =
            "\(isolation)static func \(member.name)(_ \(receiver): \(container.name)\(arguments.joined()))\(effects) -> \(returnType) {"
        // No result type: the closure's is the function's, from its `return` (and `some P` cannot
        // be a closure's), and a type written once more is one more place to report it missing.
        if wrapped { head += " " + GeneratedSource.calledAtOnce(effects: effects) }
        let builder = GeneratedNames.builderContainerParameter
        // A comment on each side of the head keeps generated names (the enum's, the override's read
        // from the storage) out of the lines the compiler quotes around an error in it (a result
        // type it cannot find).
        return """
            // Builds '\(MemberName.bare(member.name))' from its declaration:
            \(GeneratedSource.placed(head, spelling: member.type.text, after: "-> ", at: typePlace))
                \(GeneratedSource.generatedCodeComment)
                \(receiver == builder ? body : body.replacing(builder, with: receiver))
            \(wrapped ? "\(GeneratedSource.calledAtOnceEnd)\n}" : "}")
            """
    }

    /// The name a builder gives the container it is given: for a factory that takes the container
    /// (`{ (c: Self) in ... }`), the user's own, so that the code copied from it reads `c.member` as
    /// written (at the user's columns) and what the compiler says of it ("capture of 'c' with
    /// non-Sendable type") is in the user's words; otherwise, or where that name would meet a local
    /// the builder declares or one of its `arguments`, `container` where `body` (the builder's, as
    /// generated) names nothing else so (a member reached with a dot, `link.container(providing:)`, is
    /// no such name), and ``GeneratedNames/builderContainerParameter`` where it
    /// does or is not given. The line the compiler quotes under an error in a factory's body calls
    /// the factory with the members it reads (`{ (token: Token) in Client(token) }(container.token)`):
    /// that line reads as the user's code, and no name of it could mean something else, since
    /// nothing in the body but the receiver is called `container`.
    ///
    /// A scope's creator names it `c` (or the first of `c1`, `c2`... no argument takes), short enough
    /// for the creation's head to fit before the function's first parameter on its line (see
    /// `FactoryExpressionGenerator.scopeCreation`).
    static func builderReceiver(of member: Member, besides arguments: [String], body: String? = nil) -> String {
        if member.signature?.createsScope == true {
            // One more candidate than there are arguments: one is free.
            let candidates = ["c"] + arguments.indices.map { "c\($0 + 1)" }
            return GeneratedNames.unused(candidates, besides: arguments.contains, else: GeneratedNames.builderContainerParameter)
        }
        guard case .containerClosure(let parameter)? = member.effectiveFactory?.form,
            parameter != "_", parameter.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
            !parameter.hasPrefix(GeneratedNames.prefix), !arguments.contains(parameter),
            !["value", "override", "parent", "parentContainer"].contains(parameter),
            !(parameter.hasPrefix("argument") && parameter.dropFirst("argument".count).allSatisfy(\.isNumber))
        else {
            let readable = "container"
            guard let body, !arguments.contains(readable), !GeneratedNames.namesFreely(readable, in: body)
            else { return GeneratedNames.builderContainerParameter }
            return readable
        }
        return parameter
    }

    /// Where each member of `extraction`'s container has its type written, by member name.
    static func typePlaces(in extraction: ContainerExtraction, locator: SourceLocator?) -> [String: SourceLocator.Place] {
        guard let locator else { return [:] }
        var places: [String: SourceLocator.Place] = [:]
        for member in extraction.container.members where places[member.name] == nil {
            let type = extraction.anchors[.memberType(container: extraction.container.name, member: member.name)]
            places[member.name] = type.flatMap(locator.place)
        }
        return places
    }

    /// Where `member`'s type is written in the user's file.
    func typePlace(of member: Member) -> SourceLocator.Place? { typePlaces[member.name] }
}

/// A stored property the generated code declares: its name and type.
struct StoredProperty {
    let name: String
    let type: String
    /// The type a `Sendable` container requires to be `Sendable` for this field (its member's type),
    /// if any (see ``ContainerGenerator/sendableChecks(of:in:)``).
    var checkedType: String? = nil
    /// Where the member's type is written, for the `#sourceLocation` lines around that check.
    var typePlace: SourceLocator.Place? = nil
    /// Why the field's type must be `Sendable`, where the container's reason does not fit it (the
    /// parent a scope keeps); nil for a member's field.
    var sendableReason: String? = nil
    /// The member's type as the field's type spells it after `marker`, which the field places on
    /// ``typePlace``: the checked type, or an `@Assisted` function's return type after its override's
    /// arrow.
    var placedType: (type: String, marker: String)? {
        (aliasedType ?? checkedType).map { ($0, ": ") } ?? returnType.map { ($0, "-> ") }
    }
    /// The alias through which the field names its member's type (see ``MemberTypeAliases``), if any.
    var aliasedType: String? = nil
    /// An `@Assisted` function's return type, which its override's type spells after its arrow.
    var returnType: String? = nil
}
