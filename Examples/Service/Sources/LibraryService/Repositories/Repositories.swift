import SQLKit

/// Authors in the database. Every method runs on the `db` it is given: the request's transaction.
public protocol AuthorRepository: Sendable {
    func create(name: String, at time: Int64, on db: any SQLDatabase) async throws -> Author
    func find(_ id: Int, on db: any SQLDatabase) async throws -> Author?
    func list(_ page: PageRequest, on db: any SQLDatabase) async throws -> Page<Author>
    /// The renamed author, or `nil` if there is none with that id.
    func rename(_ id: Int, to name: String, on db: any SQLDatabase) async throws -> Author?
    /// Whether there was an author with that id (an author with books cannot be deleted: check first).
    func delete(_ id: Int, on db: any SQLDatabase) async throws -> Bool
}

/// Books in the database.
public protocol BookRepository: Sendable {
    func create(_ book: NewBook, on db: any SQLDatabase) async throws -> Book
    func find(_ id: Int, on db: any SQLDatabase) async throws -> Book?
    func list(authorID: Int?, _ page: PageRequest, on db: any SQLDatabase) async throws -> Page<Book>
    func exists(isbn: String, on db: any SQLDatabase) async throws -> Bool
    func hasBooks(authorID: Int, on db: any SQLDatabase) async throws -> Bool
    /// Applies `changes` to `book`, as read in the same transaction; `copies` moves `available` by
    /// the same amount. `nil` if fewer copies than are on loan were asked for.
    func update(_ book: Book, with changes: BookChanges, on db: any SQLDatabase) async throws -> Book?
    func delete(_ id: Int, on db: any SQLDatabase) async throws -> Bool
    /// Takes one copy off the shelf; `false` if none is available.
    func takeCopy(of id: Int, on db: any SQLDatabase) async throws -> Bool
    /// Puts one copy back on the shelf.
    func returnCopy(of id: Int, on db: any SQLDatabase) async throws
}

/// Members and their tokens.
public protocol MemberRepository: Sendable {
    func create(name: String, email: String, token: String, at time: Int64, on db: any SQLDatabase) async throws -> Member
    func find(_ id: Int, on db: any SQLDatabase) async throws -> Member?
    func find(token: String, on db: any SQLDatabase) async throws -> Member?
    func exists(email: String, on db: any SQLDatabase) async throws -> Bool
}

/// Loans, and the sweep that marks late ones overdue.
public protocol LoanRepository: Sendable {
    func create(bookID: Int, memberID: Int, at time: Int64, due: Int64, on db: any SQLDatabase) async throws -> Loan
    func find(_ id: Int, on db: any SQLDatabase) async throws -> Loan?
    func list(memberID: Int, _ page: PageRequest, on db: any SQLDatabase) async throws -> Page<Loan>
    func hasLoans(bookID: Int, on db: any SQLDatabase) async throws -> Bool
    /// Ends a loan that has not ended; `nil` if it had.
    func markReturned(_ id: Int, at time: Int64, on db: any SQLDatabase) async throws -> Loan?
    /// Marks active loans due before `time` overdue; returns how many.
    func markOverdue(before time: Int64, on db: any SQLDatabase) async throws -> Int
}

/// ``AuthorRepository`` in SQL.
public struct SQLAuthorRepository: AuthorRepository {
    public init() {}

    public func create(name: String, at time: Int64, on db: any SQLDatabase) async throws -> Author {
        let id = try await db.insert(into: "authors").columns("name", "created_at")
            .values(SQLBind(name), SQLBind(time)).returning("id").first(decodingColumn: "id", as: Int.self)
        guard let id else { throw DatabaseError.unavailable("the insert returned no id") }
        return Author(id: id, name: name, createdAt: time)
    }

    public func find(_ id: Int, on db: any SQLDatabase) async throws -> Author? {
        try await db.select().columns(Author.columns).from("authors").where("id", .equal, id).first().map(Author.init(row:))
    }

    public func list(_ page: PageRequest, on db: any SQLDatabase) async throws -> Page<Author> {
        let rows = try await db.select().columns(Author.columns).from("authors").page(page).all()
        return Page(rows: try rows.map(Author.init(row:)), limit: page.limit, id: \.id)
    }

    public func rename(_ id: Int, to name: String, on db: any SQLDatabase) async throws -> Author? {
        try await db.update("authors").set("name", to: name).where("id", .equal, id)
            .returning(Author.columns.map { SQLColumn($0) }).first().map(Author.init(row:))
    }

    public func delete(_ id: Int, on db: any SQLDatabase) async throws -> Bool {
        try await db.delete(from: "authors").where("id", .equal, id).returning("id").first() != nil
    }
}

/// ``BookRepository`` in SQL.
public struct SQLBookRepository: BookRepository {
    public init() {}

    public func create(_ book: NewBook, on db: any SQLDatabase) async throws -> Book {
        let id = try await db.insert(into: "books")
            .columns("author_id", "title", "isbn", "published_year", "copies", "available")
            .values(
                SQLBind(book.authorID), SQLBind(book.title), SQLBind(book.isbn), SQLBind(book.publishedYear),
                SQLBind(book.copies), SQLBind(book.copies)
            )
            .returning("id").first(decodingColumn: "id", as: Int.self)
        guard let id else { throw DatabaseError.unavailable("the insert returned no id") }
        return Book(
            id: id, authorID: book.authorID, title: book.title, isbn: book.isbn, publishedYear: book.publishedYear,
            copies: book.copies, available: book.copies)
    }

    public func find(_ id: Int, on db: any SQLDatabase) async throws -> Book? {
        try await db.select().columns(Book.columns).from("books").where("id", .equal, id).first().map(Book.init(row:))
    }

