"""A subscriber of nchan's EventSource stream (docs/nginx-nchan.conf's /api/stream), as a
browser's EventSource reads it, for the proxy tests: it connects, reads the head, then
collects every event's data in a thread until the server closes or `close()` is called."""
import socket, threading, time


class EventStream:
    def __init__(self, port, feed, timeout=10):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.sock.sendall((f"GET /api/stream?feed={feed} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                           "Accept: text/event-stream\r\nCache-Control: no-cache\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                break
            head += chunk
        head, self.buffer = head.split(b"\r\n\r\n", 1) if b"\r\n\r\n" in head else (head, b"")
        line = head.split(b"\r\n", 1)[0].split()
        self.status = int(line[1]) if len(line) > 1 and line[1].isdigit() else 0
        self.head = head.decode(errors="replace").lower()
        self.pending = b""  # the body read but not yet split into events
        self.data = []  # each `message` event's data, in order
        self.closed = False
        self.lock = threading.Condition()
        self.sock.settimeout(None)
        self.reader = threading.Thread(target=self._read, daemon=True)
        if self.status == 200:
            self.reader.start()

    def _read(self):
        while True:
            self._parse()
            try:
                chunk = self.sock.recv(65536)
            except OSError:
                chunk = b""
            if not chunk:
                with self.lock:
                    self.closed = True
                    self.lock.notify_all()
                return
            self.buffer += chunk

    def _parse(self):
        # Chunked transfer: nchan sends each event in its own chunk; strip the chunk lines.
        if "transfer-encoding: chunked" in self.head:
            rest = self.buffer
            body = b""
            while True:
                size_end = rest.find(b"\r\n")
                if size_end < 0:
                    break
                size = int(rest[:size_end] or b"0", 16)
                if len(rest) < size_end + 2 + size + 2:
                    break
                body += rest[size_end + 2:size_end + 2 + size]
                rest = rest[size_end + 2 + size + 2:]
            self.buffer, self.pending = rest, self.pending + body
        else:
            self.pending, self.buffer = self.pending + self.buffer, b""
        text = self.pending
        while b"\n\n" in text:
            event, text = text.split(b"\n\n", 1)
            kind, data = "message", []
            for line in event.split(b"\n"):
                if line.startswith(b"event:"):
                    kind = line[6:].strip().decode()
                elif line.startswith(b"data:"):
                    data.append(line[5:].lstrip(b" ").decode())
            if data and kind == "message":
                with self.lock:
                    self.data.append("\n".join(data))
                    self.lock.notify_all()
        self.pending = text

    def wait_for(self, predicate, timeout):
        """The first data for which `predicate` holds, waiting up to `timeout` s; None if none."""
        deadline = time.monotonic() + timeout
        with self.lock:
            while True:
                for data in self.data:
                    if predicate(data):
                        return data
                left = deadline - time.monotonic()
                if left <= 0 or self.closed:
                    return None
                self.lock.wait(left)

    def close(self):
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()
