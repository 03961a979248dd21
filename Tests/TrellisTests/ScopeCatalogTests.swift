import Testing
import Trellis
import TrellisGraph

/// `DIScope` (what users write) and `MemberScope` (what the macro and the tool read) are separate
/// enums because `Trellis` must not depend on the model; this pins that they name the same scopes,
/// in the same order: one vocabulary from the attribute to the generator.
@Suite("Scope catalog")
struct ScopeCatalogTests {
    @Test("DIScope lists the model's MemberScope cases, in the same order")
    func sameCases() {
        #expect(DIScope.allCases.map { "\($0)" } == MemberScope.allCases.map(\.rawValue))
    }
}
