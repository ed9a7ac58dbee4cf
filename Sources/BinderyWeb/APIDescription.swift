/// The HTTP API's OpenAPI description (`docs/openapi.yaml` of the checkout binderyd was built
/// from), compiled into the binary by the EmbedDashboard build-tool plugin, so the daemon
/// serves the description of the very routes it was built with (`/api/openapi.yaml`).
public enum APIDescription {
    /// The name the document is served under.
    public static let fileName = "openapi.yaml"

    /// The document's exact bytes (YAML).
    public static var openAPI: [UInt8] {
        Array((generated.first { $0.name == fileName }?.text ?? "").utf8)
    }
}
