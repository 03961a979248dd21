import SwiftCompilerPlugin

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

#if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
    /// Sits between the compiler and swift-syntax's standard message loop.
    ///
    /// The compiler speaks to a plug-in over its standard input and output, one request at a time,
    /// each message a little-endian 64-bit length and that many bytes of JSON. The front desk reads
    /// every request on a thread of its own. It answers those ``PluginFastPath`` can answer, and
    /// relays every other request through a pipe to the standard loop (`CompilerPlugin.main()`), which
    /// runs on the main thread with the large stack swift-syntax's parser may need. The standard
    /// loop's answer comes back through a second pipe, and the front desk passes it on before it reads
    /// the next request, so answers keep the order of requests. Only public swift-syntax API is used:
    /// the standard loop is unchanged, it merely reads and writes pipes instead of the compiler's
    /// channels.
    enum PluginFrontDesk {
        /// The environment variable that turns the front desk off: with `off`, `0`, `false` or `no`
        /// the standard loop serves every message, without rebuilding the plug-in.
        static let environmentVariable = "TRELLIS_MACRO_FAST_PATH"

        /// Whether the front desk serves, given the environment variable's value (`nil`: unset).
        static func isEnabled(setting value: String?) -> Bool {
            guard let value else { return true }
            return !["off", "0", "false", "no"].contains(value.lowercased())
        }

        /// The file descriptors the front desk's thread works with.
        private struct Channels {
            let hostInput: Int32
            let hostOutput: Int32
            let toStandardLoop: Int32
            let fromStandardLoop: Int32
        }

        /// Serves the compiler until it closes the channel. Should the pipes or the thread not be
        /// available, the standard loop serves every message on the compiler's own channels.
        static func serve() throws {
            // Keep the compiler's channels, then point standard input and output at the pipes the
            // standard loop will take over as its own.
            let hostInput = dup(STDIN_FILENO)
            let hostOutput = dup(STDOUT_FILENO)
            var requests: [Int32] = [-1, -1]
            var responses: [Int32] = [-1, -1]
            guard hostInput >= 0, hostOutput >= 0, pipe(&requests) == 0, pipe(&responses) == 0 else {
                for descriptor in [hostInput, hostOutput] + requests + responses where descriptor >= 0 {
                    close(descriptor)
                }
                return try TrellisMacrosProvider.main()
            }
            let channels = Channels(
                hostInput: hostInput, hostOutput: hostOutput, toStandardLoop: requests[1], fromStandardLoop: responses[0])
            guard dup2(requests[0], STDIN_FILENO) >= 0, dup2(responses[1], STDOUT_FILENO) >= 0,
                let thread = startRelay(channels)
            else {
                dup2(hostInput, STDIN_FILENO)
                dup2(hostOutput, STDOUT_FILENO)
                for descriptor in [hostInput, hostOutput] + requests + responses { close(descriptor) }
                return try TrellisMacrosProvider.main()
            }
            close(requests[0])
            close(responses[1])
            // Returns when the front desk closes the request pipe: the compiler has finished.
            try TrellisMacrosProvider.main()
            pthread_join(thread, nil)
        }

        /// Starts the thread that runs ``relay(_:)``, or returns `nil` when it cannot.
        private static func startRelay(_ channels: Channels) -> pthread_t? {
            let box = UnsafeMutablePointer<Channels>.allocate(capacity: 1)
            box.initialize(to: channels)
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            // Parsing a declaration recurses; give the thread the main thread's usual stack.
            pthread_attr_setstacksize(&attributes, 8 << 20)
            #if canImport(Darwin)
                var thread: pthread_t? = nil
            #else
                var thread = pthread_t()
            #endif
            let created = pthread_create(
                &thread, &attributes,
                { argument in
                    guard let argument else { return nil }
                    let channels = argument.assumingMemoryBound(to: Channels.self)
                    PluginFrontDesk.relay(channels.pointee)
                    channels.deinitialize(count: 1)
                    channels.deallocate()
                    return nil
                }, box)
            guard created == 0 else {
                box.deinitialize(count: 1)
                box.deallocate()
                return nil
            }
            return thread
        }

        /// Reads the compiler's requests until it closes its end, answering or relaying each.
        private static func relay(_ channels: Channels) {
            let fastPath = PluginFastPath()
            while let request = readMessage(from: channels.hostInput) {
                if let answer = fastPath.response(to: request) {
                    guard writeMessage(answer, to: channels.hostOutput) else { break }
                    continue
                }
                guard writeMessage(request, to: channels.toStandardLoop),
                    let answer = readMessage(from: channels.fromStandardLoop),
                    writeMessage(answer, to: channels.hostOutput)
                else { break }
            }
            // The standard loop reads the end of its input and returns, which ends the plug-in.
            close(channels.toStandardLoop)
        }

        /// One message's JSON bytes, or `nil` at the end of the input or on the empty message that
        /// asks a plug-in to stop.
        static func readMessage(from descriptor: Int32) -> [UInt8]? {
            var header: UInt64 = 0
            guard withUnsafeMutableBytes(of: &header, { readExactly($0, from: descriptor) }) else { return nil }
            // A length no compiler sends (over 4 GiB) means the stream is not a plug-in channel:
            // stop rather than try to allocate it.
            let length = UInt64(littleEndian: header)
            guard length > 0, length <= 1 << 32 else { return nil }
            let count = Int(length)
            var message = [UInt8](repeating: 0, count: count)
            guard message.withUnsafeMutableBytes({ readExactly($0, from: descriptor) }) else { return nil }
            return message
        }

        /// Writes `message` with its length header; `false` when the other end is gone.
        static func writeMessage(_ message: [UInt8], to descriptor: Int32) -> Bool {
            var header = UInt64(message.count).littleEndian
            return withUnsafeBytes(of: &header) { writeAll($0, to: descriptor) }
                && message.withUnsafeBytes { writeAll($0, to: descriptor) }
        }

        private static func readExactly(_ buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32) -> Bool {
            guard let base = buffer.baseAddress else { return true }
            return transfer(buffer.count) { done in read(descriptor, base + done, buffer.count - done) }
        }

        private static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
            guard let base = buffer.baseAddress else { return true }
            return transfer(buffer.count) { done in write(descriptor, base + done, buffer.count - done) }
        }

        /// Repeats `step` (a `read` or `write` from the given offset) until `count` bytes have moved;
        /// `false` at the end of the input, or when the other end is gone.
        private static func transfer(_ count: Int, _ step: (Int) -> Int) -> Bool {
            var done = 0
            while done < count {
                let moved = step(done)
                if moved < 0 && errno == EINTR { continue }
                guard moved > 0 else { return false }
                done += moved
            }
            return true
        }
    }
#endif
