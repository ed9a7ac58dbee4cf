import Bindery
import Foundation
import Testing

/// Where observers run: on the sending thread (or the thread already delivering), or on the
/// scheduler given to `observe(on:)`.
@Suite(.timeLimit(.minutes(2))) struct ThreadingTests {
    @Test func anIdleSignalDeliversOnTheSendingThread() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let observerThreads = Recorder<UInt>()
        let senderThread = Recorder<UInt>()
        let done = DispatchSemaphore(value: 0)
        signal.observeValues { _ in observerThreads.append(UInt(pthread_self())) }
        Thread {
            senderThread.append(UInt(pthread_self()))
            input.send(value: 1)
            done.signal()
        }.start()
        done.wait()
        #expect(observerThreads.all == senderThread.all)
        #expect(observerThreads.all != [UInt(pthread_self())])
    }

    @Test func observeOnAQueueSchedulerDeliversOnItsQueueInOrder() {
        let scheduler = QueueScheduler(name: "bindery.test.observe-on")
        let key = DispatchSpecificKey<String>()
        scheduler.queue.setSpecific(key: key, value: "observe-on")
        let (signal, input) = Signal<Int, Never>.pipe()
        let seen = Recorder<Int>()
        let onQueue = Recorder<Bool>()
        let finished = DispatchSemaphore(value: 0)
        signal.observe(on: scheduler).observe { event in
            onQueue.append(DispatchQueue.getSpecific(key: key) == "observe-on")
            switch event {
            case let .value(value): seen.append(value)
            default: finished.signal()
            }
        }
        for value in 0..<100 { input.send(value: value) }
        input.sendCompleted()
        finished.wait()
        #expect(seen.all == Array(0..<100))
        #expect(onQueue.all.allSatisfy { $0 })
    }

    @Test func bindingTargetOnAQueueSchedulerSetsOnItsQueue() {
        let scheduler = QueueScheduler(name: "bindery.test.binding")
        let key = DispatchSpecificKey<Bool>()
        scheduler.queue.setSpecific(key: key, value: true)
        let (lifetime, token) = Lifetime.make()
        let set = DispatchSemaphore(value: 0)
        let onQueue = Recorder<Bool>()
        let target = BindingTarget<Int>(on: scheduler, lifetime: lifetime) { _ in
            onQueue.append(DispatchQueue.getSpecific(key: key) == true)
            set.signal()
        }
        target <~ SignalProducer(value: 1)
        set.wait()
        #expect(onQueue.all == [true])
        token.dispose()
    }
}
