// W0: the pipelines of W1–W5 written as plain closures in this module — no signals, no
// locks, no lifetimes — so `make bench` shows what the reactive layer costs on top of the
// work itself. Same counts and checksums as the reactive versions.

/// A value with observers, as a plain class: setting it calls each observer closure.
final class PlainProperty<Value> {
    var value: Value {
        didSet { for observer in observers { observer(value) } }
    }
    private var observers: [(Value) -> Void] = []

    init(_ value: Value) { self.value = value }

    /// Calls `observer` with the current value and every later one; returns a removal key.
    @discardableResult
    func observe(_ observer: @escaping (Value) -> Void) -> Int {
        observer(value)
        observers.append(observer)
        return observers.count - 1
    }

    func removeObserver(at index: Int) { observers.remove(at: index) }
}

func w0w1() -> Int {
    let s = Sink()
    let p = PlainProperty(0)
    let map: (Int) -> Int = { $0 + 1 }
    let filter: (Int) -> Bool = { $0 % 2 == 0 }
    p.observe { value in
        let mapped = map(value)
        if filter(mapped) { s.n &+= mapped }
    }
    for i in 1...2_000_000 { p.value = i }
    return s.n
}

func w0w2() -> Int {
    let s = Sink()
    let phone = PlainProperty("")
    let code = PlainProperty("")
    var previous: Bool?
    let combine = { (a: String, b: String) in
        let valid = !a.isEmpty && !b.isEmpty
        if previous != valid {
            previous = valid
            s.n &+= 1
        }
    }
    phone.observe { combine($0, code.value) }
    code.observe { combine(phone.value, $0) }
    let pool = (0..<64).map { $0 % 5 == 0 ? "" : "1380013" + String($0 * 37) }
    for i in 0..<1_000_000 {
        let str = pool[(i &* 13) & 63]
        if i % 2 == 0 { phone.value = str } else { code.value = str }
    }
    return s.n
}

func w0w3() -> Int {
    let s = Sink()
    let p = PlainProperty(0)
    for _ in 0..<1_000 { p.observe { s.n &+= $0 } }
    let start = ContinuousClock.now
    for i in 1...10_000 { p.value = i }
    w3Elapsed = ContinuousClock.now - start
    return s.n
}

func w0w4() -> Int {
    let s = Sink()
    let p = PlainProperty(1)
    for _ in 0..<1_000_000 {
        let key = p.observe { s.n &+= $0 + 1 }
        p.removeObserver(at: key)
    }
    return s.n
}

func w0w5() -> Int {
    let s = Sink()
    let e = Sink()
    let isExecuting = PlainProperty(false)
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