    public func list(authorID: Int?, _ page: PageRequest, on db: any SQLDatabase) async throws -> Page<Book> {
        var query = db.select().columns(Book.columns).from("books")
        if let authorID { query = query.where("author_id", .equal, authorID) }
        let rows = try await query.page(page).all()
        return Page(rows: try rows.map(Book.init(row:)), limit: page.limit, id: \.id)
    }

    public func exists(isbn: String, on db: any SQLDatabase) async throws -> Bool {
        try await db.select().column("id").from("books").where("isbn", .equal, isbn).first() != nil
    }

    public func hasBooks(authorID: Int, on db: any SQLDatabase) async throws -> Bool {
        try await db.select().column("id").from("books").where("author_id", .equal, authorID).limit(1).first() != nil
    }

    public func update(_ current: Book, with changes: BookChanges, on db: any SQLDatabase) async throws -> Book? {
        var book = current
        if let title = changes.title { book.title = title }
        if let year = changes.publishedYear { book.publishedYear = year }
        if let copies = changes.copies {
            book.available += copies - book.copies
            book.copies = copies
            if book.available < 0 { return nil }
        }
        // The copies on loan cannot change between the read and this write: the request holds the
        // transaction, and the guard on `available` keeps a concurrent loan from being counted twice.
        let updated = try await db.update("books")
            .set("title", to: book.title).set("published_year", to: book.publishedYear)
            .set("copies", to: book.copies).set("available", to: book.available)
            .where("id", .equal, current.id).where("available", .equal, current.available)
            .returning("id").first()
        return updated == nil ? nil : book
    }

    public func delete(_ id: Int, on db: any SQLDatabase) async throws -> Bool {
        try await db.delete(from: "books").where("id", .equal, id).returning("id").first() != nil
    }

    public func takeCopy(of id: Int, on db: any SQLDatabase) async throws -> Bool {
        try await db.raw("UPDATE books SET available = available - 1 WHERE id = \(bind: id) AND available > 0 RETURNING id")
            .first() != nil
    }

    public func returnCopy(of id: Int, on db: any SQLDatabase) async throws {
        try await db.raw("UPDATE books SET available = available + 1 WHERE id = \(bind: id)").run()
    }
}

/// ``MemberRepository`` in SQL.
public struct SQLMemberRepository: MemberRepository {
    public init() {}

    public func create(name: String, email: String, token: String, at time: Int64, on db: any SQLDatabase)
        async throws -> Member
    {
        let id = try await db.insert(into: "members").columns("name", "email", "token", "created_at")
            .values(SQLBind(name), SQLBind(email), SQLBind(token), SQLBind(time))
            .returning("id").first(decodingColumn: "id", as: Int.self)
        guard let id else { throw DatabaseError.unavailable("the insert returned no id") }
        return Member(id: id, name: name, email: email, createdAt: time)
    }

    public func find(_ id: Int, on db: any SQLDatabase) async throws -> Member? {
        try await db.select().columns(Member.columns).from("members").where("id", .equal, id).first()
            .map(Member.init(row:))
    }

    public func find(token: String, on db: any SQLDatabase) async throws -> Member? {
        try await db.select().columns(Member.columns).from("members").where("token", .equal, token).first()
            .map(Member.init(row:))
    }

    public func exists(email: String, on db: any SQLDatabase) async throws -> Bool {
        try await db.select().column("id").from("members").where("email", .equal, email).first() != nil
    }
}

/// ``LoanRepository`` in SQL.
public struct SQLLoanRepository: LoanRepository {
    public init() {}

    public func create(bookID: Int, memberID: Int, at time: Int64, due: Int64, on db: any SQLDatabase)
        async throws -> Loan
    {
        let id = try await db.insert(into: "loans")
            .columns("book_id", "member_id", "borrowed_at", "due_at", "status")
            .values(SQLBind(bookID), SQLBind(memberID), SQLBind(time), SQLBind(due), SQLBind(LoanStatus.active.rawValue))
            .returning("id").first(decodingColumn: "id", as: Int.self)
        guard let id else { throw DatabaseError.unavailable("the insert returned no id") }
        return Loan(id: id, bookID: bookID, memberID: memberID, borrowedAt: time, dueAt: due, returnedAt: nil, status: .active)
    }

    public func find(_ id: Int, on db: any SQLDatabase) async throws -> Loan? {
        try await db.select().columns(Loan.columns).from("loans").where("id", .equal, id).first().map(Loan.init(row:))
    }

    public func list(memberID: Int, _ page: PageRequest, on db: any SQLDatabase) async throws -> Page<Loan> {
        let rows = try await db.select().columns(Loan.columns).from("loans").where("member_id", .equal, memberID)
            .page(page).all()
        return Page(rows: try rows.map(Loan.init(row:)), limit: page.limit, id: \.id)
    }

    public func hasLoans(bookID: Int, on db: any SQLDatabase) async throws -> Bool {
        try await db.select().column("id").from("loans").where("book_id", .equal, bookID).limit(1).first() != nil
    }

    public func markReturned(_ id: Int, at time: Int64, on db: any SQLDatabase) async throws -> Loan? {
        try await db.update("loans").set("returned_at", to: time).set("status", to: LoanStatus.returned.rawValue)
            .where("id", .equal, id).where("returned_at", .is, SQLLiteral.null)
            .returning(Loan.columns.map { SQLColumn($0) }).first().map(Loan.init(row:))
    }

    public func markOverdue(before time: Int64, on db: any SQLDatabase) async throws -> Int {
        try await db.update("loans").set("status", to: LoanStatus.overdue.rawValue)
            .where("status", .equal, LoanStatus.active.rawValue).where("due_at", .lessThan, time)
            .returning("id").all().count
    }
}
