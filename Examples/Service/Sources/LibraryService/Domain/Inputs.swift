import Foundation

/// What a client sends, checked before anything is written. Each `validated()` returns the clean
/// value or throws ``ValidationError`` naming every field that is wrong.

/// `POST /authors`, `PATCH /authors/{id}`.
public struct AuthorInput: Codable, Sendable {
    public var name: String?

    public init(name: String?) { self.name = name }

    func validatedName(required: Bool) throws(ValidationError) -> String? {
        var errors = ValidationError()
        let name = errors.text(self.name, field: "name", required: required, maximumLength: 200)
        try errors.throwIfAny()
        return name
    }
}

/// `POST /books`, `PATCH /books/{id}` (where `author_id` and `isbn` cannot change).
public struct BookInput: Codable, Sendable {
    public var authorID: Int?
    public var title: String?
    public var isbn: String?
    public var publishedYear: Int?
    public var copies: Int?

    enum CodingKeys: String, CodingKey {
        case title, isbn, copies
        case authorID = "author_id"
        case publishedYear = "published_year"
    }

    public init(authorID: Int?, title: String?, isbn: String?, publishedYear: Int? = nil, copies: Int? = nil) {
        self.authorID = authorID
        self.title = title
        self.isbn = isbn
        self.publishedYear = publishedYear
        self.copies = copies
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        authorID = try container.decodeWholeNumberIfPresent(forKey: .authorID)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        isbn = try container.decodeIfPresent(String.self, forKey: .isbn)
        publishedYear = try container.decodeWholeNumberIfPresent(forKey: .publishedYear)
        copies = try container.decodeWholeNumberIfPresent(forKey: .copies)
    }

    /// A new book: author, title and ISBN required; one copy unless told.
    func validatedNew() throws(ValidationError) -> NewBook {
        var errors = ValidationError()
        let title = errors.text(title, field: "title", required: true, maximumLength: 300)
        if authorID == nil { errors.fields["author_id"] = "is required" }
        let isbn = errors.isbn(isbn)
        errors.year(publishedYear)
        let copies = self.copies ?? 1
        if !(1...1000).contains(copies) { errors.fields["copies"] = "must be from 1 to 1000" }
        try errors.throwIfAny()
        return NewBook(authorID: authorID!, title: title!, isbn: isbn!, publishedYear: publishedYear, copies: copies)
    }

    /// Changes to a book: only title, year and copies.
    func validatedChanges() throws(ValidationError) -> BookChanges {
        var errors = ValidationError()
        if authorID != nil { errors.fields["author_id"] = "cannot be changed" }
        if isbn != nil { errors.fields["isbn"] = "cannot be changed" }
        let title = errors.text(title, field: "title", required: false, maximumLength: 300)
        errors.year(publishedYear)
        if let copies, !(1...1000).contains(copies) { errors.fields["copies"] = "must be from 1 to 1000" }
        try errors.throwIfAny()
        return BookChanges(title: title, publishedYear: publishedYear, copies: copies)
    }
}

/// A book to insert, validated.
public struct NewBook: Sendable, Equatable {
    public var authorID: Int
    public var title: String
    public var isbn: String
    public var publishedYear: Int?
    public var copies: Int
}

/// The fields of a book to change; `nil` leaves one as it is.
public struct BookChanges: Sendable, Equatable {
    public var title: String?
    public var publishedYear: Int?
    public var copies: Int?
}

/// `POST /members`.
public struct MemberInput: Codable, Sendable {
    public var name: String?
    public var email: String?

    public init(name: String?, email: String?) {
        self.name = name
        self.email = email
    }

    func validated() throws(ValidationError) -> (name: String, email: String) {
        var errors = ValidationError()
        let name = errors.text(name, field: "name", required: true, maximumLength: 200)
        let email = errors.text(email, field: "email", required: true, maximumLength: 254)?.lowercased()
        if let email, errors.fields["email"] == nil, !Self.isEmailAddress(email) {
            errors.fields["email"] = "is not an email address"
        }
        try errors.throwIfAny()
        return (name!, email!)
    }

    /// `local@domain.tld`: one `@`, no spaces or control characters anywhere, a domain of two or
    /// more non-empty labels.
    static func isEmailAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: { $0.isWhitespace || $0.isControl }) else {
            return false
        }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }
}

/// `POST /loans`.
public struct LoanInput: Codable, Sendable {
    public var bookID: Int?

    enum CodingKeys: String, CodingKey { case bookID = "book_id" }

    public init(bookID: Int?) { self.bookID = bookID }

    public init(from decoder: any Decoder) throws {
        bookID = try decoder.container(keyedBy: CodingKeys.self).decodeWholeNumberIfPresent(forKey: .bookID)
    }

    func validatedBookID() throws(ValidationError) -> Int {
        guard let bookID else { throw ValidationError(fields: ["book_id": "is required"]) }
        return bookID
    }
}

/// Fields a client got wrong, each with what is wrong with it: answered with 422.
public struct ValidationError: Error, Sendable, Equatable {
    public var fields: [String: String] = [:]

    mutating func text(_ value: String?, field: String, required: Bool, maximumLength: Int) -> String? {
        guard let value else {
            if required { fields[field] = "is required" }
            return nil
        }
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        // Neither database stores U+0000 (SQLite ends the text there, PostgreSQL refuses it), so
        // it is refused here, before either sees it.
        if trimmed.unicodeScalars.contains("\u{0}") {
            fields[field] = "must not contain NUL characters (U+0000)"
        } else if trimmed.isEmpty {
            fields[field] = "must not be empty"
        } else if trimmed.count > maximumLength {
            fields[field] = "must be at most \(maximumLength) characters"
        }
        return trimmed
    }

    /// An ISBN-10 or ISBN-13, hyphens and spaces allowed, stored as its digits.
    mutating func isbn(_ value: String?) -> String? {
        guard let value else {
            fields["isbn"] = "is required"
            return nil
        }
        let digits = value.filter { $0 != "-" && $0 != " " }.uppercased()
        let valid: Bool
        switch digits.count {
        case 10:
            valid = digits.dropLast().allSatisfy(\.isASCIIDigit) && (digits.last!.isASCIIDigit || digits.last == "X")
        case 13:
            valid = digits.allSatisfy(\.isASCIIDigit)
        default:
            valid = false
        }
        if !valid { fields["isbn"] = "must be an ISBN-10 or ISBN-13" }
        return digits
    }

    mutating func year(_ value: Int?) {
        if let value, !(0...3000).contains(value) { fields["published_year"] = "must be from 0 to 3000" }
    }

    func throwIfAny() throws(ValidationError) {
        if !fields.isEmpty { throw self }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
    fileprivate var isControl: Bool { unicodeScalars.contains { $0.properties.generalCategory == .control } }
}
