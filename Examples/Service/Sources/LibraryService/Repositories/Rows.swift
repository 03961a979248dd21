import SQLKit

// Rows to models, column by column: the same on SQLite and PostgreSQL.

extension Author {
    static let columns = ["id", "name", "created_at"]

    init(row: any SQLRow) throws {
        self.init(
            id: try row.decode(column: "id", as: Int.self), name: try row.decode(column: "name", as: String.self),
            createdAt: try row.decode(column: "created_at", as: Int64.self))
    }
}

extension Book {
    static let columns = ["id", "author_id", "title", "isbn", "published_year", "copies", "available"]

    init(row: any SQLRow) throws {
        self.init(
            id: try row.decode(column: "id", as: Int.self), authorID: try row.decode(column: "author_id", as: Int.self),
            title: try row.decode(column: "title", as: String.self), isbn: try row.decode(column: "isbn", as: String.self),
            publishedYear: try row.decode(column: "published_year", as: Int?.self),
            copies: try row.decode(column: "copies", as: Int.self),
            available: try row.decode(column: "available", as: Int.self))
    }
}

extension Member {
    static let columns = ["id", "name", "email", "created_at"]

    init(row: any SQLRow) throws {
        self.init(
            id: try row.decode(column: "id", as: Int.self), name: try row.decode(column: "name", as: String.self),
            email: try row.decode(column: "email", as: String.self),
            createdAt: try row.decode(column: "created_at", as: Int64.self))
    }
}

extension Loan {
    static let columns = ["id", "book_id", "member_id", "borrowed_at", "due_at", "returned_at", "status"]

    init(row: any SQLRow) throws {
        let status = try row.decode(column: "status", as: String.self)
        guard let loanStatus = LoanStatus(rawValue: status) else {
            throw DatabaseError.unavailable("unknown loan status '\(status)' in row")
        }
        self.init(
            id: try row.decode(column: "id", as: Int.self), bookID: try row.decode(column: "book_id", as: Int.self),
            memberID: try row.decode(column: "member_id", as: Int.self),
            borrowedAt: try row.decode(column: "borrowed_at", as: Int64.self),
            dueAt: try row.decode(column: "due_at", as: Int64.self),
            returnedAt: try row.decode(column: "returned_at", as: Int64?.self), status: loanStatus)
    }
}

extension SQLSelectBuilder {
    /// The page `page` of what the builder selects, ordered by `id`.
    func page(_ page: PageRequest) -> Self {
        self.where("id", .greaterThan, page.after).orderBy("id").limit(page.limit + 1)
    }
}
