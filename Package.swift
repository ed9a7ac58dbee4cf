// swift-tools-version:6.0
// Bindery: a reactive MVVM runtime for Linux. The targets form layers, and dependencies point
// down only (README.md, "Architecture", draws them; ArchitectureTests keeps that picture true):
//   bottom:    BinderyPrimitives, what every layer takes from the system alike: the lock, the
//              queue test, the retry of interrupted system calls, the whole-file reader.
//              Depends on nothing.
//   core:      BinderyCore, the ReactiveSwift-compatible reactive core, depends only on the
//              bottom; ReactiveSwift re-exports it under ReactiveSwift's module name.
//   surface:   Bindery, the view-model surface over the core (re-exports it), speaking the
//              protocol's vocabulary (BinderyProtocol over BinderyJSON).
//   services:  BinderyHTTP (a libmicrohttpd server that knows nothing of view models),
//              BinderySystemd, BinderySQLite, BinderyPersistence, BinderyHistory, BinderySignals.
//   host:      BinderyHost ties the surface to the services (never the demo's BinderyModels,
//              so a user's daemon links only its own view models).
//   programs:  binderyd, binderyctl (over BinderyCLI), bindery-bench, bindery-docs.
import PackageDescription

let package = Package(
    name: "Bindery",
    products: [
        // The reactive core under ReactiveSwift's module name: `import ReactiveSwift` and
        // `ReactiveSwift.Signal` compile unchanged. A package graph may not hold both this and
        // the real ReactiveSwift (two modules of one name).
        .library(name: "ReactiveSwift", targets: ["ReactiveSwift"]),
        // The core and the view-model surface: what a view model's own package imports.
        .library(name: "Bindery", targets: ["Bindery"]),
        // Hosting a user's view models: `DaemonMain.run` and everything binderyd is made of.
        .library(name: "BinderyHost", targets: ["BinderyHost"]),
        // The demo's view models (the source material's screens) over their SQLite store.
        .library(name: "BinderyModels", targets: ["BinderyModels"]),
        .executable(name: "binderyd", targets: ["binderyd"]),
        .executable(name: "binderyctl", targets: ["binderyctl"]),
        // Applied to a target of view models: only a public or open MutableProperty is an input.
        .plugin(name: "SurfaceAccess", targets: ["SurfaceAccess"]),
    ],
    targets: [
        // System libraries (Debian -dev packages, found through pkg-config).
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3"),
        .systemLibrary(name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", pkgConfig: "libmicrohttpd"),
        .systemLibrary(name: "CSystemd", path: "Sources/CSystemd", pkgConfig: "libsystemd"),
        .systemLibrary(name: "CReadline", path: "Sources/CReadline"),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib"),

        // Bottom: the lock (the one ThreadSanitizer sees in `make tsan`) and the test of which
        // queue runs the caller, the retry of system calls a signal interrupted, and the
        // whole-file reader, shared by the core, the
        // services and the programs, so none of them imports another layer for these.
        .target(name: "BinderyPrimitives"),

        // Core: signals, producers, properties, actions, lists, operators and schedulers, with
        // ReactiveSwift's API and semantics. Nothing below it but the bottom.
        .target(name: "BinderyCore", dependencies: ["BinderyPrimitives"]),
        .target(name: "ReactiveSwift", dependencies: ["BinderyCore"]),

        // Vocabulary: JSON values (parsing and the one writer), and what every program says
        // alike: the did-you-mean rule, excerpts of typed text, value types and their parser,
        // error codes, the release's version, the service socket's path and the command that attaches
        // binderyctl to a daemon.
        .target(name: "BinderyJSON"),
        .target(name: "BinderyProtocol", dependencies: ["BinderyJSON"]),

        // Surface: what a view model shows (inputs, outputs, commands, lists), over the core.
        .target(name: "Bindery", dependencies: ["BinderyCore", "BinderyProtocol", "BinderyJSON"]),

        // Services, each knowing nothing of view models but what it stores.
        .target(name: "BinderySignals"),
        .target(name: "BinderySQLite", dependencies: ["CSQLite", "BinderyPrimitives"]),
        .target(name: "BinderySystemd", dependencies: ["BinderyPrimitives", "BinderyProtocol", "CSystemd"]),
        .target(name: "BinderyHTTP", dependencies: ["BinderyPrimitives", "BinderyJSON", "CMicroHTTPD", "CZlib"]),
        .target(name: "BinderyControl", dependencies: ["BinderyPrimitives"]),
        .target(name: "BinderyPersistence", dependencies: ["Bindery", "BinderySQLite", "BinderyPrimitives"]),
        // The state at recent versions: checkpoints and each version's change-feed entries.
        .target(name: "BinderyHistory", dependencies: ["BinderyJSON", "BinderyProtocol"]),
        // The event log: the bounded ring of logged events and the queries that page through it.
        .target(name: "BinderyEventLog", dependencies: ["BinderyJSON"]),

        // The dashboard (web/) and the API's description (docs/openapi.yaml) compiled in: the
        // plugin regenerates them on every build.
        .target(name: "BinderyWeb", plugins: ["EmbedDashboard"]),
        .executableTarget(name: "bindery-embed"),
        .plugin(name: "EmbedDashboard", capability: .buildTool(), dependencies: ["bindery-embed"]),

        // The access each stored member of a target's classes is declared with, read from its
        // sources, so `Surface(self)` makes only a public or open MutableProperty an input.
        .executableTarget(name: "bindery-access-scan"),
        .plugin(name: "SurfaceAccess", capability: .buildTool(), dependencies: ["bindery-access-scan"]),

        // The JSON forms of a surface's parts that the host serves and keeps: the surface
        // documents, a list's rows encoded once and chunked, why a command is disabled.
        .target(name: "BinderySurfaceEncoding", dependencies: ["Bindery", "BinderyJSON"]),

        // Host: view-model hosts, state and events, the control server, the daemon's routes.
        .target(name: "BinderyHost", dependencies: ["Bindery", "BinderyPrimitives", "BinderyJSON", "BinderyProtocol", "BinderySignals",
                                                   "BinderySQLite", "BinderyPersistence", "BinderyHistory", "BinderyEventLog", "BinderyHTTP", "BinderyControl",
                                                   "BinderySystemd", "BinderyWeb", "BinderySurfaceEncoding"]),

        // The demo's view models over their SQLite store and the simulated API client.
        .target(name: "BinderyModels", dependencies: ["Bindery", "BinderyPrimitives", "BinderyProtocol", "BinderySQLite"], plugins: ["SurfaceAccess"]),

        // Programs.
        .executableTarget(name: "binderyd", dependencies: ["BinderyHost", "BinderyModels"]),
        // binderyctl's logic without a terminal: command table, tokenizer, values, completion,
        // rendering and the control-socket client (tested directly by BinderyCLITests).
        .target(name: "BinderyCLI", dependencies: ["BinderyPrimitives", "BinderyJSON", "BinderyProtocol", "BinderyHistory"]),
        .executableTarget(name: "binderyctl", dependencies: ["BinderyCLI", "BinderyPrimitives", "BinderySignals", "CReadline"]),
        // The core workloads W1–W6 (`make bench`).
        .executableTarget(name: "bindery-bench", dependencies: ["BinderyCore"]),
        // Prints docs/VIEWMODELS.md from the standard view models' surfaces.
        .executableTarget(name: "bindery-docs", dependencies: ["BinderyModels"]),

        // Tests. What more than one test target needs (a temporary directory, the real daemon
        // on a temporary socket, raw sockets) is written once, in BinderyTestSupport.
        .target(name: "BinderyTestSupport", dependencies: ["BinderyPrimitives"], path: "Tests/BinderyTestSupport"),
        // Test-only programs: one reports the sockets systemd-style activation handed it; one
        // serves a view model of dates, optionals, arrays, dictionaries and an enum.
        .executableTarget(name: "bindery-activation-probe", dependencies: ["BinderyHost", "BinderyHTTP", "BinderySystemd"],
                          path: "Tests/Programs/bindery-activation-probe"),
        .executableTarget(name: "bindery-types-daemon", dependencies: ["Bindery", "BinderyHost"],
                          path: "Tests/Programs/bindery-types-daemon", plugins: ["SurfaceAccess"]),
        // Examples/Search's view model (a debounced search that runs itself), built from the
        // example's own sources, and the test-only DaemonMain program hosting it for the
        // end-to-end test of runs a view model starts and of restarts that run nothing.
        .target(name: "BinderySearchExample", dependencies: ["Bindery"], path: "Examples/Search/Sources/SearchKit",
                plugins: ["SurfaceAccess"]),
        .executableTarget(name: "bindery-search-daemon", dependencies: ["BinderySearchExample", "BinderyHost"],
                          path: "Tests/Programs/bindery-search-daemon"),
        // Test-only: the same search screen as a newcomer first writes it (every member public,
        // so settable), for the binding graph's readability check.
        .executableTarget(name: "bindery-graph-search-daemon", dependencies: ["Bindery", "BinderyHost"],
                          path: "Tests/Programs/bindery-graph-search-daemon"),
        // Test-only: a sign-up form whose state lives inside its pipelines (debounce, flatMap,
        // scan, combinePrevious), for the end-to-end test of restarts that restore it.
        .executableTarget(name: "bindery-pipelines-daemon", dependencies: ["Bindery", "BinderyHost"],
                          path: "Tests/Programs/bindery-pipelines-daemon", plugins: ["SurfaceAccess"]),
        // Test-only: a watch list polled by a timer every 0.3 s with identical answers, for the
        // folding of a timer's repeats in the dashboard's log and in `binderyctl watch`.
        .executableTarget(name: "bindery-ticker-daemon", dependencies: ["Bindery", "BinderyHost"],
                          path: "Tests/Programs/bindery-ticker-daemon", plugins: ["SurfaceAccess"]),
        // libFuzzer harnesses, one per parser that reads bytes from outside (`make fuzz`; seed
        // corpora in Tests/Fuzz/Corpus). `make fuzz` builds them with -DBINDERY_FUZZ, coverage
        // instrumentation and AddressSanitizer into .build/fuzz, linking libFuzzer's driver
        // (CLibFuzzer); an ordinary build makes each a small program that runs its harness on
        // the files it is given (a corpus replayed without sanitizers). FuzzViewModels: a view
        // model with an input of every kind, for the harnesses that decode values.
        .systemLibrary(name: "CLibFuzzer", path: "Tests/Fuzz/CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"], path: "Tests/Fuzz/FuzzSupport"),
        .target(name: "FuzzViewModels", dependencies: ["Bindery"], path: "Tests/Fuzz/FuzzViewModels"),
        .executableTarget(name: "fuzz-json", dependencies: ["BinderyJSON", "FuzzSupport"], path: "Tests/Fuzz/fuzz-json"),
        .executableTarget(name: "fuzz-http-request", dependencies: ["BinderyHTTP", "FuzzSupport"], path: "Tests/Fuzz/fuzz-http-request"),
        .executableTarget(name: "fuzz-control-frames", dependencies: ["Bindery", "BinderyControl", "BinderyHost", "BinderyJSON", "FuzzSupport", "FuzzViewModels"],
                          path: "Tests/Fuzz/fuzz-control-frames"),
        .executableTarget(name: "fuzz-surface-value", dependencies: ["Bindery", "BinderyJSON", "FuzzSupport", "FuzzViewModels"],
                          path: "Tests/Fuzz/fuzz-surface-value"),
        .executableTarget(name: "fuzz-stored-rows", dependencies: ["Bindery", "BinderyHistory", "BinderyJSON", "FuzzSupport", "FuzzViewModels"],
                          path: "Tests/Fuzz/fuzz-stored-rows"),
        // The layers README.md draws, checked against the package itself.
        .testTarget(name: "BinderyArchitectureTests"),
        // `import ReactiveSwift` and module-qualified names, as ReactiveSwift's users write them.
        .testTarget(name: "ReactiveSwiftModuleTests", dependencies: ["ReactiveSwift"]),
        .testTarget(name: "BinderyJSONTests", dependencies: ["BinderyJSON"]),
        // The scanner behind SurfaceAccess, on tricky sources (its executable's module, tested).
        .testTarget(name: "BinderyAccessScanTests", dependencies: ["bindery-access-scan"]),
        .testTarget(name: "BinderyTests", dependencies: ["Bindery", "BinderyPrimitives"]),
        .testTarget(name: "BinderyPrimitivesTests", dependencies: ["BinderyPrimitives", "BinderyTestSupport"]),
        // The documents' links and named paths exist (README.md, BENCHMARKS.md, docs/), and
        // docs/PROTOCOL.md's op table lists the protocol's declared ops and fields.
        .testTarget(name: "DocumentationTests", dependencies: ["BinderyProtocol"]),
        .testTarget(name: "BinderyModelsTests", dependencies: ["BinderyModels", "BinderyPrimitives", "BinderySQLite", "BinderyTestSupport"]),
        .testTarget(name: "BinderyCLITests", dependencies: ["BinderyCLI", "BinderyJSON", "BinderyPrimitives", "BinderyProtocol", "BinderyHistory", "BinderyTestSupport", "binderyctl", "binderyd",
                                                         "bindery-ticker-daemon"]),
        .testTarget(name: "BinderyHostTests", dependencies: ["BinderyHost", "BinderyPrimitives", "BinderySurfaceEncoding", "BinderyHTTP", "BinderyControl", "BinderyPersistence", "BinderySystemd",
                                                           "BinderyJSON", "BinderyHistory", "BinderyModels", "BinderyProtocol", "BinderySQLite",
                                                           "BinderyTestSupport", "bindery-activation-probe", "bindery-types-daemon", "bindery-search-daemon", "bindery-graph-search-daemon",
                                                           "bindery-pipelines-daemon",
                                                           "binderyctl", "binderyd"]),
    ],
    swiftLanguageModes: [.v6]
)
