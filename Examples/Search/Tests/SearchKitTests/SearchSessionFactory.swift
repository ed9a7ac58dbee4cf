import Bindery
import SearchKit

/// What SearchSessionTests.swift (written by `binderyctl testgen`, docs/GUIDE.md "Tests from a
/// session") builds its view model with: the one searchd hosts, on the test's scheduler, with
/// the same catalogue and latency — the test double of the backend a real app would put here.
func makeSearchViewModel(scheduler: TestScheduler) -> SearchViewModel {
    SearchViewModel(scheduler: scheduler, backend: SearchBackend(scheduler: scheduler, latency: 0.05))
}
