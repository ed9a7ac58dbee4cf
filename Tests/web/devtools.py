"""A minimal client of Chromium's DevTools protocol, stdlib only: headless Chromium started with
a DevTools port, one page target spoken to over a WebSocket (just enough RFC 6455), and the
page's console problems (uncaught exceptions, CSP violations, console.error) collected."""

import base64
import contextlib
import json
import os
import shutil
import socket
import struct
import subprocess
import tempfile
import time
import urllib.parse
import urllib.request


class TestFailure(Exception):
    """A check did not hold; the message says what was expected and what was seen."""


def check(name, body):
    """Runs one named check: prints "ok    NAME: what it found" or "FAIL  NAME: why"."""
    try:
        print(f"ok    {name}: {body()}")
        return True
    except TestFailure as failure:
        print(f"FAIL  {name}: {failure}")
        return False


class WebSocket:
    """Just enough RFC 6455 for the DevTools protocol: text frames, masking, ping, close."""

    def __init__(self, url, timeout):
        parts = urllib.parse.urlsplit(url)
        self.sock = socket.create_connection((parts.hostname, parts.port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (f"GET {parts.path} HTTP/1.1\r\nHost: {parts.hostname}:{parts.port}\r\n"
                   "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                   f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
        self.sock.sendall(request.encode())
        response = b""
        while b"\r\n\r\n" not in response:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("DevTools closed the WebSocket handshake")
            response += chunk
        head, self.buffer = response.split(b"\r\n\r\n", 1)
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise ConnectionError(f"DevTools refused the WebSocket: {head.decode(errors='replace')}")

    def _read(self, count):
        while len(self.buffer) < count:
            chunk = self.sock.recv(max(65536, count - len(self.buffer)))
            if not chunk:
                raise ConnectionError("DevTools closed the WebSocket")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def _send_frame(self, opcode, payload):
        mask = os.urandom(4)
        length = len(payload)
        if length < 126:
            header = struct.pack("!BB", 0x80 | opcode, 0x80 | length)
        elif length < 65536:
            header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, length)
        else:
            header = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, length)
        masked = bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))
        self.sock.sendall(header + mask + masked)

    def send(self, text):
        self._send_frame(0x1, text.encode())

    def receive(self):
        message = b""
        while True:
            first, second = self._read(2)
            opcode, length = first & 0x0F, second & 0x7F
            if length == 126:
                length = struct.unpack("!H", self._read(2))[0]
            elif length == 127:
                length = struct.unpack("!Q", self._read(8))[0]
            mask = self._read(4) if second & 0x80 else None
            payload = self._read(length)
            if mask:
                payload = bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))
            if opcode == 0x8:
                raise ConnectionError("DevTools closed the WebSocket")
            if opcode == 0x9:
                self._send_frame(0xA, payload)
                continue
            if opcode in (0x1, 0x2, 0x0):
                message += payload
                if first & 0x80:
                    return message.decode()


class DevTools:
    """Commands and events of one page target."""

    def __init__(self, ws_url, timeout=60):
        self.ws = WebSocket(ws_url, timeout)
        self.next_id = 0
        self.console_problems = []

    def call(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.receive())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise TestFailure(f"DevTools {method} failed: {message['error']}")
                return message.get("result", {})
            self._event(message)

    def _event(self, message):
        method, params = message.get("method"), message.get("params", {})
        if method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            text = details.get("exception", {}).get("description") or details.get("text")
            self.console_problems.append(f"uncaught exception: {text}")
        elif method == "Log.entryAdded":
            entry = params.get("entry", {})
            text = entry.get("text", "")
            if "Content Security Policy" in text or "Refused to" in text:
                self.console_problems.append(f"CSP violation: {text}")
            elif entry.get("level") == "error" and entry.get("source") != "network":
                # A module that fails to load or parse is logged here. Failed requests while
                # the daemon is stopped on purpose are "network" entries, not problems.
                self.console_problems.append(f"{entry.get('source')} error: {text}")
        elif method == "Runtime.consoleAPICalled" and params.get("type") == "error":
            args = " ".join(str(arg.get("value", arg.get("description", ""))) for arg in params.get("args", []))
            self.console_problems.append(f"console.error: {args}")

    def end_tracing(self):
        """Ends the trace begun with Tracing.start and returns its events, as Chromium sends
        them in Tracing.dataCollected messages until Tracing.tracingComplete."""
        self.call("Tracing.end")
        events = []
        while True:
            message = json.loads(self.ws.receive())
            if message.get("method") == "Tracing.dataCollected":
                events += message["params"]["value"]
            elif message.get("method") == "Tracing.tracingComplete":
                return events

    def evaluate(self, expression, await_promise=False):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=await_promise)
        if "exceptionDetails" in result:
            raise TestFailure(f"evaluating {expression!r} threw {result['exceptionDetails'].get('text')}")
        return result.get("result", {}).get("value")


def launch_chromium(binary, profile):
    """Starts headless Chromium with a DevTools port; returns (process, page WebSocket URL)."""
    process = subprocess.Popen(
        [binary, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--no-default-browser-check", "--disable-extensions", "--hide-scrollbars",
         "--remote-debugging-port=0", f"--user-data-dir={profile}", "--window-size=1280,1600",
         "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    port_file = os.path.join(profile, "DevToolsActivePort")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise TestFailure(f"{binary} exited with status {process.returncode} before opening DevTools")
        if os.path.exists(port_file):
            lines = open(port_file).read().split()
            if lines:
                port = int(lines[0])
                targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10))
                pages = [t for t in targets if t.get("type") == "page"]
                if pages:
                    return process, pages[0]["webSocketDebuggerUrl"]
        time.sleep(0.1)
    process.kill()
    raise TestFailure(f"{binary} opened no DevTools port within 60 s")


@contextlib.contextmanager
def headless_chromium(binary, profile=None, prefix="bindery-chromium-"):
    """Headless Chromium with a DevTools port, for a `with` block: yields (process, page
    WebSocket URL, profile directory). Leaving the block, however it is left, kills the browser
    and waits for it; a profile made here (`profile` not given, a temporary directory named
    after `prefix`) is removed."""
    made = profile is None
    if made:
        profile = tempfile.mkdtemp(prefix=prefix)
    process = None
    try:
        process, ws_url = launch_chromium(binary, profile)
        yield process, ws_url, profile
    finally:
        if process is not None:
            process.kill()
            process.wait()
        if made:
            shutil.rmtree(profile, ignore_errors=True)
