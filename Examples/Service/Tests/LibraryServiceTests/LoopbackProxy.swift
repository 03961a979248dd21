import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// A TCP proxy on 127.0.0.1 in front of the database server, which a test uses to take the server
/// away mid-run without touching the server itself (other tests share it):
///
/// - ``blackhole()``: connections stay open and new ones are accepted, but nothing goes through in
///   either direction: a server that stopped answering, or a network that drops packets;
/// - ``cut()``: every connection is closed and the port stops listening, so new connections are
///   refused: a server that stopped;
/// - ``restore()``: forwarding again, on the same port.
///
/// Without an upstream it accepts connections and never answers (a black hole from the start).
final class LoopbackProxy: Sendable {
    private struct State {
        var blackholing: Bool
        var server: NIOAsyncChannel<NIOAsyncChannel<ByteBuffer, ByteBuffer>, Never>?
        var connections: [ObjectIdentifier: any Channel] = [:]
    }

    let port: Int
    private let upstream: (host: String, port: Int)?
    private let state: NIOLockedValueBox<State>

    private init(port: Int, upstream: (host: String, port: Int)?, blackholing: Bool) {
        self.port = port
        self.upstream = upstream
        state = NIOLockedValueBox(State(blackholing: blackholing))
    }

    /// A proxy to `upstream` on an ephemeral port, forwarding; without one, a black hole.
    static func start(upstream: (host: String, port: Int)?) async throws -> LoopbackProxy {
        let server = try await bind(port: 0)
        let proxy = LoopbackProxy(port: server.channel.localAddress!.port!, upstream: upstream, blackholing: upstream == nil)
        proxy.serve(server)
        return proxy
    }

    func blackhole() {
        state.withLockedValue { $0.blackholing = true }
    }

    func cut() async {
        let (server, connections) = state.withLockedValue { state in
            defer {
                state.server = nil
                state.connections = [:]
            }
            return (state.server, Array(state.connections.values))
        }
        for connection in connections { try? await connection.close() }
        try? await server?.channel.close()
    }

    func restore() async throws {
        state.withLockedValue { $0.blackholing = false }
        if state.withLockedValue({ $0.server == nil }) { serve(try await Self.bind(port: port)) }
    }

    func shutdown() async {
        await cut()
    }

    private var isBlackholing: Bool { state.withLockedValue { $0.blackholing } }

    private static func bind(port: Int) async throws -> NIOAsyncChannel<NIOAsyncChannel<ByteBuffer, ByteBuffer>, Never> {
        try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
    }

    private func serve(_ server: NIOAsyncChannel<NIOAsyncChannel<ByteBuffer, ByteBuffer>, Never>) {
        state.withLockedValue { $0.server = server }
        Task {
            try? await server.executeThenClose { connections in
                try await withThrowingDiscardingTaskGroup { group in
                    for try await connection in connections {
                        group.addTask { await self.relay(connection) }
                    }
                }
            }
        }
    }

    private func track(_ channel: any Channel) {
        state.withLockedValue { $0.connections[ObjectIdentifier(channel)] = channel }
    }

    /// Copies bytes both ways until either side closes; while black-holing, drops them.
    private func relay(_ client: NIOAsyncChannel<ByteBuffer, ByteBuffer>) async {
        track(client.channel)
        guard let upstream, !isBlackholing,
            let server = try? await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connect(
                host: upstream.host, port: upstream.port,
                channelInitializer: { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                    }
                })
        else {
            // A black hole: read and drop until the client gives up.
            try? await client.executeThenClose { inbound, _ in for try await _ in inbound {} }
            return
        }
        track(server.channel)
        try? await client.executeThenClose { clientInbound, clientOutbound in
            try await server.executeThenClose { serverInbound, serverOutbound in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for try await bytes in clientInbound where !self.isBlackholing { try await serverOutbound.write(bytes) }
                    }
                    group.addTask {
                        for try await bytes in serverInbound where !self.isBlackholing { try await clientOutbound.write(bytes) }
                    }
                    // Either side closing ends both.
                    try await group.next()
                    group.cancelAll()
                }
            }
        }
    }
}
