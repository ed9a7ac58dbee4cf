// `URLSession.reactive`, as ReactiveSwift has it on Linux too. It lives here rather than in
// BinderyCore so that only users of the ReactiveSwift product link FoundationNetworking (and
// libcurl); Bindery's own programs never do.
import BinderyCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSession: ReactiveExtensionsProvider {}

extension Reactive where Base: URLSession {
    /// A producer that, on each start, loads `request` and sends the data and the response,
    /// then completes; it fails with the session's error (or a generic `NSError` when the
    /// session reports neither data nor an error). Disposing the run cancels the task.
    public func data(with request: URLRequest) -> SignalProducer<(Data, URLResponse), Swift.Error> {
        SignalProducer { [base = self.base] observer, lifetime in
            let task = base.dataTask(with: request) { data, response, error in
                if let data, let response {
                    observer.send(value: (data, response))
                    observer.sendCompleted()
                } else {
                    observer.send(error: error ?? NSError(domain: "org.reactivecocoa.ReactiveSwift.Reactivity.URLSession.dataWithRequest", code: 1, userInfo: nil))
                }
            }
            lifetime.observeEnded(task.cancel)
            task.resume()
        }
    }
}
