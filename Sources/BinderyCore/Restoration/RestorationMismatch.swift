/// Where a rebuilt view model's construction stopped matching its seeds: the first slot whose
/// seed could not be used. That slot and every later one of the scope start fresh, as the
/// seeds after it describe operators that are no longer in the same place.
public struct RestorationMismatch: Sendable, Hashable, CustomStringConvertible {
    /// The index of the first slot whose seed was not used.
    public let index: Int
    /// The signature of the operator created at that index now.
    public let signature: String
    /// The signature the seed was saved with.
    public let savedSignature: String
    /// Why the seed was not used.
    public let reason: Reason

    /// Why a seed was not used.
    public enum Reason: Error, Sendable, Hashable {
        /// The operator created at the seed's index is of another kind or keeps another type.
        case signatureDiffers
        /// The signature matched but the saved state did not decode into the state's type
        /// (the type changed shape); the text says how it failed.
        case undecodable(String)
    }

    /// One line saying where and why, for a host to show.
    public var description: String {
        switch reason {
        case .signatureDiffers:
            return "slot \(index): saved as \(savedSignature), now \(signature); this slot and the later ones start fresh"
        case let .undecodable(detail):
            return "slot \(index) (\(signature)): the saved state does not decode (\(detail)); this slot and the later ones start fresh"
        }
    }
}
