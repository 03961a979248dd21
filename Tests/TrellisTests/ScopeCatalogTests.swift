import Testing
import Trellis
import TrellisGraph

/// `DIScope` (what users write) and `MemberScope` (what the macro and the tool read) are separate
/// enums because `Trellis` must not depend on the model; this pins that they name the same scopes.
/// `.collection` is the one more: the model describes a collection as a member built on every read
/// (`.transient`) with a `CollectionDeclaration`.
@Suite("Scope catalog")
struct ScopeCatalogTests {
    @Test("DIScope lists the model's MemberScope cases in the same order, then .collection")
    func sameCases() {
        #expect(DIScope.allCases.map { "\($0)" } == MemberScope.allCases.map(\.rawValue) + ["collection"])
    }
}
