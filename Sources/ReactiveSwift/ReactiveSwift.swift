// The module ReactiveSwift's users import: Bindery's core under ReactiveSwift's name, so
// `import ReactiveSwift` and module-qualified names (`ReactiveSwift.Signal`,
// `extension ReactiveSwift.ImmediateScheduler`) compile unchanged.
@_exported import BinderyCore
