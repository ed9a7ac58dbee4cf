"""Runs the real nginx with docs/nginx.conf in front of a binderyd, for the proxy test
(Tests/proxy/nginx_proxy_test.py) and the fan-out benchmark (scripts/bench-scale.py).

The docs' file is used as written except for what must differ on a test machine: the
daemon's address (its `server` line and the Host header), the listen port (both `listen 8080`
lines), the cache paths and the upstream layer's socket path, or docs/nginx-nchan.conf's
stream and publish sockets (the address and the
port must be found, so the test fails if the docs' file drifts from what it checks; the
cache path must be found in a file with a cache).  It is included in a minimal main
configuration: foreground master, everything under one temporary directory, an access log of
`$request_uri $status $upstream_cache_status $server_addr $upstream_addr` per request (the
upstream layer's own requests have its `unix:` socket as their server address; a request that
went on has the address it went to — the daemon's, or the upstream layer's socket — last,
several if nginx tried again; one answered from a cache has `-`). `conf` measures another
configuration written the same way (the benchmark's peers); `modules` are loaded first
(e.g. nchan's, NCHAN_MODULE). `publish_url` is the --publish-url that reaches the
publish socket (docs/nginx-nchan.conf). `redis_port`: the Redis server of
docs/nginx-nchan-redis.conf is rewritten to 127.0.0.1 and that port (scripts/redis_server.py).

`start()` starts it (the constructor does); `stop()` stops it; `restart()` does both — a
real restart: a new master and workers, nchan's channels and their messages gone. `kill()`
ends the master and its workers with SIGKILL, as a crash would, leaving the unix sockets it
listens on behind; `remove_stale_sockets()` runs the step docs/HTTP.md puts before every
start of nginx (its `ExecStartPre=` line, paths rewritten) and returns the paths it names.
`worker_rss_mb()` is the workers' resident memory."""
import os, re, shutil, signal, socket, subprocess, time

from daemon import end_process, free_port

DOCS_CONF = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "nginx.conf")
NCHAN_CONF = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "nginx-nchan.conf")
NCHAN_REDIS_CONF = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "nginx-nchan-redis.conf")
NCHAN_MODULE = "/usr/lib/nginx/modules/ngx_nchan_module.so"
HTTP_DOC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "HTTP.md")


