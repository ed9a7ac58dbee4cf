import Bindery
import BinderyHTTP

/// What a non-loopback HTTP address gives away, said in one warning line.
///
/// The HTTP API is read-only but not private: `/api/state`, `/api/events` and the dashboard
/// show every input as it is — except secret inputs (``SurfaceInput/isSecret``), shown only as
/// set or not set — with no authentication and no TLS. On loopback only local users see it;
/// anywhere else, anyone who can reach the address does.
public enum NetworkExposure {
    /// The warning for serving HTTP on `address`, or nil when it is loopback. Names the inputs
    /// among `surfaces` whose names suggest secrets (password, code, token, secret, key) but
    /// are not marked secret, since those are shown in clear.
    public static func warning(for address: ListenAddress, surfaces: [Surface]) -> String? {
        guard !address.isLoopback else { return nil }
        let secretWords = ["password", "code", "token", "secret", "key"]
        let unmarked = surfaces.flatMap { surface in
            surface.inputs.filter { !$0.isSecret }.map(\.name)
                .filter { name in secretWords.contains { name.lowercased().contains($0) } }
                .map { surface.name + "." + $0 }
        }
        let reach = address.isWildcard ? "on every network interface" : "on a non-loopback address"
        let examples = unmarked.isEmpty ? "" : " (including \(unmarked.joined(separator: ", ")), named like secrets but not marked secret)"
        return "HTTP listens \(reach), \(address): anyone who can reach it reads every input"
            + "\(examples) through /api/state, /api/events and the dashboard, without authentication or TLS"
            + " (secret inputs only as set or not set); bind 127.0.0.1 unless that is intended"
    }
}
