#!/usr/bin/env python3
"""A kill -9 loop against a real binderyd: one setter thread per input (each sends v1, v2, …
and waits for each acknowledgement) and three `/api/state` readers; after 1 s the daemon is
killed with SIGKILL and started again on the same state, ROUNDS times. Checks: each input
reads its last acknowledged value after every restart (or a later one its setter sent); no
strong ETag is ever served with two bodies. Prints one JSON line of counts.

  scripts/kill9-loop.py BINDERYD ROUNDS
  FULL=1 PARENT=/mnt/small scripts/kill9-loop.py BINDERYD ROUNDS   # state on a small
      filesystem at PARENT, filled after a command started: every start shows nothing unsaved
"""
import urllib.error, hashlib, json, os, signal, socket, sys, threading, time, urllib.request
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import daemon as daemon_module
from daemon import Daemon

def answers(port, control_socket):
    """Up: the control socket accepts and /healthz answers (200, or 503 while a start on a
    full disk has nothing saved to show)."""
    try:
        with socket.socket(socket.AF_UNIX) as s:
            s.settimeout(1); s.connect(control_socket)
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        try:
            with opener.open(f"http://127.0.0.1:{port}/healthz", timeout=2) as r: return r.status == 200
        except urllib.error.HTTPError as e:
            return e.code == 503
    except OSError:
        return False
daemon_module.answers = answers

binary, rounds = sys.argv[1], int(sys.argv[2])
inputs = [("signin", "username"), ("signin", "password"), ("compass", "valueA"), ("tweets", "username"),
          ("login", "mobilePhone"), ("login", "verifyCode"), ("books", "query")]
parent = os.environ.get("PARENT")
d = Daemon(binary, parent=parent)
d.start()
if os.environ.get("FULL"):
    # A command executing at every crash, then the disk full for every later start.
    s0 = socket.socket(socket.AF_UNIX); s0.connect(d.socket); f0 = s0.makefile("rwb")
    for line in ['{"op":"set","vm":"api","name":"latencyMs","value":60000}', '{"op":"run","vm":"products","name":"refresh","wait":false}']:
        f0.write((line + "\n").encode()); f0.flush(); f0.readline()
    s0.close()
    try:
        with open(parent + "/filler", "wb", buffering=0) as filler:
            while True: filler.write(b"Z" * 4096)
    except OSError: pass
    try:
        with open(parent + "/filler2", "wb", buffering=0) as filler:
            while True: filler.write(b"Z")
    except OSError: pass
unavailable = [0]
lock = threading.Lock()
acked = {}      # (vm,name) -> (seq acknowledged)
attempted = {}  # (vm,name) -> highest seq sent
etags = {}
conflicts = []
stats = {"acked": 0, "reads": 0, "errors": 0}
stop = threading.Event()

def control(lines):
    s = socket.socket(socket.AF_UNIX); s.settimeout(5); s.connect(d.socket)
    return s

def setter(vm, name):
    seq = 0
    while not stop.is_set():
        try:
            s = control(None); f = s.makefile("rwb")
            while not stop.is_set():
                seq += 1
                with lock: attempted[(vm, name)] = seq
                f.write((json.dumps({"op": "set", "vm": vm, "name": name, "value": f"v{seq}"}) + "\n").encode()); f.flush()
                line = f.readline()
                if not line: break
                reply = json.loads(line)
                if reply.get("ok"):
                    with lock: acked[(vm, name)] = seq; stats["acked"] += 1
                else:
                    break
            s.close()
        except OSError:
            time.sleep(0.05)

def reader():
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    while not stop.is_set():
        try:
            with opener.open(f"http://127.0.0.1:{d.port}/api/state", timeout=5) as r:
                body = r.read(); etag = r.headers.get("ETag")
            h = hashlib.sha256(body).hexdigest()
            with lock:
                stats["reads"] += 1
                if etag in etags and etags[etag] != h: conflicts.append(etag)
                etags[etag] = h
        except urllib.error.HTTPError as e:
            with lock: unavailable[0] += 1
            time.sleep(0.02)
        except Exception:
            time.sleep(0.02)

def read_inputs():
    s = control(None); f = s.makefile("rwb"); out = {}
    for vm, name in inputs:
        f.write((json.dumps({"op": "get", "vm": vm, "name": name}) + "\n").encode()); f.flush()
        out[(vm, name)] = json.loads(f.readline()).get("value")
    s.close(); return out

lost = 0
checked = 0
started = time.monotonic()
for rnd in range(rounds):
    stop.clear()
    threads = [threading.Thread(target=setter, args=i) for i in inputs] + [threading.Thread(target=reader) for _ in range(3)]
    for t in threads: t.start()
    time.sleep(1.0)
    os.kill(d.process.pid, signal.SIGKILL); d.process.wait()
    stop.set()
    for t in threads: t.join()
    d.start()
    try:
        now = read_inputs()
    except Exception:
        now = {}
    with lock:
        for key, seq in acked.items():
            checked += 1
            value = now.get(key)
            got = int(value[1:]) if isinstance(value, str) and value.startswith("v") and value[1:].isdigit() else -1
            if now and (got < seq or got > attempted.get(key, seq)):
                lost += 1
                print(f"round {rnd}: {key} acknowledged v{seq}, reads {value}")
print(json.dumps({"rounds": rounds, "acked_sets": stats["acked"], "state_reads": stats["reads"],
                  "distinct_etags": len(etags), "etag_body_conflicts": len(conflicts),
                  "acknowledged_checked": checked, "reads_503": unavailable[0], "lost": lost, "seconds": round(time.monotonic() - started, 1)}))
d.stop(); d.close()
