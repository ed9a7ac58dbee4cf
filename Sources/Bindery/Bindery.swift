// `import Bindery` brings the reactive core with the view-model surface, so a view model's
// file needs one import.
@_exported import BinderyCore
