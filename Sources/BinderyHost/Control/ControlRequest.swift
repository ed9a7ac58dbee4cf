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

    /// Whether the request has field `name`. A field given as `null` is there: null is not how
    /// a field is left out, so where a field has a type (a string, a boolean, an integer, a
    /// version) it is refused like any other value of the wrong type, never taken as absent.
    public func has(_ name: String) -> Bool {
        object[name] != nil
    }

    /// The string field `name`; throws when it is missing or not a string (null included).
    public func string(_ name: String) throws(HostFailure) -> String {
        guard let value = object[name] else {
            throw HostFailure(.badRequest, "\(op ?? "request") needs field '\(name)' (a string)")
        }
        guard case let .string(text) = value else {
            throw HostFailure(.badRequest, "field '\(name)' must be a string, got \(value.typeName)")
        }
        return text
    }

    /// The string field `name`, or nil when absent; throws when it is another type (null included).
    public func optionalString(_ name: String) throws(HostFailure) -> String? {
        guard has(name) else { return nil }
        return try string(name)
    }

    /// The boolean field `name`, or `defaultValue` when absent; throws when it is another type
    /// (null included).
    public func bool(_ name: String, default defaultValue: Bool) throws(HostFailure) -> Bool {
        guard let value = object[name] else { return defaultValue }
        guard case let .bool(flag) = value else {
            throw HostFailure(.badRequest, "field '\(name)' must be a boolean, got \(value.typeName)")
        }
        return flag
    }

    /// The integer field `name`, or `defaultValue` when absent; throws when it is another type
    /// (null included).
    public func int(_ name: String, default defaultValue: Int) throws(HostFailure) -> Int {
        guard let value = object[name] else { return defaultValue }
        guard let number = value.intValue else {
            throw HostFailure(.badRequest, "field '\(name)' must be an integer, got \(value.typeName)")
        }
        return number
    }

    /// The version field `name` (a non-negative integer), or nil when absent; throws when it is
    /// anything else (null included): `bad_request` for another type, `invalid_argument` for a
    /// negative number.
    public func optionalVersion(_ name: String) throws(HostFailure) -> UInt64? {
        guard let value = object[name] else { return nil }
        guard let number = value.intValue else {
            throw HostFailure(.badRequest, "field '\(name)' must be a version (a non-negative integer), got \(value.typeName)")
        }
        guard number >= 0 else {
            throw HostFailure(.invalidArgument, "field '\(name)' must be a version (a non-negative integer), got \(number)")
        }
        return UInt64(number)
    }

    /// The version field `name`; throws when it is missing or not a version.
    public func version(_ name: String) throws(HostFailure) -> UInt64 {
        guard let version = try optionalVersion(name) else {
            throw HostFailure(.badRequest, "\(op ?? "request") needs field '\(name)' (a version)")
        }
        return version
    }

    /// The field `name` as a view-model value, or nil when absent (`null` is a value here: an
    /// optional input set to nothing, a command's argument of nothing).
    public func value(_ name: String) -> SurfaceValue? {
        object[name].map(SurfaceValue.init(json:))
    }

    /// The field `name` as the JSON it was sent as, or nil when absent.
    public func json(_ name: String) -> JSONValue? { object[name] }

    /// The array field `name` as requests of their own (each element an object, read with
    /// the same typed access), or nil when absent; throws when it is not a non-empty array of
    /// objects.
    public func requests(_ name: String) throws(HostFailure) -> [ControlRequest]? {
        guard let value = object[name] else { return nil }
        guard case let .array(elements) = value, !elements.isEmpty else {
            throw HostFailure(.badRequest, "field '\(name)' must be a non-empty array of objects, got \(value.typeName)")
        }
        return try elements.enumerated().map { offset, element throws(HostFailure) in
            guard case .object = element else {
                throw HostFailure(.badRequest, "field '\(name)' must hold objects, got \(element.typeName) at \(offset)")
            }
            return ControlRequest(object: element, op: op)
        }
    }

    private init(object: JSONValue, op: String?) {
        self.object = object
        self.op = op
        id = .null
    }

    /// The `id` of `frame` if it is a JSON object with one, else null — for error replies to
    /// requests that could not be fully understood.
    public static func id(inFrame frame: [UInt8]) -> JSONValue {
        (try? JSONParser.parse(frame))?["id"] ?? .null
    }
}
