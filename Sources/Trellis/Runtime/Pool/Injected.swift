/// Something an ``Injectee`` reads its ``Injected`` properties from: a ``Pool``, a
/// ``RuntimeContainer`` or a ``MutableContainer``.
public protocol InjectionSource {
    /// Returns the value for `type` and `name`, or calls the source's fatal-error handler.
    func injectedValue<Value>(_ type: Value.Type, name: String?) -> Value

    /// Returns the value for the ``Injected`` property `property` of type `type`, or `nil` when the
    /// source has none. A pool looks under the property's key path first, then by `type` and
    /// `name`; a container looks by `type` and `name`.
    func injectedValueIfPresent<Value>(_ type: Value.Type, name: String?, property: AnyKeyPath) -> Value?
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
/// `.random(in: range, using: &generator)` updates the kept value. In a ``Pool`` the lookup tries
/// the property's own key path first (a value appended with `pool.appending(\Owner.property,
/// value)`), then the property's type. Use `@Injected(name: "primary")` for a named value, and
/// give the property an initial value for the pool to override:
///
/// ```swift
/// final class Greeter: Injectee<Pool> {
///     @Injected var greeting: String = "Hello"
/// }
/// ```
///
/// A lookup that finds nothing returns that initial value, or else calls the source's fatal-error
/// handler. Assigning to the property replaces the kept value.
@propertyWrapper
public struct Injected<Value> {
    private let name: String?
    private let defaultValue: Value?
    private var value: Value?

    /// Declares an injected property, optionally naming the value to look up.
    public init(name: String? = nil) {
        self.name = name
        defaultValue = nil
    }

    /// Declares an injected property with the value used when the source has none:
    /// `@Injected var greeting: String = "Hello"`.
    public init(wrappedValue: Value, name: String? = nil) {
        self.name = name
        defaultValue = wrappedValue
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
            let wrapper = instance[keyPath: storageKeyPath]
            if let value = wrapper.value { return value }
            let value: Value
            if let found = instance.pool.injectedValueIfPresent(Value.self, name: wrapper.name, property: wrappedKeyPath) {
                value = found
            } else if let defaultValue = wrapper.defaultValue {
                value = defaultValue
            } else {
                // Fails, with the source's own error and suggestions.
                value = instance.pool.injectedValue(Value.self, name: wrapper.name)
            }
            instance[keyPath: storageKeyPath].value = value
            return value
        }
        set {
            instance[keyPath: storageKeyPath].value = newValue
        }
    }
}
