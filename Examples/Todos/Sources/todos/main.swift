import Foundation
import Logging
import Todos

let logger = Logger(label: "todos")
do {
    try await runTodos(TodosConfiguration(environment: ProcessInfo.processInfo.environment), logger: logger)
} catch let error as TodosConfigurationError {
    logger.error("\(error)")
    exit(2)
}
