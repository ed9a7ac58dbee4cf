import Foundation
import ReactiveSwift

extension SignalProducer {
    /// Starts this producer again after a failure, up to `count` more times, waiting `delay`
    /// seconds of `scheduler`'s time before the first retry and twice as long before each next
    /// one; the last failure is sent on.
    func retry(upTo count: Int, backoff delay: TimeInterval, on scheduler: DateScheduler) -> SignalProducer {
        flatMapError { error in
            guard count > 0 else { return SignalProducer(error: error) }
            return SignalProducer<Void, Error>(value: ())
                .delay(delay, on: scheduler)
                .flatMap(.concat) { self.retry(upTo: count - 1, backoff: delay * 2, on: scheduler) }
        }
    }
}
