import FoundationEssentials

/// The top-level fields of a `Decodable` record type, in the order its `init(from:)` reads
/// them, found without a value: the type is decoded from a decoder that hands out a
/// placeholder for every field (0, "", false, the epoch, nil for optionals) and notes each
/// key asked for. For a synthesised `Codable` struct these are its stored properties in
/// declaration order: the columns of a list of them (``SurfaceOutput``).
///
/// Nil when the type is not read as a keyed record, or rejects the placeholders (an enum
/// field whose cases exclude them, a validating `init(from:)`); a list of it then shows its
/// rows without declared columns.
enum CodableFields {
    static func of(_ type: any Decodable.Type) -> [String]? {
        let decoder = ProbeDecoder(depth: 0)
        guard (try? type.init(from: decoder)) != nil else { return nil }
        return decoder.log.keys.isEmpty ? nil : decoder.log.keys
    }
}

/// The keys a probe's top level was asked for, shared by its containers.
private final class ProbeLog {
    var keys: [String] = []
}

private struct ProbeDecoder: Decoder {
    let depth: Int
    let log = ProbeLog()
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(ProbeKeyed<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { ProbeUnkeyed(depth: depth) }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { ProbeSingle(depth: depth) }

    /// A placeholder `T`: a known scalar's, else one decoded from a nested probe.
    static func placeholder<T: Decodable>(_ type: T.Type, depth: Int) throws -> T {
        switch type {
        case is String.Type: return "" as! T
        case is Bool.Type: return false as! T
        case is Int.Type: return 0 as! T
        case is Double.Type: return 0.0 as! T
        case is Float.Type: return Float(0) as! T
        case is Date.Type: return Date(timeIntervalSince1970: 0) as! T
        case is URL.Type: return URL(string: "https://example.invalid/")! as! T
        case is UUID.Type: return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) as! T
        default:
            // An enum field: its first case (its raw value may exclude the placeholders).
            if let cases = type as? any CaseIterable.Type, let first = firstCase(of: cases) as? T { return first }
            guard depth < 8 else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "too deep")) }
            return try T(from: ProbeDecoder(depth: depth + 1))
        }
    }
}

private func firstCase<C: CaseIterable>(of type: C.Type) -> Any? { C.allCases.first }

private struct ProbeKeyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ProbeDecoder
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }

    private func note(_ key: Key) {
        if decoder.depth == 0 { decoder.log.keys.append(key.stringValue) }
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        note(key)
        return true
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        note(key)
        return try ProbeDecoder.placeholder(type, depth: decoder.depth)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        note(key)
        return nil
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        note(key)
        return KeyedDecodingContainer(ProbeKeyed<NestedKey>(decoder: ProbeDecoder(depth: decoder.depth + 1)))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        note(key)
        return ProbeUnkeyed(depth: decoder.depth + 1)
    }

    func superDecoder() throws -> any Decoder { ProbeDecoder(depth: decoder.depth + 1) }
    func superDecoder(forKey key: Key) throws -> any Decoder { ProbeDecoder(depth: decoder.depth + 1) }
}

/// An empty array.
private struct ProbeUnkeyed: UnkeyedDecodingContainer {
    let depth: Int
    var codingPath: [any CodingKey] { [] }
    var count: Int? { 0 }
    var isAtEnd: Bool { true }
    var currentIndex: Int { 0 }

    private func end() -> DecodingError { .valueNotFound(Any.self, .init(codingPath: [], debugDescription: "empty")) }
    mutating func decodeNil() throws -> Bool { throw end() }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { throw end() }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> { throw end() }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { throw end() }
    mutating func superDecoder() throws -> any Decoder { throw end() }
}

/// A placeholder scalar (a raw-value enum, a wrapper around one).
private struct ProbeSingle: SingleValueDecodingContainer {
    let depth: Int
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try ProbeDecoder.placeholder(type, depth: depth) }
}
