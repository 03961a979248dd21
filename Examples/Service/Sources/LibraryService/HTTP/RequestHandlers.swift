/// What the routes read from a request's container: one handler per resource.
public protocol RequestHandlers: Sendable {
    var authors: AuthorHandlers { get }
    var books: BookHandlers { get }
    var members: MemberHandlers { get }
    var loans: LoanHandlers { get }
    var health: HealthHandler { get }
}
