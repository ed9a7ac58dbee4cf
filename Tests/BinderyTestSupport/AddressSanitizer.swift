#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Whether this process runs under AddressSanitizer (`make asan`, which links the sanitizer's
/// runtime into every program it builds: the test runner and the daemons alike). Checks of a
/// daemon's resident memory do not hold there: the sanitizer's redzones, its quarantine of
/// freed memory and its shadow memory multiply what a process holds, so those tests are
/// skipped under it, as under ThreadSanitizer. Asked of the process, since the build adds no
/// flag of its own.
public let underAddressSanitizer = dlsym(nil, "__asan_init") != nil
