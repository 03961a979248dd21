/// A writer of books.
public struct Author: Codable, Sendable, Equatable {
    public var id: Int
    public var name: String
    /// Seconds since 1970.
    public var createdAt: Int64

    enum CodingKeys: String, CodingKey {
        case id, name
        case createdAt = "created_at"
    }
}

/// A title the library holds, in `copies` copies, `available` of them on the shelf.
public struct Book: Codable, Sendable, Equatable {
    public var id: Int
    public var authorID: Int
    public var title: String
    public var isbn: String
    public var publishedYear: Int?
    public var copies: Int
    public var available: Int

    enum CodingKeys: String, CodingKey {
        case id, title, isbn, copies, available
        case authorID = "author_id"
        case publishedYear = "published_year"
    }
}

/// Someone who borrows books. Their token (shown once, when they register) is their identity.
public struct Member: Codable, Sendable, Equatable {
    public var id: Int
    public var name: String
    public var email: String
    public var createdAt: Int64

    enum CodingKeys: String, CodingKey {
        case id, name, email
        case createdAt = "created_at"
    }
}

/// A member's registration, the one response that carries their token.
public struct Registration: Codable, Sendable, Equatable {
    public var member: Member
    public var token: String
}

/// Where a loan stands.
public enum LoanStatus: String, Codable, Sendable {
    case active, overdue, returned
}

/// One copy of a book, lent to a member.
public struct Loan: Codable, Sendable, Equatable {
    public var id: Int
    public var bookID: Int
    public var memberID: Int
    public var borrowedAt: Int64
    public var dueAt: Int64
    public var returnedAt: Int64?
    public var status: LoanStatus

    enum CodingKeys: String, CodingKey {
        case id, status
        case bookID = "book_id"
        case memberID = "member_id"
        case borrowedAt = "borrowed_at"
        case dueAt = "due_at"
        case returnedAt = "returned_at"
    }
}

/// One page of a list, ordered by id. `next` is the `after` of the following page, `nil` on the last.
public struct Page<Item: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    public var items: [Item]
    public var next: Int?

    enum CodingKeys: String, CodingKey { case items, next }

    /// `next` is always present: `null` on the last page.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(next, forKey: .next)
    }

    /// The page from `rows`, fetched with one row more than `limit` to tell whether another follows.
    init(rows: [Item], limit: Int, id: (Item) -> Int) {
        items = Array(rows.prefix(limit))
        next = rows.count > limit ? items.last.map(id) : nil
    }
}

/// Which page of a list: items with an id greater than `after`, at most `limit` of them.
public struct PageRequest: Sendable, Equatable {
    public static let defaultLimit = 20
    public static let maximumLimit = 100
    public var after: Int
    public var limit: Int

    public init(after: Int = 0, limit: Int = PageRequest.defaultLimit) {
        self.after = after
        self.limit = limit
    }
}
