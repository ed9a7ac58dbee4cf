// swift-tools-version:6.0
// Bindery: a reactive MVVM runtime for Linux. Dependencies point one way:
// binderyd → BinderyHost + BinderyModels; BinderyHost → Bindery, BinderyJSON, BinderyNames,
// BinderySignals, BinderySQLite, BinderyWeb and the C shims (never the demo's BinderyModels,
// so a user's daemon links only its own view models); BinderyModels → Bindery, BinderySQLite;
// Bindery → BinderyNames → BinderyJSON. BinderyHost and BinderyCLI share BinderyJSON and BinderyNames; the
// daemon and binderyctl share BinderySignals; BinderyHost serves BinderyWeb, the dashboard
// generated from web/ at build time.
import PackageDescription

let package = Package(
    name: "Bindery",
    products: [
        .library(name: "Bindery", targets: ["Bindery"]),
        .library(name: "BinderyModels", targets: ["BinderyModels"]),
        .library(name: "BinderyHost", targets: ["BinderyHost"]),
        .library(name: "BinderyJSON", targets: ["BinderyJSON"]),
        .library(name: "BinderyNames", targets: ["BinderyNames"]),
        .library(name: "BinderySQLite", targets: ["BinderySQLite"]),
    ],
    targets: [
        // System libraries (Debian -dev packages, found through pkg-config).
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3"),
        .systemLibrary(name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", pkgConfig: "libmicrohttpd"),
        .systemLibrary(name: "CSystemd", path: "Sources/CSystemd", pkgConfig: "libsystemd"),
        .systemLibrary(name: "CReadline", path: "Sources/CReadline"),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib"),

        // JSON values, parsing and writing, shared by the daemon and binderyctl; no dependencies.
        .target(name: "BinderyJSON"),
        // What every program says alike: the one did-you-mean rule for mistyped names, the
        // excerpt a message quotes of typed text (the core's surface errors, the daemon,
        // binderyctl), the value types and the one parser of typed values (to BinderyJSON's
        // values), the protocol's error codes and the release's version; quotes with
        // BinderyJSON's escaping.
        .target(name: "BinderyNames", dependencies: ["BinderyJSON"]),
        // The signal self-pipe, shared by binderyd's shutdown and binderyctl's Ctrl-C; no
        // dependencies.
        .target(name: "BinderySignals"),
        // The reactive core and the view-model surface (its messages quote typed text as JSON does).
        .target(name: "Bindery", dependencies: ["BinderyNames", "BinderyJSON"]),
        // The SQLite wrapper (databases, migrations, rows) shared by the demo's model store and
        // the host's input store.
        .target(name: "BinderySQLite", dependencies: ["CSQLite"]),
        // The view models of the source material over the SQLite store and the API client.
        .target(name: "BinderyModels", dependencies: ["Bindery", "BinderyNames", "BinderySQLite"]),
        // The dashboard (web/) compiled in: the plugin regenerates it from web/ on every build.
        .target(name: "BinderyWeb", path: "Sources/BinderyWeb", plugins: ["EmbedDashboard"]),
        .executableTarget(name: "bindery-embed", path: "Sources/BinderyEmbed"),
        .plugin(name: "EmbedDashboard", capability: .buildTool(), dependencies: ["bindery-embed"]),
        // Hosting: surfaces, snapshots, control server, HTTP server, persistence, systemd.
        .target(name: "BinderyHost", dependencies: ["Bindery", "BinderyJSON", "BinderyNames", "BinderySignals", "BinderySQLite", "BinderyWeb", "CMicroHTTPD", "CSystemd", "CZlib"]),

        // The daemon: flags and wiring over BinderyHost.
        .executableTarget(name: "binderyd", dependencies: ["BinderyHost", "BinderyModels"], path: "Sources/binderyd"),
        // binderyctl's logic without a terminal: command table, tokenizer, values, completion,
        // rendering and the control-socket client (tested directly by BinderyCLITests).
        .target(name: "BinderyCLI", dependencies: ["BinderyJSON", "BinderyNames"], path: "Sources/BinderyCLI"),
        // The REPL: readline on a terminal, lines from stdin otherwise.
        .executableTarget(name: "binderyctl", dependencies: ["BinderyCLI", "BinderySignals", "CReadline"], path: "Sources/binderyctl"),
        .executableTarget(name: "bindery-bench", dependencies: ["Bindery"], path: "Sources/BinderyBench"),
        // Prints docs/VIEWMODELS.md from the standard view models' surfaces.
        .executableTarget(name: "bindery-docs", dependencies: ["BinderyModels"], path: "Sources/BinderyDocs"),
        // Test-only: a process that reports the sockets systemd-style activation handed it.
        .executableTarget(name: "bindery-activation-probe", dependencies: ["BinderyHost"], path: "Sources/BinderyActivationProbe"),
        // Test-only: a DaemonMain program serving a view model of dates, optionals, arrays,
        // dictionaries and an enum, for the end-to-end test of those inputs.
        .executableTarget(name: "bindery-types-daemon", dependencies: ["Bindery", "BinderyHost"], path: "Sources/BinderyTypesDaemon"),
        // Test-only: a DaemonMain program serving a debounced search that drives itself, for the
        // dashboard's binding-graph check (Tests/web/graph_readability_test.py).
        .executableTarget(name: "bindery-search-daemon", dependencies: ["Bindery", "BinderyHost"], path: "Tests/BinderySearchDaemon"),

        .testTarget(name: "BinderyJSONTests", dependencies: ["BinderyJSON"]),
        .testTarget(name: "BinderyTests", dependencies: ["Bindery"]),
        // What more than one test target needs (a temporary directory, the real daemon on a
        // temporary socket, raw sockets), written once.
        .target(name: "BinderyTestSupport", path: "Tests/BinderyTestSupport"),
        .testTarget(name: "BinderyModelsTests", dependencies: ["BinderyModels", "BinderySQLite", "BinderyTestSupport"]),
        .testTarget(name: "BinderyCLITests", dependencies: ["BinderyCLI", "BinderyJSON", "BinderyNames", "BinderyTestSupport", "binderyctl", "binderyd"]),
        .testTarget(name: "BinderyHostTests", dependencies: ["BinderyHost", "BinderyJSON", "BinderyModels", "BinderyNames", "BinderySQLite", "BinderyTestSupport", "bindery-activation-probe", "bindery-types-daemon", "binderyctl", "binderyd"]),
    ],
    swiftLanguageModes: [.v6]
)
