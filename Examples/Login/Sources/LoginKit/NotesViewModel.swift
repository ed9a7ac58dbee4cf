import Bindery

/// A note: one row of `notes.notes`.
public struct Note: SurfaceItem, Sendable, Equatable, Codable {
    public static let itemFields = [SurfaceItemField("title"), SurfaceItemField("isDone", label: "Done")]
    public let title: String
    public var isDone = false
    public init(title: String, isDone: Bool = false) { (self.title, self.isDone) = (title, isDone) }
    public var surfaceValue: SurfaceValue { .record(["title": .string(title), "isDone": .bool(isDone)]) }
}

/// Why a notes command failed: the message is what binderyctl and the dashboard show.
public struct NotesError: Error, CustomStringConvertible {
    public let description: String
}

/// A list, a command with an argument, and commands that fail.
public final class NotesViewModel: ViewModel {
    public let draft = MutableProperty("")
    public let notes = MutableListProperty<Note>()
    public let remaining: Property<Int>
    public let add: Action<Void, Int, NotesError>
    public let toggle: Action<Int, Note, NotesError>

    public init() {
        remaining = notes.map { $0.filter { !$0.isDone }.count }
        let (draft, notes) = (self.draft, self.notes)
        add = Action(enabledIf: draft.map { !$0.isEmpty }) { _ in
            guard !notes.value.contains(where: { $0.title == draft.value }) else {
                return SignalProducer(error: NotesError(description: "there is already a note '\(draft.value)'"))
            }
            notes.append(Note(title: draft.value))
            draft.value = ""
            return SignalProducer(value: notes.count)
        }
        toggle = Action { index in
            guard (0..<notes.count).contains(index) else {
                return SignalProducer(error: NotesError(description: "no note \(index) (there are \(notes.count))"))
            }
            return SignalProducer(value: notes.modify(at: index) { note in
                note.isDone.toggle()
                return note
            })
        }
    }

    public var surface: Surface {
        Surface(self) {
            $0.constrain(\.draft, .maxLength(40))
            $0.argument(\.toggle, named: "index")
        }
    }
}
