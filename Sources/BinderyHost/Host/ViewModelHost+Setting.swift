import Bindery
import BinderyEventLog
import BinderyJSON
import BinderyPersistence
import BinderyProtocol

/// A client's set of an input: validated once, off the scheduler; applied on it; acknowledged
/// once visible and durable (see ``ViewModelHost`` for the guarantees, docs/PROTOCOL.md "The life
/// of a set" for the path).
extension ViewModelHost {
    // MARK: - Setting

    /// What a client asks an input to become: a JSON value of the input's type, or text a
    /// person typed, parsed by the input's type (binderyctl sends what was typed as it was
    /// typed, so the daemon is the one place that parses it).
    public enum SetValue: Sendable {
        case value(SurfaceValue)
        case text(String)
    }

    /// Sets `viewModel`.`input` to `value`: validates it (type, constraint), applies it on the
    /// scheduler — so views see it without waiting for the disk — and commits it to the store;
    /// completes, with the value as stored and the version that shows it, only once it is both
    /// visible and durable. If the commit fails, the previous value is put back and the set
    /// fails: a set that was not acknowledged may have been seen, but is never kept.
    public func set(viewModel: String, input inputName: String, value: SurfaceValue,
                    completion: @escaping @Sendable (Result<(value: SurfaceValue, version: UInt64), HostFailure>) -> Void) {
        set(viewModel: viewModel, input: inputName, .value(value), completion: completion)
    }

    /// Sets `viewModel`.`input` to `requested` (a value, or text to parse); see
    /// ``set(viewModel:input:value:completion:)``.
    public func set(viewModel: String, input inputName: String, _ requested: SetValue,
                    completion: @escaping @Sendable (Result<(value: SurfaceValue, version: UInt64), HostFailure>) -> Void) {
        set(viewModel: viewModel, input: inputName, requested) { (result: Result<SetResult, HostFailure>) in
            completion(result.map { ($0.value, $0.version) })
        }
    }

    /// What an acknowledged set answers: the value as stored, its JSON and the version that
    /// shows it.
    public struct SetResult: Sendable {
        /// The value as the input holds it.
        public let value: SurfaceValue
        /// The version that shows it, durable.
        public let version: UInt64
        /// The value's JSON: the bytes the state encoded for that version when the input still
        /// held it then (encoded once), else encoded for this answer.
        public let json: [UInt8]
    }

    /// ``set(viewModel:input:_:completion:)``, answering with the value's JSON as well, so a
    /// reply need not encode it again; its event says `origin` made it (nil: `host`).
    public func set(viewModel: String, input inputName: String, _ requested: SetValue, origin: EventOrigin? = nil,
                    replying completion: @escaping @Sendable (Result<SetResult, HostFailure>) -> Void) {
        set([InputSetting(viewModel: viewModel, input: inputName, requested)], origin: origin) { result in
            completion(result.map { $0[0] })
        }
    }

    /// One input a client sets, and what it asks it to become.
    public struct InputSetting: Sendable {
        /// The view model's name.
        public let viewModel: String
        /// The input's name.
        public let input: String
        /// What it asks the input to become.
        public let value: SetValue

        /// `viewModel`.`input` = `value`.
        public init(viewModel: String, input: String, _ value: SetValue) {
            self.viewModel = viewModel
            self.input = input
            self.value = value
        }
    }

    /// Sets several inputs as ONE turn (docs/CONTRACTS.md, "A turn is a transaction"): every
    /// value is validated first — one that is refused (an unknown name, a wrong type, an
    /// input named twice) refuses them all, with one error, and nothing changes — then all
    /// are applied together on the scheduler, in a ``PropertyTransaction``: every input holds
    /// its new value before any binding, derived output or work hears of any of them. One
    /// version shows them all, logged as one `set` event per input; the answer (a result per
    /// setting, in order, all with that version) comes once it is visible and durable. Its
    /// events say `origin` made them (nil: `host`).
    public func set(_ settings: [InputSetting], origin: EventOrigin? = nil,
                    replying completion: @escaping @Sendable (Result<[SetResult], HostFailure>) -> Void) {
        if let reason = unavailableReason { return completion(.failure(HostFailure(.unavailable, reason))) }
        guard !settings.isEmpty else { return completion(.failure(HostFailure(.badRequest, "set names no input"))) }
        var inputs: [TurnInput] = []
        do throws(HostFailure) {
            for setting in settings {
                let input = try accept(setting)
                if inputs.contains(where: { $0.viewModel == input.viewModel && $0.input == input.input }) {
                    throw HostFailure(.badRequest, "\(setting.viewModel).\(setting.input) is set twice")
                }
                inputs.append(input)
            }
        } catch {
            let nothing = settings.count > 1 ? "; nothing was set" : ""
            return completion(.failure(HostFailure(error.code, error.message + nothing)))
        }
        let names = settings.map { "\($0.viewModel).\($0.input)" }
        onScheduler { [self, inputs] in
            applyTurn(inputs, logged: .sets, cause: .named("set", detail: names.joined(separator: ", "), requester: origin.map(RunRequester.init)),
                      origin: origin) { result in
                switch result {
                case let .success(version):
                    completion(.success(inputs.map { input in
                        SetResult(value: input.accepted.value, version: version,
                                  json: input.encoded.json ?? JSONWriter.encode(input.accepted.value))
                    }))
                case let .failure(fault):
                    completion(.failure(HostFailure(.storage, names.joined(separator: ", ") + " \(names.count == 1 ? "was" : "were") not saved: \(fault)")))
                }
            }
        }
    }

    /// `setting` validated (type, constraint) and converted, off the scheduler.
    private func accept(_ setting: InputSetting) throws(HostFailure) -> TurnInput {
        let vmIndex = try viewModelIndex(setting.viewModel)
        let surface = surfaces[vmIndex]
        do throws(SurfaceError) {
            let input = try surface.input(named: setting.input)
            let accepted: AcceptedValue
            switch setting.value {
            // Converted here, once: the scheduler writes the converted value as it is.
            case let .value(value): accepted = try input.accept(value, viewModel: setting.viewModel)
            case let .text(text): accepted = try input.acceptParsing(text, viewModel: setting.viewModel)
            }
            return TurnInput(viewModel: vmIndex, input: surface.inputs.firstIndex { $0.name == setting.input }!, accepted: accepted)
        } catch {
            throw HostFailure(error)
        }
    }
}
