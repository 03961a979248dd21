/// Gathers a dictionary collection whose contributions include whole dictionaries
/// (`elementsInto:`), whose keys are known only at run time: each key remembers its contributor, so
/// that a key contributed twice stops the program naming the collection, the key and both
/// contributors.
///
/// You do not use this type directly: `@DIContainer` generates its uses. A collection whose
/// contributions each write their key is gathered in a plain dictionary instead, and a key written
/// twice is a compile-time error.
public struct DictionaryAssembly<Key: Hashable, Value> {
    @usableFromInline var gathered: [Key: Value] = [:]
    @usableFromInline var contributors: [Key: StaticString] = [:]
    @usableFromInline let collection: StaticString

    /// An empty assembly of `collection`, a dictionary of type `type`.
    @inlinable
    public init(_ collection: StaticString, as type: [Key: Value].Type) {
        self.collection = collection
    }

    /// Adds `contributor`'s entry.
    @inlinable
    public mutating func add(_ key: Key, _ value: Value, by contributor: StaticString) {
        if let earlier = contributors.updateValue(contributor, forKey: key) {
            CollectionAssembly.duplicate(key, of: collection, by: contributor, and: earlier)
        }
        gathered[key] = value
    }

    /// The entries gathered so far.
    @inlinable
    public var entries: [Key: Value] { gathered }

    /// Adds every entry of `contributor`'s dictionary.
    @inlinable
    public mutating func add(contentsOf contributed: [Key: Value], by contributor: StaticString) {
        for (key, value) in contributed { add(key, value, by: contributor) }
    }
}

/// What the generated code of collections calls on failure.
///
/// You do not use this type directly: `@DIContainer` generates its uses.
public enum CollectionAssembly {
    /// Stops the program: `key` of `collection` was contributed by `contributor` and by `earlier`.
    @usableFromInline
    static func duplicate<Key>(_ key: Key, of collection: StaticString, by contributor: StaticString, and earlier: StaticString)
        -> Never
    {
        preconditionFailure(
            "Trellis: '\(contributor)' and '\(earlier)' both contribute to '\(collection)' under the key \(key); give each its own key"
        )
    }
}
