import Bindery
import Testing

/// Surface values are compared exactly (issue 22, item 7) and length limits count Unicode
/// scalars (item 8): the rules the host's "did it change" decisions and input checks rest on.
@Suite(.timeLimit(.minutes(2))) struct SurfaceValueEqualityTests {
    static let decomposed = "cafe\u{301}", precomposed = "caf\u{E9}"

    @Test func canonicallyEquivalentStringsAreDifferentValues() {
        #expect(Self.decomposed == Self.precomposed, "the premise: String == is canonical equivalence")
        #expect(SurfaceValue.string(Self.decomposed) != .string(Self.precomposed))
        #expect(SurfaceValue.string("\u{C5}") != .string("\u{212B}"))
        #expect(SurfaceValue.string(Self.precomposed) == .string("caf" + "\u{E9}"))
        #expect(SurfaceValue.list([.string(Self.decomposed)]) != .list([.string(Self.precomposed)]))
        #expect(SurfaceValue.record(["name": .string(Self.decomposed)]) != .record(["name": .string(Self.precomposed)]))
        #expect(SurfaceValue.record(SurfaceRecord([SurfaceRecord.Field(Self.decomposed, .null)])) != .record(SurfaceRecord([SurfaceRecord.Field(Self.precomposed, .null)])))
        #expect(Set([SurfaceValue.string(Self.decomposed), .string(Self.precomposed)]).count == 2)
    }

    @Test func otherValuesCompareAsBefore() {
        #expect(SurfaceValue.double(0.0) == .double(-0.0))
        #expect(SurfaceValue.double(.nan) != .double(.nan))
        #expect(SurfaceValue.int(1) != .double(1))
        #expect(SurfaceValue.null == .null && SurfaceValue.bool(true) != .bool(false))
        #expect(Set([SurfaceValue.double(0.0), .double(-0.0)]).count == 1)
        #expect(SurfaceValue.list([.int(1), .string("a")]) == .list([.int(1), .string("a")]))
    }

    @Test func maxLengthCountsUnicodeScalars() {
        let limit = InputConstraint.maxLength(4)
        #expect(limit.admits(.string("a\u{301}\u{301}\u{301}")))
        #expect(!limit.admits(.string("a\u{301}\u{301}\u{301}\u{301}")), "one Character, five scalars")
        #expect(!limit.admits(.string("a" + String(repeating: "\u{301}", count: 500_000))))
        #expect(limit.admits(.string("🇫🇷🇩🇪")), "two flags are four scalars")
        #expect(!limit.admits(.string("👍🏽👍🏽👍")), "five scalars")
    }
}
