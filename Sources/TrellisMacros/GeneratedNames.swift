import TrellisGraph
import TrellisSyntax

/// Every name the generated code introduces, in one place.
///
/// `@DIContainer` adds a fixed set of members to a container, whatever its members are called:
/// the initializers, `Inputs`, and four declarations with the reserved ``prefix`` (the nested
/// types ``storedValuesType`` and ``buildersType``, the property ``valuesProperty``, or
/// ``storageReference`` beside it, and the static function ``make``). Everything named after a member lives inside those nested
/// types. This is what lets the macro declare its names (`named(...)`) instead of
/// `names: arbitrary`: with arbitrary names, the compiler looks for macro-introduced declarations
/// on every member of the container for every name it looks up there, which made type-checking a
/// container quadratic in its members (Benchmarks/results/analysis.md).
enum GeneratedNames {
    /// The prefix of every generated member, which users are told not to use.
    static let prefix = DeclarationRules.reservedPrefix

    /// The nested struct of a container's stored values: one field per member that has one (named
    /// as the member), plus the snapshots of the forwarding children.
    static let storedValuesType = "\(prefix)StoredValues"

    /// A class container's property holding its ``storedValuesType`` value (a struct container
    /// holds it behind ``storageReference``).
    static let valuesProperty = "\(prefix)values"

    /// How generated code inside a container of `kind` reads the field of ``storedValuesType``
    /// behind member `name`, which has the member's name: its value (`.input`, `.shared`), its
    /// override (`.transient`), its ``asyncSharedType`` cell (async `.shared`) or its
    /// ``onDemandType`` cell (`.onDemand`, children).
    static func storedValue(_ name: String, in kind: DeclarationKind) -> String {
        "\(values(in: kind)).\(name)"
    }

    /// How generated code inside a container of `kind` reaches its ``storedValuesType`` value: in a
    /// struct, through the one reference that holds it (`_trellis_storage.values`; see
    /// `Trellis.ContainerStorage`), in a class, ``valuesProperty``.
    ///
    /// A struct's getters read through the reference itself, never through a computed property: at
    /// `-Onone` a computed property returns a copy of the whole value, which retains and releases
    /// every member for each read (Benchmarks/results/analysis.md, "Debug reads of a struct container").
    static func values(in kind: DeclarationKind) -> String {
        ContainerGenerator.keepsStorageTogether(kind) ? "\(storageReference).values" : valuesProperty
    }

    /// The nested enum of the builders: one static function per member built after the container
    /// exists (`.transient`, async `.shared`, `.onDemand`, children), taking the container, each
    /// named after its member.
    static let buildersType = "\(prefix)Builders"

    /// The call of member `name`'s builder on `container`.
    static func builderCall(_ name: String, on container: String) -> String {
        "\(buildersType).\(name)(\(container))"
    }

    /// The parameter through which a builder reads the container.
    static let builderContainerParameter = "\(prefix)container"

    /// The local closure in the initializer that builds `.transient` member `name` for the shared
    /// members that read it while the container is being created.
    static func initializationBuilder(_ name: String) -> String { "\(prefix)build_\(MemberName.bare(name))" }

    /// The nested enum of the members' type aliases (see `MemberTypeAliases`): one per member whose
    /// type the generated storage names, each named as its member.
    static let memberTypesType = "\(prefix)Types"

    /// The alias of member `name`'s type, as code inside the container names it.
    static func memberTypeAlias(_ name: String) -> String { "\(memberTypesType).\(name)" }

    /// The runtime type that stores an async shared member.
    static let asyncSharedType = "Trellis.AsyncShared"

    /// The runtime namespace that chooses how a container's async members start (`starter(for:)`).
    static let asyncStartType = "Trellis.AsyncStart"

    /// The initializer's local holding the starter of its async members.
    static let asyncStarter = "\(prefix)starter"

    /// The runtime type whose generic argument must be `Sendable`: naming it checks a type.
    static let sendableValueType = "Trellis.SendableValue"

    /// The runtime type that runs a member's `shutdown:` closure as a service.
    static let shutdownType = "Trellis.ServiceStartOrder.Shutdown"

    /// The local of `serviceStartOrder` holding member `name`'s value and `shutdown:` closure, where a
    /// `shutdown:` closure spells both readable names (`name`, `nameShutdown`).
    static func shutdown(_ name: String) -> String { "\(prefix)shutdown_\(MemberName.bare(name))" }

    /// The runtime type whose `conformsToService` tells, where `TrellisServiceLifecycle` is
    /// imported, whether a service's type conforms to `Service`.
    static let serviceCheckType = "Trellis.ServiceStartOrder.Check"

