/// Content types for the files a dashboard consists of (and the API's YAML description).
public enum MediaType {
    /// The `Content-Type` for a file name, by its extension (case-insensitive); text types
    /// carry `charset=utf-8`; unknown extensions are `application/octet-stream`.
    public static func forFileName(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return defaultType }
        return byExtension[name[name.index(after: dot)...].lowercased()] ?? defaultType
    }

    /// The type for content of unknown kind.
    public static let defaultType = "application/octet-stream"

    private static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "svg": "image/svg+xml",
        "png": "image/png",
        "json": "application/json",
        "ico": "image/x-icon",
        "txt": "text/plain; charset=utf-8",
        "yaml": "application/yaml",
        "yml": "application/yaml",
    ]
}
