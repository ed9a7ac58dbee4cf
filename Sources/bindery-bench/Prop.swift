// The smallest observable value W0 is defined with: a value, an array of observer closures
// keyed by id, `didSet` calling each. Single-threaded: no lock, no disposable, no lifetime.
// Written exactly as the benchmark definition gives it (BENCHMARKS.md, "One W0"), so the
// baseline is the same in every measurement.

/// A value whose observers are called, in the order they were added, each time it is set.
final class Prop<Value> {
    private var observers: [(id: Int, fn: (Value) -> Void)] = []
    private var nextID = 0
    var value: Value { didSet { for o in observers { o.fn(value) } } }
    init(_ value: Value) { self.value = value }
    /// Calls `fn` with the current value and every later one; returns the id `detach` takes.
    @discardableResult func observe(_ fn: @escaping (Value) -> Void) -> Int {
        fn(value); nextID &+= 1; observers.append((nextID, fn)); return nextID
    }
    /// Removes the observer `observe` returned `id` for.
    func detach(_ id: Int) { if let i = observers.firstIndex(where: { $0.id == id }) { observers.remove(at: i) } }
}
