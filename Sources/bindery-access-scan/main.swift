// bindery-access-scan OUTPUT FILE...: reads the Swift sources FILE... of one target and writes
// OUTPUT, a Swift source telling Bindery's `Surface(self)` each class's stored members and the
// access each is declared with (AccessTableSource). Run by the SurfaceAccess build-tool
// plugin; see Plugins/SurfaceAccess.
import Foundation

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("bindery-access-scan: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else { fail("usage: bindery-access-scan OUTPUT FILE...") }
var classes: [ScannedClass] = []
for path in arguments.dropFirst() {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    guard let source = String(data: data, encoding: .utf8) else { fail("\(path) is not UTF-8") }
    classes += ClassMemberScanner.classes(in: source)
}
let generated = AccessTableSource.generate(for: classes)
// Rewritten only when it changes, so a build that changes no class recompiles nothing.
if FileManager.default.contents(atPath: output) != Data(generated.utf8) {
    do {
        try Data(generated.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
    } catch {
        fail("cannot write \(output): \(error)")
    }
}
