/// Something an ``Injectee`` reads its ``Injected`` properties from: a ``Pool``, a
/// ``RuntimeContainer`` or a ``MutableContainer``.
public protocol InjectionSource {
    /// Returns the value for `type` and `name`, or calls the source's fatal-error handler.
    func injectedValue<Value>(_ type: Value.Type, name: String?) -> Value
}

/// A base class whose ``Injected`` properties are read from the source it was created with.
///
/// ```swift
/// final class RandomNumber: Injectee<Pool> {
///     @Injected private var generator: any RandomNumberGenerator
///
///     func generate(in range: Range<UInt64>) -> UInt64 {
///         .random(in: range, using: &generator)
///     }
/// }
/// let randomNumber = RandomNumber(pool: Pool().appending(SystemRandomNumberGenerator()))
/// ```
open class Injectee<Source: InjectionSource> {
    /// The pool (or container) the injected properties are read from.
    public let pool: Source

    /// Creates the object; injected properties are looked up on first access.
    public init(pool: Source) {
        self.pool = pool
    }
}

/// A property of an ``Injectee`` subclass whose value comes from the injectee's pool.
///
/// The value is looked up on first access and then kept, so a mutating use such as
/// `.random(in: range, using: &generator)` updates the kept value. A lookup that fails calls the
/// source's fatal-error handler. Use `@Injected(name: "primary")` for a named value.
@propertyWrapper
public struct Injected<Value> {
    private let name: String?
    private var value: Value?

    /// Declares an injected property, optionally naming the value to look up.
    public init(name: String? = nil) {
        self.name = name
    }

    /// Unavailable: `@Injected` only works in subclasses of ``Injectee``, through
    /// ``subscript(_enclosingInstance:wrapped:storage:)``.
    @available(*, unavailable, message: "@Injected can only be used in subclasses of Injectee")
    public var wrappedValue: Value {
        get { fatalError("@Injected can only be used in subclasses of Injectee") }
        set { fatalError("@Injected can only be used in subclasses of Injectee") }
    }

    /// Reads (looking it up on first access) or replaces the value of the property.
    public static subscript<Source: InjectionSource, Enclosing: Injectee<Source>>(
        _enclosingInstance instance: Enclosing,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Enclosing, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Enclosing, Injected<Value>>
    ) -> Value {
        get {
            if let value = instance[keyPath: storageKeyPath].value { return value }
            let value = instance.pool.injectedValue(Value.self, name: instance[keyPath: storageKeyPath].name)
            instance[keyPath: storageKeyPath].value = value
            return value
        }
        set {
            instance[keyPath: storageKeyPath].value = newValue
        }
    }
}
