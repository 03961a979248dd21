import Hummingbird
import SQLKit

extension Author: ResponseEncodable {}
extension Book: ResponseEncodable {}
extension Member: ResponseEncodable {}
extension Registration: ResponseEncodable {}
extension Loan: ResponseEncodable {}
extension Page: ResponseEncodable {}

// The routes' handlers. Each is built by the request's container with what it needs (the request's
// unit of work and caller, the application's repositories and clock) and nothing else: no globals,
// no lookups by type.

/// `/authors`.
public struct AuthorHandlers: Sendable {
    let unitOfWork: UnitOfWork
    let authorRepository: any AuthorRepository
    let bookRepository: any BookRepository
    let caller: Caller
    let clock: any WallClock

    public init(
        unitOfWork: UnitOfWork, authorRepository: any AuthorRepository, bookRepository: any BookRepository,
        caller: Caller, clock: any WallClock
    ) {
        self.unitOfWork = unitOfWork
        self.authorRepository = authorRepository
        self.bookRepository = bookRepository
        self.caller = caller
        self.clock = clock
    }

    func create(_ request: Request, context: AppRequestContext) async throws -> EditedResponse<Author> {
        _ = try caller.requireMember()
        let name = try await request.input(AuthorInput.self, context: context).validatedName(required: true)!
        let now = clock.now()
        let author = try await unitOfWork.run { [authorRepository] db in
            try await authorRepository.create(name: name, at: now, on: db)
        }
        return EditedResponse(status: .created, headers: [.location: "/authors/\(author.id)"], response: author)
    }

    func show(_ request: Request, context: AppRequestContext) async throws -> Author {
        let id = try context.id(of: "author")
        guard let author = try await unitOfWork.run({ [authorRepository] db in try await authorRepository.find(id, on: db) })
        else { throw APIError.notFound("author", id) }
        return author
    }

    func list(_ request: Request, context: AppRequestContext) async throws -> Page<Author> {
        let page = try request.pageRequest()
        return try await unitOfWork.run { [authorRepository] db in try await authorRepository.list(page, on: db) }
    }

    func update(_ request: Request, context: AppRequestContext) async throws -> Author {
        _ = try caller.requireMember()
        let id = try context.id(of: "author")
        let name = try await request.input(AuthorInput.self, context: context).validatedName(required: true)!
        guard
            let author = try await unitOfWork.run({ [authorRepository] db in
                try await authorRepository.rename(id, to: name, on: db)
            })
        else { throw APIError.notFound("author", id) }
        return author
    }

    func delete(_ request: Request, context: AppRequestContext) async throws -> HTTPResponse.Status {
        _ = try caller.requireMember()
        let id = try context.id(of: "author")
        try await unitOfWork.run { [authorRepository, bookRepository] db in
            // Books exist only for an author that exists, so this comes first, and the delete tells
            // whether there was one.
            if try await bookRepository.hasBooks(authorID: id, on: db) {
                throw APIError.conflict("author \(id) has books; delete them first")
            }
            guard try await authorRepository.delete(id, on: db) else { throw APIError.notFound("author", id) }
        }
        return .noContent
    }
}

/// `/books`.
public struct BookHandlers: Sendable {
    let unitOfWork: UnitOfWork
    let bookRepository: any BookRepository
    let authorRepository: any AuthorRepository
    let loanRepository: any LoanRepository
    let caller: Caller

    public init(
        unitOfWork: UnitOfWork, bookRepository: any BookRepository, authorRepository: any AuthorRepository,
        loanRepository: any LoanRepository, caller: Caller
    ) {
        self.unitOfWork = unitOfWork
        self.bookRepository = bookRepository
        self.authorRepository = authorRepository
        self.loanRepository = loanRepository
        self.caller = caller
    }

