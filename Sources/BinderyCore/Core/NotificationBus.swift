import BinderyPrimitives
import Synchronization

/// A broadcast channel by name (the seeds' "廣播", NSNotificationCenter as signals): anyone may
/// post under a name, and everyone observing that name's signal receives the payload.
public final class NotificationBus: Sendable {
    /// A notification's name.
    public struct Name: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The name's text.
        public let rawValue: String
        /// A name with the given text.
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { self.init(value) }
        public var description: String { rawValue }
    }

    /// A notification's payload.
    public typealias UserInfo = [String: any Sendable]

    private typealias Channel = (signal: Signal<UserInfo, Never>, observer: Signal<UserInfo, Never>.Observer)
    private let channels = Lock<[Name: Channel]>([:])

    /// A process-wide bus.
    public static let `default` = NotificationBus()

    /// An empty bus.
    public init() {}

    /// The payloads posted under `name` from now on.
    public func signal(for name: Name) -> Signal<UserInfo, Never> {
        channel(for: name).signal
    }

    /// Sends `userInfo` to everyone observing `name`.
    public func post(_ name: Name, userInfo: UserInfo = [:]) {
        channel(for: name).observer.send(value: userInfo)
    }

    private func channel(for name: Name) -> Channel {
        channels.withLock { channels in
            if let channel = channels[name] { return channel }
            let channel = Signal<UserInfo, Never>.pipe()
            channels[name] = (channel.output, channel.input)
            return (channel.output, channel.input)
        }
    }
}
