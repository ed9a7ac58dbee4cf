/// What a run that ended as it started returns (``SignalProducer/init(endingAsItStarts:)``):
/// a disposable that is already disposed, shared by every such run, as there is nothing left
/// to interrupt.
@usableFromInline final class EndedRun: Disposable, Sendable {
    /// The one instance.
    @usableFromInline static let shared = EndedRun()

    @inlinable init() {}

    /// Always `true`: the run has ended.
    @inlinable var isDisposed: Bool { true }

    /// Does nothing: the run has ended.
    @inlinable func dispose() {}
}
