import Bindery

extension SurfaceValue {
    /// The view-model value a JSON value denotes: objects become records (members in
    /// order), arrays lists, numbers `int` when written as integers, else `double`.
    public init(json: JSONValue) {
        switch json {
        case .null: self = .null
        case let .bool(b): self = .bool(b)
        case let .int(i): self = .int(i)
        case let .double(d): self = .double(d)
        case let .string(s): self = .string(s)
        case let .array(items): self = .list(items.map(SurfaceValue.init(json:)))
        case let .object(members):
            self = .record(SurfaceRecord(members.map { SurfaceRecord.Field($0.key, SurfaceValue(json: $0.value)) }))
        }
    }
}
