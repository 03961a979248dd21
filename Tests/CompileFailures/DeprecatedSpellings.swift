// Compiles, with warnings.
// Code written against DIC and DIve compiles with Trellis; each of their spellings warns, and the
// warning's fix-it renames it to Trellis's own.
import Trellis

struct Example: Sendable {
    let value: Int
}

func dic() throws {
    let built = DICBuilder().register { Example(value: 1) }.build()
    _ = try built.loadOrThrow(Example.self)
    let container = DependencyInjectionContainer()
    container.registerThrowable({ Example(value: 2) }, as: Example.self)
    container.unregisterDependencies()
}

func dive() throws -> Pool {
    let nodes: Set<SyncInjectingDependency<Pool>> = [
        .dependency(id: "example", dependencies: [], injector: { pool in pool.appending(Example(value: 3)) })
    ]
    let pool = try SerialLoader(dependencies: nodes).load(Pool())
    _ = try pool.find(Example.self)
    return pool
}
