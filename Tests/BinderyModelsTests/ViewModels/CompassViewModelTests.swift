import Bindery
import BinderyModels
import Testing

@Suite(.timeLimit(.minutes(2))) struct CompassViewModelTests {
    @Test func westOnAIsEastOnB() throws {
        let h = try Harness()
        try h.set("compass", "valueA", "西")
        #expect(try h.input("compass", "valueA") == .string("西"))
        #expect(try h.input("compass", "valueB") == .string("東"))
    }

    @Test func leftOnBIsRightOnA() throws {
        let h = try Harness()
        try h.set("compass", "valueB", "左")
        #expect(try h.input("compass", "valueB") == .string("左"))
        #expect(try h.input("compass", "valueA") == .string("右"))
    }

    @Test(arguments: ["north", "東", "左", ""])
    func otherValuesOnACopyAcross(value: String) throws {
        let h = try Harness()
        try h.set("compass", "valueB", "seed")
        try h.set("compass", "valueA", value)
        #expect(try h.input("compass", "valueB") == .string(value))
    }

    @Test(arguments: ["south", "西", "右"])
    func otherValuesOnBCopyAcross(value: String) throws {
        let h = try Harness()
        try h.set("compass", "valueB", value)
        #expect(try h.input("compass", "valueA") == .string(value))
    }

    @Test func eachSetChangesEachSideOnceWithNoEcho() throws {
        let h = try Harness()
        let a = ValueLog<SurfaceValue>()
        let b = ValueLog<SurfaceValue>()
        _ = try h.surface("compass").input(named: "valueA").producer.startWithValues(a.append)
        _ = try h.surface("compass").input(named: "valueB").producer.startWithValues(b.append)
        try h.set("compass", "valueA", "西")
        try h.set("compass", "valueB", "左")
        #expect(a.all == [.string(""), .string("西"), .string("右")])
        #expect(b.all == [.string(""), .string("東"), .string("左")])
    }
}
