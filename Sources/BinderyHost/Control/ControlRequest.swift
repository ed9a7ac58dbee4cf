import Bindery
import BinderyJSON

/// One parsed control-protocol request: its echoed `id`, its `op`, and typed access to its
/// fields that fails with `bad_request` naming the field and the type expected.
public struct ControlRequest: Sendable {
    /// The request's `id`, echoed verbatim in replies (null when absent).
    public let id: JSONValue
    /// The request's `op`, if it has one that is a string.
    public let op: String?
    private let object: JSONValue

    /// Parses one frame. Throws `bad_request` for text that is not a JSON object; the `id`
    /// of an object is kept even when other fields are wrong (see ``id(inFrame:)``).
    public init(frame: [UInt8]) throws(HostFailure) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(frame)
        } catch {
            throw HostFailure(.badRequest, "request is not valid JSON: \(error)")
        }
        guard case .object = value else {
            throw HostFailure(.badRequest, "request must be a JSON object, got \(value.typeName)")
        }
        object = value
        id = value["id"] ?? .null
        if case let .string(op)? = value["op"] { self.op = op } else { self.op = nil }
    }

    /// Whether the request has field `name` (present and not null).
    public func has(_ name: String) -> Bool {
        if let value = object[name], value != .null { return true }
        return false
    }

    /// The string field `name`; throws when it is missing or not a string.
    public func string(_ name: String) throws(HostFailure) -> String {
        guard let value = object[name], value != .null else {
            throw HostFailure(.badRequest, "\(op ?? "request") needs field '\(name)' (a string)")
        }
        guard case let .string(text) = value else {
            throw HostFailure(.badRequest, "field '\(name)' must be a string, got \(value.typeName)")
        }
        return text
    }

    /// The string field `name`, or nil when absent or null; throws when it is another type.
    public func optionalString(_ name: String) throws(HostFailure) -> String? {
        guard has(name) else { return nil }
        return try string(name)
    }

    /// The boolean field `name`, or `defaultValue` when absent or null.
    public func bool(_ name: String, default defaultValue: Bool) throws(HostFailure) -> Bool {
        guard let value = object[name], value != .null else { return defaultValue }
        guard case let .bool(flag) = value else {
            throw HostFailure(.badRequest, "field '\(name)' must be a boolean, got \(value.typeName)")
        }
        return flag
    }

    /// The integer field `name`, or `defaultValue` when absent or null.
    public func int(_ name: String, default defaultValue: Int) throws(HostFailure) -> Int {
        guard let value = object[name], value != .null else { return defaultValue }
        guard let number = value.intValue else {
            throw HostFailure(.badRequest, "field '\(name)' must be an integer, got \(value.typeName)")
        }
        return number
    }

    /// The field `name` as a view-model value, or nil when absent.
    public func value(_ name: String) -> SurfaceValue? {
        object[name].map(SurfaceValue.init(json:))
    }

    /// The `id` of `frame` if it is a JSON object with one, else null — for error replies to
    /// requests that could not be fully understood.
    public static func id(inFrame frame: [UInt8]) -> JSONValue {
        (try? JSONParser.parse(frame))?["id"] ?? .null
    }
}
