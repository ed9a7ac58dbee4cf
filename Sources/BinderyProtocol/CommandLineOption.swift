/// One command-line option of a Bindery program, declared once: its names, the value it
/// takes, its `--help` text and what it sets. A program's table of options is the one source
/// of its parsing, its `--help` synopsis and listing and its did-you-mean
/// (``CommandLineOptions``); the tests hold its man page and shell completion to the table.
public struct CommandLineOption<Settings, Failure: Error>: Sendable {
    /// What the option does to the settings being parsed.
    public enum Effect: Sendable {
        /// A flag: it takes no value.
        case flag(@Sendable (inout Settings) throws(Failure) -> Void)
        /// It takes a value: the next argument, or one attached (`--name=VALUE`, `-xVALUE`).
        case value(@Sendable (inout Settings, String) throws(Failure) -> Void)
    }

    /// Every name it answers to; the first is the one `--help` and the synopsis show.
    public let names: [String]
    /// The value's placeholder in `--help` (`PATH`), nil for a flag.
    public let placeholder: String?
    /// It may be given more than once (`[-c COMMAND]...` in the synopsis).
    public let repeatable: Bool
    /// Its description in `--help`, line by line as printed.
    public let help: [String]
    /// What it sets.
    public let effect: Effect

    /// An option taking a value shown as `placeholder`; `sets` applies the value.
    public init(_ names: String..., value placeholder: String, repeatable: Bool = false, help: [String],
                sets: @escaping @Sendable (inout Settings, String) throws(Failure) -> Void) {
        precondition(!names.isEmpty, "an option needs a name")
        self.names = names
        self.placeholder = placeholder
        self.repeatable = repeatable
        self.help = help
        self.effect = .value(sets)
    }

    /// A flag; `sets` applies it.
    public init(_ names: String..., help: [String], sets: @escaping @Sendable (inout Settings) throws(Failure) -> Void) {
        precondition(!names.isEmpty, "an option needs a name")
        self.names = names
        self.placeholder = nil
        self.repeatable = false
        self.help = help
        self.effect = .flag(sets)
    }

    /// The name shown by `--help` and the synopsis.
    public var name: String { names[0] }

    /// "--socket PATH", "--json": how `--help` lists it.
    public var label: String { placeholder.map { name + " " + $0 } ?? name }
}

/// The errors a program words itself for an argument its option table does not accept.
public struct CommandLineErrors<Failure: Error> {
    /// `argument` (as typed) names no option; `name` is its name part (`--x` of `--x=1`).
    public let unknown: (_ argument: String, _ name: String) -> Failure
    /// The option named `name` (as typed) is last, without its value.
    public let missingValue: (_ name: String) -> Failure
    /// The flag named `name` was given a value (`argument` is `--name=VALUE`).
    public let unexpectedValue: (_ argument: String, _ name: String) -> Failure

    public init(unknown: @escaping (_ argument: String, _ name: String) -> Failure,
                missingValue: @escaping (_ name: String) -> Failure,
                unexpectedValue: @escaping (_ argument: String, _ name: String) -> Failure) {
        self.unknown = unknown
        self.missingValue = missingValue
        self.unexpectedValue = unexpectedValue
    }
}

/// Parsing, `--help` and did-you-mean, derived from a table of ``CommandLineOption``s: the one
/// implementation every Bindery program's command line uses.
public enum CommandLineOptions {
    /// Applies `arguments` to `settings` in order. An option's value is the next argument
    /// (whatever it starts with), or attached: `--name=VALUE` for any option, `-xVALUE` for a
    /// one-letter one. Stops early, leaving the rest unread, once `done` holds (after `--help`).
    public static func parse<Settings, Failure>(
        _ arguments: [String], options: [CommandLineOption<Settings, Failure>], into settings: inout Settings,
        errors: CommandLineErrors<Failure>, until done: (Settings) -> Bool = { _ in false }
    ) throws(Failure) {
        var index = 0
        while index < arguments.count, !done(settings) {
            let argument = arguments[index]
            index += 1
            var name = argument
            var attached: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                attached = String(argument[argument.index(after: equals)...])
            } else if option(named: argument, in: options) == nil, !argument.hasPrefix("--"), argument.count > 2,
                      let short = option(named: String(argument.prefix(2)), in: options), short.placeholder != nil {
                name = String(argument.prefix(2))
                attached = String(argument.dropFirst(2))
            }
            guard let option = option(named: name, in: options) else { throw errors.unknown(argument, name) }
            switch option.effect {
            case let .flag(apply):
                if attached != nil { throw errors.unexpectedValue(argument, name) }
                try apply(&settings)
            case let .value(apply):
                if let attached { try apply(&settings, attached); continue }
                guard index < arguments.count else { throw errors.missingValue(name) }
                index += 1
                try apply(&settings, arguments[index - 1])
            }
        }
    }

    /// The option called `name` (any of its names, exactly).
    public static func option<Settings, Failure>(named name: String, in options: [CommandLineOption<Settings, Failure>])
        -> CommandLineOption<Settings, Failure>? {
        options.first { $0.names.contains(name) }
    }

    /// The option name closest to `typed` under ``DidYouMean``'s rule, in table order, among
    /// each option's long names and the name `--help` shows. Other one-letter aliases are
    /// left out: one edit from any two-letter word, they would answer `ls` with `-s` where
    /// the word is better explained than corrected.
    public static func closest<Settings, Failure>(to typed: String, in options: [CommandLineOption<Settings, Failure>]) -> String? {
        let candidates = options.flatMap { option in option.names.filter { $0.hasPrefix("--") || $0 == option.name } }
        return DidYouMean.closest(to: typed, among: candidates)
    }

    /// `usage: PROGRAM [--a X] [--b]...`, one bracketed item per option in table order,
    /// wrapped under the first item so no line is wider than `width`.
    public static func synopsis<Settings, Failure>(program: String, options: [CommandLineOption<Settings, Failure>],
                                                   width: Int = 80) -> String {
        let head = "usage: \(program) "
        let indent = String(repeating: " ", count: head.count)
        var lines: [String] = []
        var line = head
        for option in options {
            let item = "[\(option.label)]" + (option.repeatable ? "..." : "")
            if line.count > head.count, line.count + 1 + item.count > width {
                lines.append(line)
                line = indent + item
            } else {
                line += (line.count > head.count ? " " : "") + item
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// `--help`'s listing: each option's label indented by two, its help lines beside it from
    /// column `column + 2` (a label too long for the column gets a line of its own).
    public static func listing<Settings, Failure>(_ options: [CommandLineOption<Settings, Failure>], column: Int) -> [String] {
        let margin = "  " + String(repeating: " ", count: column)
        var lines: [String] = []
        for option in options {
            var help = option.help[...]
            if option.label.count < column, let first = help.popFirst() {
                lines.append("  " + option.label + String(repeating: " ", count: column - option.label.count) + first)
            } else {
                lines.append("  " + option.label)
            }
            lines += help.map { margin + $0 }
        }
        return lines
    }
}
