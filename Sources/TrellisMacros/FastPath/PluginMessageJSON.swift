#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The JSON of the compiler's plug-in messages, read just far enough to route them.
///
/// A message is parsed into values whose strings stay unread byte ranges until asked for, so the
/// 4 KB build configuration the compiler attaches to every request is skipped with `memchr`
/// instead of being decoded. Input that is not well-formed JSON yields `nil` (the reader is lenient
/// only about raw control characters inside strings, which the compiler never writes); the message
/// then goes to swift-syntax's own handling, which reports it.
struct PluginMessageJSON {
    /// A parsed JSON value; strings are ranges of the message's bytes, still escaped.
    indirect enum Value {
        case string(Range<Int>)
        case number(Range<Int>)
        case bool(Bool)
        case null
        case array([Value])
        case object([(key: Range<Int>, value: Value)])
    }

    let bytes: [UInt8]
    let root: Value

    /// Parses `bytes`, or returns `nil` when they are not one well-formed JSON value.
    init?(_ bytes: [UInt8]) {
        var parser = Parser(bytes: bytes)
        guard let root = parser.value(depth: 0) else { return nil }
        parser.skipWhitespace()
        guard parser.index == bytes.count else { return nil }
        self.bytes = bytes
        self.root = root
    }

    /// The member `key` of `object`, if `object` is an object that has it.
    func member(_ key: String, of object: Value) -> Value? {
        guard case .object(let members) = object else { return nil }
        var key = key
        // Byte comparisons through the buffers: the plug-in is unoptimised in debug builds, where
        // generic slice comparisons showed in its profile.
        return key.withUTF8 { wanted in
            bytes.withUnsafeBufferPointer { buffer in
                members.first { member in
                    guard member.key.count == wanted.count else { return false }
                    guard let base = buffer.baseAddress, let wantedBase = wanted.baseAddress else { return wanted.isEmpty }
                    return memcmp(base + member.key.lowerBound, wantedBase, wanted.count) == 0
                }?.value
            }
        }
    }

    /// The value at a path of object keys from the root.
    func value(at path: String...) -> Value? {
        var current = root
        for key in path {
            guard let next = member(key, of: current) else { return nil }
            current = next
        }
        return current
    }

    /// `value` decoded as a string, if it is one (escapes resolved, invalid UTF-8 rejected).
    func string(_ value: Value?) -> String? {
        guard case .string(let range)? = value else { return nil }
        guard let decoded = Self.unescape(bytes[range]) else { return nil }
        return String(validating: decoded, as: UTF8.self)
    }

    /// `value` as an integer, if it is a number without fraction or exponent.
    func integer(_ value: Value?) -> Int? {
        guard case .number(let range)? = value else { return nil }
        return Int(String(decoding: bytes[range], as: UTF8.self))
    }

    /// `text` as a JSON string literal, quotes included.
    static func quoted(_ text: String) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        out.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\n"): out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
        return out
    }

    /// Resolves the escapes of a string's raw bytes, or `nil` for an invalid escape.
    private static func unescape(_ raw: ArraySlice<UInt8>) -> [UInt8]? {
        guard raw.contains(UInt8(ascii: "\\")) else { return Array(raw) }
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index < raw.endIndex {
            let byte = raw[index]
            index += 1
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                continue
            }
            guard index < raw.endIndex else { return nil }
            let escape = raw[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = hexQuad(raw, at: index) else { return nil }
                index += 4
                if (0xD800..<0xDC00).contains(scalar) {
                    // A surrogate pair: the low half must follow as another \u escape.
                    guard index + 1 < raw.endIndex, raw[index] == UInt8(ascii: "\\"), raw[index + 1] == UInt8(ascii: "u"),
                        let low = hexQuad(raw, at: index + 2), (0xDC00..<0xE000).contains(low)
                    else { return nil }
                    index += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let unicode = Unicode.Scalar(scalar) else { return nil }
                out += Array(String(Character(unicode)).utf8)
            default: return nil
            }
        }
        return out
    }

    private static func hexQuad(_ raw: ArraySlice<UInt8>, at index: Int) -> UInt32? {
        guard index + 4 <= raw.endIndex else { return nil }
        var value: UInt32 = 0
        for byte in raw[index..<(index + 4)] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// A recursive-descent reader; nesting is bounded so hostile input cannot exhaust the stack.
    private struct Parser {
        let bytes: [UInt8]
        var index = 0
        static let maximumDepth = 64

        mutating func skipWhitespace() {
            while index < bytes.count {
                let byte = bytes[index]
                guard byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D else { return }
                index += 1
            }
        }

        mutating func value(depth: Int) -> Value? {
            guard depth < Self.maximumDepth else { return nil }
            skipWhitespace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"): return object(depth: depth)
            case UInt8(ascii: "["): return array(depth: depth)
            case UInt8(ascii: "\""): return string().map(Value.string)
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "n"): return literal("null", .null)
            default: return number()
            }
        }

        private mutating func object(depth: Int) -> Value? {
            index += 1
            var members: [(key: Range<Int>, value: Value)] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                guard let value = value(depth: depth + 1) else { return nil }
                members.append((key, value))
                skipWhitespace()
                guard index < bytes.count else { return nil }
                index += 1
                switch bytes[index - 1] {
                case UInt8(ascii: ","): continue
                case UInt8(ascii: "}"): return .object(members)
                default: return nil
                }
            }
        }

        private mutating func array(depth: Int) -> Value? {
            index += 1
            var elements: [Value] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            while true {
                guard let element = value(depth: depth + 1) else { return nil }
                elements.append(element)
                skipWhitespace()
                guard index < bytes.count else { return nil }
                index += 1
                switch bytes[index - 1] {
                case UInt8(ascii: ","): continue
                case UInt8(ascii: "]"): return .array(elements)
                default: return nil
                }
            }
        }

        /// The raw bytes between the quotes. The closing quote is found with `memchr`: the plug-in
        /// is unoptimised in debug builds, where a byte-by-byte loop over the build configuration
        /// showed in its profile.
        private mutating func string() -> Range<Int>? {
            let start = index + 1
            // The build configuration is a string holding escaped JSON, so a search meets hundreds of
            // escaped quotes: the buffer is taken once for all of them.
            let end: Int? = bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return nil }
                var search = start
                while search < buffer.count,
                    let hit = memchr(base + search, Int32(UInt8(ascii: "\"")), buffer.count - search)
                {
                    let quote = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
                    // Escaped when preceded by an odd number of backslashes.
                    var backslashes = 0
                    while quote - backslashes - 1 >= start, base[quote - backslashes - 1] == UInt8(ascii: "\\") {
                        backslashes += 1
                    }
                    if backslashes % 2 == 0 { return quote }
                    search = quote + 1
                }
                return nil
            }
            guard let quote = end else { return nil }
            index = quote + 1
            return start..<quote
        }

        private mutating func literal(_ word: String, _ value: Value) -> Value? {
            let utf8 = Array(word.utf8)
            guard index + utf8.count <= bytes.count, bytes[index..<(index + utf8.count)].elementsEqual(utf8) else {
                return nil
            }
            index += utf8.count
            return value
        }

        private mutating func number() -> Value? {
            let start = index
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
                    UInt8(ascii: "e"), UInt8(ascii: "E"):
                    index += 1
                default:
                    return index > start ? .number(start..<index) : nil
                }
            }
            guard index > start else { return nil }
            return .number(start..<index)
        }
    }
}
