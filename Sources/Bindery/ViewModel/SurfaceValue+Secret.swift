extension SurfaceValue {
    /// What anyone but a secret input's owner is shown of its value (``SurfaceInput/secret()``):
    /// `"••••"` when it is set, `""` when it is not (an empty string or null) — never the value,
    /// nor its length.
    public var secretMasked: SurfaceValue {
        switch self {
        case .null, .string(""): .string("")
        default: .string(Self.secretMark)
        }
    }

    /// The text a set secret is shown as.
    public static let secretMark = "••••"
}

extension SurfaceInput {
    /// `value` as this input may show it to anyone but its owner: masked when the input is
    /// secret (``SurfaceValue/secretMasked``), as it is otherwise.
    public func disclosed(_ value: SurfaceValue) -> SurfaceValue {
        isSecret ? value.secretMasked : value
    }
}
