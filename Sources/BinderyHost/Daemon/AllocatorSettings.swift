#if canImport(Glibc)
import Glibc
#endif

/// How the daemon asks glibc's malloc to hand memory back. A daemon whose versions carry large
/// values (a 6,000-row list is half a megabyte of JSON, built, sent and freed on every change)
/// frees large blocks on many threads; glibc's default raises its mmap threshold to the
/// largest block freed (up to 32 MiB), so later large blocks come from per-thread arenas and
/// stay resident, fragmented, after they are freed: 1,500 such changes held 142 MB where
/// 64 MB is live (BENCHMARKS.md, "The history under one byte budget").
///
/// Guarantees: blocks of 128 KiB and more are mapped on their own and unmapped when freed (a
/// fixed threshold), and at most two arenas are kept; unless the environment already sets
/// malloc's tunables (`GLIBC_TUNABLES` naming malloc, `MALLOC_ARENA_MAX`,
/// `MALLOC_MMAP_THRESHOLD_`), which then win. Nothing changes on a C library without `mallopt`.
enum AllocatorSettings {
    /// `M_MMAP_THRESHOLD` and `M_ARENA_MAX` of `<malloc.h>`.
    private static let mmapThreshold: Int32 = -3, arenaMax: Int32 = -8

    static func apply() {
        #if canImport(Glibc)
        if let tunables = getenv("GLIBC_TUNABLES"), String(cString: tunables).contains("malloc") { return }
        guard getenv("MALLOC_ARENA_MAX") == nil, getenv("MALLOC_MMAP_THRESHOLD_") == nil, let mallopt else { return }
        _ = mallopt(mmapThreshold, 128 << 10)
        _ = mallopt(arenaMax, 2)
        #endif
    }

    #if canImport(Glibc)
    /// glibc's `mallopt`, which the Glibc module does not import (it is in `<malloc.h>`); nil
    /// on a C library without it.
    private static let mallopt: (@convention(c) (Int32, Int32) -> Int32)? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallopt") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    }()
    #endif
}