class Nginx:
    def __init__(self, upstream_port, workdir, workers=1, connections=4096, conf=DOCS_CONF, modules=(), port=None,
                 redis_port=None):
        if shutil.which("nginx") is None:
            raise RuntimeError("nginx is not installed (make deps installs nginx-light)")
        self.dir = workdir
        self.port = port or free_port()
        self.publish_socket = os.path.join(workdir, "publish.sock")
        self.publish_url = f"http://unix:{self.publish_socket}:/bindery/"
        self.access_log = os.path.join(workdir, "access.log")
        self.upstream = f"127.0.0.1:{upstream_port}"
        os.chmod(workdir, 0o755)  # nginx's workers may run as another user
        text = open(conf).read()
        self.rewrites = []
        for old, new in (("127.0.0.1:8420", self.upstream),
                         ("listen 8080", f"listen 127.0.0.1:{self.port}"),
                         ("/run/nginx-bindery.sock", os.path.join(workdir, "upstream-layer.sock")),
                         ("/run/nginx-bindery-stream.sock", os.path.join(workdir, "stream.sock")),
                         ("/run/bindery-publish/nginx.sock", self.publish_socket),
                         ("/var/cache/nginx/bindery", os.path.join(workdir, "cache")),
                         ("redis://127.0.0.1:6379", f"redis://127.0.0.1:{redis_port}")):
            # A one-layer peer has no upstream layer; the nchan file neither layers nor caches.
            if old.startswith("redis:") and redis_port is None:
                continue  # only docs/nginx-nchan-redis.conf names a Redis server
            optional = old.endswith(".sock") or (old.startswith("/var/cache") and "proxy_cache_path" not in text)
            if old not in text and not optional:
                raise RuntimeError(f"{os.path.basename(conf)} no longer contains {old!r}")
            text = text.replace(old, new)
            self.rewrites.append((old, new))
        self.unix_sockets = re.findall(r"^\s*listen unix:(\S+?);", text, flags=re.M)
        with open(os.path.join(workdir, "bindery.conf"), "w") as f:
            f.write(text)
        temp = os.path.join(workdir, "temp")
        os.makedirs(temp, exist_ok=True)
        os.chmod(temp, 0o777)
        user = "user root;\n" if os.geteuid() == 0 else ""
        with open(os.path.join(workdir, "nginx.conf"), "w") as f:
            f.write("".join(f"load_module {module};\n" for module in modules) + f"""{user}daemon off;
worker_processes {workers};
worker_rlimit_nofile {connections * 2 + 64};
pid {workdir}/nginx.pid;
error_log {workdir}/error.log warn;
events {{ worker_connections {connections}; }}
http {{
    log_format upstream '$request_uri $status $upstream_cache_status $server_addr $upstream_addr';
    access_log {self.access_log} upstream;
    client_body_temp_path {temp}/body;
    proxy_temp_path {temp}/proxy;
    fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi;
    scgi_temp_path {temp}/scgi;
    include {workdir}/bindery.conf;
}}
""")
        self.start()

    def start(self):
        workdir = self.dir
        self.process = subprocess.Popen(
            ["nginx", "-p", workdir, "-e", os.path.join(workdir, "error.log"), "-c", os.path.join(workdir, "nginx.conf")],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError("nginx did not start: " + self.process.stderr.read().decode(errors="replace"))
                time.sleep(0.05)
        else:
            raise RuntimeError("nginx did not listen within 5 s")

    def worker_pids(self):
        """The master's children (the workers), whose CPU is nginx's work."""
        with open(f"/proc/{self.process.pid}/task/{self.process.pid}/children") as f:
            return [int(pid) for pid in f.read().split()]

    def log_lines(self):
        try:
            with open(self.access_log) as f:
                return [line.split() for line in f if line.strip()]
        except FileNotFoundError:
            return []

    def settled_log_lines(self, ready, timeout=3.0):
        """The log once `ready(lines)` holds, or as it is after `timeout` seconds: nginx logs a
        request when it finishes it, a moment after the client has the answer."""
        deadline = time.monotonic() + timeout
        while True:
            lines = self.log_lines()
            if ready(lines) or time.monotonic() > deadline:
                return lines
            time.sleep(0.05)

    def dashboard_requests(self, lines, prefix):
        """The logged requests whose URI starts with `prefix` that came from outside (not the
        upstream layer's own, which the dashboards' layer sends it)."""
        return [fields for fields in lines if fields[0].startswith(prefix) and not fields[3].startswith("unix:")]

    def upstream_requests(self, lines, prefix):
        """How many of the logged requests whose URI starts with `prefix` reached the daemon."""
        return sum(1 for fields in lines if fields[0].startswith(prefix) and self.upstream in " ".join(fields[4:]))

    def worker_rss_mb(self):
        """The workers' resident memory together, in MB."""
        total = 0
        for pid in self.worker_pids():
            with open(f"/proc/{pid}/status") as f:
                total += next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))
        return total / 1024

    def kill(self):
        """SIGKILL to the master and its workers at once, as a crash (or the OOM killer) ends
        them: nothing of nginx's own cleanup runs."""
        pids = [self.process.pid] + self.worker_pids()
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.process.wait(10)
        deadline = time.monotonic() + 10
        while any(os.path.exists(f"/proc/{pid}/status") and "State:\tZ" not in open(f"/proc/{pid}/status").read()
                  for pid in pids[1:]) and time.monotonic() < deadline:
            time.sleep(0.05)

    def remove_stale_sockets(self):
        """Runs docs/HTTP.md's step before nginx starts (`ExecStartPre=-/bin/rm -f PATH...`,
        its paths rewritten as this configuration's are); the paths it names."""
        found = re.search(r"^ExecStartPre=-/bin/rm -f (.+)$", open(HTTP_DOC).read(), flags=re.M)
        if not found:
            raise RuntimeError("docs/HTTP.md no longer has the ExecStartPre= line that removes nginx's stale sockets")
        command = found.group(1)
        for old, new in self.rewrites:
            command = command.replace(old, new)
        paths = command.split()
        subprocess.run(["rm", "-f"] + paths, check=True)
        return paths

    def stop(self):
        end_process(self.process)

    def restart(self):
        self.stop()
        self.start()
