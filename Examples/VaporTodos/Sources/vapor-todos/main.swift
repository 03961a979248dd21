import Foundation
import Vapor
import VaporTodos

var environment = try Environment.detect()
try LoggingSystem.bootstrap(from: &environment)
let app = try await Application.make(environment)
// Loopback only, unless told otherwise (`--hostname`).
app.http.server.configuration.hostname = "127.0.0.1"
configure(app, container: AppContainer(configuration: TodosConfiguration(environment: ProcessInfo.processInfo.environment)))
do {
    try await app.execute()
} catch {
    app.logger.report(error: error)
    try? await app.asyncShutdown()
    throw error
}
try await app.asyncShutdown()
