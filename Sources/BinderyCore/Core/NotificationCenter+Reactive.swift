import Foundation

// Foundation's notification center as signals, as ReactiveSwift offers it:
// `NotificationCenter.default.reactive.notifications(forName:)`. (`NotificationBus` is
// Bindery's own channel for view models that do not use Foundation's.)

extension NotificationCenter: ReactiveExtensionsProvider {}

extension Reactive where Base: NotificationCenter {
    /// Every notification posted to the center with `name` (any name if `nil`) and from
    /// `object` (any sender if `nil`), until the signal ends or is no longer observed.
    public func notifications(forName name: Notification.Name?, object: AnyObject? = nil) -> Signal<Notification, Never> {
        let center = base
        let sender = UncheckedSender(object)
        return Signal { observer, lifetime in
            let token = center.addObserver(forName: name, object: sender.object, queue: nil) { notification in
                observer.send(value: notification)
            }
            let registration = UncheckedSender(token)
            lifetime.observeEnded { center.removeObserver(registration.object as Any) }
        }
    }
}

/// An object passed to Foundation's notification center, which keeps it only for identity
/// comparisons (the sender) or hands it back to remove the registration (the token).
private struct UncheckedSender: @unchecked Sendable {
    // `@unchecked`: the object is never read or mutated through this box, only passed back to
    // `NotificationCenter`, which is thread-safe.
    let object: AnyObject?
    init(_ object: AnyObject?) { self.object = object }
}
