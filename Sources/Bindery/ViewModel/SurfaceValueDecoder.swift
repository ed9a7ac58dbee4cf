// FoundationEssentials where the toolchain has it (Linux: no ICU); Foundation elsewhere.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Turns plain data back into a `Decodable` value by its Codable form — what a client sends to
/// an input of a `Codable` type of your own: a record for a struct, a list for an array, the raw
/// value for an enum. A `Date` is read from ISO 8601 text and a `URL` from its string, as
/// ``SurfaceValueEncoder`` writes them; an int is taken where a floating-point number is expected.
enum SurfaceValueDecoder {
    struct Mismatch: Error {}

    /// `value` as a `T`, or nil when it is not one.
    static func decode<T: Decodable>(_ type: T.Type, from value: SurfaceValue) -> T? {
        try? Decoding(value: value, codingPath: []).decode(type)
    }

    struct Decoding: Decoder, SingleValueDecodingContainer {
        let value: SurfaceValue
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<K: CodingKey>(keyedBy type: K.Type) throws -> KeyedDecodingContainer<K> {
            guard case let .record(record) = value else { throw Mismatch() }
            return KeyedDecodingContainer(Keyed<K>(record: record, codingPath: codingPath))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            guard case let .list(items) = value else { throw Mismatch() }
            return Unkeyed(items: items, codingPath: codingPath)
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

        func decodeNil() -> Bool { value == .null }
        func decode(_ type: Bool.Type) throws -> Bool { if case let .bool(b) = value { return b }; throw Mismatch() }
        func decode(_ type: String.Type) throws -> String { if case let .string(s) = value { return s }; throw Mismatch() }
        func decode(_ type: Double.Type) throws -> Double {
            switch value {
            case let .double(d): return d
            case let .int(i): return Double(i)
            default: throw Mismatch()
            }
        }
        func decode(_ type: Float.Type) throws -> Float {
            // Beyond Float's range a double would be held as infinity, which JSON cannot carry.
            let float = Float(try decode(Double.self))
            guard float.isFinite else { throw Mismatch() }
            return float
        }
        func decode(_ type: Int.Type) throws -> Int {
            switch value {
            case let .int(i): return i
            case let .double(d): guard let i = Int(exactly: d) else { throw Mismatch() }; return i
            default: throw Mismatch()
            }
        }
        func decode(_ type: Int8.Type) throws -> Int8 { try exactly(Int8.self) }
        func decode(_ type: Int16.Type) throws -> Int16 { try exactly(Int16.self) }
        func decode(_ type: Int32.Type) throws -> Int32 { try exactly(Int32.self) }
        func decode(_ type: Int64.Type) throws -> Int64 { try exactly(Int64.self) }
        func decode(_ type: UInt.Type) throws -> UInt { try exactly(UInt.self) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try exactly(UInt8.self) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try exactly(UInt16.self) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try exactly(UInt32.self) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try exactly(UInt64.self) }

        private func exactly<I: BinaryInteger>(_ type: I.Type) throws -> I {
            guard let i = I(exactly: try decode(Int.self)) else { throw Mismatch() }
            return i
        }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            // A date, a URL, … in the form its surface value has (SurfaceScalar), not its Codable form.
            if let scalar = type as? any SurfaceScalar.Type {
                guard let accepted = scalar.valueType.accept(value), let decoded = scalar.init(surfaceValue: accepted) else { throw Mismatch() }
                return decoded as! T
            }
            return try T(from: self)
        }
    }

    struct Keyed<K: CodingKey>: KeyedDecodingContainerProtocol {
        let record: SurfaceRecord
        let codingPath: [any CodingKey]
        var allKeys: [K] { record.fields.compactMap { K(stringValue: $0.name) } }

        func contains(_ key: K) -> Bool { record[key.stringValue] != nil }
        private func child(_ key: K) throws -> Decoding {
            guard let value = record[key.stringValue] else { throw Mismatch() }
            return Decoding(value: value, codingPath: codingPath + [key])
        }
        func decodeNil(forKey key: K) throws -> Bool { (record[key.stringValue] ?? .null) == .null }
        func decode<T: Decodable>(_ type: T.Type, forKey key: K) throws -> T { try child(key).decode(type) }
        func nestedContainer<N: CodingKey>(keyedBy type: N.Type, forKey key: K) throws -> KeyedDecodingContainer<N> {
            try child(key).container(keyedBy: type)
        }
        func nestedUnkeyedContainer(forKey key: K) throws -> any UnkeyedDecodingContainer { try child(key).unkeyedContainer() }
        func superDecoder() throws -> any Decoder { Decoding(value: .record(record), codingPath: codingPath) }
        func superDecoder(forKey key: K) throws -> any Decoder { try child(key) }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let items: [SurfaceValue]
        let codingPath: [any CodingKey]
        var currentIndex = 0
        var count: Int? { items.count }
        var isAtEnd: Bool { currentIndex >= items.count }

        private mutating func next() throws -> Decoding {
            guard !isAtEnd else { throw Mismatch() }
            defer { currentIndex += 1 }
            return Decoding(value: items[currentIndex], codingPath: codingPath)
        }
        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, items[currentIndex] == .null else { return false }
            currentIndex += 1
            return true
        }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decode(type) }
        mutating func nestedContainer<N: CodingKey>(keyedBy type: N.Type) throws -> KeyedDecodingContainer<N> {
            try next().container(keyedBy: type)
        }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
        mutating func superDecoder() throws -> any Decoder { try next() }
    }
}
