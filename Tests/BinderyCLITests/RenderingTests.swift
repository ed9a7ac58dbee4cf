@testable import BinderyCLI
import BinderyJSON
import BinderyProtocol
import BinderyTestSupport
import Testing

@Suite(.ownThreads, .timeLimit(.minutes(2))) struct RenderingTests {
    let plain = ReplyRenderer(style: Style(enabled: false))

    @Test func listsAreNumberedRows() throws {
        let value = try JSONParser.parse(#"[{"title":"Product 1","isSelected":false},{"title":"西瓜","isSelected":true}]"#)
        #expect(plain.full(value) == ["#  title      isSelected", "0  Product 1  false", "1  西瓜       true"])
        #expect(plain.full(.array([.string("a"), .int(2)])) == ["#  VALUE", "0  \"a\"", "1  2"])
        #expect(plain.full(.array([])) == ["(empty list)"])
    }

    @Test func showTablesAlignAndCarryCommandState() throws {
        let surface = StaticCatalog().surfaces[0]
        let state = try JSONParser.parse(#"{"inputs":{"mobilePhone":"西","verifyCode":""},"outputs":{"avatarURL":null,"isLoginValid":false},"commands":{"login":{"enabled":false,"executing":false,"lastValue":null,"lastError":{"message":"Server unavailable, please retry"},"runs":3},"fillUp":{"enabled":true,"executing":true,"lastValue":null,"lastError":null,"runs":0}}}"#)
        let lines = plain.show(surface, state: state)
        #expect(lines.contains("  mobilePhone  string  \"西\""))
        #expect(lines.contains("  COMMAND  ARG  ENABLED  EXECUTING  RUNS  LAST VALUE  LAST ERROR"))
        #expect(lines.contains("  login    —    no       no         3     null        Server unavailable, please retry"))
        #expect(lines.contains("  fillUp   —    yes      yes        0     null        —"))
        let cancelled = try JSONParser.parse(#"{"inputs":{},"outputs":{},"commands":{"login":{"enabled":true,"executing":false,"lastValue":null,"lastError":{"message":"login.login was interrupted by a client","code":"interrupted"},"runs":1},"fillUp":{"enabled":true,"executing":false,"lastValue":null,"lastError":{"message":"boom","code":"failed"},"runs":1}}}"#)
        let coloured = ReplyRenderer(style: Style(enabled: true)).show(surface, state: cancelled)
        #expect(coloured.contains { $0.contains("\u{1B}[33mlogin.login was interrupted by a client") }, "interrupted: yellow")
        #expect(coloured.contains { $0.contains("\u{1B}[31mboom") }, "failed: red")
    }

    @Test func anOptionalInputReadsOrNull() throws {
        let described = try JSONParser.parse(#"{"inputs":[{"name":"returning","type":"string","optional":true},{"name":"tags","type":"json"}],"outputs":[],"commands":[]}"#)
        let surface = try #require(ViewModelSurface.fromDescribe(name: "journey", surface: described))
        #expect(surface.input("returning")?.isOptional == true)
        let state = try JSONParser.parse(#"{"inputs":{"returning":null,"tags":["a","b"]},"outputs":{},"commands":{}}"#)
        let lines = plain.show(surface, state: state)
        #expect(lines.contains("  returning  string or null  null"), "\(lines)")
        #expect(lines.contains("  tags       json            [2 items]"), "\(lines)")
    }

    @Test func aRunTheViewModelStartedSaysWhatStartedIt() throws {
        let start = try JSONParser.parse(#"{"version":5,"at":"2026-12-01T23:41:07.123Z","kind":"start","vm":"search","name":"search","by":"binding","via":"set search.query"}"#)
        #expect(plain.event(start) == "#5 23:41:07.123 start  search.search (by binding, from set search.query)")
        let finish = try JSONParser.parse(#"{"version":6,"at":"2026-12-01T23:41:07.200Z","kind":"finish","vm":"search","name":"loadMore","durationMs":51,"value":40,"by":"command","via":"search.search"}"#)
        #expect(plain.event(finish) == "#6 23:41:07.200 finish search.loadMore 51 ms → 40 (by command search.search)")
        let client = try JSONParser.parse(#"{"version":7,"at":"2026-12-01T23:41:08.000Z","kind":"start","vm":"search","name":"loadMore","by":"client"}"#)
        #expect(plain.event(client) == "#7 23:41:08.000 start  search.loadMore", "a client's run says nothing more")
    }

    @Test func anEventSaysWhoMadeIt() throws {
        let set = try JSONParser.parse(#"{"version":9,"at":"2026-12-01T23:41:10.000Z","kind":"set","vm":"api","name":"latencyMs","value":5,"origin":{"uid":1000,"pid":4250,"client":"-c"}}"#)
        #expect(plain.event(set) == "#9 23:41:10.000 set    api.latencyMs = 5 (client -c, uid 1000, pid 4250)")
        let restored = try JSONParser.parse(#"{"version":10,"at":"2026-12-01T23:41:11.000Z","kind":"set","vm":"api","name":"latencyMs","value":0,"origin":{"uid":0,"pid":7,"client":"interactive","by":"restore from v3"}}"#)
        #expect(plain.event(restored) == "#10 23:41:11.000 set    api.latencyMs = 0 (client interactive, uid 0, pid 7, restore from v3)")
        let timer = try JSONParser.parse(#"{"version":11,"at":"2026-12-01T23:41:12.000Z","kind":"start","vm":"quotes","name":"refresh","by":"timer","origin":{"by":"timer"}}"#)
        #expect(plain.event(timer) == "#11 23:41:12.000 start  quotes.refresh (by timer)", "said once, by the run's `by`")
        let host = try JSONParser.parse(#"{"version":12,"at":"2026-12-01T23:41:13.000Z","kind":"set","vm":"api","name":"latencyMs","value":1,"origin":{"by":"host"}}"#)
        #expect(plain.event(host) == "#12 23:41:13.000 set    api.latencyMs = 1 (by host)")
        let started = try JSONParser.parse(#"{"version":13,"at":"2026-12-01T23:41:14.000Z","kind":"start","vm":"search","name":"search","by":"binding","via":"set search.query","origin":{"uid":1000,"pid":4250,"client":"-c","by":"binding"}}"#)
        #expect(plain.event(started) == "#13 23:41:14.000 start  search.search (by binding, from set search.query) (client -c, uid 1000, pid 4250)",
                "a run a client's set started names the client; its `by` is said once")
        let flag = try JSONParser.parse(#"{"version":14,"at":"2026-12-01T23:41:15.000Z","kind":"set","vm":"api","name":"latencyMs","value":0,"origin":{"by":"--set"}}"#)
        #expect(plain.event(flag) == "#14 23:41:15.000 set    api.latencyMs = 0 (by --set)")
        let got = try JSONParser.parse(#"{"kind":"input","value":5,"lastSet":{"version":9,"origin":{"uid":1000,"pid":4250,"client":"-c"}}}"#)
        #expect(plain.got(got) == ["5"], "a script's get prints the value alone")
        #expect(plain.got(got, sayingWhoSet: true) == ["5", "(set at #9 by client -c, uid 1000, pid 4250)"])
    }

    @Test func aRestoreIsOneLine() throws {
        let restore = try JSONParser.parse(#"{"version":9,"at":"2026-12-01T23:41:10.000Z","kind":"restore","vm":null,"name":null,"from":4,"set":["api.failureRate","login.mobilePhone"],"values":{"api.failureRate":0,"login.mobilePhone":"13800138000"},"skipped":["login.verifyCode","old.gone"],"secret":["login.verifyCode"]}"#)
        #expect(plain.event(restore) == "#9 23:41:10.000 restore from v4: api.failureRate, login.mobilePhone; skipped login.verifyCode (secret), old.gone")
    }

    @Test func aResultTooLargeForAnEventReadsAsItsSummary() throws {
        let finish = try JSONParser.parse(#"{"version":8,"at":"2026-12-01T23:41:09.000Z","kind":"finish","vm":"books","name":"search","durationMs":12,"valueSummary":{"kind":"list","count":6000,"bytes":463112,"digest":"00c0ffee00c0ffee","first":[{"title":"A"},{"title":"B"}]}}"#)
        #expect(plain.event(finish) == #"#8 23:41:09.000 finish books.search 12 ms → 6000 rows, 463 KB: [{"title":"A"}, {"title":"B"}, …]"#)
        let record = try JSONParser.parse(#"{"version":9,"at":"2026-12-01T23:41:09.000Z","kind":"finish","vm":"vm","name":"load","durationMs":1,"valueSummary":{"kind":"record","count":3,"bytes":2500000,"digest":"0"}}"#)
        #expect(plain.event(record) == "#9 23:41:09.000 finish vm.load 1 ms → a record of 3 fields, 2.5 MB")
    }

    @Test func aSpelledTypeReadsAsWritten() throws {
        let surface = try #require(ViewModelSurface.fromDescribe(name: "search", surface: JSONParser.parse(
            #"{"inputs":[{"name":"sort","type":"string","typeName":"SortOrder: relevance | newest | title"},{"name":"since","type":"string","typeName":"Date?","optional":true}],"outputs":[],"commands":[]}"#)))
        let lines = plain.show(surface, state: try JSONParser.parse(#"{"inputs":{"sort":"relevance","since":null}}"#))
        #expect(lines.contains { $0.contains("sort   SortOrder: relevance | newest | title  \"relevance\"") }, "\(lines)")
        #expect(lines.contains { $0.contains("since  Date?") && !$0.contains("or null") }, "\(lines)")
    }

    @Test func eventsAndColours() throws {
        let event = try JSONParser.parse(#"{"version":39,"at":"2026-11-29T21:40:00.120Z","kind":"fail","vm":"login","name":"login","durationMs":802.4,"error":"Server unavailable, please retry","code":"failed"}"#)
        #expect(plain.event(event) == "#39 21:40:00.120 fail   login.login 802 ms: Server unavailable, please retry (failed)")
        #expect(ReplyRenderer(style: Style(enabled: true)).event(event).contains("\u{1B}[31m"))
        #expect(!Style.forOutput(isTerminal: true, environment: ["NO_COLOR": "1"]).enabled)
        #expect(Style.forOutput(isTerminal: true, environment: [:]).enabled)
        #expect(!Style.forOutput(isTerminal: false, environment: [:]).enabled)
    }
}
