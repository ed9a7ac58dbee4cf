import BinderyPrimitives
import BinderyProtocol
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The conventional process metrics of Prometheus client libraries (`process_*`, read from
/// `/proc/self`) and `bindery_build_info`, in the text exposition format: what an operator's
/// existing dashboards and alerts expect of any exporter.
///
/// Guarantees: each family is written whenever `/proc/self` gives its value — under the
/// packaged service's sandbox (`ProcSubset=pid`) too, so nothing outside `/proc/self` is read;
/// one it cannot give is left out with its family's lines, never a made-up number. Reading
/// costs a few small reads of `/proc/self`.
public enum ProcessMetrics {
    /// `bindery_build_info{version,program} 1` and the `process_*` families.
    public static func render(program: String) -> String {
        var out = ""
        out += "# HELP bindery_build_info The running release (always 1; its labels say which).\n# TYPE bindery_build_info gauge\n"
        out += "bindery_build_info{version=\"\(BinderyRelease.version)\",program=\"\(program)\"} 1\n"
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        let page = Double(sysconf(Int32(_SC_PAGESIZE)))
        if let stat = statFields(), stat.count > 21, ticks > 0 {
            // Fields after the command name: utime 14, stime 15, starttime 22, vsize 23, rss 24
            // (numbered from 1 as in proc(5)); `stat` starts at field 3.
            let user = Double(stat[11]) ?? 0, system = Double(stat[12]) ?? 0
            out += family("process_cpu_seconds_total", "counter", "Total user and system CPU time spent in seconds.")
            out += "process_cpu_seconds_total \(user / ticks + system / ticks)\n"
            if let started = Double(stat[19]), let boot = bootTime() {
                out += family("process_start_time_seconds", "gauge", "Start time of the process since unix epoch in seconds.")
                out += "process_start_time_seconds \(boot + started / ticks)\n"
            }
            if let virtual = Double(stat[20]) {
                out += family("process_virtual_memory_bytes", "gauge", "Virtual memory size in bytes.")
                out += "process_virtual_memory_bytes \(Int(virtual))\n"
            }
            if stat.count > 21, let pages = Double(stat[21]) {
                out += family("process_resident_memory_bytes", "gauge", "Resident memory size in bytes.")
                out += "process_resident_memory_bytes \(Int(pages * page))\n"
            }
        }
        if let open = openDescriptors() {
            out += family("process_open_fds", "gauge", "Number of open file descriptors.")
            out += "process_open_fds \(open)\n"
        }
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 {
            out += family("process_max_fds", "gauge", "Maximum number of open file descriptors.")
            out += "process_max_fds \(limit.rlim_cur == rlim_t.max ? -1 : Int(limit.rlim_cur))\n"
        }
        return out
    }

    private static func family(_ name: String, _ type: String, _ help: String) -> String {
        "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
    }

    /// `/proc/self/stat` from field 3 (state) on: the command name, field 2, may hold spaces
    /// and parentheses, so the fields start after its last `)`.
    private static func statFields() -> [String]? {
        guard let text = read("/proc/self/stat"), let close = text.lastIndex(of: ")") else { return nil }
        return text[text.index(after: close)...].split(separator: " ").map(String.init)
    }

    /// The machine's boot time, seconds since the epoch: the wall clock less the time since
    /// boot (`/proc/stat`'s `btime` is hidden from the service by `ProcSubset=pid`).
    private static func bootTime() -> Double? {
        var wall = timespec(), sinceBoot = timespec()
        guard clock_gettime(CLOCK_REALTIME, &wall) == 0, clock_gettime(CLOCK_BOOTTIME, &sinceBoot) == 0 else { return nil }
        return Double(wall.tv_sec - sinceBoot.tv_sec) + Double(wall.tv_nsec - sinceBoot.tv_nsec) / 1e9
    }

    private static func openDescriptors() -> Int? {
        guard let directory = opendir("/proc/self/fd") else { return nil }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            let first = withUnsafeBytes(of: entry.pointee.d_name) { $0.first ?? 0 }
            if first != UInt8(ascii: ".") { count += 1 }
        }
        // The directory being read is one of them.
        return count - 1
    }

    /// A `/proc` file's text; nil when it cannot be read (the metric is then left out).
    private static func read(_ path: String) -> String? {
        try? WholeFile.text(path).get()
    }
}
