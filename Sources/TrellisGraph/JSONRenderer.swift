/// Writes a ``ProgramGraph`` as the versioned JSON document described in the GraphJSON article of the DocC catalog.
/// Written by hand (this target imports nothing): keys in a fixed order, two-space indentation.
public enum JSONRenderer {
    /// The format version; it changes only when a key is removed or changes meaning.
    public static let version = 1

    /// The JSON document, ending with a newline.
    public static func render(_ graph: ProgramGraph) -> String {
        let containers = graph.containers.map { container in
            var fields: [(key: String, value: JSONValue)] = [
                ("id", .string(container.id)),
                ("name", .string(container.name)),
                ("file", .string(container.file)),
                ("root", .boolean(container.isRoot)),
                ("validateDAG", .boolean(container.validatesDAG)),
                ("members", .array(container.members.map(member))),
            ]
            // Only containers with services have the key, so documents without them are unchanged.
            if !container.startOrder.isEmpty {
                fields.append(("startOrder", .inlineArray(container.startOrder)))
            }
            // Only containers with a parent have the key.
            if let parent = container.parent { fields.append(("parent", .string(parent))) }
            return JSONValue.object(fields)
        }
        let memberEdges = graph.memberEdges.map { edge in
            var fields: [(key: String, value: JSONValue)] = [
                ("container", .string(edge.container)), ("from", .string(edge.from)), ("to", .string(edge.to)),
            ]
            // Only deferred reads have the key, so documents without them are unchanged.
            if edge.access != .value { fields.append(("access", .string(edge.access.rawValue))) }
            return JSONValue.object(fields)
        }
        let containerEdges = graph.containerEdges.map { edge in
            JSONValue.object([
                ("from", .string(edge.from)), ("to", .string(edge.to)), ("member", .string(edge.member)),
                ("kind", .string(edge.kind.rawValue)),
            ])
        }
        var document: [(key: String, value: JSONValue)] = [
            ("version", .integer(version)),
            ("containers", .array(containers)),
            ("memberEdges", .array(memberEdges)),
            ("containerEdges", .array(containerEdges)),
        ]
        // Only programs with scopes reading their parents have the key, so other documents are unchanged.
        if !graph.parentReads.isEmpty {
            let reads = graph.parentReads.map { read in
                JSONValue.object([
                    ("container", .string(read.container)), ("from", .string(read.from)), ("parent", .string(read.parent)),
                    ("to", .string(read.to)),
                ])
            }
            document.append(("parentReads", .array(reads)))
        }
        var text = ""
        JSONValue.object(document).write(to: &text, indentation: "")
        return text + "\n"
    }

    static func member(_ member: ProgramGraph.MemberNode) -> JSONValue {
        var fields: [(key: String, value: JSONValue)] = [
            ("name", .string(member.name)),
            ("type", .string(member.type)),
            // Format version 1 writes a collection's scope as `transient` (built on every read)
            // beside its `collection` key.
            ("scope", .string(member.scope == .collection ? MemberScope.transient.rawValue : member.scope.rawValue)),
            ("async", .boolean(member.isAsync)),
            ("throws", .boolean(member.isThrowing)),
            ("reads", .inlineArray(member.reads)),
            ("builds", .inlineArray(member.builds)),
        ]
        // Only `@Assisted` functions have the key, so documents without them are unchanged.
        if let arguments = member.arguments {
            fields.append(
                (
                    "arguments",
                    .array(
                        arguments.map { argument in
                            .object([
                                ("label", .string(argument.label ?? "_")),
                                ("name", .string(argument.name)),
                                ("type", .string(argument.type)),
                            ])
                        })
                ))
        }
        if let position = member.startPosition {
            fields.append(("service", .integer(position)))
        }
        if member.closesOnShutdown {
            fields.append(("closesOnShutdown", .boolean(true)))
        }
        if member.createsScope {
            fields.append(("createsScope", .boolean(true)))
        }
        if let collection = member.collection {
            fields.append(("collection", .string(collection.rawValue)))
        }
        if let contribution = member.contribution {
            fields.append((contribution.elements ? "elementsInto" : "into", .string(contribution.collection)))
            if let key = contribution.key { fields.append(("key", .string(key))) }
        }
        return .object(fields)
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped (RFC 8259).
    static func string(_ text: String) -> String {
        var result = ""
        appendString(text, to: &result)
        return result
    }

    static func appendString(_ text: String, to result: inout String) {
        result += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        result += "\""
    }
}

/// The values the graph document is made of, written in one pass with two-space indentation.
enum JSONValue {
    case string(String)
    case boolean(Bool)
    case integer(Int)
    /// An array written one element per line.
    case array([JSONValue])
    /// An array of strings written on one line.
    case inlineArray([String])
    /// An object whose keys keep the order given.
    case object([(key: String, value: JSONValue)])

    func write(to text: inout String, indentation: String) {
        switch self {
        case .string(let value):
            JSONRenderer.appendString(value, to: &text)
        case .boolean(let value):
            text += value ? "true" : "false"
        case .integer(let value):
            text += String(value)
        case .inlineArray(let values):
            text += "["
            for (index, value) in values.enumerated() {
                if index > 0 { text += ", " }
                JSONRenderer.appendString(value, to: &text)
            }
            text += "]"
        case .array(let values):
            guard !values.isEmpty else {
                text += "[]"
                return
            }
            let inner = indentation + "  "
            text += "[\n"
            for (index, value) in values.enumerated() {
                text += inner
                value.write(to: &text, indentation: inner)
                text += index == values.count - 1 ? "\n" : ",\n"
            }
            text += indentation + "]"
        case .object(let pairs):
            guard !pairs.isEmpty else {
                text += "{}"
                return
            }
            let inner = indentation + "  "
            text += "{\n"
            for (index, pair) in pairs.enumerated() {
                text += inner
                JSONRenderer.appendString(pair.key, to: &text)
                text += ": "
                pair.value.write(to: &text, indentation: inner)
                text += index == pairs.count - 1 ? "\n" : ",\n"
            }
            text += indentation + "}"
        }
    }
}
