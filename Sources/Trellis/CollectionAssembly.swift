/// Builds a dictionary collection from its contributions when some of them contribute many
/// entries (`elementsInto:`), whose keys only exist at run time.
///
/// You do not use this type directly: `@DIContainer` generates its uses. A collection whose
/// contributions each write their key is a dictionary literal instead, and a key written twice is a
/// compile-time error.
public enum CollectionAssembly {
    /// The entries of every contribution, in order. Two contributions of one key stop the program
    /// with a message naming the collection, the key and both contributors.
    @inlinable
    public static func dictionary<Key: Hashable, Value>(
        _ collection: StaticString, _ contributions: [(contributor: StaticString, entries: [Key: Value])]
    ) -> [Key: Value] {
        var result: [Key: Value] = [:]
        var contributors: [Key: StaticString] = [:]
        for contribution in contributions {
            for (key, value) in contribution.entries {
                if let earlier = contributors.updateValue(contribution.contributor, forKey: key) {
                    duplicate(key, of: collection, by: contribution.contributor, and: earlier)
                }
                result[key] = value
            }
        }
        return result
    }

    @usableFromInline
    static func duplicate<Key>(_ key: Key, of collection: StaticString, by contributor: StaticString, and earlier: StaticString)
        -> Never
    {
        preconditionFailure(
            "Trellis: '\(contributor)' and '\(earlier)' both contribute to '\(collection)' under the key \(key); give each its own key"
        )
    }
}
