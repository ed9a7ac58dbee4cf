/// Mainland China mobile numbers: 11 ASCII digits, `1`, then `3`…`9`, then 9 more digits.
public enum MobileNumber {
    /// Whether `text` is a valid mainland mobile number, exactly (no spaces, no prefix).
    public static func isValid(_ text: String) -> Bool {
        let digits = Array(text.utf8)
        guard digits.count == 11, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return false
        }
        return digits[0] == UInt8(ascii: "1") && digits[1] >= UInt8(ascii: "3")
    }
}
