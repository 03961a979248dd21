import Hummingbird
import Logging

/// Finds the caller of a request from its `Authorization: Bearer <token>` header.
public final class Authenticator: Sendable {
    private let database: any Database
    private let memberRepository: any MemberRepository
    private let logger: Logger

    public init(database: any Database, memberRepository: any MemberRepository, logger: Logger) {
        self.database = database
        self.memberRepository = memberRepository
        self.logger = logger
    }

    /// Anonymous without the header; 401 for a malformed header or an unknown token.
    func caller(for request: Request) async throws -> Caller {
        guard let header = request.headers[.authorization] else { return .anonymous }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer", !parts[1].isEmpty else {
            throw APIError(.unauthorized, "invalid_token", "expected 'Authorization: Bearer <token>'")
        }
        let token = String(parts[1])
        let member = try await database.transaction(.request, logger: logger) { [memberRepository] db in
            try await memberRepository.find(token: token, on: db)
        }
        guard let member else { throw APIError(.unauthorized, "invalid_token", "the token is not a member's") }
        return .member(id: member.id)
    }
}
