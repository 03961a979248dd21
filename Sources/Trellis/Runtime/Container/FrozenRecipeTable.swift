/// The registrations of a built ``RuntimeContainer``: an immutable open-addressing hash table from
/// a registration's type and name to its recipe.
///
/// A lookup takes no lock and no `Hasher`: the metatype's address, mixed by one multiplication
/// (Fibonacci hashing), picks the first slot, and linear probing finds the entry; the table is at
/// most half full. Types are compared first, so a name is only compared for a type that matches.
@usableFromInline
final class FrozenRecipeTable: @unchecked Sendable {
    /// The metatype address of each slot; 0 marks an empty slot (no metatype lives at address 0).
    @usableFromInline let types: UnsafeMutableBufferPointer<UInt>
    /// The registration name of each slot (`nil` for an unnamed registration or an empty slot).
    @usableFromInline let names: UnsafeMutableBufferPointer<String?>
    /// The recipe of each slot (`nil` for an empty slot), unretained: `entries` keeps them alive,
    /// so a lookup returns one without reference counting.
    @usableFromInline let recipes: UnsafeMutableBufferPointer<Unmanaged<AnyRecipe>?>
    /// `64 - log2(capacity)`: the multiplied address shifted right by it is a slot index.
    @usableFromInline let shift: UInt
    /// Every registration, for messages (the keys) and for nothing on the hot path.
    let entries: [InstanceKey: AnyRecipe]

    // Safe as `@unchecked Sendable`: the buffers are written only in `init` and never again; the
    // recipes are `Sendable`.

    init(_ entries: [InstanceKey: AnyRecipe]) {
        self.entries = entries
        var capacity = 8
        while capacity < entries.count * 2 { capacity *= 2 }
        shift = UInt(UInt.bitWidth - capacity.trailingZeroBitCount)
        types = .allocate(capacity: capacity)
        types.initialize(repeating: 0)
        names = .allocate(capacity: capacity)
        names.initialize(repeating: nil)
        recipes = .allocate(capacity: capacity)
        recipes.initialize(repeating: nil)
        for (key, recipe) in entries {
            let type = UInt(bitPattern: key.typeIdentifier)
            var index = Self.firstSlot(of: type, shift: shift)
            while types[index] != 0 { index = (index + 1) & (capacity - 1) }
            types[index] = type
            names[index] = key.name
            recipes[index] = Unmanaged.passUnretained(recipe)
        }
    }

    deinit {
        types.deallocate()
        _ = names.deinitialize()
        names.deallocate()
        recipes.deallocate()
    }

    @inlinable
    static func firstSlot(of type: UInt, shift: UInt) -> Int {
        Int(truncatingIfNeeded: (type &* 0x9E37_79B9_7F4A_7C15) &>> shift)
    }

    /// The recipe registered for `type` under `name`, if any, valid as long as the table is.
    @inlinable @inline(__always)
    func recipe(for type: ObjectIdentifier, name: String?) -> Unmanaged<AnyRecipe>? {
        let wanted = UInt(bitPattern: type)
        let mask = types.count &- 1
        var index = Self.firstSlot(of: wanted, shift: shift)
        while true {
            let found = types[index]
            if found == wanted && names[index] == name { return recipes[index] }
            if found == 0 { return nil }
            index = (index &+ 1) & mask
        }
    }
}
