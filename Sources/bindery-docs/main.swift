// bindery-docs: prints docs/VIEWMODELS.md, the walkthrough of the standard view models,
// rendered from their surfaces (`swift run bindery-docs > docs/VIEWMODELS.md`).
import Bindery
import BinderyModels
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

do {
    let store = try Store(directory: nil)
    let context = ModelContext(store: store, scheduler: QueueScheduler(name: "bindery-docs"))
    print(ViewModelWalkthrough.markdown(for: StandardViewModels.make(in: context)), terminator: "")
} catch {
    let message = Array("bindery-docs: \(error)\n".utf8)
    _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(1)
}
