import Logging
import SQLKit
import ServiceLifecycle

/// The schema, as numbered steps applied once each, in order, at start; the same on SQLite and
/// PostgreSQL (SQLKit writes each dialect's column types and auto-increment).
///
/// A service: it migrates when the group starts it (after the database it reads), then waits for
/// graceful shutdown. What must not run before the schema exists (the HTTP server, the sweeper)
/// awaits ``completed()``; a failed migration fails the start, and with it the program.
public final class SchemaMigrations: Service, Sendable {
    private let database: any Database
    private let logger: Logger
    private let outcome = Promise<Void>()

    public init(database: any Database, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    /// The steps, oldest first. Append; never edit one that has shipped.
    static let steps: [(version: Int, name: String, apply: @Sendable (any SQLDatabase) async throws -> Void)] = [
        (
            1, "create authors, books, members and loans",
            { db in
                try await db.create(table: "authors")
                    .column("id", type: .bigint, .primaryKey)
                    .column("name", type: .text, .notNull)
                    .column("created_at", type: .bigint, .notNull)
                    .run()
                try await db.create(table: "books")
                    .column("id", type: .bigint, .primaryKey)
                    .column("author_id", type: .bigint, .notNull, .references("authors", "id"))
                    .column("title", type: .text, .notNull)
                    .column("isbn", type: .text, .notNull, .unique)
                    .column("published_year", type: .bigint)
                    .column("copies", type: .bigint, .notNull)
                    .column("available", type: .bigint, .notNull)
                    .run()
                try await db.create(table: "members")
                    .column("id", type: .bigint, .primaryKey)
                    .column("name", type: .text, .notNull)
                    .column("email", type: .text, .notNull, .unique)
                    .column("token", type: .text, .notNull, .unique)
                    .column("created_at", type: .bigint, .notNull)
                    .run()
                try await db.create(table: "loans")
                    .column("id", type: .bigint, .primaryKey)
                    .column("book_id", type: .bigint, .notNull, .references("books", "id"))
                    .column("member_id", type: .bigint, .notNull, .references("members", "id"))
                    .column("borrowed_at", type: .bigint, .notNull)
                    .column("due_at", type: .bigint, .notNull)
                    .column("returned_at", type: .bigint)
                    .column("status", type: .text, .notNull)
                    .run()
            }
        ),
        (
            2, "index what lists and the sweeper filter on",
            { db in
                try await db.create(index: "books_by_author").on("books").column("author_id").run()
                try await db.create(index: "loans_by_member").on("loans").column("member_id").run()
                try await db.create(index: "loans_by_book").on("loans").column("book_id").run()
                try await db.create(index: "loans_by_status_due").on("loans").column("status").column("due_at").run()
            }
        ),
    ]

    /// Applies the steps not applied yet, each in its own transaction with its record.
    public func migrate() async throws {
        try await database.transaction(.service, logger: logger) { db in
            try await db.create(table: "schema_migrations").ifNotExists()
                .column("version", type: .bigint, .primaryKey(autoIncrement: false))
                .column("name", type: .text, .notNull)
                .run()
        }
        for step in Self.steps {
            let applied = try await database.transaction(.service, logger: logger) { db in
                let done = try await db.select().column("version").from("schema_migrations")
                    .where("version", .equal, step.version).first()
                if done != nil { return false }
                try await step.apply(db)
                try await db.insert(into: "schema_migrations").columns("version", "name")
                    .values(SQLBind(step.version), SQLBind(step.name)).run()
                return true
            }
            if applied { logger.info("schema migrated", metadata: ["version": "\(step.version)", "step": "\(step.name)"]) }
        }
    }

    /// Returns once the schema is up to date; throws what the migration threw, or `CancellationError`
    /// if the caller's task is cancelled first.
    public func completed() async throws {
        try await outcome.wait()
    }

    /// Migrates, reports the outcome to those waiting, then waits for graceful shutdown. A graceful
    /// shutdown before the schema is ready (the database still connecting) ends the wait instead, and
    /// the service returns without an error; a failed migration is thrown (the program logs it once).
    public func run() async throws {
        do {
            try await cancelWhenGracefulShutdown { try await self.migrate() }
            outcome.finish(.success(()))
        } catch {
            outcome.finish(.failure(error))
            if Task.isShuttingDownGracefully { return }
            throw error
        }
        try? await gracefulShutdown()
    }
}
