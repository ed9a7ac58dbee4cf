#!/usr/bin/env python3
"""Cost follows the change (issue 11): what one change costs as the state grows, and how fast
it reaches many watchers. Usage: bench-scale.py [BINDERYD]  (default .build/release/binderyd)

For each list size (ROWS, default 15,1500,15000 products: rows are inserted into the model
store's products table and listed with refresh + loadMore), a fresh daemon:
- CPU per set: daemon CPU time (/proc utime+stime) over SETS sets of api.latencyMs (a change
  outside the list) and over SETS toggles of one product row, with one dashboard long-polling
  /api/changes throughout;
- bytes per change: the /api/changes body a watcher at the previous version downloads;
- set -> visible: from sending the set to a /api/changes long-poll's answer, p50/p99.
Then, at 150 rows, delivery to 10 / 100 / 1,000 watchers each long-polling /api/changes: the
time from the set to each watcher's answer, p99 over every watcher of ROUNDS rounds (one
Python thread reads all sockets, so these are upper bounds).
PARTS (default scale,fanout,flood) picks which of the three parts run."""
import http.client, json, os, resource, selectors, socket, sqlite3, subprocess, sys, tempfile, threading, time

BINDERYD = sys.argv[1] if len(sys.argv) > 1 else ".build/release/binderyd"
ROWS = [int(x) for x in os.environ.get("ROWS", "15,1500,15000").split(",")]
SETS = int(os.environ.get("SETS", "300"))
ROUNDS = int(os.environ.get("ROUNDS", "20"))
WATCHERS = [int(x) for x in os.environ.get("WATCHERS", "10,100,1000").split(",")]
PARTS = os.environ.get("PARTS", "scale,fanout,flood").split(",")
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
for name in ("http_proxy", "HTTP_PROXY"):
    os.environ.pop(name, None)


