// bindery-bench: the core workloads W1–W6, defined identically for every library compared
// (same operators, counts and checksums, so the figures are comparable), each after
// its W0 baseline (the same pipeline as plain closures, PlainClosures.swift).
// Each workload runs once as warm-up, then 5 times; one line per workload:
// median, min and max ns per op, and the checksum (so nothing is optimised away).
// W6 (memory) runs in a child process of its own: `bindery-bench w6`.
// `bindery-bench --once W1` runs only W1, once, without warm-up: for profilers
// (`valgrind --tool=callgrind`), where the instruction count per op is what matters.
import BinderyCore
#if canImport(Glibc)
import Glibc
#endif

final class Sink { var n = 0 }

struct Workload {
    let id: String
    let ops: Int
    let expected: Int
    let body: () -> Int
}

func w1() -> Int {
    let s = Sink()
    let p = MutableProperty<Int>(0)
    p.producer.map { $0 + 1 }.filter { $0 % 2 == 0 }.startWithValues { s.n &+= $0 }
    for i in 1...2_000_000 { p.value = i }
    return s.n
}

/// W2's and W0.2's inputs: 64 strings, every fifth empty, the rest phone-number-like. Typed
/// closure: inferred, this one expression took the type checker over 5 s.
func w2Pool() -> [String] {
    (0..<64).map { (i: Int) -> String in i % 5 == 0 ? "" : "1380013" + String(i * 37) }
}

func w2() -> Int {
    let s = Sink()
    let phone = MutableProperty("")
    let code = MutableProperty("")
    SignalProducer.combineLatest(phone.producer, code.producer)
        .map { !$0.isEmpty && !$1.isEmpty }
        .skipRepeats()
        .startWithValues { _ in s.n &+= 1 }
    let pool = w2Pool()
    for i in 0..<1_000_000 {
        let str = pool[(i &* 13) & 63]
        if i % 2 == 0 { phone.value = str } else { code.value = str }
    }
    return s.n
}

func w3() -> Int {
    let s = Sink()
    let p = MutableProperty<Int>(0)
    for _ in 0..<1_000 { p.producer.startWithValues { s.n &+= $0 } }
    let start = ContinuousClock.now
    for i in 1...10_000 { p.value = i }
    w3Elapsed = ContinuousClock.now - start
    return s.n
}
// W3 times only the sets, not attaching the 1,000 observers.
nonisolated(unsafe) var w3Elapsed: Duration = .zero // written and read by the main thread only

func w4() -> Int {
    let s = Sink()
    let p = MutableProperty(1)
    for _ in 0..<1_000_000 {
        let d = p.producer.map { $0 + 1 }.startWithValues { s.n &+= $0 }
        d.dispose()
    }
    return s.n
}

func w5() -> Int {
    let s = Sink()
    let e = Sink()
    let action = Action<Int, Int, Never> { i in SignalProducer(value: i) }
    action.values.observeValues { s.n &+= $0 }
    action.isExecuting.producer.startWithValues { _ in e.n &+= 1 }
    for i in 0..<500_000 { action.apply(i).start() }
    return s.n &+ e.n
}

func residentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        let kb = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return kb * 1024
    }
    return 0
}

func w6() {
    let s = Sink()
    let before = residentBytes()
    var properties: [MutableProperty<Int>] = []
    var disposables: [Disposable] = []
    properties.reserveCapacity(100_000)
    disposables.reserveCapacity(100_000)
    for i in 0..<100_000 {
        let p = MutableProperty(i)
        disposables.append(p.producer.startWithValues { s.n &+= $0 })
        properties.append(p)
    }
    for (i, p) in properties.enumerated() { p.value = i + 1 }
    let after = residentBytes()
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let perPair = Double(after - before) / 100_000
    print("W6  \(Int(perPair.rounded())) B/pair  peak RSS \(usage.ru_maxrss / 1024) MB  checksum \(s.n)  (expected 10000000000)")
    withExtendedLifetime((properties, disposables)) {}
}

let workloads = [
    Workload(id: "W0.1", ops: 2_000_000, expected: 1_000_001_000_000, body: w0w1),
    Workload(id: "W1", ops: 2_000_000, expected: 1_000_001_000_000, body: w1),
    Workload(id: "W0.2", ops: 1_000_000, expected: 406_250, body: w0w2),
    Workload(id: "W2", ops: 1_000_000, expected: 406_250, body: w2),
    Workload(id: "W0.3", ops: 10_000_000, expected: 50_005_000_000, body: w0w3),
    Workload(id: "W3", ops: 10_000_000, expected: 50_005_000_000, body: w3),
    Workload(id: "W0.4", ops: 1_000_000, expected: 2_000_000, body: w0w4),
    Workload(id: "W4", ops: 1_000_000, expected: 2_000_000, body: w4),
    Workload(id: "W0.5", ops: 500_000, expected: 125_000_750_001, body: w0w5),
    Workload(id: "W5", ops: 500_000, expected: 125_000_750_001, body: w5),
]

func run(_ workload: Workload, once: Bool) -> Bool {
    if once {
        let checksum = workload.body()
        print("\(workload.id)  ran once  checksum \(checksum)")
        return checksum == workload.expected
    }
    _ = workload.body()
    var samples: [Double] = []
    var checksum = 0
    for _ in 0..<5 {
        let start = ContinuousClock.now
        checksum = workload.body()
        var elapsed = ContinuousClock.now - start
        if workload.id == "W3" || workload.id == "W0.3" { elapsed = w3Elapsed }
        let (seconds, attoseconds) = elapsed.components
        let ns = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
        samples.append(ns / Double(workload.ops))
    }
    samples.sort()
    let ok = checksum == workload.expected
    func f(_ x: Double) -> String { String(Int((x * 10).rounded()) / 10) + "." + String(Int((x * 10).rounded()) % 10) }
    print("\(workload.id)  median \(f(samples[2])) ns/op  min \(f(samples[0]))  max \(f(samples[4]))  checksum \(checksum)\(ok ? "" : "  WRONG, expected \(workload.expected)")")
    return ok
}

var arguments = CommandLine.arguments.dropFirst()
let once = arguments.first == "--once"
if once { arguments = arguments.dropFirst() }
if arguments.first == "w6" {
    w6()
} else {
    let selected = arguments.isEmpty ? workloads : workloads.filter { arguments.contains($0.id) || arguments.contains($0.id.lowercased()) }
    var allCorrect = true
    for workload in selected where !run(workload, once: once) { allCorrect = false }
    if arguments.isEmpty {
        // W6 measures resident memory, so it gets a fresh process of its own.
        let path = CommandLine.arguments[0]
        var pid: pid_t = 0
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup(path), strdup("w6"), nil]
        if posix_spawn(&pid, path, nil, nil, &argv, environ) == 0 {
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        argv.forEach { free($0) }
    }
    exit(allCorrect ? 0 : 1)
}
