/// Where a container keeps its registrations.
enum RegistrationTable: Sendable {
    /// Fixed at build time: read without any lock.
    case frozen([InstanceKey: AnyRecipe])
    /// Changed by ``MutableContainer/add(_:)`` from any thread: read and written under a lock.
    case shared(Locked<[InstanceKey: AnyRecipe]>)
}

/// The resolution logic shared by ``RuntimeContainer``, ``MutableContainer`` and ``Resolver``.
final class ResolutionEngine: Sendable {
    let table: RegistrationTable
    let fatalErrorHandler: any FatalErrorHandling
    /// Taken only while a synchronous singleton is being created (never on reads); recursive so
    /// that a singleton's factory can create other singletons on the same thread.
    let creationLock = PlatformLock(recursive: true)
    let waitGraph = CreationWaitGraph()

    init(table: RegistrationTable, fatalErrorHandler: any FatalErrorHandling) {
        self.table = table
        self.fatalErrorHandler = fatalErrorHandler
    }

    func recipe(for key: InstanceKey) -> AnyRecipe? {
        switch table {
        case .frozen(let recipes):
            return recipes[key]
        case .shared(let recipes):
            return recipes.withLock { $0[key] }
        }
    }

    var registeredKeys: [InstanceKey] {
        switch table {
        case .frozen(let recipes):
            return Array(recipes.keys)
        case .shared(let recipes):
            return recipes.withLock { Array($0.keys) }
        }
    }

    /// Resolves synchronously; `nil` means a failable factory returned `nil`.
    func resolve<Value>(_ type: Value.Type, name: String?) throws(ResolutionError) -> Value? {
        let key = InstanceKey(type, name: name)
        guard let recipe = recipe(for: key) else {
            throw notRegistered(key, path: AsynchronousResolutionPath.steps.map(\.key) + ThreadResolutionStack.current.keys)
        }
        guard !recipe.isAsynchronous else {
            throw .requiresAsynchronousLoad(type: key.description)
        }
        return try unsafeDowncast(recipe, to: SynchronousRecipe<Value>.self).produce(key, engine: self)
    }

    /// Resolves with `await`; works for synchronous and asynchronous registrations alike.
    func resolve<Value>(_ type: Value.Type, name: String?) async throws(ResolutionError) -> Value? {
        let key = InstanceKey(type, name: name)
        guard let recipe = recipe(for: key) else {
            throw notRegistered(key, path: AsynchronousResolutionPath.steps.map(\.key))
        }
        guard recipe.isAsynchronous else {
            return try unsafeDowncast(recipe, to: SynchronousRecipe<Value>.self).produce(key, engine: self)
        }
        return try await unsafeDowncast(recipe, to: AsynchronousRecipe<Value>.self).produce(key, engine: self)
    }

    func notRegistered(_ key: InstanceKey, path: [InstanceKey]) -> ResolutionError {
        let registered = registeredKeys
        var suggestions = Set(
            SimilarNames.similar(to: key.typeName, among: registered.map(\.typeName))
                .flatMap { typeName in registered.filter { $0.typeName == typeName }.map(\.description) }
        )
        // Same type under another name (or without one): always worth mentioning.
        for other in registered where other.typeIdentifier == key.typeIdentifier {
            suggestions.insert(other.description)
        }
        suggestions.remove(key.description)
        return .notRegistered(type: key.description, path: path.map(\.description), suggestions: suggestions.sorted())
    }
}