    /// The static function of ``storedValuesType`` whose body checks each field's type is
    /// `Sendable`, in a `Sendable` container.
    static let sendableCheck = "checkSendable"

    /// The builders' static function that gathers `.collection` member `name` from its contributors.
    static func collectionAssembler(_ name: String) -> String { "\(prefix)assemble_\(MemberName.bare(name))" }

    /// The local in which a `.collection` member's assembler gathers its contributions.
    static let collectionElements = "\(prefix)elements"

    /// The runtime type gathering a dictionary collection whose keys are known only at run time.
    static let dictionaryAssemblyType = "Trellis.DictionaryAssembly"

    /// The runtime function that stands in for a value of a given type in code that never runs.
    static let unbuiltFunction = "Trellis.unbuilt"

    /// The runtime type that stores an `.onDemand` member or a child container.
    static let onDemandType = "Trellis.OnDemand"

    /// The field of ``storedValuesType`` holding the snapshot of what forwarding child `name`
    /// needs, kept until the child is built.
    static func forwardedInputs(_ name: String) -> String { "\(prefix)inputs_\(MemberName.bare(name))" }

    /// The runtime type keeping a struct container's stored values in one reference.
    static let storageType = "Trellis.ContainerStorage"

    /// A struct container's property holding the one reference to its stored values.
    static let storageReference = "\(prefix)storage"

    /// The nested type holding a snapshot of a container's needs (`init(inputs:)`).
    static let inputsType = DeclarationRules.inputsTypeName

    /// The container's static function that builds the members created with it and returns its
    /// storage, which each of its initializers calls (see `InitializerGenerator`).
    static let make = "\(prefix)make"

    /// The local holding the cell of member `name` (async `.shared`, `.onDemand`, child) while the
    /// container is built (see `InitializerGenerator`).
    static func cell(_ name: String) -> String { "\(prefix)cell_\(MemberName.bare(name))" }

    /// The runtime type through which providers reach their container weakly.
    static let linkType = "Trellis.ContainerLink"

    /// A container's one `Trellis.ContainerLink`, through which its providers reach it: the
    /// initializer's local, then a field of ``storedValuesType`` (no member is named with the prefix).
    static let link = "\(prefix)link"

    /// A container's parent (`@DIContainer(parent: App.self)`): the initializer's parameter, the
    /// field of ``storedValuesType`` that keeps it, and the property through which
    /// ``parentReadingType`` reads the parent's members as the container's own.
    static let parent = "\(prefix)parent"

    /// The initializer's own name for the parent it is given (`init(dependencies parent: App, ...)`):
    /// `parent`, or `parentContainer` where a member takes that name, so that the declaration the
    /// compiler quotes under a call that does not match it ("'init(dependencies:request:)' declared
    /// here") reads as the user's code. ``parent`` where members take both.
    static func parentParameter(in container: Container) -> String {
        let taken = Set(container.members.map(\.name))
        return unused(["parent", "parentContainer"], besides: taken.contains, else: parent)
    }

    /// The first of `candidates` (names for a local the generated code declares) that `isTaken`
    /// does not claim; `fallback` when it claims them all.
    static func unused(_ candidates: [String], besides isTaken: (String) -> Bool, else fallback: String) -> String {
        candidates.first { !isTaken($0) } ?? fallback
    }

    /// Whether `code` names `identifier` as a free name: the whole identifier, not a part of a
    /// longer one (`_trellis_container`, `containers`) nor a member reached with a dot
    /// (`link.container(providing:)`), which no local of that name shadows.
    static func namesFreely(_ identifier: String, in code: String) -> Bool {
        let isIdentifierCharacter = { (character: Character) in character.isLetter || character.isNumber || character == "_" }
        return code.ranges(of: identifier).contains { range in
            let before = range.lowerBound > code.startIndex ? code[code.index(before: range.lowerBound)] : nil
            let after = range.upperBound < code.endIndex ? code[range.upperBound] : nil
            return !(before.map(isIdentifierCharacter) ?? false) && before != "."
                && !(after.map(isIdentifierCharacter) ?? false)
        }
    }

    /// The runtime protocol a container with a parent conforms to: `\Self.member` and
    /// `container.member` reach the parent's members through it.
    static let parentReadingType = "Trellis.ParentReading"

    /// Every member name `@DIContainer`'s member role may add, as its declaration lists them.
    static let memberRoleNames = [
        "init", inputsType, storedValuesType, valuesProperty, storageReference, buildersType,
        ServiceRules.startOrderProperty, parent, make, memberTypesType,
    ]
}
