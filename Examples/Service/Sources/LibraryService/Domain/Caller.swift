/// Who is calling: a member (by their token) or nobody.
public enum Caller: Sendable, Equatable {
    case anonymous
    case member(id: Int)

    /// The member's id, or 401 for an anonymous caller.
    func requireMember() throws(APIError) -> Int {
        guard case .member(let id) = self else {
            throw APIError(.unauthorized, "missing_identity", "this request needs 'Authorization: Bearer <token>'")
        }
        return id
    }

    package var logValue: String {
        switch self {
        case .anonymous: return "anonymous"
        case .member(let id): return "member:\(id)"
        }
    }
}
