@testable import BinderyCLI
import BinderyJSON
import BinderyProtocol
import BinderyTestSupport
import Testing

@Suite(.ownThreads, .timeLimit(.minutes(2))) struct DidYouMeanTests {
    @Test func suggestsCloseNamesOnly() {
        #expect(DidYouMean.closest(to: "mobilPhone", among: ["mobilePhone", "verifyCode"]) == "mobilePhone")
        #expect(DidYouMean.closest(to: "gte", among: CommandTable.names) == "get")
        #expect(DidYouMean.closest(to: "LOGIN", among: ["login"]) == "login")
        #expect(DidYouMean.closest(to: "zzzzzz", among: ["login", "products"]) == nil)
        #expect(DidYouMean.editDistance(Array("kitten"), Array("sitting")) == 3)
        #expect(DidYouMean.suffix(for: "nope", among: ["login", "api"], listing: "view models") == " (view models: login, api)")
        #expect(DidYouMean.suffix(for: "x", among: [], listing: "inputs") == " (there are no inputs)")
        #expect(DidYouMean.suffix(for: "logn", among: ["login"], listing: "view models") == " — did you mean 'login'?")
    }

    /// The distance is the same table's, kept in three rows: transpositions count one edit.
    @Test func editDistanceCountsTranspositionsAsOneEdit() {
        #expect(DidYouMean.editDistance(Array("gte"), Array("get")) == 1)
        #expect(DidYouMean.editDistance(Array("ca"), Array("abc")) == 3)
        #expect(DidYouMean.editDistance(Array("abcdef"), Array("badcfe")) == 3)
        #expect(DidYouMean.editDistance(Array(""), Array("abc")) == 3)
        #expect(DidYouMean.editDistance(Array("flaw"), Array("lawn")) == 2)
    }

    /// A typed name over `maximumComparedLength` is compared with nothing (a 900,000-character
    /// one cost a second and 150 MB): no suggestion, the list of names when they are few. A
    /// candidate too far in length is skipped without its table, the rule's answers unchanged.
    @Test func hugeNamesAreNotCompared() {
        let huge = String(repeating: "a", count: 900_000)
        #expect(DidYouMean.closest(to: huge, among: ["a", "aa", String(repeating: "a", count: 600_000)]) == nil)
        #expect(DidYouMean.suffix(for: huge, among: ["login", "api"], listing: "view models") == " (view models: login, api)")
        let limit = String(repeating: "b", count: DidYouMean.maximumComparedLength)
        #expect(DidYouMean.closest(to: limit, among: [limit + "c"]) == limit + "c")
        #expect(DidYouMean.closest(to: limit + "b", among: [limit + "b"]) == nil)
        // A long candidate the typed name starts is still found, however far in length.
        #expect(DidYouMean.closest(to: "mobile", among: ["mobilePhoneNumberOfTheAccountHolder"]) == "mobilePhoneNumberOfTheAccountHolder")
        #expect(DidYouMean.closest(to: "lgoin", among: ["login", "signin"]) == "login")
    }
}
