@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling
import SwiftSyntaxMacros

@testable import TrellisMacros

/// swift-syntax's own plug-in message handler serving Trellis's macros: the reference the
/// plug-in's answers are compared with, byte for byte. It is an SPI of swift-syntax, used only by
/// the tests.
enum PluginReference {
    private struct Provider: PluginProvider {
        func resolveMacro(moduleName: String, typeName: String) throws -> Macro.Type {
            switch typeName {
            case "ProvideMacro": return ProvideMacro.self
            case "DIContainerMacro": return DIContainerMacro.self
            case "AssistedMacro": return AssistedMacro.self
            default: throw ProviderError()
            }
        }
        func loadPluginLibrary(libraryPath: String, moduleName: String) throws { throw ProviderError() }
        var features: [PluginFeature] { [] }
    }

    private struct ProviderError: Error {}

    /// The handler's answers to `messages`, in order, as the JSON it would send.
    static func answers(to messages: [[UInt8]]) throws -> [[UInt8]] {
        #if canImport(SwiftSyntax602)
            let handler = PluginProviderMessageHandler(provider: Provider())
        #else
            // swift-syntax 600 and 601 name the same handler this way.
            let handler = CompilerPluginMessageHandler(provider: Provider())
        #endif
        return try messages.map { message in
            let decoded = try message.withUnsafeBufferPointer { try JSON.decode(HostToPluginMessage.self, from: $0) }
            return try JSON.encode(handler.handleMessage(decoded))
        }
    }
}
