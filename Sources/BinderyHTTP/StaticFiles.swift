#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import BinderyPrimitives

/// Serves the files of one directory (a web root) to GET and HEAD requests.
///
/// Guarantees: nothing outside the root is ever served — the request path is already
/// normalised (``RequestTarget``), the file's real path (symlinks resolved) must lie inside the
/// root's real path, and only regular files are opened. Path segments starting with `.`
/// (dotfiles such as `.git`) are not served. `/` and directories serve their `index.html`.
/// Responses carry a content type by extension, a strong ETag derived from size and
/// modification time, and `Cache-Control: no-cache`; a matching `If-None-Match` gets 304.
public struct StaticFiles: WebFiles {
    /// The web root's real path (absolute, symlinks resolved).
    public let root: String

    /// Serves `directory`; fails with a one-line error if it does not exist or is not a
    /// directory.
    public init(directory: String) throws(HTTPSetupError) {
        guard let real = Self.realPath(directory) else {
            throw HTTPSetupError("web directory \(directory): \(String(cString: strerror(errno)))")
        }
        var info = stat()
        guard stat(real, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw HTTPSetupError("web directory \(directory): not a directory")
        }
        self.root = real
    }

    public var hasIndex: Bool {
        RequestTarget("/").flatMap(resolve) != nil
    }

    /// The bytes of the file `name` inside the root, read now; nil when there is none.
    public func contents(of name: String) -> [UInt8]? {
        guard let target = RequestTarget("/" + name), let file = resolve(target) else { return nil }
        return try? WholeFile.read(file, followingSymlinks: false).get()
    }

    /// The response for `request`: 200 with the file, 304 when `If-None-Match` matches,
    /// 404 when there is no such file inside the root.
    public func response(for request: HTTPRequest) -> HTTPResponse {
        guard let file = resolve(request.target) else { return .notFound }
        let descriptor = open(file, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return .notFound }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            return .notFound
        }
        let size = UInt64(info.st_size)
        let modified = UInt64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ UInt64(info.st_mtim.tv_nsec)
        let etag = ETag(opaqueTag: "\(String(size, radix: 16))-\(String(modified, radix: 16))")!
        let cacheControl = HTTPHeader("Cache-Control", "no-cache")
        if request.ifNoneMatchMatches(etag) {
            close(descriptor)
            return .notModified(etag, headers: [cacheControl])
        }
        return HTTPResponse(
            status: 200,
            headers: [
                HTTPHeader("Content-Type", MediaType.forFileName(file)),
                HTTPHeader("ETag", etag.headerValue),
                cacheControl,
            ],
            body: .file(OpenFile(takingOwnershipOf: descriptor, size: size))
        )
    }

    /// The real path of the file `target` names inside the root, or nil when there is none
    /// or it would lie outside the root (e.g. through a symlink).
    ///
    /// Paths are compared as the file system compares them, byte for byte: `String`'s
    /// `hasPrefix` compares characters, so a combining mark after a `.` or a `/` would hide a
    /// dotfile (`.\u{301}git`) or, by canonical equivalence, take a sibling directory spelt
    /// in the other normal form for the root.
    public func resolve(_ target: RequestTarget) -> String? {
        guard !target.segments.contains(where: { $0.utf8.first == UInt8(ascii: ".") }) else { return nil }
        var candidate = root == "/" ? target.path : root + target.path
        var info = stat()
        if stat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            candidate += candidate.utf8.last == UInt8(ascii: "/") ? "index.html" : "/index.html"
        }
        guard let real = Self.realPath(candidate), isInsideRoot(real) else { return nil }
        return real
    }

    private func isInsideRoot(_ path: String) -> Bool {
        path.utf8.starts(with: (root == "/" ? "/" : root + "/").utf8)
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
