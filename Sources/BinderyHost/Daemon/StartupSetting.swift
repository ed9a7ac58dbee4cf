import Bindery
import BinderyProtocol

/// One `--set VM.INPUT=VALUE` from the command line: a value an input starts with, over any
/// persisted one, without being persisted itself.
///
/// Guarantees: ``init(parsing:)`` accepts only `VM.INPUT=VALUE` with a non-empty view-model
/// and input name (the value may be empty, for strings); ``resolve(in:)`` checks the names and
/// the value exactly as a control-socket `set` would, so a bad setting is refused with the
/// same one-line message before the daemon serves anything.
public struct StartupSetting: Sendable, Equatable, CustomStringConvertible {
    /// The view model's name.
    public let viewModel: String
    /// The input's name.
    public let input: String
    /// The value as written, parsed by the input's type in ``resolve(in:)``.
    public let text: String

    /// `viewModel`.`input` = `text`.
    public init(viewModel: String, input: String, text: String) {
        self.viewModel = viewModel
        self.input = input
        self.text = text
    }

    /// Parses `VM.INPUT=VALUE`; throws a one-line ``UsageError`` for anything else.
    public init(parsing argument: String) throws(UsageError) {
        guard let equals = argument.firstIndex(of: "="),
              let dot = argument[..<equals].firstIndex(of: "."),
              dot != argument.startIndex, argument.index(after: dot) != equals else {
            throw UsageError("--set must be VM.INPUT=VALUE (e.g. api.latencyMs=7), got '\(argument)'")
        }
        self.init(viewModel: String(argument[..<dot]), input: String(argument[argument.index(after: dot)..<equals]),
                  text: String(argument[argument.index(after: equals)...]))
    }

    /// The setting as the host applies it, or the error a `set` of it would give.
    public func resolve(in surfaces: [Surface]) throws(SurfaceError) -> ViewModelHost.StartupValue {
        guard let surface = surfaces.first(where: { $0.name == viewModel }) else {
            throw SurfaceError(.unknownViewModel, "unknown view model '\(viewModel)'"
                + DidYouMean.suffix(for: viewModel, among: surfaces.map(\.name), listing: "view models"))
        }
        let value = try surface.input(named: input).parse(text, viewModel: surface.name)
        return ViewModelHost.StartupValue(viewModel: viewModel, input: input, value: value)
    }

    public var description: String { "\(viewModel).\(input)=\(text)" }
}
