import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct TrellisMacrosPlugin: CompilerPlugin {
    let providingMacros: [Macro.Type] = [DIContainerMacro.self, ProvideMacro.self]
}
