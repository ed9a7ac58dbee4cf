import BinderyProtocol

/// Checks the names a command line uses against the daemon's described surfaces (through the
/// session's cache) before a request goes out, and words the answer: the daemon's own error
/// for an unknown view model (it suggests the closest), a did-you-mean for an unknown member.
struct NameChecker {
    let cache: SurfaceCache

    /// What kind of name a command expects after `VM.`.
    enum Kind {
        /// Any input, output or command (`get`).
        case member
        /// A command (`run`).
        case command

        /// The word messages use for it.
        var word: String { self == .member ? "name" : "command" }
        /// The protocol's code for a name of this kind that does not exist.
        var unknownCode: ErrorCode { self == .member ? .unknownInput : .unknownCommand }
        /// The names of this kind in `surface`.
        func names(in surface: ViewModelSurface) -> [String] {
            self == .member ? surface.allNames : surface.commands.map(\.name)
        }
    }

    /// Why a name was refused: the daemon's error reply, or binderyctl's own error.
    enum Refusal: Error {
        case daemon(DaemonReply)
        case unknown(ErrorCode, String)
    }

    /// The described surface of `vm`, or the daemon's reply saying why there is none; throws
    /// when the daemon could not be asked (a dropped connection is never an unknown name).
    func surface(_ vm: String) throws(ConnectionError) -> Result<ViewModelSurface, Refusal> {
        switch cache.describe(vm) {
        case let .success(surface): return .success(surface)
        case let .failure(.refused(reply)): return .failure(.daemon(reply))
        case let .failure(.connection(error)): throw error
        }
    }

    /// `vm`'s surface if it has a `kind` named `name` (asking the daemon again once if the
    /// name is missing, in case the surface changed), or a did-you-mean error naming the kind.
    func check(_ name: String, kind: Kind, in vm: String) throws(ConnectionError) -> Result<ViewModelSurface, Refusal> {
        var surface: ViewModelSurface
        switch try self.surface(vm) {
        case let .success(found): surface = found
        case let .failure(refusal): return .failure(refusal)
        }
        if !kind.names(in: surface).contains(name) {
            cache.invalidate()
            // Asked quietly: only one error line is ever printed for a command.
            switch cache.describe(vm) {
            case let .success(fresh): surface = fresh
            case let .failure(.connection(error)): throw error
            case .failure(.refused): break
            }
        }
        let names = kind.names(in: surface)
        guard names.contains(name) else {
            let hint = DidYouMean.suffix(for: name, among: names, listing: kind.word + "s")
            var message = "unknown \(kind.word) \(Excerpt.quoted(name, quote: Excerpt.singleQuoted)) in \(vm)\(hint)"
            if surface.allNames.contains(name) { message = "'\(name)' in \(vm) is not a \(kind.word)\(hint)" }
            return .failure(.unknown(kind.unknownCode, message))
        }
        return .success(surface)
    }

    /// A parse error's message, told more plainly when the daemon's names explain it: a view
    /// model's name where `VM.NAME` belongs (`set login`) is named as a view model.
    func explain(_ error: CommandLineError) -> String {
        guard case let .notAPath(spec, word, placeholder) = error, let surface = cache.surface(of: word) else { return error.description }
        let kind = spec.arguments.first { $0.placeholder == placeholder }?.kind
        let names = kind == .inputPath ? surface.inputs.map(\.name) : kind == .commandPath ? surface.commands.map(\.name) : surface.allNames
        let example = names.first.map { ", e.g. \(word).\($0)" } ?? ""
        let arguments = spec.arguments.map { $0.optional ? "[\($0.placeholder)]" : $0.placeholder }.joined(separator: " ")
        return "\(word) is a view model; \(spec.name) takes \(arguments)\(example)"
    }
}
