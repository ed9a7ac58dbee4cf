import Bindery
import BinderyModels
import Testing

@Suite(.timeLimit(.minutes(2))) struct CompassLifetimeTests {
    @Test func theBindingWorksForAHostThatHoldsOnlyTheSurface() throws {
        let surface = CompassViewModel().surface
        try surface.input(named: "valueA").set(.string("西"), viewModel: "compass")
        #expect(try surface.input(named: "valueB").value == .string("東"))
    }
}
