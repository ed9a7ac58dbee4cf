import Foundation
import ReactiveSwift

/// A simulated account server, deterministic: it answers after `latency` seconds of
/// `scheduler`'s time; the names in `taken` are in use (in any case), and an address whose
/// domain ends in `.invalid` is refused.
public final class AccountService: Sendable {
    let scheduler: any DateScheduler & Sendable
    let latency: TimeInterval
    let taken: Set<String>

    public init(scheduler: any DateScheduler & Sendable, latency: TimeInterval = 0.5, taken: Set<String> = ["admin", "ada", "grace"]) {
        self.scheduler = scheduler
        self.latency = latency
        self.taken = Set(taken.map { $0.lowercased() })
    }

    /// Whether `username` is free, after the round trip.
    public func checkAvailability(of username: String) -> SignalProducer<Bool, Never> {
        SignalProducer(value: !taken.contains(username.lowercased())).delay(latency, on: scheduler)
    }

    /// The new account, or why it was refused, after the round trip.
    public func register(username: String, email: String) -> SignalProducer<Account, SignUpError> {
        let domain = String(email.drop { $0 != "@" }.dropFirst())
        let refusal: SignUpError? = taken.contains(username.lowercased()) ? .usernameTaken(username)
            : domain.hasSuffix(".invalid") ? .emailRejected(domain: domain) : nil
        let scheduler = self.scheduler
        // A failure is not delayed (ReactiveSwift's rule), so the answer is: delay, then fail.
        return SignalProducer<SignUpError?, SignUpError>(value: refusal)
            .delay(latency, on: scheduler)
            .attemptMap { refusal in
                if let refusal { return .failure(refusal) }
                return .success(Account(username: username, email: email, createdAt: scheduler.currentDate))
            }
    }
}
