import Testing
import Trellis
import TrellisGraph

/// `DIScope` (what users write) and `MemberScope` (what the macro and the tool read) are separate
/// enums because `Trellis` must not depend on the model; this pins that they name the same scopes.
@Suite("Scope catalog")
struct ScopeCatalogTests {
    @Test("DIScope and the model's MemberScope list the same cases in the same order")
    func sameCases() {
        #expect(DIScope.allCases.map { "\($0)" } == MemberScope.allCases.map(\.rawValue))
    }
}
