import Foundation
import TrellisGraph

/// Reads a graph document written by `trellis graph --format json`, with errors a user can act on.
enum GraphDocumentReader {
    /// The graph in the file at `path` (as the user wrote it; `absolute` is where it is), or the
    /// error line to print.
    static func read(_ path: String, absolute: String) -> Result<ProgramGraph, GraphDocumentError> {
        guard let data = FileManager.default.contents(atPath: absolute) else {
            return .failure(GraphDocumentError(message: "error: cannot read '\(path)'"))
        }
        do {
            return .success(try JSONDecoder().decode(ProgramGraph.self, from: data))
        } catch let error as ProgramGraph.UnsupportedVersion {
            return .failure(GraphDocumentError(message: "error: '\(path)': \(error)"))
        } catch let error as DecodingError {
            return .failure(GraphDocumentError(message: "error: '\(path)' is not a graph document: \(reason(error))"))
        } catch {
            return .failure(GraphDocumentError(message: "error: '\(path)' is not a graph document: \(error)"))
        }
    }

    /// The decoder's error in a line: what is wrong and where in the document.
    static func reason(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "'\(key.stringValue)' is missing\(place(context.codingPath))"
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "expected \(description(of: type))\(place(context.codingPath))"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "it is not valid JSON" }
            return "unexpected value\(place(context.codingPath))"
        @unknown default:
            return "\(error)"
        }
    }

    private static func description(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type: "an integer"
        default: "a value of type \(type)"
        }
    }

    /// ` at containers[0].members[2].scope`, or nothing at the top.
    private static func place(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "" }
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return " at \(text)"
    }
}

/// A line saying why a graph document cannot be used.
struct GraphDocumentError: Error {
    var message: String
}
