extension AssistedKind {
    /// Returns `scope`: for the code `@Assisted(.scope)` generates, not for direct use.
    ///
    /// A scope function declared `throws` creates its scope inside a call of this function, so that
    /// its `try` covers a throwing call whether or not the scope's initializer throws: the macro sees
    /// only the function's declaration, not the scope's. When the initializer does throw, the
    /// function must say `throws` (the compiler and `trellis validate` report it otherwise).
    @inlinable
    public static func created<Scope>(_ scope: Scope) throws -> Scope { scope }
}
