#!/usr/bin/env python3
"""Group-commit benchmark: acknowledged sets/s of a release binderyd with 1, 4 and 16
clients (separate processes; each sends a set, waits for its acknowledgement, sends the
next), each measured right after SQLite's own commit rate on the same disk with as many rows
per commit (python's sqlite3, WAL, synchronous=FULL), the daemon's sets per transaction
(from /metrics), and its fsync/fdatasync calls per set counted with `strace -f -c` in a
second pass.

usage: scripts/bench-persistence.py BINDERYD [SECONDS]     (make bench-persistence)
"""
import json, multiprocessing, os, re, shutil, signal, socket, sqlite3, subprocess, sys, tempfile, time, urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from daemon import Daemon  # noqa: E402

BINARY = sys.argv[1]
SECONDS = float(sys.argv[2]) if len(sys.argv) > 2 else 3.0
# Under the working directory, so the state is on the same disk as the project (not a tmpfs).
WORK = tempfile.mkdtemp(prefix=".bench-persistence-", dir=os.getcwd())


def state_commits(port):
    text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics").read().decode()
    return int(re.search(r"^bindery_state_commits_total (\d+)$", text, re.M).group(1))


def client_loop(sock_path, index, start_at, seconds, counts):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(sock_path)
    reader = s.makefile("rb")
    n = 0
    vm, name = [("signin", "username"), ("signin", "password"), ("compass", "valueA"), ("books", "query"),
                ("tweets", "username"), ("login", "verifyCode")][index % 6]
    while time.time() < start_at:
        time.sleep(0.001)
    deadline = start_at + seconds
    while time.time() < deadline:
        request = {"id": n, "op": "set", "vm": vm, "name": name, "value": f"c{index}-{n}"}
        s.sendall((json.dumps(request) + "\n").encode())
        reply = json.loads(reader.readline())
        if not reply.get("ok"):
            raise SystemExit(f"set failed: {reply}")
        n += 1
    counts[index] = n
    s.close()


def measure_sets(sock_path, clients, seconds):
    """Acknowledged sets of `clients` processes (no shared interpreter lock) in `seconds`."""
    counts = multiprocessing.Array("l", clients)
    start_at = time.time() + 0.3
    workers = [multiprocessing.Process(target=client_loop, args=(sock_path, i, start_at, seconds, counts))
               for i in range(clients)]
    for w in workers: w.start()
    for w in workers: w.join()
    return sum(counts), seconds


def count_fsyncs(pid, sock_path, clients, seconds):
    out = os.path.join(WORK, "strace.txt")
    tracer = subprocess.Popen(["strace", "-f", "-c", "-e", "trace=fsync,fdatasync", "-o", out, "-p", str(pid)],
                              stderr=subprocess.DEVNULL)
    time.sleep(0.5)  # let strace attach to every thread
    sets, _ = measure_sets(sock_path, clients, seconds)
    tracer.send_signal(signal.SIGINT)
    tracer.wait()
    calls = 0
    with open(out) as f:
        for line in f:
            parts = line.split()
            if parts and parts[-1] in ("fsync", "fdatasync"):
                calls += int(parts[3])  # % time, seconds, usecs/call, calls, [errors,] syscall
    return calls, sets


class Peer:
    """SQLite alone on the same disk: the daemon's table, WAL, synchronous=FULL. Warmed up
    past its first automatic checkpoint, so its WAL is reused as the daemon's is (appending
    to a growing file costs an extra metadata flush per commit)."""

    def __init__(self):
        self.db = sqlite3.connect(os.path.join(WORK, "peer.sqlite"), isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("CREATE TABLE inputs (view_model TEXT, input TEXT, json TEXT, PRIMARY KEY (view_model, input))")
        self.rows = 0
        for _ in range(1_200):
            self.commit(1)

    def commit(self, rows_per_commit):
        self.db.execute("BEGIN IMMEDIATE")
        for i in range(rows_per_commit):
            self.db.execute("INSERT INTO inputs VALUES ('vm', ?, ?) ON CONFLICT DO UPDATE SET json = excluded.json",
                            (f"i{i}", f'"{self.rows}"'))
            self.rows += 1
        self.db.execute("COMMIT")

    def rate(self, rows_per_commit, seconds):
        commits = 0
        deadline = time.monotonic() + seconds
        started = time.monotonic()
        while time.monotonic() < deadline:
            self.commit(rows_per_commit)
            commits += 1
        elapsed = time.monotonic() - started
        return commits * rows_per_commit / elapsed, commits / elapsed


try:
    strace = shutil.which("strace") is not None
    print(f"binderyd {BINARY}, state under {WORK}, {SECONDS:.0f} s per measurement")
    peer = Peer()
    daemon = Daemon(BINARY, parent=WORK).start()  # its state under WORK: the project's disk
    process, sock, port = daemon.process, daemon.socket, daemon.port
    try:
        measure_sets(sock, 16, 2)  # warm-up: the daemon's WAL wraps too
        for clients in (1, 4, 16):
            rows_per_second, commits_per_second = peer.rate(clients, SECONDS)
            print(f"sqlite3 (WAL, synchronous=FULL), {clients:2d} row(s)/commit: {rows_per_second:6.0f} rows/s "
                  f"({commits_per_second:.0f} commits/s)", flush=True)
            before = state_commits(port)
            sets, elapsed = measure_sets(sock, clients, SECONDS)
            commits = state_commits(port) - before
            line = (f"binderyd, {clients:2d} client(s):            {sets / elapsed:6.0f} acknowledged sets/s, "
                    f"{sets / max(commits, 1):4.1f} sets per commit")
            if strace:
                calls, traced_sets = count_fsyncs(process.pid, sock, clients, SECONDS)
                line += f"; {calls / max(traced_sets, 1):.3f} fsync+fdatasync per set (strace pass: {traced_sets} sets, {calls} calls)"
            print(line, flush=True)
    finally:
        daemon.close()
finally:
    shutil.rmtree(WORK, ignore_errors=True)
