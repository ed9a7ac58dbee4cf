"""The dashboard's largest answers come compressed (issue 43): the page itself (its state
inline) and the daemon's history, as the event log and the state already were, when the client
sends `Accept-Encoding: gzip` — checked against the real daemon the page shows."""

import gzip
import urllib.request

from devtools import TestFailure


def get(url, encoding):
    no_proxy = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding} if encoding else {})
    with no_proxy.open(request, timeout=10) as response:
        return response.headers, response.read()


def compression_checks(session):
    s = session

    def large_answers_gzipped():
        sizes = []
        for path in ("/", "/api/history"):
            plain_headers, plain = get(s.base_url + path, None)
            headers, body = get(s.base_url + path, "gzip, deflate, br")
            if plain_headers.get("Content-Encoding") or headers.get("Content-Encoding") != "gzip":
                raise TestFailure(f"{path}: Content-Encoding {plain_headers.get('Content-Encoding')!r} plain, "
                                  f"{headers.get('Content-Encoding')!r} when gzip is accepted")
            if headers.get("Vary") != "Accept-Encoding" or not gzip.decompress(body).startswith(plain[:15]):
                raise TestFailure(f"{path}: Vary {headers.get('Vary')!r}, or the body does not decompress to the page")
            sizes.append(f"{path} {len(plain) // 1024} KB → {len(body) // 1024} KB")
        print(f"      {'; '.join(sizes)}", flush=True)
    s.check("the page and /api/history are gzip-compressed when the client accepts it", large_answers_gzipped)
