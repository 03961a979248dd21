import Foundation
import LibraryService

// Reads HOST, PORT, DATABASE_URL (sqlite:PATH, the default `sqlite:library.sqlite`, or
// postgres://…), LOAN_PERIOD_SECONDS, SWEEP_INTERVAL_SECONDS, MAX_BODY_BYTES, BODY_TIMEOUT_SECONDS,
// DATABASE_TIMEOUT_SECONDS and LOG_LEVEL (README.md describes each, and the exit codes).
exit(await LibraryProgram.run(environment: ProcessInfo.processInfo.environment))