    func create(_ request: Request, context: AppRequestContext) async throws -> EditedResponse<Book> {
        _ = try caller.requireMember()
        let new = try await request.input(BookInput.self, context: context).validatedNew()
        let book = try await unitOfWork.run { [bookRepository, authorRepository] db in
            guard try await authorRepository.find(new.authorID, on: db) != nil else {
                throw ValidationError(fields: ["author_id": "no author with id \(new.authorID)"])
            }
            if try await bookRepository.exists(isbn: new.isbn, on: db) {
                throw APIError.conflict("a book with ISBN \(new.isbn) exists")
            }
            return try await bookRepository.create(new, on: db)
        }
        return EditedResponse(status: .created, headers: [.location: "/books/\(book.id)"], response: book)
    }

    func show(_ request: Request, context: AppRequestContext) async throws -> Book {
        let id = try context.id(of: "book")
        guard let book = try await unitOfWork.run({ [bookRepository] db in try await bookRepository.find(id, on: db) })
        else { throw APIError.notFound("book", id) }
        return book
    }

    func list(_ request: Request, context: AppRequestContext) async throws -> Page<Book> {
        let page = try request.pageRequest()
        let authorID = try request.uri.queryParameters.get("author_id").map { text throws(ValidationError) in
            guard let id = Int(text) else { throw ValidationError(fields: ["author_id": "must be an id"]) }
            return id
        }
        return try await unitOfWork.run { [bookRepository] db in try await bookRepository.list(authorID: authorID, page, on: db) }
    }

    func update(_ request: Request, context: AppRequestContext) async throws -> Book {
        _ = try caller.requireMember()
        let id = try context.id(of: "book")
        let changes = try await request.input(BookInput.self, context: context).validatedChanges()
        return try await unitOfWork.run { [bookRepository] db in
            guard let current = try await bookRepository.find(id, on: db) else { throw APIError.notFound("book", id) }
            guard let book = try await bookRepository.update(current, with: changes, on: db) else {
                throw APIError.conflict("\(current.copies - current.available) copies of book \(id) are on loan")
            }
            return book
        }
    }

    func delete(_ request: Request, context: AppRequestContext) async throws -> HTTPResponse.Status {
        _ = try caller.requireMember()
        let id = try context.id(of: "book")
        try await unitOfWork.run { [bookRepository, loanRepository] db in
            // Loans exist only for a book that exists; the delete tells whether there was one.
            if try await loanRepository.hasLoans(bookID: id, on: db) {
                throw APIError.conflict("book \(id) has loans; its history stays (set 'copies' instead)")
            }
            guard try await bookRepository.delete(id, on: db) else { throw APIError.notFound("book", id) }
        }
        return .noContent
    }
}

/// `/members`.
public struct MemberHandlers: Sendable {
    let unitOfWork: UnitOfWork
    let memberRepository: any MemberRepository
    let caller: Caller
    let clock: any WallClock

    public init(unitOfWork: UnitOfWork, memberRepository: any MemberRepository, caller: Caller, clock: any WallClock) {
        self.unitOfWork = unitOfWork
        self.memberRepository = memberRepository
        self.caller = caller
        self.clock = clock
    }

    /// Anyone may register; the response carries the token, once.
    func register(_ request: Request, context: AppRequestContext) async throws -> EditedResponse<Registration> {
        let (name, email) = try await request.input(MemberInput.self, context: context).validated()
        let token = Self.newToken()
        let now = clock.now()
        let member = try await unitOfWork.run { [memberRepository] db in
            if try await memberRepository.exists(email: email, on: db) {
                throw APIError.conflict("a member with email \(email) exists")
            }
            return try await memberRepository.create(name: name, email: email, token: token, at: now, on: db)
        }
        return EditedResponse(
            status: .created, headers: [.location: "/members/\(member.id)"],
            response: Registration(member: member, token: token))
    }

    func me(_ request: Request, context: AppRequestContext) async throws -> Member {
        let id = try caller.requireMember()
        guard let member = try await unitOfWork.run({ [memberRepository] db in try await memberRepository.find(id, on: db) })
        else { throw APIError.notFound("member", id) }
        return member
    }

