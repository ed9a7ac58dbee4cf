import Bindery

/// The paged product list of seed 002 (MainViewModel), with the seed's bugs fixed.
///
/// Guarantees:
/// - `refresh` fetches page 0 and replaces the list (the seed appended); `loadMore` fetches
///   the page after the last one loaded (page 0 when the list is empty) and appends it.
///   `pageIndex` is the last page loaded, changed only when a page arrives (the seed
///   advanced it before the request, so a failed request skipped a page).
/// - One fetch at a time: `loadMore` is disabled while `refresh` runs, and starting `refresh`
///   interrupts a running `loadMore`, so a stale page is never appended to a fresh list.
/// - `cancel` interrupts whichever fetch runs (`take(until: cancel)`); nothing it would have
///   delivered arrives. It produces whether a fetch was running.
/// - `lastError` is the message of the latest failed refresh or loadMore (one merged
///   stream), cleared by the next successful fetch.
/// - `toggle(index)` flips one row's selection; an index outside the list fails with a
///   message naming the valid range and changes nothing.
/// - `products` reports its edits row by row (a ``ListProperty``): a toggle is one
///   `.updated` row, a page one `.inserted` run at the end, a refresh one `.replaced` — so a
///   host's cost per change follows the change, not the list's length.
public final class ProductsViewModel: SummarizedViewModel {
    /// The view model's name in its host.
    public static let name = "products"

    /// The rows, in catalogue order.
    public let products: ListProperty<ProductCell>
    /// The index of the last page loaded (0 before any).
    public let pageIndex: Property<Int>
    /// The latest fetch error, or nil.
    public let lastError: Property<String?>
    /// Replaces the list with page 0; produces how many rows it now has.
    public let refresh: Action<Void, Int, APIError>
    /// Appends the next page; produces how many rows it appended.
    public let loadMore: Action<Void, Int, APIError>
    /// Interrupts the running fetch; produces whether one was running.
    public let cancel: Action<Void, Bool, Never>
    /// Flips the selection of row `index`; produces the row's new selection.
    public let toggle: Action<Int, Bool, ProductsError>
    public let summary = """
        Seed 002's product list. `refresh` loads page 0 and replaces the rows, `loadMore` appends \
        the next page of \(APIClient.productPageSize), `cancel` interrupts whichever fetch is \
        running (`loadMore` is disabled while `refresh` runs, and `refresh` interrupts it), and the failures of both fetches merge into one `lastError`. Each row is a \
        {title, isSelected, color} record, yellow until `toggle(index)` selects it (red).
        """

    private let cells = MutableListProperty<ProductCell>()
    private let lastPage = MutableProperty(0)
    private let latestError = MutableProperty<String?>(nil)
    private let cancelled: Signal<(), Never>
    private let cancelObserver: Signal<(), Never>.Observer
    private let refreshStarted: Signal<(), Never>
    private let refreshStartedObserver: Signal<(), Never>.Observer

    /// The products view model over `api` (`context` is the demo's common one; how long its
    /// commands may run is the host's alone: `--command-timeout`).
    public init(context: ModelContext, api: APIClient) {
        (cancelled, cancelObserver) = Signal<(), Never>.pipe()
        (refreshStarted, refreshStartedObserver) = Signal<(), Never>.pipe()
        let cells = cells
        let lastPage = lastPage
        let latestError = latestError
        let cancelled = cancelled
        let refreshStarted = refreshStarted
        let refreshStartedObserver = refreshStartedObserver
        let cancelObserver = cancelObserver

        products = ListProperty(cells)
        pageIndex = Property(lastPage)
        lastError = Property(latestError)

        refresh = Action { _ in
            refreshStartedObserver.send(value: ())
            return api.products(page: 0)
                .take(until: cancelled)
                .on(value: { page in
                    cells.value = page.map { ProductCell(title: $0.title) }
                    lastPage.value = 0
                    latestError.value = nil
                })
                .map(\.count)
        }

        loadMore = Action(enabledIf: refresh.isExecuting.map(!)) { _ in
            let page = cells.isEmpty ? 0 : lastPage.value + 1
            return api.products(page: page)
                .take(until: cancelled)
                .take(until: refreshStarted)
                .on(value: { products in
                    latestError.value = nil
                    guard !products.isEmpty else { return }
                    cells.append(contentsOf: products.map { ProductCell(title: $0.title) })
                    lastPage.value = page
                })
                .map(\.count)
        }

        let refresh = refresh
        let loadMore = loadMore
        cancel = Action { _ in
            SignalProducer { () -> Result<Bool, Never> in
                let wasRunning = refresh.isExecuting.value || loadMore.isExecuting.value
                cancelObserver.send(value: ())
                return .success(wasRunning)
            }
        }

        toggle = Action { index in
            SignalProducer { () -> Result<Bool, ProductsError> in
                let count = cells.count
                guard (0..<count).contains(index) else {
                    return .failure(.indexOutOfRange(index: index, count: count))
                }
                return .success(cells.modify(at: index) { cell in
                    cell.isSelected.toggle()
                    return cell.isSelected
                })
            }
        }

        Signal.merge(refresh.errors, loadMore.errors).observeValues { error in
            latestError.value = error.description
        }
    }
}

extension ProductsViewModel {
    /// Discovered from the members above; the private state behind the outputs is hidden and
    /// `toggle`'s argument is called `index`.
    public var surface: Surface {
        Surface(self) {
            $0.argument(\.toggle, named: "index")
            $0.hide(\.cells)
            $0.hide(\.lastPage)
            $0.hide(\.latestError)
        }
    }
}
