import Bindery

/// A view model that can say in one paragraph what it is for, for the generated walkthrough
/// (docs/VIEWMODELS.md) and for help texts.
public protocol SummarizedViewModel: ViewModel {
    /// What the view model does and where it comes from, in plain sentences.
    var summary: String { get }
}
