import SwiftCompilerPlugin
import SwiftSyntaxMacros

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The macros, served by swift-syntax's standard message loop.
struct TrellisMacrosProvider: CompilerPlugin {
    let providingMacros: [Macro.Type] = [DIContainerMacro.self, ProvideMacro.self, AssistedMacro.self]
}

/// The plug-in's entry point.
///
/// On POSIX systems a ``PluginFrontDesk`` answers the compiler's requests that ``PluginFastPath``
/// can answer and relays everything else to swift-syntax's standard loop, unless
/// `TRELLIS_MACRO_FAST_PATH=off` is in the environment (see `FastPath/README.md`). Elsewhere
/// (Windows, WASI) the standard loop serves every message.
@main
enum TrellisMacrosPlugin {
    static func main() throws {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
            if PluginFrontDesk.isEnabled(setting: getenv(PluginFrontDesk.environmentVariable).map { String(cString: $0) }) {
                return try PluginFrontDesk.serve()
            }
        #endif
        try TrellisMacrosProvider.main()
    }
}
