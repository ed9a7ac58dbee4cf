"""What the proxy tests (nginx_proxy_test.py, nginx_nchan_test.py) share: one line per check,
a control connection that sets api.latencyMs, and a GET through the proxy."""
import http.client, json, socket

failures = []


def check(name, ok, detail=""):
    """Prints `ok` or `FAIL` and the check's name (and `detail` when it failed)."""
    print(("ok    " if ok else "FAIL  ") + name + ("" if ok else f": {detail}"), flush=True)
    if not ok:
        failures.append(name)


class Control:
    """A connection to the daemon's control socket."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.settimeout(10)
        self.sock.connect(path)
        self.reader = self.sock.makefile("rb")
        self.next_id = 0

    def set_latency(self, value):
        """Sets api.latencyMs; returns the acknowledged version."""
        self.next_id += 1
        self.sock.sendall((json.dumps({"op": "set", "vm": "api", "name": "latencyMs", "value": value,
                                       "id": self.next_id}) + "\n").encode())
        while True:
            reply = json.loads(self.reader.readline())
            if reply.get("id") == self.next_id:
                assert reply.get("ok"), reply
                return reply.get("version")


def get(port, path, timeout=30, headers=None):
    """GET `path` at 127.0.0.1:`port` on a new connection, with `headers` added (a `Host` one
    replaces the address): (status, lower-cased headers, body)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path, headers={"Accept-Encoding": "identity", **(headers or {})})
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        conn.close()


def head(port, path, headers=None, timeout=10):
    """The status and lower-cased headers of GET `path` (the body left unread: a stream's
    never ends), with `headers` added as `get` adds them."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path, headers={"Accept-Encoding": "identity", "Accept": "text/event-stream",
                                           **(headers or {})})
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}
    finally:
        conn.close()


def refuses_other_hosts(port, paths):
    """The DNS-rebinding defence binderyd has, through the proxy at `port`: a Host that names
    another site gets 421 on every path in `paths` (with or without a port), and one naming
    this machine (`localhost`) is answered."""
    answers = {path: (head(port, path, {"Host": "evil.example"})[0], head(port, path, {"Host": f"evil.example:{port}"})[0])
               for path in paths}
    check(f"a Host naming another site gets 421 through the proxy on {', '.join(p.split('?')[0] for p in paths)}",
          all(a == (421, 421) for a in answers.values()), f"{answers}")
    status, _ = head(port, "/api/state", {"Host": f"localhost:{port}"})
    check("... while Host localhost is answered", status == 200, f"{status}")


def refuses_other_origins(port, paths, answered_by_proxy=()):
    """No cross-origin reads through the proxy at `port`, as binderyd refuses them: every path
    in `paths`, asked for a page of another origin (its Origin, or Sec-Fetch-Site: cross-site),
    gets 403 with no CORS header; asked for the page's own origin (Sec-Fetch-Site: same-origin,
    and its Origin on `answered_by_proxy`, the paths nginx answers itself), it is answered, with
    no Access-Control-Allow-Credentials and no other origin allowed."""
    refused = {}
    for path in paths:
        for headers in ({"Origin": "http://evil.example"}, {"Origin": f"http://evil.example:{port}"},
                        {"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "same-site"}):
            status, answer = head(port, path, headers)
            if status != 403 or any(k.startswith("access-control-") for k in answer):
                refused[f"{path} {headers}"] = (status, {k: v for k, v in answer.items() if k.startswith("access-control-")})
    check(f"another origin's page gets 403 and no CORS header through the proxy on {', '.join(p.split('?')[0] for p in paths)}",
          not refused, f"{refused}")
    own = f"http://127.0.0.1:{port}"
    allowed = {}
    for path in paths:
        headers = {"Origin": own} if path in answered_by_proxy else {}
        status, answer = head(port, path, {"Sec-Fetch-Site": "same-origin", **headers}, timeout=30)
        allowed[path] = (status, answer.get("access-control-allow-origin"), answer.get("access-control-allow-credentials"))
    check("... and the page's own origin is answered, with no Access-Control-Allow-Credentials and no other origin allowed",
          all(s < 400 and o in (None, own) and c is None for s, o, c in allowed.values()), f"{allowed}")
