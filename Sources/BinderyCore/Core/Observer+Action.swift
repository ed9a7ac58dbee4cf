extension Signal.Observer {
    /// The function of events an observer runs: ReactiveSwift's name for `(Event) -> Void`, so
    /// that code declaring its handlers as `Signal<V, E>.Observer.Action` compiles.
    public typealias Action = (Signal<Value, Error>.Event) -> Void
}
