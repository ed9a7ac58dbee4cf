#!/usr/bin/env python3
"""Set → visible-in-a-long-poll latency and RSS under 1,000 watch streams, against a running
binderyd. Usage: bench-latency.py SOCKET PORT PID [SETS]

For each of SETS (default 1,000) rounds: a long-poll GET /api/state?since=V&wait=10 is opened
and has reached the daemon, then `set api.latencyMs` goes over the control socket; the time
from sending the set to the long-poll's answer is one sample. Prints p50/p99/max, then the
daemon's RSS idle and with 1,000 open watch streams."""
import http.client, json, socket, sys, threading, time

sock_path, port, pid = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 1000

def rss_kib():
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])

control = socket.socket(socket.AF_UNIX)
control.connect(sock_path)
reader = control.makefile("rb")

def request(obj):
    control.sendall((json.dumps(obj) + "\n").encode())
    return json.loads(reader.readline())

def version():
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", "/api/state")
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return json.loads(body)["version"]

samples = []
for i in range(rounds):
    v = version()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
    conn.request("GET", f"/api/state?since={v}&wait=10")
    answered = {}
    def wait():
        r = conn.getresponse()
        r.read()
        answered["at"] = time.perf_counter()
    waiter = threading.Thread(target=wait)
    waiter.start()
    time.sleep(0.002)  # let the request reach the daemon and park
    sent = time.perf_counter()
    reply = request({"id": i, "op": "set", "vm": "api", "name": "latencyMs", "value": 100 + i % 2})
    waiter.join()
    conn.close()
    if not reply.get("ok"):
        sys.exit(f"set failed: {reply}")
    samples.append((answered["at"] - sent) * 1000)

samples.sort()
def pct(p): return samples[min(len(samples) - 1, int(len(samples) * p))]
print(f"set -> long-poll over {rounds} sets: p50 {pct(0.50):.2f} ms, p99 {pct(0.99):.2f} ms, max {samples[-1]:.2f} ms (target p99 < 2 ms)")

idle = rss_kib()
watchers = []
for i in range(1000):
    s = socket.socket(socket.AF_UNIX)
    s.connect(sock_path)
    s.sendall(b'{"id": 1, "op": "watch"}\n')
    watchers.append(s)
for s in watchers:
    s.makefile("rb").readline()
time.sleep(0.2)
print(f"RSS: {idle / 1024:.1f} MiB idle, {rss_kib() / 1024:.1f} MiB with 1,000 watch streams (target idle < 30 MB)")
for s in watchers:
    s.close()
