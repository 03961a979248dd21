/// Identifies a registration or a pool entry: a static type plus an optional name.
///
/// Two keys are equal when they name the same type (by `ObjectIdentifier` of the metatype) and
/// the same name; the metatype itself is kept only to describe the key in messages.
@usableFromInline
struct InstanceKey: Hashable, Sendable, CustomStringConvertible {
    let typeIdentifier: ObjectIdentifier
    let type: Any.Type
    let name: String?

    @usableFromInline
    init<Value>(_ type: Value.Type, name: String?) {
        self.init(type: type, name: name)
    }

    @usableFromInline
    init(type: Any.Type, name: String?) {
        typeIdentifier = ObjectIdentifier(type)
        self.type = type
        self.name = name
    }

    /// The fully qualified type name, as `String(reflecting:)` prints it.
    var typeName: String { String(reflecting: type) }

    /// `Module.Type` or `Module.Type named "name"`.
    @usableFromInline
    var description: String {
        guard let name else { return typeName }
        return "\(typeName) named \"\(name)\""
    }

    @usableFromInline
    static func == (left: InstanceKey, right: InstanceKey) -> Bool {
        left.typeIdentifier == right.typeIdentifier && left.name == right.name
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(typeIdentifier)
        hasher.combine(name)
    }
}
