import BinderyJSON

/// The dashboard's page as binderyd serves it: `index.html` carrying, inline, the state of the
/// version it was built at, the surface and the attach command, so the first paint shows the
/// values — for a one-shot read (`chromium --dump-dom`, a link preview) too — and the page
/// then follows the change feed from that version.
///
/// Guarantees: the data is one `<script type="application/json" id="bindery-initial">` block
/// (data, never run: `default-src 'self'` allows it) inserted before `</head>`, holding
/// `{"surface": /api/surface, "state": /api/state, "feed": "<feed id>", "attach": "binderyctl …"}`
/// (the feed id: ``ViewModelHost/feedID``, which the dashboard names in its change-feed polls); every `<` in it
/// is written `\u003c`, so no value can end the block or open markup; a page without
/// `</head>` is served unchanged. It is built per request (the state moves), never cached.
public enum DashboardPage {
    /// The id of the inline data block.
    public static let dataElementID = "bindery-initial"

    /// `index` with the data block for `surface` and `state` (both JSON documents), the
    /// change feed's id `feed` and the attach command line.
    public static func render(index: [UInt8], surface: [UInt8], state: [UInt8], feed: String, attach: String) -> [UInt8] {
        let marker = Array("</head>".utf8)
        guard let at = firstIndex(of: marker, in: index) else { return index }
        var data: [UInt8] = Array(#"{"surface":"#.utf8) + surface + Array(#","state":"#.utf8) + state + Array(#","feed":"#.utf8)
        JSONEscaping.htmlSafe.appendQuoted(feed, to: &data)
        data += Array(#","attach":"#.utf8)
        JSONEscaping.htmlSafe.appendQuoted(attach, to: &data)
        data = escapedForHTML(data + [UInt8(ascii: "}")])
        let block = Array(#"<script type="application/json" id="\#(dataElementID)">"#.utf8) + data + Array("</script>\n".utf8)
        return Array(index[..<at]) + block + Array(index[at...])
    }

    /// `<` as `\u003c`: in JSON it can only occur inside a string, where the escape means the
    /// same. (The daemon writes its documents `htmlSafe` already; this keeps the block safe
    /// whatever wrote them.)
    static func escapedForHTML(_ json: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(json.count + 64)
        for byte in json {
            if byte == UInt8(ascii: "<") { out += Array(#"\u003c"#.utf8) } else { out.append(byte) }
        }
        return out
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<start + needle.count]) == needle { return start }
        }
        return nil
    }
}
