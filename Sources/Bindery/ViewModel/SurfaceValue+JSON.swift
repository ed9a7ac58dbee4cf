import BinderyJSON

extension SurfaceValue {
    /// The view-model value a JSON value denotes: objects become records (members in
    /// order), arrays lists, numbers `int` when written as integers that fit an `Int`, else
    /// `double`.
    public init(json: JSONValue) {
        switch json {
        case .null: self = .null
        case let .bool(b): self = .bool(b)
        case let .number(text):
            if let integer = Int(text) {
                self = .int(integer)
            } else {
                self = json.doubleValue.map(SurfaceValue.double) ?? .null
            }
        case let .string(s): self = .string(s)
        case let .array(items): self = .list(items.map(SurfaceValue.init(json:)))
        case let .object(members):
            self = .record(SurfaceRecord(members.map { SurfaceRecord.Field($0.key, SurfaceValue(json: $0.value)) }))
        }
    }
}
