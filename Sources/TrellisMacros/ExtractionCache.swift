import SwiftSyntax
import TrellisSyntax

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The container `@DIContainer` extracted last, kept for its next role.
///
/// The compiler asks for the macro's peer, member and extension roles one after another, each with
/// the container's declaration; swift-syntax's plug-in handler parses that text once and hands every
/// request the same tree (as its `MacroSystem` does in the expansion tests). Extracting a 250-member
/// container costs about 0.1 s in a debug build of the plug-in, once per role; with this, once per
/// container. The extraction depends only on the declaration and the attribute, and the key is their
/// identity in the tree, so a hit returns exactly what extracting again would. The entry keeps its
/// tree alive, so no other tree can take its identity while it is cached.
///
/// Where no POSIX lock is at hand (Windows, WASI) every request extracts.
enum ExtractionCache {
    /// The extraction of `declaration` with its `@DIContainer` attribute `attribute`.
    static func extraction(of declaration: some DeclGroupSyntax, attribute: AttributeSyntax) -> ContainerExtraction {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
            let key = Key(declaration: Syntax(declaration), attribute: Syntax(attribute))
            if let hit = storage.withLock({ $0.flatMap { $0.key.identifies(key) ? $0.extraction : nil } }) {
                return hit
            }
            let extraction = ContainerExtractor.extract(declaration, attribute: attribute)
            storage.withLock { $0 = (key, extraction) }
            return extraction
        #else
            return ContainerExtractor.extract(declaration, attribute: attribute)
        #endif
    }

    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
        /// The nodes an extraction was made from; holding them holds their trees.
        private struct Key {
            let declaration: Syntax
            let attribute: Syntax

            func identifies(_ other: Key) -> Bool {
                declaration.id == other.declaration.id && attribute.id == other.attribute.id
            }
        }

        private static let storage = LockedEntry()

        /// One entry behind a mutex: expansions may run on several threads at once (the tests do).
        private final class LockedEntry: @unchecked Sendable {
            // Safe: `entry` is read and written only inside `withLock`, under `mutex`, which is
            // allocated once, never moved and never destroyed (the object lives as long as the
            // process).
            private var entry: (key: Key, extraction: ContainerExtraction)?
            private let mutex: UnsafeMutablePointer<pthread_mutex_t>

            init() {
                mutex = .allocate(capacity: 1)
                pthread_mutex_init(mutex, nil)
            }

            func withLock<Result>(_ body: (inout (key: Key, extraction: ContainerExtraction)?) -> Result) -> Result {
                pthread_mutex_lock(mutex)
                defer { pthread_mutex_unlock(mutex) }
                return body(&entry)
            }
        }
    #endif
}
