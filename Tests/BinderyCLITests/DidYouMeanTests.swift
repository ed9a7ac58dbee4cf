import BinderyProtocol
@testable import BinderyCLI
import BinderyJSON
import Testing

@Suite(.timeLimit(.minutes(2))) struct DidYouMeanTests {
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
}
