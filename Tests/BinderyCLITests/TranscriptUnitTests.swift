import BinderyCLI
import BinderyTestSupport
import Foundation
import Testing

@Suite(.ownThreads, .timeLimit(.minutes(2))) struct TranscriptUnitTests {
    @Test func plainTranscriptsSplitIntoCommandsAndExpectedOutput() {
        let t = Transcript(parsing: "intro line\nbindery> ping\npong\nbindery> # note\nbindery> get a.b\n1\n2\n", markdown: false)
        #expect(t.steps == [
            Transcript.Step(line: 2, command: "ping", expected: ["pong"]),
            Transcript.Step(line: 4, command: "# note", expected: []),
            Transcript.Step(line: 5, command: "get a.b", expected: ["1", "2"]),
        ])
    }

    @Test func markdownTakesOnlyBlocksThatStartWithThePrompt() {
        let md = "# Title\n```\nmake run\n```\ntext\n```\nbindery> ping\npong\n```\nmore\n```\nbindery> quit\n```\n"
        let t = Transcript(parsing: md, markdown: true)
        #expect(t.steps.map(\.command) == ["ping", "quit"])
        #expect(t.steps[0].line == 7 && t.steps[0].expected == ["pong"])
        #expect(t.steps[1].expected.isEmpty)
    }

    @Test func patterns() {
        #expect(Transcript.matches("login.login finished in … ms", "login.login finished in 802 ms"))
        #expect(!Transcript.matches("login.login finished in … ms", "login.login failed in 802 ms"))
        #expect(Transcript.matches("a…c…e", "abcde"))
        #expect(!Transcript.matches("a…a", "a"))
        #expect(Transcript.matches(#"took \d+ ms (re)"#, "took 12 ms"))
        #expect(!Transcript.matches(#"took \d+ ms (re)"#, "took 12 ms!"))
        #expect(!Transcript.matches("exact", "exactly"))
    }

    @Test func diffMarksMissingAndUnexpectedLines() {
        #expect(Transcript.diff(expected: ["a", "x … y"], actual: ["a", "x 1 y"]).isEmpty)
        #expect(Transcript.diff(expected: ["a", "b", "c"], actual: ["a", "B", "c", "d"])
                == ["  a", "+ B", "- b", "  c", "+ d"])
        #expect(Transcript.diff(expected: ["a"], actual: []) == ["- a"])
    }
}
