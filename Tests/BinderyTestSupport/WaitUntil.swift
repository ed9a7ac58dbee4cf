import Foundation

/// Checks `condition` every 10 ms until it holds or `seconds` have passed; returns whether it
/// held. What a test waits for instead of a fixed sleep: it goes on as soon as the condition
/// holds, and a deadline rather than the machine's speed decides when to give up.
public func waitUntil(seconds: Double = 10, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
        if try condition() { return true }
        if Date() >= deadline { return false }
        usleep(10_000)
    }
}
