#!/usr/bin/env python3
"""Heap allocations per `set` in binderyd, counted by scripts/alloc-count.c (LD_PRELOAD: every
malloc, calloc, realloc and aligned allocation).

Usage: bench-set-allocations.py BINDERYD [BINDERYD ...] [--sets N]

For each binary: two runs, each on a fresh state directory, temporary socket and
port, each with 20 warm-up sets; the second then makes N more (default 200) `set
api.latencyMs` requests over the control socket, one at a time, each answered (durable)
before the next, sent as binderyctl sends them (`text`). The difference of the two runs'
allocation counts divided by N is the daemon's allocations per set: everything on the set's
path — the request, conversion, the view model's bindings, encoding, the group commit with
SQLite, the reply — and nothing of start-up or shutdown. Binaries given together are measured
in turn, in the same run."""
import json, os, signal, socket, subprocess, sys, tempfile, time

WARM_UP = 20
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COUNTER = os.path.join(ROOT, ".build", "bench", "alloc-count.so")


def build_counter():
    os.makedirs(os.path.dirname(COUNTER), exist_ok=True)
    subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-o", COUNTER, os.path.join(ROOT, "scripts", "alloc-count.c")], check=True)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def run(binary, sets):
    """Total heap allocations of one daemon run that serves WARM_UP + `sets` sets."""
    with tempfile.TemporaryDirectory(prefix="bindery-allocs-") as work:
        control = os.path.join(work, "control.sock")
        report = os.path.join(work, "allocations.txt")
        daemon = subprocess.Popen(
            [binary, "--socket", control, "--state-dir", os.path.join(work, "state"),
             "--http", f"127.0.0.1:{free_port()}", "--log-level", "warning"],
            env={**os.environ, "LD_PRELOAD": COUNTER, "ALLOC_COUNT_FILE": report},
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 60
            while not os.path.exists(control):
                if daemon.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"{binary} did not come up")
                time.sleep(0.2)
            connection, replies = None, None
            while replies is None:
                # The socket may exist a moment before the daemon answers on it.
                try:
                    connection = socket.socket(socket.AF_UNIX)
                    connection.settimeout(120)
                    connection.connect(control)
                    connection.sendall(b'{"op":"ping"}\n')
                    replies = connection.makefile("rb")
                    if not json.loads(replies.readline() or b"{}").get("ok"):
                        raise OSError("no answer yet")
                except (OSError, ValueError):
                    connection.close()
                    replies = None
                    if daemon.poll() is not None or time.monotonic() > deadline:
                        raise SystemExit(f"{binary} did not answer")
                    time.sleep(0.5)
            with connection:
                for index in range(WARM_UP + sets):
                    request = {"id": index, "op": "set", "vm": "api", "name": "latencyMs", "text": str(100 + index % 2)}
                    connection.sendall((json.dumps(request) + "\n").encode())
                    reply = json.loads(replies.readline())
                    if not reply.get("ok"):
                        raise SystemExit(f"set refused: {reply}")
        finally:
            daemon.send_signal(signal.SIGTERM)
            if daemon.wait(timeout=60) != 0:
                raise SystemExit(f"{binary} exited {daemon.returncode} on SIGTERM")
        with open(report) as text:
            return int(text.read().split()[-1])


def main():
    arguments = sys.argv[1:]
    sets = 200
    if "--sets" in arguments:
        at = arguments.index("--sets")
        sets = int(arguments[at + 1])
        del arguments[at:at + 2]
    if not arguments:
        raise SystemExit(__doc__)
    build_counter()
    for binary in arguments:
        base = run(binary, 0)
        total = run(binary, sets)
        print(f"{binary}: {(total - base) / sets:.0f} allocations per set ({total - base:,} over {sets} sets)", flush=True)


if __name__ == "__main__":
    main()
