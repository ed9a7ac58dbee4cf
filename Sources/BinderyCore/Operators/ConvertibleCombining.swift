// ReactiveSwift's forms of the combining operators that take anything convertible to a
// producer (a `Signal`, a `SignalProducer`, a property) and the collection forms of `all`,
// `any` and `merge`, with ReactiveSwift's signatures. Each converts its arguments and calls the
// `SignalProducer` form; the concrete overloads stay, and Swift prefers them when they apply.
// The collection forms hand the general `Sequence` forms an `AnySequence`, which is not a
// `Collection`, so the call cannot resolve back to the collection form.

extension SignalProducer {
    /// The pairs of the latest values of this run and `other`'s (see the `SignalProducer` form).
    public func combineLatest<Other: SignalProducerConvertible>(with other: Other) -> SignalProducer<(Value, Other.Value), Error>
    where Other.Error == Error {
        combineLatest(with: other.producer)
    }

    /// The pairs of this run's and `other`'s values, matched by position.
    public func zip<Other: SignalProducerConvertible>(with other: Other) -> SignalProducer<(Value, Other.Value), Error>
    where Other.Error == Error {
        zip(with: other.producer)
    }

    /// The latest values of `a` and `b`, once each has sent one.
    public static func combineLatest<A: SignalProducerConvertible, B: SignalProducerConvertible>(_ a: A, _ b: B) -> SignalProducer<(Value, B.Value), Error>
    where A.Value == Value, A.Error == Error, B.Error == Error {
        combineLatest(a.producer, b.producer)
    }

    /// The latest values of `a`, `b` and `c`, once each has sent one.
    public static func combineLatest<A: SignalProducerConvertible, B: SignalProducerConvertible, C: SignalProducerConvertible>(_ a: A, _ b: B, _ c: C) -> SignalProducer<(Value, B.Value, C.Value), Error>
    where A.Value == Value, A.Error == Error, B.Error == Error, C.Error == Error {
        combineLatest(a.producer, b.producer, c.producer)
    }

    /// The latest values of `a`, `b`, `c` and `d`, once each has sent one.
    public static func combineLatest<A: SignalProducerConvertible, B: SignalProducerConvertible, C: SignalProducerConvertible, D: SignalProducerConvertible>(_ a: A, _ b: B, _ c: C, _ d: D) -> SignalProducer<(Value, B.Value, C.Value, D.Value), Error>
    where A.Value == Value, A.Error == Error, B.Error == Error, C.Error == Error, D.Error == Error {
        combineLatest(a.producer, b.producer, c.producer, d.producer)
    }

    /// The values of `a` and `b`, matched by position.
    public static func zip<A: SignalProducerConvertible, B: SignalProducerConvertible>(_ a: A, _ b: B) -> SignalProducer<(Value, B.Value), Error>
    where A.Value == Value, A.Error == Error, B.Error == Error {
        zip(a.producer, b.producer)
    }

    /// The values of `a`, `b` and `c`, matched by position.
    public static func zip<A: SignalProducerConvertible, B: SignalProducerConvertible, C: SignalProducerConvertible>(_ a: A, _ b: B, _ c: C) -> SignalProducer<(Value, B.Value, C.Value), Error>
    where A.Value == Value, A.Error == Error, B.Error == Error, C.Error == Error {
        zip(a.producer, b.producer, c.producer)
    }

    /// The values of `a`, `b`, `c` and `d`, matched by position.
    public static func zip<A: SignalProducerConvertible, B: SignalProducerConvertible, C: SignalProducerConvertible, D: SignalProducerConvertible>(_ a: A, _ b: B, _ c: C, _ d: D) -> SignalProducer<(Value, B.Value, C.Value, D.Value), Error>
    where A.Value == Value, A.Error == Error, B.Error == Error, C.Error == Error, D.Error == Error {
        zip(a.producer, b.producer, c.producer, d.producer)
    }

    /// The values of every producer, merged as they arrive.
    public static func merge<Seq: Sequence>(_ producers: Seq) -> SignalProducer<Value, Error>
    where Seq.Iterator.Element == SignalProducer<Value, Error> {
        flattening(Array(producers), .merge)
    }
}

extension Signal {
    /// Each value of this signal with the latest value of a run of `samplee`, started now.
    public func withLatest<Samplee: SignalProducerConvertible>(from samplee: Samplee) -> Signal<(Value, Samplee.Value), Error>
    where Samplee.Error == Never {
        withLatest(from: samplee.producer)
    }
}

extension Signal where Value == Bool {
    /// The logical AND of the latest values of every signal (`true` once each has sent one).
    public static func all<BooleansCollection: Collection>(_ booleans: BooleansCollection) -> Signal<Value, Error>
    where BooleansCollection.Element == Signal<Value, Error> {
        all(AnySequence(booleans))
    }

    /// The logical OR of the latest values of every signal.
    public static func any<BooleansCollection: Collection>(_ booleans: BooleansCollection) -> Signal<Value, Error>
    where BooleansCollection.Element == Signal<Value, Error> {
        any(AnySequence(booleans))
    }
}

extension SignalProducer where Value == Bool {
    /// The logical AND of the latest values of every producer; `true` if there are none.
    public static func all<BooleansCollection: Collection>(_ booleans: BooleansCollection) -> SignalProducer<Value, Error>
    where BooleansCollection.Element == SignalProducer<Value, Error> {
        all(AnySequence(booleans))
    }

    /// The logical AND of the latest values of everything in `booleans`; `true` if empty.
    public static func all<Booleans: SignalProducerConvertible, BooleansCollection: Collection>(_ booleans: BooleansCollection) -> SignalProducer<Value, Error>
    where Booleans.Value == Value, Booleans.Error == Error, BooleansCollection.Element == Booleans {
        all(AnySequence(booleans))
    }

    /// The logical OR of the latest values of every producer; `false` if there are none.
    public static func any<BooleansCollection: Collection>(_ booleans: BooleansCollection) -> SignalProducer<Value, Error>
    where BooleansCollection.Element == SignalProducer<Value, Error> {
        any(AnySequence(booleans))
    }

    /// The logical OR of the latest values of everything in `booleans`; `false` if empty.
    public static func any<Booleans: SignalProducerConvertible, BooleansCollection: Collection>(_ booleans: BooleansCollection) -> SignalProducer<Value, Error>
    where Booleans.Value == Value, Booleans.Error == Error, BooleansCollection.Element == Booleans {
        any(AnySequence(booleans))
    }
}
