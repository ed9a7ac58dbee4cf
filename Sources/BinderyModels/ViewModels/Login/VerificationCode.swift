/// Login verification codes: exactly 4 ASCII digits.
public enum VerificationCode {
    /// Whether `text` is exactly 4 ASCII digits.
    public static func isValid(_ text: String) -> Bool {
        let digits = Array(text.utf8)
        return digits.count == 4 && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}
