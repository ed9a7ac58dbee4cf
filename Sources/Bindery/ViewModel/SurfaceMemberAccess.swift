/// A class whose module told Bindery how each of its classes' stored members is declared:
/// the SurfaceAccess build-tool plugin conforms every class of a target it is applied to
/// (`plugins: [.plugin(name: "SurfaceAccess", package: "bindery")]`). ``Surface/init(_:name:_:)``
/// then makes a `MutableProperty` an input only when it is declared `public` or `open`, and
/// shows every other one read-only, as an output. You do not write this conformance yourself.
public protocol SurfaceMemberAccess: AnyObject {
    /// The stored members of the module's classes and the access each is declared with.
    static var surfaceAccessTable: SurfaceAccessTable { get }
}
