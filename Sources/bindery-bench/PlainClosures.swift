// W0: the pipelines of W1–W5 written as plain closures over `Prop` in this module — no
// signals, no locks, no disposables, only values — so `make bench` shows what the reactive
// layer costs on top of the work itself. Same counts, checksums and `Sink` as the reactive
// versions; W0.1–W0.4 are written exactly as the benchmark definition gives them
// (BENCHMARKS.md, "One W0"), one closure per operator.

func w0w1() -> Int {
    let s = Sink()
    let p = Prop(0)
    let sink: (Int) -> Void = { s.n &+= $0 }
    let filter: (Int) -> Void = { if $0 % 2 == 0 { sink($0) } }
    let map: (Int) -> Void = { filter($0 + 1) }
    p.observe(map)
    for i in 1...2_000_000 { p.value = i }
    return s.n
}

/// W0.2's state: the latest value of each side and the last value `skipRepeats` let through.
final class Latest {
    var a: String?
    var b: String?
    var last: Bool?
}

func w0w2() -> Int {
    let s = Sink()
    let phone = Prop("")
    let code = Prop("")
    let l = Latest()
    let sink: (Bool) -> Void = { _ in s.n &+= 1 }
    let skipRepeats: (Bool) -> Void = { valid in
        if l.last != valid {
            l.last = valid
            sink(valid)
        }
    }
    let map: ((String, String)) -> Void = { pair in skipRepeats(!pair.0.isEmpty && !pair.1.isEmpty) }
    phone.observe { l.a = $0; if let b = l.b { map(($0, b)) } }
    code.observe { l.b = $0; if let a = l.a { map((a, $0)) } }
    let pool = w2Pool()
    for i in 0..<1_000_000 {
        let str = pool[(i &* 13) & 63]
        if i % 2 == 0 { phone.value = str } else { code.value = str }
    }
    return s.n
}

func w0w3() -> Int {
    let s = Sink()
    let p = Prop(0)
    for _ in 0..<1_000 { p.observe { s.n &+= $0 } }
    let start = ContinuousClock.now
    for i in 1...10_000 { p.value = i }
    w3Elapsed = ContinuousClock.now - start
    return s.n
}

func w0w4() -> Int {
    let s = Sink()
    let p = Prop(1)
    let sink: (Int) -> Void = { s.n &+= $0 }
    for _ in 0..<1_000_000 {
        let id = p.observe { sink($0 + 1) }
        p.detach(id)
    }
    return s.n
}

func w0w5() -> Int {
    let s = Sink()
    let e = Sink()
    let isExecuting = Prop(false)
    isExecuting.observe { _ in e.n &+= 1 }
    let values: (Int) -> Void = { s.n &+= $0 }
    let work: (Int, (Int) -> Void) -> Void = { input, send in send(input) }
    func apply(_ input: Int) {
        guard !isExecuting.value else { return }
        isExecuting.value = true
        work(input, values)
        isExecuting.value = false
    }
    for i in 0..<500_000 { apply(i) }
    return s.n &+ e.n
}
