/// The release every program of this checkout belongs to: binderyd's and binderyctl's
/// `--version`, the Debian package (the Makefile reads the line below) and the manual pages'
/// headers all take it from here, so it is written once.
public enum BinderyRelease {
    /// The release's version, `MAJOR.MINOR.PATCH`.
    public static let version = "0.1.0"
}
