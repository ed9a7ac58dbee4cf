import BinderyHost
import BinderyTestSupport
import Testing

/// The page binderyd serves: index.html with the state inline, no value able to end the block.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct DashboardPageTests {
    @Test func theDataGoesBeforeTheHeadsEndAndCannotCloseTheBlock() {
        let index = Array("<html><head><title>t</title></head><body></body></html>".utf8)
        let state = Array(#"{"version":3,"viewModels":{"x":{"outputs":{"s":"</script><b>"}}}}"#.utf8)
        let page = String(decoding: DashboardPage.render(index: index, surface: Array(#"{"viewModels":{}}"#.utf8), state: state,
                                                        feed: "00000000000000ab", attach: "sudo binderyctl"), as: UTF8.self)
        #expect(page == #"<html><head><title>t</title><script type="application/json" id="bindery-initial">"#
            + #"{"surface":{"viewModels":{}},"state":{"version":3,"viewModels":{"x":{"outputs":{"s":"\u003c/script>\u003cb>"}}}},"#
            + #""feed":"00000000000000ab","attach":"sudo binderyctl"}</script>"# + "\n</head><body></body></html>")
    }

    @Test func aPageWithoutAHeadIsServedAsItIs() {
        let index = Array("<title>first</title>".utf8)
        #expect(DashboardPage.render(index: index, surface: [], state: [], feed: "00000000000000ab", attach: "binderyctl") == index)
    }
}
