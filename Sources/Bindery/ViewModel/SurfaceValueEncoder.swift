/// Turns any `Encodable` value into plain data by its Codable encoding, in the order it
/// encodes its keys (a struct's declaration order), so a view model can show a value type it
/// never made ``SurfaceRepresentable``. A nested value that is ``SurfaceRepresentable`` (a
/// `Date`, a `URL`, …) shows as that says, not as its Codable form; a key whose value is nil is
/// left out, as JSON encoders do.
enum SurfaceValueEncoder {
    /// `value` as plain data; `.null` if its encoding throws or encodes nothing.
    static func encode(_ value: any Encodable) -> SurfaceValue {
        if let representable = value as? any SurfaceRepresentable { return representable.surfaceValue }
        return encodeCodableForm(value)
    }

    /// `value` by its Codable form even if it is ``SurfaceRepresentable`` (what a `Codable`
    /// ``SurfaceItem``'s default `surfaceValue` is); nested values as ``encode(_:)`` has them.
    static func encodeCodableForm(_ value: any Encodable) -> SurfaceValue {
        let encoder = Encoding(codingPath: [])
        do { try value.encode(to: encoder) } catch { return .null }
        return encoder.box.value
    }

    /// Where one value's encoding lands; nested containers write into boxes of their own.
    final class Box {
        enum Content {
            case empty
            case single(SurfaceValue)
            case keyed([(String, Box)])
            case unkeyed([Box])
        }
        var content = Content.empty

        var value: SurfaceValue {
            switch content {
            case .empty: return .null
            case let .single(value): return value
            case let .keyed(fields): return .record(SurfaceRecord(fields.map { SurfaceRecord.Field($0.0, $0.1.value) }))
            case let .unkeyed(items): return .list(items.map(\.value))
            }
        }
    }

    struct Key: CodingKey {
        let stringValue: String
        let intValue: Int?
        init(stringValue: String) { (self.stringValue, self.intValue) = (stringValue, nil) }
        init(intValue: Int) { (self.stringValue, self.intValue) = (String(intValue), intValue) }
    }

    final class Encoding: Encoder {
        let codingPath: [any CodingKey]
        let userInfo: [CodingUserInfoKey: Any] = [:]
        let box: Box

        init(codingPath: [any CodingKey], box: Box = Box()) {
            self.codingPath = codingPath
            self.box = box
        }

        func container<K: CodingKey>(keyedBy type: K.Type) -> KeyedEncodingContainer<K> {
            if case .keyed = box.content {} else { box.content = .keyed([]) }
            return KeyedEncodingContainer(Keyed<K>(encoder: self))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if case .unkeyed = box.content {} else { box.content = .unkeyed([]) }
            return Unkeyed(encoder: self)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }

        /// A box for `value` encoded below `key`, honouring ``SurfaceRepresentable``.
        func encoded(_ value: any Encodable, at key: any CodingKey) throws -> Box {
            let child = Box()
            if let representable = value as? any SurfaceRepresentable {
                child.content = .single(representable.surfaceValue)
            } else {
                try value.encode(to: Encoding(codingPath: codingPath + [key], box: child))
            }
            return child
        }
    }

    struct Keyed<K: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: Encoding
        var codingPath: [any CodingKey] { encoder.codingPath }

        private func append(_ key: K, _ box: Box) {
            guard case var .keyed(fields) = encoder.box.content else { return }
            fields.removeAll { $0.0 == key.stringValue }
            fields.append((key.stringValue, box))
            encoder.box.content = .keyed(fields)
        }

        mutating func encodeNil(forKey key: K) throws {
            let box = Box()
            box.content = .single(.null)
            append(key, box)
        }

        mutating func encode<T: Encodable>(_ value: T, forKey key: K) throws { append(key, try encoder.encoded(value, at: key)) }

        mutating func nestedContainer<N: CodingKey>(keyedBy keyType: N.Type, forKey key: K) -> KeyedEncodingContainer<N> {
            let child = Encoding(codingPath: codingPath + [key])
            append(key, child.box)
            return child.container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: K) -> any UnkeyedEncodingContainer {
            let child = Encoding(codingPath: codingPath + [key])
            append(key, child.box)
            return child.unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { superEncoder(forKey: K(stringValue: "super")!) }

        mutating func superEncoder(forKey key: K) -> any Encoder {
            let child = Encoding(codingPath: codingPath + [key])
            append(key, child.box)
            return child
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let encoder: Encoding
        var codingPath: [any CodingKey] { encoder.codingPath }
        var count: Int {
            if case let .unkeyed(items) = encoder.box.content { return items.count }
            return 0
        }

        private func append(_ box: Box) {
            guard case var .unkeyed(items) = encoder.box.content else { return }
            items.append(box)
            encoder.box.content = .unkeyed(items)
        }

        mutating func encodeNil() throws {
            let box = Box()
            box.content = .single(.null)
            append(box)
        }

        mutating func encode<T: Encodable>(_ value: T) throws { append(try encoder.encoded(value, at: Key(intValue: count))) }

        mutating func nestedContainer<N: CodingKey>(keyedBy keyType: N.Type) -> KeyedEncodingContainer<N> {
            let child = Encoding(codingPath: codingPath + [Key(intValue: count)])
            append(child.box)
            return child.container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let child = Encoding(codingPath: codingPath + [Key(intValue: count)])
            append(child.box)
            return child.unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            let child = Encoding(codingPath: codingPath + [Key(intValue: count)])
            append(child.box)
            return child
        }
    }

    struct Single: SingleValueEncodingContainer {
        let encoder: Encoding
        var codingPath: [any CodingKey] { encoder.codingPath }

        mutating func encodeNil() throws { encoder.box.content = .single(.null) }
        mutating func encode(_ value: Bool) throws { encoder.box.content = .single(.bool(value)) }
        mutating func encode(_ value: String) throws { encoder.box.content = .single(.string(value)) }
        mutating func encode(_ value: Double) throws { encoder.box.content = .single(.double(value)) }
        mutating func encode(_ value: Float) throws { encoder.box.content = .single(.double(Double(value))) }
        mutating func encode(_ value: Int) throws { encoder.box.content = .single(.int(value)) }
        mutating func encode(_ value: Int8) throws { encoder.box.content = .single(.int(Int(value))) }
        mutating func encode(_ value: Int16) throws { encoder.box.content = .single(.int(Int(value))) }
        mutating func encode(_ value: Int32) throws { encoder.box.content = .single(.int(Int(value))) }
        mutating func encode(_ value: Int64) throws { encoder.box.content = .single(.int(Int(value))) }
        mutating func encode(_ value: UInt) throws { encoder.box.content = .single(Int(exactly: value).map(SurfaceValue.int) ?? .double(Double(value))) }
        mutating func encode(_ value: UInt8) throws { encoder.box.content = .single(.int(Int(value))) }
        mutating func encode(_ value: UInt16) throws { encoder.box.content = .single(.int(Int(value))) }
        mutating func encode(_ value: UInt32) throws { encoder.box.content = .single(.int(Int(value))) }
        mutating func encode(_ value: UInt64) throws { encoder.box.content = .single(Int(exactly: value).map(SurfaceValue.int) ?? .double(Double(value))) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            if let representable = value as? any SurfaceRepresentable {
                encoder.box.content = .single(representable.surfaceValue)
            } else {
                try value.encode(to: encoder)
            }
        }
    }
}
