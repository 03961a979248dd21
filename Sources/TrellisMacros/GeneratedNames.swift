/// Every name the generated code introduces, in one place. `@DIContainer` is declared with
/// `names: arbitrary` because these depend on member names; a test checks that each starts with
/// ``prefix``, which users are told not to use.
enum GeneratedNames {
    /// The prefix of every generated member.
    static let prefix = "_trellis_"

    /// The stored property behind member `name`: its value (`.input`, `.shared`), its override
    /// (`.transient`) or its ``AsyncShared`` cell (async `.shared`).
    static func storage(_ name: String) -> String { "\(prefix)\(name)" }

    /// The method that builds member `name` from the container (`.transient` and async `.shared`).
    static func builder(_ name: String) -> String { "\(prefix)make_\(name)" }

    /// The local closure in the initializer that builds `.transient` member `name` for the shared
    /// members that read it while the container is being created.
    static func initializationBuilder(_ name: String) -> String { "\(prefix)build_\(name)" }

    /// The runtime type that stores an async shared member.
    static let asyncSharedType = "Trellis.AsyncShared"

    /// The runtime type that stores an `.onDemand` member or a child container.
    static let onDemandType = "Trellis.OnDemand"

    /// The snapshot of what forwarding child `name` needs, kept until the child is built.
    static func forwardedInputs(_ name: String) -> String { "\(prefix)inputs_\(name)" }

    /// The runtime type keeping a struct container's stored values in one reference.
    static let storageType = "Trellis.ContainerStorage"

    /// The nested struct of a container's stored values, when they are kept in one reference.
    static let storedValuesType = "\(prefix)StoredValues"

    /// The property holding the one reference to the stored values.
    static let storageReference = "\(prefix)storage"

    /// The nested type holding a snapshot of a container's needs (`init(inputs:)`).
    static let inputsType = "Inputs"
}
