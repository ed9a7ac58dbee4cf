#if BINDERY_FUZZ
import CLibFuzzer
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The `main` of every harness program. Built for `make fuzz` (`-DBINDERY_FUZZ`, code compiled
/// with coverage instrumentation and AddressSanitizer) it hands the harness to libFuzzer's
/// driver, which reads libFuzzer's options and corpus folders from the command line.
/// Otherwise (the ordinary `swift build`, which builds every target) it runs the harness once
/// on each file named on the command line, or each file in a named folder — `swift run
/// fuzz-json Tests/Fuzz/Corpus/fuzz-json` replays a corpus without the sanitizers — and exits
/// 2 when one cannot be read.
///
/// Why libFuzzer's driver and not its own `main` (`-sanitize=fuzzer`): SwiftPM applies a
/// sanitizer to every program it builds, the package's build-plugin tools too, and
/// `--sanitize fuzzer` would link libFuzzer's `main` into them (and compile them as
/// libraries), so the dashboard's embedding tool could not be built for the control harness.
public enum FuzzMain {
    /// What libFuzzer calls with each input: a C function, so it captures nothing.
    public typealias Harness = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    /// The input libFuzzer passes, as an array.
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Runs `harness` as described above, and exits.
    public static func run(_ harness: Harness) -> Never {
        #if BINDERY_FUZZ
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, harness))
        #else
        replay(harness)
        #endif
    }

    private static func replay(_ harness: Harness) -> Never {
        var files: [String] = []
        for argument in CommandLine.arguments.dropFirst() {
            var isFolder = false
            if FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder), isFolder {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []
                files += names.sorted().map { argument + "/" + $0 }
            } else {
                files.append(argument)
            }
        }
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                print("cannot read \(file)")
                exit(2)
            }
            let bytes = [UInt8](data)
            _ = bytes.withUnsafeBufferPointer { harness($0.baseAddress, $0.count) }
        }
        print("\(files.count) inputs run (no sanitizers: built without -DBINDERY_FUZZ)")
        exit(0)
    }
}
