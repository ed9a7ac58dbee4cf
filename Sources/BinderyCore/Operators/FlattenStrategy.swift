/// How `flatten` and `flatMap` combine the inner streams (ReactiveSwift's strategies).
///
/// For every strategy a failure of the outer stream or of a forwarded inner stream fails the
/// flattened stream at once.
public struct FlattenStrategy: Sendable, Equatable {
    @usableFromInline enum Kind: Sendable, Equatable {
        case concurrent(limit: UInt)
        case latest
        case race
        case throttle
    }

    @usableFromInline let kind: Kind

    @inlinable init(_ kind: Kind) { self.kind = kind }

    /// Every inner stream runs at once; their values interleave. Completes when the outer and
    /// every inner stream have completed; an interrupted inner stream counts as completed.
    public static let merge = FlattenStrategy(.concurrent(limit: .max))

    /// One inner stream at a time, in the order they arrived; the next starts when the previous
    /// completes (or is interrupted). Runs iteratively: any number of inner streams that
    /// complete at once do not grow the stack.
    public static let concat = FlattenStrategy(.concurrent(limit: 1))

    /// At most `limit` inner streams at a time; the others wait, in order, for a slot.
    /// `limit` must be at least 1.
    public static func concurrent(limit: UInt) -> FlattenStrategy {
        precondition(limit > 0, "FlattenStrategy.concurrent(limit:) needs a limit of at least 1")
        return FlattenStrategy(.concurrent(limit: limit))
    }

    /// Only the newest inner stream is forwarded; a new one interrupts the previous
    /// (`switchToLatest`). Completes when the outer and the newest inner stream have
    /// completed; an interrupted inner stream counts as completed.
    public static let latest = FlattenStrategy(.latest)

    /// Only the first inner stream to send any event is forwarded; the others are disposed of
    /// then, and later inner streams are ignored. Completes when the outer and the winner
    /// have completed; the winner's interruption interrupts the flattened stream.
    public static let race = FlattenStrategy(.race)

    /// While an inner stream runs, inner streams that arrive are dropped; once it has
    /// completed, the next one to arrive runs. Completes when the outer and the running inner
    /// stream have completed; an inner interruption interrupts the flattened stream.
    public static let throttle = FlattenStrategy(.throttle)
}

/// Something that can be turned into a producer: a `SignalProducer`, a `Signal` (observed
/// from the start of each run) or a property. What `flatten` and `flatMap` accept as inner
/// streams.
public protocol SignalProducerConvertible<Value, Error> {
    /// The type of the values the producer sends.
    associatedtype Value
    /// The type of the error the producer can fail with.
    associatedtype Error: Swift.Error
    /// The producer this value stands for.
    var producer: SignalProducer<Value, Error> { get }
}

extension Signal: SignalProducerConvertible {}
extension SignalProducer: SignalProducerConvertible {}