class Daemon:
    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="bindery-scale-")
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.sock = f"{self.dir}/control.sock"
        self.process = subprocess.Popen(
            [BINDERYD, "--socket", self.sock, "--state-dir", f"{self.dir}/state", "--http", f"127.0.0.1:{self.port}",
             "--log-level", "warning"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(200):
            if os.path.exists(self.sock):
                break
            time.sleep(0.05)
        time.sleep(0.1)
        self.control = socket.socket(socket.AF_UNIX)
        self.control.connect(self.sock)
        self.reader = self.control.makefile("rb")
        self.next_id = 0

    def request(self, **obj):
        self.next_id += 1
        obj["id"] = self.next_id
        self.control.sendall((json.dumps(obj) + "\n").encode())
        while True:
            reply = json.loads(self.reader.readline())
            if reply.get("id") == self.next_id:
                return reply

    def cpu_seconds(self):
        with open(f"/proc/{self.process.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def get(self, path):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        conn.request("GET", path)
        response = conn.getresponse()
        body = response.read()
        conn.close()
        return response.status, body

    def version(self):
        return json.loads(self.get("/api/changes")[1])["version"]

    def list_products(self, rows):
        store = f"{self.dir}/state/bindery.sqlite"
        with sqlite3.connect(store, timeout=10) as db:
            have = db.execute("SELECT COUNT(*) FROM products").fetchone()[0]
            first = db.execute("SELECT MAX(id) FROM products").fetchone()[0] + 1
            db.executemany("INSERT INTO products (id, title) VALUES (?, ?)",
                           [(first + i, f"Bulk product {first + i}") for i in range(max(0, rows - have))])
        self.request(op="set", vm="api", name="latencyMs", value=0)
        self.request(op="set", vm="api", name="failureRate", value=0)
        assert self.request(op="run", vm="products", name="refresh").get("ok")
        listed = 15
        while listed < rows:
            assert self.request(op="run", vm="products", name="loadMore").get("ok")
            listed += 15
        state = json.loads(self.get("/api/state")[1])
        return len(state["viewModels"]["products"]["outputs"]["products"]), self.get("/api/state")[1]

    def stop(self):
        self.control.close()
        self.process.terminate()
        self.process.wait()
        subprocess.run(["rm", "-rf", self.dir])


def pct(samples, p):
    samples = sorted(samples)
    return samples[min(len(samples) - 1, int(len(samples) * p))]


def one_poller(daemon, stop):
    """A dashboard: long-polls /api/changes from its version, forever."""
    version = daemon.version()
    while not stop.is_set():
        conn = http.client.HTTPConnection("127.0.0.1", daemon.port, timeout=30)
        conn.request("GET", f"/api/changes?since={version}&wait=1")
        response = conn.getresponse()
        body = response.read()
        conn.close()
        if response.status == 200:
            version = json.loads(body)["version"]


def change(daemon, kind, i):
    if kind == "set":
        reply = daemon.request(op="set", vm="api", name="latencyMs", value=i % 2)
    else:
        reply = daemon.request(op="run", vm="products", name="toggle", arg=1)
    assert reply.get("ok"), reply


def scale(rows):
    daemon = Daemon()
    try:
        listed, state = daemon.list_products(rows)
        line = {"rows": listed, "state_kb": len(state) / 1000}
        stop = threading.Event()
        poller = threading.Thread(target=one_poller, args=(daemon, stop))
        poller.start()
        for kind in ("set", "toggle"):
            change(daemon, kind, 1)
            start = daemon.cpu_seconds()
            for i in range(SETS):
                change(daemon, kind, i)
            line[f"cpu_ms_per_{kind}"] = (daemon.cpu_seconds() - start) / SETS * 1000
        stop.set()
        poller.join()
        for kind in ("set", "toggle"):
            version = daemon.version()
            change(daemon, kind, SETS)  # SETS - 1 was the last value set: this one differs
            line[f"bytes_per_{kind}"] = len(daemon.get(f"/api/changes?since={version}")[1])
        for kind in ("set", "toggle"):
            samples = []
            for i in range(SETS // 3):
                version = daemon.version()
                conn = http.client.HTTPConnection("127.0.0.1", daemon.port, timeout=30)
                conn.request("GET", f"/api/changes?since={version}&wait=10")
                answered = {}
                def wait():
                    conn.getresponse().read()
                    answered["at"] = time.perf_counter()
                waiter = threading.Thread(target=wait)
                waiter.start()
                time.sleep(0.002)
                sent = time.perf_counter()
                change(daemon, kind, i)
                waiter.join()
                conn.close()
                samples.append((answered["at"] - sent) * 1000)
            line[f"visible_{kind}_p50_ms"] = pct(samples, 0.5)
            line[f"visible_{kind}_p99_ms"] = pct(samples, 0.99)
        return line
    finally:
        daemon.stop()


def fan_out(counts, rows=150):
    daemon = Daemon()
    try:
        daemon.list_products(rows)
        results = {}
        for count in counts:
            samples, cpu = [], 0.0
            for round_ in range(ROUNDS):
                version = daemon.version()
                selector = selectors.DefaultSelector()
                socks = []
                request = f"GET /api/changes?since={version}&wait=20 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode()
                for _ in range(count):
                    s = socket.create_connection(("127.0.0.1", daemon.port))
                    s.sendall(request)
                    s.setblocking(False)
                    selector.register(s, selectors.EVENT_READ)
                    socks.append(s)
                time.sleep(0.2 + count / 2000)  # every request parked
                before = daemon.cpu_seconds()
                sent = time.perf_counter()
                change(daemon, "set", round_)
                pending = count
                while pending:
                    for key, _ in selector.select(timeout=10):
                        data = key.fileobj.recv(65536)
                        if not data or b"\r\n\r\n" in data:
                            samples.append((time.perf_counter() - sent) * 1000)
                            selector.unregister(key.fileobj)
                            key.fileobj.close()
                            pending -= 1
                cpu += daemon.cpu_seconds() - before
                selector.close()
            results[count] = (pct(samples, 0.5), pct(samples, 0.99), cpu / ROUNDS * 1000)
        return results
    finally:
        daemon.stop()


def idle_flood(idle=5000, slow=1200):
    """`idle` connections that send nothing and `slow` that stop inside their request head
    (slowloris), all open at once; then how long a fresh /healthz takes, now and after the
    request-head timeout (10 s) has passed."""
    daemon = Daemon()
    held = []
    try:
        for i in range(idle + slow):
            s = socket.create_connection(("127.0.0.1", daemon.port))
            if i >= idle:
                s.sendall(b"GET /api/state HTTP/1.1\r\nHost: x\r\n")
            held.append(s)
        results = []
        for wait in (0.5, 11):
            time.sleep(wait)
            started = time.perf_counter()
            status = daemon.get("/healthz")[0]
            results.append((status, (time.perf_counter() - started) * 1000))
        return results
    finally:
        for s in held:
            s.close()
        daemon.stop()


if __name__ == "__main__":
    if "scale" in PARTS:
        print("rows | /api/state KB | CPU ms per set (input) | CPU ms per toggle (row) | bytes per set | bytes per toggle | "
              "set->visible p50/p99 ms | toggle->visible p50/p99 ms")
        for rows in ROWS:
            r = scale(rows)
            print(f"{r['rows']} | {r['state_kb']:.1f} | {r['cpu_ms_per_set']:.3f} | {r['cpu_ms_per_toggle']:.3f} | "
                  f"{r['bytes_per_set']} | {r['bytes_per_toggle']} | {r['visible_set_p50_ms']:.2f}/{r['visible_set_p99_ms']:.2f} | "
                  f"{r['visible_toggle_p50_ms']:.2f}/{r['visible_toggle_p99_ms']:.2f}", flush=True)
    if "fanout" in PARTS:
        print("watchers (150 rows) | delivery p50 ms | delivery p99 ms | daemon CPU ms per set")
        for count, (p50, p99, cpu) in fan_out(WATCHERS).items():
            print(f"{count} | {p50:.2f} | {p99:.2f} | {cpu:.2f}", flush=True)
    if "flood" in PARTS:
        (now_status, now_ms), (later_status, later_ms) = idle_flood()
        print(f"5,000 idle + 1,200 slowloris connections open: /healthz {now_status} in {now_ms:.1f} ms; "
              f"after the 10 s head timeout: {later_status} in {later_ms:.1f} ms", flush=True)
