import BinderyHTTP
import BinderyWeb

extension EmbeddedFiles {
    /// The dashboard compiled into this binary from `web/` (the HTTP server itself knows
    /// nothing of it: the host hands these files to it).
    public static let dashboard = EmbeddedFiles(files: DashboardFiles.all)
}
