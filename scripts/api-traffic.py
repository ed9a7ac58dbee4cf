#!/usr/bin/env python3
"""Keeps a daemon busy while its HTTP API is checked (scripts/api-check.sh).

`scripts/api-traffic.py SOCKET [SECONDS]` talks to the daemon's control socket until it is
stopped (or SECONDS pass): a set of `api.latencyMs` every 0.2 s, so versions keep moving and a
long-poll at the current version ends within that; now and then a run of `products.refresh` and
`products.toggle` (starts and finishes, list rows changed) and of `login.fillUp` with the API
failing (a failed run): so the events, changes and history the checker reads hold every kind
of entry, not only the first version's reset.
"""
import json, socket, sys, time


def main():
    path = sys.argv[1]
    deadline = time.monotonic() + float(sys.argv[2]) if len(sys.argv) > 2 else None
    with socket.socket(socket.AF_UNIX) as control:
        control.connect(path)
        reader = control.makefile("rb")

        def request(**fields):
            control.sendall((json.dumps(fields) + "\n").encode())
            return json.loads(reader.readline())

        request(op="set", vm="api", name="latencyMs", value=0)
        turn = 0
        while deadline is None or time.monotonic() < deadline:
            turn += 1
            request(op="set", vm="api", name="latencyMs", value=turn % 50)
            if turn % 10 == 0:
                request(op="run", vm="products", name="refresh")
                request(op="run", vm="products", name="toggle", arg=turn % 5)
            if turn % 25 == 0:
                request(op="set", vm="api", name="failureRate", value=1)
                request(op="run", vm="login", name="fillUp")
                request(op="set", vm="api", name="failureRate", value=0)
            time.sleep(0.2)


if __name__ == "__main__":
    try:
        main()
    except (KeyboardInterrupt, BrokenPipeError, ConnectionError):
        pass
