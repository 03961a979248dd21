import Foundation
import LibraryService

// Reads HOST, PORT, DATABASE_URL (sqlite:PATH, the default `sqlite:library.sqlite`, or
// postgres://…), LOAN_PERIOD_SECONDS, SWEEP_INTERVAL_SECONDS, MAX_BODY_BYTES and LOG_LEVEL.
exit(await LibraryProgram.run(environment: ProcessInfo.processInfo.environment))
