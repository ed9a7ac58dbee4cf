/// The dashboard's files (`web/` of the checkout binderyd was built from), compiled into the
/// binary by the EmbedDashboard build-tool plugin, so an installed daemon needs no web
/// directory and always serves the dashboard matching its own API.
public enum DashboardFiles {
    /// Each file's name (no directories: `web/` is flat) and exact bytes, sorted by name.
    public static var all: [(name: String, bytes: [UInt8])] {
        generated.map { ($0.name, Array($0.text.utf8)) }
    }
}
