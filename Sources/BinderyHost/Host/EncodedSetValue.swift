import Bindery
import BinderyPrimitives
import Synchronization

/// The JSON of a client's set value, taken from the bytes the state encoder made for the
/// version that shows it, so that the `set` event and the reply reuse them instead of
/// encoding the value again (docs/PROTOCOL.md, "The life of a set": encoded once).
///
/// Filled in at most once, by the flush on the scheduler, and only when the input still holds
/// the value set (a later set or a binding in the same turn may have changed it) and is not a
/// secret (the state shows a secret masked; its event and reply carry other bytes). Read by the
/// same flush (the event) and after the commit on the writer's queue (the reply): the mutex
/// makes the write visible there.
final class EncodedSetValue: Sendable {
    private let bytes = Lock<[UInt8]?>(nil)

    /// The value's JSON, if the flush could take it from the state.
    var json: [UInt8]? { bytes.withLock { $0 } }

    /// Records the state's bytes for the value.
    func fill(_ json: [UInt8]) {
        bytes.withLock { $0 = json }
    }
}

extension HostState {
    /// A client's set waiting for the flush that shows it: which input, the value as set, and
    /// where its bytes go.
    struct PendingSet {
        let key: ChangeKey
        let value: SurfaceValue
        let encoded: EncodedSetValue
    }
}
