@testable import BinderyCore
import Bindery
import BinderyPrimitives
import Dispatch
import Foundation
import Synchronization
import Testing

#if DEBUG
private let isDebugBuild = true
#else
private let isDebugBuild = false
#endif

/// The premise `SignalProducer.init(serial:)` (and so an action's execution, whose work is a
/// producer) rests on, checked in debug builds: one event at a time, never two threads at once.
@Suite(.timeLimit(.minutes(1))) struct SerialSendCheckTests {
    @Test(.enabled(if: isDebugBuild, "the check is compiled into debug builds only"))
    func twoThreadsSendingAtOnceIntoASerialProducerStopTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let delivering = DispatchSemaphore(value: 0)
            let producer = SignalProducer<Int, Never>(serial: { observer, _ in
                // The second sender starts once the first value is being delivered.
                Thread.detachNewThread {
                    delivering.wait()
                    observer.send(value: 2)
                }
                observer.send(value: 1)
            })
            producer.startWithValues { value in
                guard value == 1 else { return }
                delivering.signal()
                // Still delivering when the other thread sends: the check stops the process.
                sleep(30)
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("two threads sent events at once into SignalProducer.init(serial:)"), "\(message)")
    }

    @Test func sendsFromTwoThreadsOneAfterTheOtherAreDelivered() {
        let received = Lock<[Int]>([])
        let producer = SignalProducer<Int, Never>(serial: { observer, _ in
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                observer.send(value: 1)
                done.signal()
            }
            done.wait()
            Thread.detachNewThread {
                observer.send(value: 2)
                observer.sendCompleted()
                done.signal()
            }
            done.wait()
        })
        producer.startWithValues { value in received.withLock { $0.append(value) } }
        #expect(received.withLock { $0 } == [1, 2])
    }

    @Test func aSendFromInsideItsOwnDeliveryIsDeliveredAfterIt() {
        let received = Lock<[Int]>([])
        let input = Lock<Signal<Int, Never>.Observer?>(nil)
        let producer = SignalProducer<Int, Never>(serial: { observer, _ in
            input.withLock { $0 = observer }
            observer.send(value: 1)
            observer.sendCompleted()
        })
        producer.startWithValues { value in
            received.withLock { $0.append(value) }
            // Re-entrant, on the delivering thread: the run's core queues it behind this one.
            if value == 1 { input.withLock { $0 }?.send(value: 2) }
        }
        #expect(received.withLock { $0 } == [1, 2])
    }
}