    /// 32 random hex digits.
    static func newToken() -> String { randomHex(words: 2) }
}

/// `/loans`: the caller's own.
public struct LoanHandlers: Sendable {
    let unitOfWork: UnitOfWork
    let loanRepository: any LoanRepository
    let bookRepository: any BookRepository
    let caller: Caller
    let clock: any WallClock
    let loanPeriodSeconds: Int64

    public init(
        unitOfWork: UnitOfWork, loanRepository: any LoanRepository, bookRepository: any BookRepository, caller: Caller,
        clock: any WallClock, loanPeriodSeconds: Int64
    ) {
        self.unitOfWork = unitOfWork
        self.loanRepository = loanRepository
        self.bookRepository = bookRepository
        self.caller = caller
        self.clock = clock
        self.loanPeriodSeconds = loanPeriodSeconds
    }

    /// Takes a copy off the shelf and records the loan, both or neither.
    func create(_ request: Request, context: AppRequestContext) async throws -> EditedResponse<Loan> {
        let memberID = try caller.requireMember()
        let bookID = try await request.input(LoanInput.self, context: context).validatedBookID()
        let now = clock.now()
        let due = now + loanPeriodSeconds
        let loan = try await unitOfWork.run { [bookRepository, loanRepository] db in
            guard try await bookRepository.find(bookID, on: db) != nil else {
                throw ValidationError(fields: ["book_id": "no book with id \(bookID)"])
            }
            guard try await bookRepository.takeCopy(of: bookID, on: db) else {
                throw APIError.conflict("no copy of book \(bookID) is available")
            }
            return try await loanRepository.create(bookID: bookID, memberID: memberID, at: now, due: due, on: db)
        }
        return EditedResponse(status: .created, headers: [.location: "/loans/\(loan.id)"], response: loan)
    }

    func list(_ request: Request, context: AppRequestContext) async throws -> Page<Loan> {
        let memberID = try caller.requireMember()
        let page = try request.pageRequest()
        return try await unitOfWork.run { [loanRepository] db in try await loanRepository.list(memberID: memberID, page, on: db) }
    }

    func show(_ request: Request, context: AppRequestContext) async throws -> Loan {
        let memberID = try caller.requireMember()
        let id = try context.id(of: "loan")
        let loan = try await unitOfWork.run { [loanRepository] db in try await loanRepository.find(id, on: db) }
        // Another member's loan is as absent as a missing one.
        guard let loan, loan.memberID == memberID else { throw APIError.notFound("loan", id) }
        return loan
    }

    /// Ends the loan and puts the copy back, both or neither.
    func giveBack(_ request: Request, context: AppRequestContext) async throws -> Loan {
        let memberID = try caller.requireMember()
        let id = try context.id(of: "loan")
        let now = clock.now()
        return try await unitOfWork.run { [bookRepository, loanRepository] db in
            guard let loan = try await loanRepository.find(id, on: db), loan.memberID == memberID else {
                throw APIError.notFound("loan", id)
            }
            guard let returned = try await loanRepository.markReturned(id, at: now, on: db) else {
                throw APIError.conflict("loan \(id) was returned already")
            }
            try await bookRepository.returnCopy(of: loan.bookID, on: db)
            return returned
        }
    }
}

/// `/health`: 200 once the service can serve (the schema is migrated and the database answers).
public struct HealthHandler: Sendable {
    let unitOfWork: UnitOfWork
    let database: any Database

    public init(unitOfWork: UnitOfWork, database: any Database) {
        self.unitOfWork = unitOfWork
        self.database = database
    }

    struct Status: ResponseEncodable {
        var status: String
        var database: String
    }

    func check(_ request: Request, context: AppRequestContext) async throws -> Status {
        try await unitOfWork.run { db in try await db.raw("SELECT 1").run() }
        return Status(status: "ok", database: database.kind)
    }
}
