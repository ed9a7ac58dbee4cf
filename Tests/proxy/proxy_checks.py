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


def get(port, path, timeout=30):
    """GET `path` at 127.0.0.1:`port` on a new connection: (status, lower-cased headers, body)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path, headers={"Accept-Encoding": "identity"})
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        conn.close()
