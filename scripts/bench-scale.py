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
time from the set to each watcher's answer, p99 over every watcher of ROUNDS rounds, measured
by scripts/fanout.c (compiled into .build/bench: one epoll thread, keep-alive connections as
browsers keep them, and the same with `Connection: close` as a peer); BEFORE=path/to/binderyd
adds that binary's keep-alive figures in the same run. Then 1,000 and 10,000 dashboards
(NGINX_WATCHERS, NGINX_ROUNDS rounds, default 10) straight to a fresh daemon, through nginx
configured with docs/nginx.conf, and through each of NGINX_PEERS (default `nchan` and
`nchan-eventsource` when Debian's libnginx-mod-nchan is installed: docs/nginx-nchan.conf, the
daemon started with --publish-url to its publish socket, the dashboards long-polling or
following nchan's EventSource stream (/api/stream); `nchan-redis` and
`nchan-redis-eventsource` the same with docs/nginx-nchan-redis.conf beside a fresh
redis-server; or the path of another configuration written like docs/nginx.conf, e.g. an
older one), each change at a random point of nginx's 500 ms
cache-lock cycle after NGINX_PARK_MS more of waiting (a quiet spell): delivery from the set's
acknowledgement and from the set, the dashboards' requests reaching the daemon per change
(nginx's access log), daemon and nginx CPU per set and nginx's CPU while the polls wait.
The dashboards ask as web/feed.js does: /api/changes?since=V&wait=25&feed=F, or behind nchan
api/stream?feed=F (one request, kept open; "requests reaching the daemon" counts long-polls).
NGINX_BASELINES (default `direct,docs/nginx.conf`) picks which of those two run beside the peers.
WATCHERS=... and ROUNDS=... choose the other counts.
PARTS (default scale,fanout,nginx,flood) picks which parts run; ROWS= (empty), NGINX=0 and
IDLE=0 also skip the list sizes, the nginx run and the idle-connection flood. PARTS=get (not
run by default): for each list size, `get` of one member on the control socket — a command
of the products view model and its list — daemon CPU and round trip per get, GETS of each."""
import http.client, json, os, re, resource, shutil, socket, subprocess, sys, tempfile, threading, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from daemon import Daemon as TemporaryDaemon  # noqa: E402
from demo_store import add_products  # noqa: E402
from nginx_proxy import DOCS_CONF, NCHAN_CONF, NCHAN_MODULE, NCHAN_REDIS_CONF  # noqa: E402
BINDERYD = sys.argv[1] if len(sys.argv) > 1 else ".build/release/binderyd"
ROWS = [int(x) for x in os.environ.get("ROWS", "15,1500,15000").split(",") if x]
SETS = int(os.environ.get("SETS", "300"))
ROUNDS = int(os.environ.get("ROUNDS", "20"))
WATCHERS = [int(x) for x in os.environ.get("WATCHERS", "10,100,1000").split(",") if x]
PARTS = os.environ.get("PARTS", "scale,fanout,nginx,flood").split(",")
NGINX_ROUNDS = int(os.environ.get("NGINX_ROUNDS", "10"))
NGINX_PARK_MS = int(os.environ.get("NGINX_PARK_MS", "0"))
NGINX_PEERS = os.environ.get("NGINX_PEERS", "nchan,nchan-eventsource" if os.path.exists(NCHAN_MODULE) else "").split(",")
if os.environ.get("NGINX", "1") != "1":
    PARTS = [part for part in PARTS if part != "nginx"]
if os.environ.get("IDLE", "1") != "1":
    PARTS = [part for part in PARTS if part != "flood"]
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
for name in ("http_proxy", "HTTP_PROXY"):
    os.environ.pop(name, None)


class Daemon(TemporaryDaemon):
    """A fresh daemon (scripts/daemon.py), started, with a control connection of its own."""

    def __init__(self, binary=None, args=(), before_start=None):
        super().__init__(binary or BINDERYD, args=args, prefix="bindery-scale-")
        self.sock = self.socket
        self.control = socket.socket(socket.AF_UNIX)
        try:
            if before_start:
                before_start(self)
            self.start()
            self.control.connect(self.sock)
        except BaseException:
            self.close()
            raise
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

    def feed(self):
        return json.loads(self.get("/api/changes")[1])["feed"]

    def list_products(self, rows):
        add_products(self.store, rows)
        self.request(op="set", vm="api", name="latencyMs", value=0)
        self.request(op="set", vm="api", name="failureRate", value=0)
        assert self.request(op="run", vm="products", name="refresh").get("ok")
        listed = 15
        while listed < rows:
            assert self.request(op="run", vm="products", name="loadMore").get("ok")
            listed += 15
        state = json.loads(self.get("/api/state")[1])
        return len(state["viewModels"]["products"]["outputs"]["products"]), self.get("/api/state")[1]

    def close(self):
        self.control.close()
        super().close()


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
        daemon.close()


def gets(rows, count=int(os.environ.get("GETS", "100"))):
    """`get products.toggle` (a small member of the view model holding the list) and `get
    products.products` (the list) at `rows` listed rows: daemon CPU ms and round trip ms per
    get (the round trip includes this client's parse of the answer)."""
    daemon = Daemon()
    try:
        listed, _ = daemon.list_products(rows)
        line = {"rows": listed}
        for name in ("toggle", "products"):
            assert "value" in daemon.request(op="get", vm="products", name=name)
            cpu, started = daemon.cpu_seconds(), time.perf_counter()
            for _ in range(count):
                daemon.request(op="get", vm="products", name=name)
            line[name] = ((daemon.cpu_seconds() - cpu) / count * 1000, (time.perf_counter() - started) / count * 1000)
        return line
    finally:
        daemon.close()


FANOUT_SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fanout.c")
BEFORE = os.environ.get("BEFORE")  # an older binderyd to measure beside this one, in the same run


def build_fanout_client():
    """Compiles the load client (scripts/fanout.c: one epoll thread, keep-alive connections)
    into .build/bench/, never into the source tree."""
    out = os.path.join(".build", "bench", "fanout")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    compiler = next((c for c in ("cc", "clang", "gcc") if shutil.which(c)), "cc")  # the Swift toolchain has clang
    subprocess.run([compiler, "-O2", "-o", out, FANOUT_SOURCE], check=True)
    return out


def run_fanout(client, daemon, count, port=None, proxy_pids=(), close=False, jitter_ms=0, rounds=ROUNDS, park_ms=0, query="",
               stream=""):
    """`rounds` rounds of `count` watchers long-polling /api/changes at `port` (default the
    daemon's), one set per round: p50 / p99 / max ms over every answer from the set and p50 /
    p99 from its acknowledgement, the median round's own p99, CPU ms per set of the daemon, the
    proxy and the client, and the daemon's and the proxy's CPU ms while a round's polls wait."""
    result = subprocess.run(
        [client, "127.0.0.1", str(port or daemon.port), str(daemon.port), daemon.sock, str(count), str(rounds),
         str(daemon.process.pid), ",".join(map(str, proxy_pids))],
        capture_output=True, text=True, timeout=900,
        env=dict(os.environ, FANOUT_CLOSE="1" if close else "0", FANOUT_JITTER_MS=str(jitter_ms), FANOUT_PARK_MS=str(park_ms),
                 FANOUT_QUERY=query, FANOUT_STREAM=stream))
    if result.returncode != 0:
        raise RuntimeError(f"fanout {count} failed: {result.stdout[-2000:]} {result.stderr[-2000:]}")
    line = next(l for l in result.stdout.splitlines() if l.startswith("all:"))
    numbers = [float(x) for x in re.findall(r"-?[0-9]+\.[0-9]+", line)]  # in the order fanout.c prints them
    return dict(zip(("p50", "p99", "max", "cpu", "proxy_cpu", "park_cpu", "round_p99", "client_cpu",
                     "ack_p50", "ack_p99", "ack", "proxy_park_cpu"), numbers))


def fan_out(client, counts, binary=None, close=False, rows=150):
    """Delivery to `counts` watchers connected straight to a fresh daemon."""
    daemon = Daemon(binary)
    try:
        daemon.list_products(rows)
        return {count: run_fanout(client, daemon, count, close=close) for count in counts}
    finally:
        daemon.close()


# The nchan peers: (configuration, whether the dashboards follow nchan's EventSource stream
# instead of long-polling, whether nginx keeps the channels in a Redis server of its own).
PEER_CONFS = {"nchan": NCHAN_CONF, "nchan-eventsource": NCHAN_CONF,
              "nchan-redis": NCHAN_REDIS_CONF, "nchan-redis-eventsource": NCHAN_REDIS_CONF}


def fan_out_nginx(client, count, conf, rounds, rows=150, stream=False):
    """`count` dashboards long-polling through nginx (two workers) configured with `conf`
    (docs/nginx.conf, or a peer; docs/nginx-nchan.conf or docs/nginx-nchan-redis.conf with the
    daemon publishing to it, the latter beside a fresh redis-server) in front of a fresh daemon
    — or, with `stream`, each following nchan's EventSource stream instead; adds the dashboards'
    requests that reached the daemon per change (nginx's log), or for conf=None the same
    dashboards connected straight to the daemon."""
    from nginx_proxy import Nginx
    work = tempfile.mkdtemp(prefix="bindery-nginx-")
    nchan = conf in (NCHAN_CONF, NCHAN_REDIS_CONF)
    started = {}
    def start_proxy(daemon):
        # nginx first: the daemon publishes from its first version on. A stream takes three of
        # its connections (the dashboard's, and both ends of the pass to nchan's stream server).
        if conf == NCHAN_REDIS_CONF:
            from redis_server import RedisServer
            os.makedirs(os.path.join(work, "redis"))
            started["redis"] = RedisServer(os.path.join(work, "redis"))
        started["proxy"] = Nginx(daemon.port, work, workers=2, connections=3 * count + 1024, conf=conf,
                                 modules=(NCHAN_MODULE,) if nchan else (),
                                 redis_port=started["redis"].port if "redis" in started else None)
    publish = ["--publish-url", f"http://unix:{os.path.join(work, 'publish.sock')}:/bindery/"] if nchan else []
    daemon = None
    try:
        daemon = Daemon(args=publish, before_start=start_proxy if conf else None)
        daemon.list_products(rows)
        query = f"&feed={daemon.feed()}"
        if conf is None:
            return run_fanout(client, daemon, count, rounds=rounds, park_ms=NGINX_PARK_MS, query=query)
        proxy = started["proxy"]
        # The change comes at a random point of nginx's cache-lock cycle (500 ms in the upstream layer).
        if "redis" in started:
            time.sleep(2)  # nginx's workers connect to Redis
        result = run_fanout(client, daemon, count, port=proxy.port, proxy_pids=proxy.worker_pids(), jitter_ms=500,
                            rounds=rounds, park_ms=NGINX_PARK_MS, query=query,
                            stream=f"/api/stream?feed={daemon.feed()}" if stream else "")
        polls = [fields for fields in proxy.log_lines() if fields[0].startswith("/api/changes?since=")]
        result["upstream_per_change"] = proxy.upstream_requests(polls, "/") / rounds
        return result
    finally:
        if "proxy" in started:
            started["proxy"].stop()
        if "redis" in started:
            started["redis"].stop()
        if daemon:
            daemon.close()
        subprocess.run(["rm", "-rf", work])


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
                s.sendall(f"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1:{daemon.port}\r\n".encode())
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
        daemon.close()


if __name__ == "__main__":
    if "scale" in PARTS:
        print("rows | /api/state KB | CPU ms per set (input) | CPU ms per toggle (row) | bytes per set | bytes per toggle | "
              "set->visible p50/p99 ms | toggle->visible p50/p99 ms")
        for rows in ROWS:
            r = scale(rows)
            print(f"{r['rows']} | {r['state_kb']:.1f} | {r['cpu_ms_per_set']:.3f} | {r['cpu_ms_per_toggle']:.3f} | "
                  f"{r['bytes_per_set']} | {r['bytes_per_toggle']} | {r['visible_set_p50_ms']:.2f}/{r['visible_set_p99_ms']:.2f} | "
                  f"{r['visible_toggle_p50_ms']:.2f}/{r['visible_toggle_p99_ms']:.2f}", flush=True)
    if "get" in PARTS:
        print("rows | get products.toggle: daemon CPU ms / round trip ms | get products.products: daemon CPU ms / round trip ms")
        for rows in ROWS:
            r = gets(rows)
            print(f"{r['rows']} | {r['toggle'][0]:.2f} / {r['toggle'][1]:.2f} | {r['products'][0]:.2f} / {r['products'][1]:.2f}", flush=True)
    client = build_fanout_client() if "fanout" in PARTS or "nginx" in PARTS else None
    if "fanout" in PARTS:
        print("watchers (150 rows, scripts/fanout.c) | connections | delivery p50 / p99 / max ms | median round's p99 ms | "
              "daemon CPU ms per set | daemon CPU ms taking the polls | client CPU ms per set")
        for label, binary, close in (("keep-alive", None, False), ("Connection: close", None, True)) + \
                ((("keep-alive, BEFORE", BEFORE, False),) if BEFORE else ()):
            for count, r in fan_out(client, WATCHERS, binary, close).items():
                print(f"{count} | {label} | {r['p50']:.2f} / {r['p99']:.2f} / {r['max']:.2f} | {r['round_p99']:.2f} | {r['cpu']:.2f} | "
                      f"{r['park_cpu']:.2f} | {r['client_cpu']:.2f}", flush=True)
    if "nginx" in PARTS:
        print("dashboards (150 rows, scripts/fanout.c, keep-alive) | via | delivery after the ack p50 / p99 ms | "
              "from the set p50 / p99 / max ms | median round's p99 ms | requests reaching the daemon per change | "
              "daemon CPU ms per set | nginx CPU ms per set | nginx CPU ms while the polls wait (per round)")
        baselines = os.environ.get("NGINX_BASELINES", "direct,docs/nginx.conf").split(",")
        confs = [(label, conf) for label, conf in (("direct", None), ("docs/nginx.conf", DOCS_CONF)) if label in baselines] + \
            [(name, PEER_CONFS.get(name, name)) for name in NGINX_PEERS if name]
        for count in [int(x) for x in os.environ.get("NGINX_WATCHERS", "1000,10000").split(",") if x]:
            for label, conf in confs:
                r = fan_out_nginx(client, count, conf, NGINX_ROUNDS, stream=label.endswith("-eventsource"))
                upstream = f"{r['upstream_per_change']:.2f}" if conf else str(count)
                print(f"{count} | {label} | {r['ack_p50']:.2f} / {r['ack_p99']:.2f} | {r['p50']:.2f} / {r['p99']:.2f} / {r['max']:.2f} | "
                      f"{r['round_p99']:.2f} | {upstream} | {r['cpu']:.2f} | {r['proxy_cpu']:.2f} | {r['proxy_park_cpu']:.2f}", flush=True)
    if "flood" in PARTS:
        (now_status, now_ms), (later_status, later_ms) = idle_flood()
        print(f"5,000 idle + 1,200 slowloris connections open: /healthz {now_status} in {now_ms:.1f} ms; "
              f"after the 10 s head timeout: {later_status} in {later_ms:.1f} ms", flush=True)
