import BinderyJSON

/// Applies change-feed entries (docs/HTTP.md, `/api/changes`) to an `/api/state` document, as
/// the dashboard's state.js does: the one rule by which the history rebuilds an older version.
///
/// Guarantees: an entry with `value` replaces the member; one with `length` and `rows` cuts or
/// grows the list to `length` (new places `null`) and puts each `[index, row]`; an entry about
/// a view model or part the document lacks, or of another shape, changes nothing.
package enum StateReplay {
    /// Applies `change` (one entry) to `state` (a whole document) in place.
    package static func apply(_ change: JSONValue, to state: inout JSONValue) {
        guard case let .string(vm)? = change["vm"], case let .string(part)? = change["part"],
              case let .string(name)? = change["name"] else { return }
        update(&state, key: "viewModels") { viewModels in
            update(&viewModels, key: vm) { vmState in
                update(&vmState, key: part + "s", create: true) { members in
                    if let value = change["value"] {
                        set(&members, key: name, value)
                    } else if let length = change["length"]?.intValue, length >= 0,
                              case let .array(rows)? = change["rows"] {
                        var list: [JSONValue]
                        if case let .array(old)? = members[name] { list = old } else { list = [] }
                        if list.count > length { list.removeLast(list.count - length) }
                        while list.count < length { list.append(.null) }
                        for pair in rows {
                            guard case let .array(indexAndRow) = pair, indexAndRow.count == 2,
                                  let index = indexAndRow[0].intValue, list.indices.contains(index) else { continue }
                            list[index] = indexAndRow[1]
                        }
                        set(&members, key: name, .array(list))
                    }
                }
            }
        }
    }

    /// Writes `version` as the document's version.
    package static func setVersion(_ version: UInt64, in state: inout JSONValue) {
        set(&state, key: "version", .number(String(version)))
    }

    /// Runs `body` on the object member `key` of `object` (added when `create` and missing);
    /// nothing happens when `object` is not an object or the member is missing or not one.
    private static func update(_ object: inout JSONValue, key: String, create: Bool = false, _ body: (inout JSONValue) -> Void) {
        guard case var .object(members) = object else { return }
        if let index = members.lastIndex(where: { $0.key == key }) {
            guard case .object = members[index].value else { return }
            object = .null  // lets the members array be changed in place
            body(&members[index].value)
        } else if create {
            var value = JSONValue.object([])
            body(&value)
            members.append((key, value))
        }
        object = .object(members)
    }

    private static func set(_ object: inout JSONValue, key: String, _ value: JSONValue) {
        guard case var .object(members) = object else { return }
        object = .null
        if let index = members.lastIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append((key, value))
        }
        object = .object(members)
    }
}
