@testable import bindery_access_scan
import Testing

/// The scanner behind the SurfaceAccess plugin on sources that fool a reader who only
/// searches text: access keywords in comments and strings, nested and generic classes,
/// `#if`, computed properties, locals and members of extensions.
@Suite(.timeLimit(.minutes(1)))
struct ClassMemberScannerTests {
    /// `source`'s classes as "Name: member access, …" lines.
    private func scan(_ source: String) -> [String] {
        ClassMemberScanner.classes(in: source).map { scanned in
            "\(scanned.name): " + scanned.members.map { "\($0.name) \($0.access.rawValue)" }.joined(separator: ", ")
        }
    }

    @Test func readsEachStoredMembersDeclaredAccess() {
        let source = """
            import Bindery

            @MainActor
            public final class TickerViewModel: ViewModel {
                public let step = MutableProperty(1)
                open var title = "t"
                package let shared = 1
                internal let note = MutableProperty("")
                fileprivate var cache: [String: Int] = [:]
                private let count = MutableProperty(0)
                let plain: Int
                public private(set) var label = MutableProperty("ticks")
                private(set) public var other = 2
                private(set) var limited = 3
                nonisolated(unsafe) public var unsafe = 4
                @available(*, deprecated) public lazy var lazyOne = 5
                weak var delegate: AnyObject?
            }
            """
        #expect(scan(source) == [
            "TickerViewModel: step public, title open, shared package, note internal, cache fileprivate, count private, "
                + "plain internal, label public, other public, limited internal, unsafe public, lazyOne public, delegate internal",
        ])
    }

    @Test func accessWordsInCommentsAndStringsAreNotCode() {
        let source = ##"""
            // public class Fake { public let x = 1 }
            /* private let hidden = 1
               /* nested: public let deeper = 2 */
               class StillComment { let y = 1 }
            */
            final class Real {
                let text = "private let x = MutableProperty(0) } class Broken {"
                let block = """
                    public let y = 1 " still inside ""
                    class AlsoText {
                    """
                let raw = #"a "quoted" \(not interpolated) private let z = 1"#
                let interpolated = "count: \(values.map { "\($0) } class X {" }.joined())"
                let rawInterpolated = #"\#(values.count) " public let w"#
                private let last = 0   // public, says the comment
            }
            """##
        #expect(scan(source) == ["Real: text internal, block internal, raw internal, interpolated internal, rawInterpolated internal, last private"])
    }

    @Test func escapedQuotesAndLongerRawDelimitersStayInsideTheirStrings() {
        let source = ###"""
            final class Quotes {
                let escaped = "a \" public let fake = 1 \\"
                let multi = """
                    \""" class Fake {
                    \(value.map { "}" })
                    """
                let twoHashes = ##"one "# public let fake = 2 "##
                public let kept = 3
            }
            """###
        #expect(scan(source) == ["Quotes: escaped internal, multi internal, twoHashes internal, kept public"])
    }

    @Test func nestedGenericAndExtensionDeclaredClassesAreNamedByTheirPath() {
        let source = """
            public struct Screen {
                public final class Model<Value: Codable & Sendable>: Base<Value>, Hashable where Value: Equatable {
                    public let value: MutableProperty<Value?>
                    private let pending = Dictionary<String, Int>()
                    final class Row { let id = 1 }
                }
            }
            extension Screen.Model {
                class Detail: ViewModel { public var shown = true }
                var computedInExtension: Int { 1 }
            }
            enum Namespace { final class Inner: Namespace.Base { let n = 0 } }
            """
        let classes = ClassMemberScanner.classes(in: source)
        #expect(classes.map(\.name) == ["Screen.Model", "Screen.Model.Row", "Screen.Model.Detail", "Namespace.Inner"])
        #expect(classes.map(\.firstInherited) == ["Base", nil, "ViewModel", "Namespace.Base"])
        #expect(scan(source) == [
            "Screen.Model: value public, pending private",
            "Screen.Model.Row: id internal",
            "Screen.Model.Detail: shown public",
            "Namespace.Inner: n internal",
        ])
    }

    @Test func computedStaticAndLocalVariablesAreNotStoredMembers() {
        let source = """
            class Model {
                var computed: Int { count * 2 }
                var explicit: Int {
                    get { 1 }
                    set { }
                }
                var observed = 0 {
                    didSet { print("private let fake = 1") }
                }
                var observedTyped: Int = 0 { willSet { } }
                static let shared = Model()
                class var kind: String { "model" }
                static var counter = 0
                let first = 1, second: Int = 2, third = [1, 2].map { $0 }
                let (left, _) = (1, 2)
                let closure = { () -> Int in
                    let local = 1
                    class Local { public let inner = 1 }
                    return local
                }()
                init() {
                    let notAMember = 0
                    var alsoNot = notAMember
                    second = alsoNot
                }
                func work() { let temporary = 1 }
                subscript(index: Int) -> Int { let x = index; return x }
                let afterAll = MutableProperty(0)
                    .map { $0 + 1 }
            }
            """
        #expect(scan(source) == ["Model: observed internal, observedTyped internal, first internal, second internal, third internal, left internal, closure internal, afterAll internal"])
    }

    @Test func bothBranchesOfAnIfDirectiveAreRead() {
        let source = """
            final class Platform {
            #if os(Linux)
                public let linux = 1
            #elseif canImport(Darwin) && DEBUG
                private let darwin = 2
            #else
                let other = 3
            #endif
                public let always = 4
            }
            """
        #expect(scan(source) == ["Platform: linux public, darwin private, other internal, always public"])
    }

    @Test func privateTypesAndExtensionsAreNotVisibleToTheModule() {
        let source = """
            private final class Hidden { let a = 1 }
            fileprivate class AlsoHidden {}
            public class Open { private class Inner {}; class Visible {} }
            private extension Open { class InPrivateExtension {} }
            extension Open { public class InPlainExtension {} }
            import class Foundation.NSObject
            class Top: NSObject {}
            """
        let visible = ClassMemberScanner.classes(in: source).map { "\($0.name) \($0.visibleToModule)" }
        #expect(visible == ["Hidden false", "AlsoHidden false", "Open true", "Open.Inner false", "Open.Visible true",
                            "Open.InPrivateExtension false", "Open.InPlainExtension true", "Top true"])
    }

    @Test func escapedNamesAndTopLevelCodeDoNotConfuseIt() {
        let source = """
            import Bindery
            let top = 1
            DaemonMain.run { _ in [Model()] }
            final class Model { let `default` = MutableProperty(0); let `class` = 1; class func make() -> Model { Model() } }
            print("class Fake {")
            """
        #expect(scan(source) == ["Model: default internal, class internal"])
    }

    @Test func generatedSourceConformsOnlyClassesThatDoNotInheritTheConformance() {
        let classes = ClassMemberScanner.classes(in: """
            public class Base { public let a = MutableProperty(0) }
            public final class Sub: Base { private let b = MutableProperty(0) }
            final class Other: SomeProtocol { let c = 1 }
            private class Hidden: Base { let d = 1 }
            struct Outer { class Inner: Base {} ; class Nested: Inner {} }
            """)
        let source = AccessTableSource.generate(for: classes)
        #expect(source.contains(#""Base": ["a": .`public`],"#))
        #expect(source.contains(#""Sub": ["b": .`private`],"#))
        #expect(source.contains(#""Hidden": ["d": .`internal`],"#))
        #expect(source.contains(#""Outer.Inner": [:],"#))
        let conformed = source.split(separator: "\n").filter { $0.hasPrefix("extension ") }
        #expect(conformed == ["extension Base: SurfaceMemberAccess {", "extension Other: SurfaceMemberAccess {"])
    }

    @Test func aMemberDeclaredTwiceKeepsTheMoreRestrictedAccess() {
        let classes = ClassMemberScanner.classes(in: """
            final class Twice {
            #if DEBUG
                public let value = 1
            #else
                private let value = 1
            #endif
            }
            """)
        #expect(AccessTableSource.generate(for: classes).contains(#""Twice": ["value": .`private`],"#))
    }

    @Test func unterminatedCommentsAndStringsEndTheScanWithoutLooping() {
        #expect(scan("class A { let a = 1 /* never closed") == ["A: a internal"])
        #expect(scan("class B { let b = \"never closed\n let c = 2 }") == ["B: b internal, c internal"])
        #expect(scan("class C { let c = #\"\"\"") == ["C: c internal"])
        #expect(scan("class") == [])
    }
}
