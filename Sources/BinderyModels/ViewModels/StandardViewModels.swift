import Bindery

/// The seven view models of the source material, wired to one API client.
public enum StandardViewModels {
    /// The names, in the order `make(in:)` returns them (SPEC §2's table).
    public static let names = [
        LoginViewModel.name, SigninViewModel.name, BooksViewModel.name, ProductsViewModel.name,
        TweetsViewModel.name, CompassViewModel.name, APIViewModel.name,
    ]

    /// login, signin, books, products, tweets, compass and api, in that order, sharing the api
    /// view model's client. Each call makes new, independent instances.
    public static func make(in context: ModelContext) -> [any ViewModel] {
        let api = APIViewModel(context: context)
        return [
            LoginViewModel(context: context, api: api.client),
            SigninViewModel(context: context),
            BooksViewModel(context: context, api: api.client),
            ProductsViewModel(context: context, api: api.client),
            TweetsViewModel(context: context, api: api.client),
            CompassViewModel(),
            api,
        ]
    }
}
