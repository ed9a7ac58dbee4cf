#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A stored member's value (or one row of a list) as it was at a version, handed to the
/// commit writer to encode as JSON there, off the view models' scheduler.
///
/// `@unchecked Sendable`: it is a copy of the member's value taken on the scheduler and only
/// read — encoded — afterwards, on the writer; nothing writes to it. A copy is only the value
/// as it was if the value holds no class instance: discovery refuses every member whose value
/// does (`StoredMember.Discovery.notValues`, named in the host's start warnings), so only
/// values (structs, enums, arrays, strings) ever get here.
package struct EncodableSnapshot: @unchecked Sendable {
    let value: any Encodable

    package init(value: any Encodable) {
        self.value = value
    }

    /// The value as JSON text, or nil when it cannot be encoded (a non-finite number).
    package var json: String? {
        (try? JSONEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) }
    }
}
