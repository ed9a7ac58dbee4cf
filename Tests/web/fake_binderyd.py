#!/usr/bin/env python3
"""A stand-in for binderyd's HTTP endpoint, for developing and testing the dashboard.

It serves `web/` and the JSON of docs/HTTP.md (/api/state, /api/changes as resets, /api/surface, /api/events,
/metrics, /healthz) for the seven view models of SPEC.md §2, simulated in memory with the
same rules (derived outputs, enabled states, latency and failure rate from the `api` view
model). It is development tooling only: binderyd is the real thing.

Driving it (the page itself never writes):
  POST /__fake/command   body "set login.mobilePhone 13800138000" or "run products.toggle 2"
  POST /__fake/step      runs the next line of a built-in demo script
  POST /__fake/outage?seconds=N   every request is dropped unanswered for N seconds

  python3 Tests/web/fake_binderyd.py --port 8080 [--auto-step 1.5]
prints "fake binderyd listening on http://127.0.0.1:PORT/" once it accepts connections.
"""

import argparse
import datetime
import json
import os
import posixpath
import random
import re
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".json": "application/json",
}

SERVER_UNAVAILABLE = "Server unavailable, please retry"
PAGE_SIZE = 15
MAX_WAIT_SECONDS = 60

# Fixture rows, standing in for the daemon's SQLite store.
ACCOUNTS = {
    "13800138000": "https://avatars.bindery.test/u/13800138000.png",
    "13912345678": "https://avatars.bindery.test/u/13912345678.png",
}
BOOKS = [
    {"title": "The Swift Programming Language", "author": "Apple Inc.", "year": 2014},
    {"title": "Functional Reactive Programming", "author": "Stephen Blackheath", "year": 2016},
    {"title": "Reactive Design Patterns", "author": "Roland Kuhn", "year": 2017},
    {"title": "Design Patterns", "author": "Erich Gamma", "year": 1994},
    {"title": "Refactoring", "author": "Martin Fowler", "year": 1999},
    {"title": "Domain-Driven Design", "author": "Eric Evans", "year": 2003},
    {"title": "The Pragmatic Programmer", "author": "Andrew Hunt", "year": 1999},
    {"title": "Structure and Interpretation of Computer Programs", "author": "Harold Abelson", "year": 1985},
]
TWEET_AUTHORS = {
    "ada": "Ada Lovelace",
    "objcio": "objc.io",
    "reactivecocoa": "ReactiveCocoa",
    "swiftlang": "Swift",
}
TWEET_TOTAL = 12
COMPASS_OPPOSITES = {"西": "東", "左": "右"}

SURFACE = {
    "login": {
        "inputs": [{"name": "mobilePhone", "type": "string"}, {"name": "verifyCode", "type": "string"}],
        "outputs": [{"name": "avatarURL", "derivesFrom": ["mobilePhone"]},
                    {"name": "isLoginValid", "derivesFrom": ["mobilePhone", "verifyCode"]}],
        "commands": [{"name": "login", "argument": None, "enabledDerivesFrom": ["mobilePhone", "verifyCode"]},
                     {"name": "fillUp", "argument": None, "enabledDerivesFrom": []}],
    },
    "signin": {
        "inputs": [{"name": "username", "type": "string"}, {"name": "password", "type": "string"}],
        "outputs": [{"name": "isValid", "derivesFrom": ["username", "password"]},
                    {"name": "usernameColor", "derivesFrom": ["username"]}],
        "commands": [{"name": "login", "argument": None, "enabledDerivesFrom": ["isValid"]}],
    },
    "books": {
        "inputs": [{"name": "query", "type": "string"}],
        "outputs": [{"name": "books", "derivesFrom": ["query"],
                     "items": [{"name": "title", "label": "Title"}, {"name": "author", "label": "Author"},
                               {"name": "year", "label": "Year"}]},
                    {"name": "count", "derivesFrom": ["books"]}],
        "commands": [{"name": "search", "argument": None, "enabledDerivesFrom": ["query"]}],
    },
    "products": {
        "inputs": [],
        "outputs": [{"name": "products", "derivesFrom": [],
                     "items": [{"name": "color", "label": "Colour"}, {"name": "title", "label": "Title"},
                               {"name": "isSelected", "label": "Selected"}]},
                    {"name": "pageIndex", "derivesFrom": ["products"]},
                    {"name": "lastError", "derivesFrom": []}],
        "commands": [{"name": "refresh", "argument": None, "enabledDerivesFrom": []},
                     {"name": "loadMore", "argument": None, "enabledDerivesFrom": []},
                     {"name": "cancel", "argument": None, "enabledDerivesFrom": []},
                     {"name": "toggle", "argument": {"name": "index", "type": "int"},
                      "enabledDerivesFrom": ["products"]}],
    },
    "tweets": {
        "inputs": [{"name": "username", "type": "string"}],
        "outputs": [{"name": "isUsernameValid", "derivesFrom": ["username"]},
                    {"name": "goAlpha", "derivesFrom": ["isUsernameValid"]},
                    {"name": "userFullName", "derivesFrom": ["username"]},
                    {"name": "userAvatarURL", "derivesFrom": ["username"]},
                    {"name": "tweets", "derivesFrom": ["username"],
                     "items": [{"name": "fullName", "label": "Author"}, {"name": "avatarURL", "label": "Avatar URL"},
                               {"name": "content", "label": "Content"}]},
                    {"name": "allTweetsLoaded", "derivesFrom": ["tweets"]}],
        "commands": [{"name": "getTweets", "argument": None, "enabledDerivesFrom": ["isUsernameValid"]},
                     {"name": "loadMore", "argument": None, "enabledDerivesFrom": ["allTweetsLoaded"]}],
    },
    "compass": {
        "inputs": [{"name": "valueA", "type": "string"}, {"name": "valueB", "type": "string"}],
        "outputs": [],
        "commands": [],
    },
    "api": {
        "inputs": [{"name": "latencyMs", "type": "int"}, {"name": "failureRate", "type": "double"}],
        "outputs": [{"name": "requests", "derivesFrom": []},
                    {"name": "failures", "derivesFrom": []}],
        "commands": [],
    },
}

DEMO_SCRIPT = [
    "set api.latencyMs 1200",
    "set login.mobilePhone 13800138000",
    "set login.verifyCode 1234",
    "run login.login",
    "run products.refresh",
    "set signin.username adm",
    "set signin.username admin",
    "set signin.password password",
    "run signin.login",
    "set books.query design",
    "run books.search",
    "run products.loadMore",
    "run products.toggle 1",
    "set tweets.username ada",
    "run tweets.getTweets",
    "set compass.valueA 西",
    "set compass.valueB 左",
    "set api.failureRate 1",
    "run login.login",
    "run products.loadMore",
    "set api.failureRate 0",
    "run tweets.loadMore",
    "run products.toggle 3",
]


def now_iso():
    """The current UTC time as the daemon writes it: ISO 8601 with milliseconds and Z."""
    moment = datetime.datetime.now(datetime.timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


class CommandFailure(Exception):
    """A command's work failed with a user-facing message."""


class BadCommand(Exception):
    """A driving line that cannot be applied; the state is left unchanged."""


def new_command():
    return {"enabled": True, "executing": False, "lastValue": None, "lastError": None, "runs": 0}


class FakeBindery:
    """The seven view models, their event log and a version counter, behind one condition.

    Every mutation happens under `self.cond` and ends in `_commit`, which appends one event,
    advances the version by one and wakes the long-polls; so `version` equals the version of
    the newest event, as in the daemon.
    """

    def __init__(self, seed=7):
        self.cond = threading.Condition()
        self.version = 0
        self.events = []
        self.rng = random.Random(seed)
        self.saved_login = None
        self.running = {}  # (vm, command) -> threading.Timer of the pending completion
        self.outage_until = 0.0
        self.step_index = 0
        self.vms = {}
        for vm, surface in SURFACE.items():
            self.vms[vm] = {
                "inputs": {i["name"]: self._initial_input(vm, i) for i in surface["inputs"]},
                "outputs": {o["name"]: None for o in surface["outputs"]},
                "commands": {c["name"]: new_command() for c in surface["commands"]},
            }
        for vm in self.vms:
            self._derive(vm)

    @staticmethod
    def _initial_input(vm, spec):
        if vm == "api":
            return 800 if spec["name"] == "latencyMs" else 0.0
        return ""

    # ---- reading -------------------------------------------------------------------
    def state_json(self):
        with self.cond:
            return json.dumps({"version": self.version, "viewModels": self.vms}, ensure_ascii=False)

    def events_json(self, since):
        with self.cond:
            newer = [e for e in self.events if e["version"] > since]
            return json.dumps({"version": self.version, "events": newer}, ensure_ascii=False)

    def wait_past(self, since, seconds):
        """Blocks until the version passes `since`, `seconds` elapse or an outage begins."""
        deadline = time.monotonic() + seconds
        with self.cond:
            while self.version <= since and not self.in_outage():
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    break
                self.cond.wait(remaining)

    def in_outage(self):
        return time.monotonic() < self.outage_until

    def start_outage(self, seconds):
        with self.cond:
            self.outage_until = time.monotonic() + seconds
            self.cond.notify_all()

    # ---- derived state -------------------------------------------------------------
    def _derive(self, vm):
        """Recomputes `vm`'s outputs and enabled states from its inputs, as the models do."""
        state = self.vms[vm]
        inputs, outputs, commands = state["inputs"], state["outputs"], state["commands"]
        for command in commands.values():
            command["enabled"] = True  # the rules below narrow it; executing disables at the end
        if vm == "login":
            phone = inputs["mobilePhone"]
            valid_phone = re.fullmatch(r"1[3-9]\d{9}", phone) is not None
            outputs["avatarURL"] = ACCOUNTS.get(phone) if valid_phone else None
            outputs["isLoginValid"] = phone != "" and inputs["verifyCode"] != ""
            commands["login"]["enabled"] = outputs["isLoginValid"]
        elif vm == "signin":
            name, password = inputs["username"], inputs["password"]
            outputs["isValid"] = len(name) >= 5 and len(password) >= 6
            outputs["usernameColor"] = "red" if len(name) <= 3 else "white"
            commands["login"]["enabled"] = outputs["isValid"]
        elif vm == "books":
            outputs["books"] = outputs["books"] or []
            outputs["count"] = len(outputs["books"])
            commands["search"]["enabled"] = inputs["query"].strip() != ""
        elif vm == "products":
            outputs["products"] = outputs["products"] or []
            outputs["pageIndex"] = outputs["pageIndex"] or 0
            commands["toggle"]["enabled"] = len(outputs["products"]) > 0
        elif vm == "tweets":
            valid = re.fullmatch(r"[A-Za-z0-9_]{3,15}", inputs["username"]) is not None
            outputs["isUsernameValid"] = valid
            outputs["goAlpha"] = 1.0 if valid else 0.5
            outputs["tweets"] = outputs["tweets"] or []
            outputs["allTweetsLoaded"] = bool(outputs["allTweetsLoaded"])
            commands["getTweets"]["enabled"] = valid
            commands["loadMore"]["enabled"] = bool(outputs["tweets"]) and not outputs["allTweetsLoaded"]
        elif vm == "api":
            outputs["requests"] = outputs["requests"] or 0
            outputs["failures"] = outputs["failures"] or 0
        for command in commands.values():
            if command["executing"]:
                command["enabled"] = False

    def _commit(self, event):
        self.version += 1
        event = {"version": self.version, "at": now_iso(), **event}
        self.events.append(event)
        self.cond.notify_all()

    # ---- driving -------------------------------------------------------------------
    def apply_line(self, line):
        """Applies one driving line (`set vm.name value` or `run vm.command [arg]`)."""
        parts = line.strip().split(None, 2)
        if len(parts) < 2 or parts[0] not in ("set", "run") or "." not in parts[1]:
            raise BadCommand(f"expected 'set vm.input value' or 'run vm.command [arg]', got {line.strip()!r}")
        verb, target = parts[0], parts[1]
        rest = parts[2] if len(parts) == 3 else ""
        vm, name = target.split(".", 1)
        if vm not in self.vms:
            raise BadCommand(f"no view model named {vm!r}")
        if verb == "set":
            self.set_input(vm, name, rest)
        else:
            self.run_command(vm, name, rest)

    def set_input(self, vm, name, text):
        spec = next((i for i in SURFACE[vm]["inputs"] if i["name"] == name), None)
        if spec is None:
            raise BadCommand(f"{vm} has no input named {name!r}")
        value = self._parse_input(spec["type"], text, f"{vm}.{name}")
        with self.cond:
            self.vms[vm]["inputs"][name] = value
            if vm == "compass":
                other = "valueB" if name == "valueA" else "valueA"
                self.vms[vm]["inputs"][other] = COMPASS_OPPOSITES.get(value, value)
            self._derive(vm)
            self._commit({"kind": "set", "vm": vm, "name": name, "value": value})

    @staticmethod
    def _parse_input(kind, text, label):
        try:
            if kind == "int":
                return int(text)
            if kind == "double":
                value = float(text)
                if label == "api.failureRate" and not 0.0 <= value <= 1.0:
                    raise ValueError
                return value
            if kind == "bool":
                if text not in ("true", "false"):
                    raise ValueError
                return text == "true"
        except ValueError:
            raise BadCommand(f"{label} expects a {kind}, got {text!r}") from None
        return text

    def run_command(self, vm, name, argument_text):
        spec = next((c for c in SURFACE[vm]["commands"] if c["name"] == name), None)
        if spec is None:
            raise BadCommand(f"{vm} has no command named {name!r}")
        argument = None
        if spec["argument"] is not None:
            argument = self._parse_input(spec["argument"]["type"], argument_text,
                                         f"{vm}.{name} {spec['argument']['name']}")
        with self.cond:
            command = self.vms[vm]["commands"][name]
            if not command["enabled"]:
                raise BadCommand(f"{vm}.{name} is disabled")
            command["executing"] = True
            command["runs"] += 1
            self._derive(vm)
            self._commit({"kind": "start", "vm": vm, "name": name})
            started = time.monotonic()
            if self._is_instant(vm, name):
                self._complete(vm, name, argument, started)
                return
            latency = self.vms["api"]["inputs"]["latencyMs"] / 1000.0
            timer = threading.Timer(max(latency, 0.0), self._complete_later,
                                    args=(vm, name, argument, started))
            timer.daemon = True
            self.running[(vm, name)] = timer
            timer.start()

    @staticmethod
    def _is_instant(vm, name):
        return (vm, name) in {("login", "fillUp"), ("products", "cancel"), ("products", "toggle")}

    def _complete_later(self, vm, name, argument, started):
        with self.cond:
            if self.running.pop((vm, name), None) is None:
                return  # cancelled while the timer fired
            self._complete(vm, name, argument, started)

    def _complete(self, vm, name, argument, started):
        """Finishes a run under the lock: computes its result and commits finish or fail."""
        command = self.vms[vm]["commands"][name]
        duration = round((time.monotonic() - started) * 1000, 1)
        try:
            value = self._work(vm, name, argument)
        except CommandFailure as failure:
            message = str(failure)
            command["executing"] = False
            command["lastError"] = {"message": message, "at": now_iso()}
            if vm == "products" and name in ("refresh", "loadMore"):
                self.vms[vm]["outputs"]["lastError"] = message
            self._derive(vm)
            self._commit({"kind": "fail", "vm": vm, "name": name, "durationMs": duration, "error": message})
            return
        command["executing"] = False
        command["lastValue"] = value
        command["lastError"] = None
        self._derive(vm)
        self._commit({"kind": "finish", "vm": vm, "name": name, "durationMs": duration})

    def _request(self):
        """One simulated network request: counts it and fails it at the configured rate."""
        api = self.vms["api"]
        api["outputs"]["requests"] += 1
        if self.rng.random() < api["inputs"]["failureRate"]:
            api["outputs"]["failures"] += 1
            self._derive("api")
            raise CommandFailure(SERVER_UNAVAILABLE)

    def _work(self, vm, name, argument):
        state = self.vms[vm]
        inputs, outputs = state["inputs"], state["outputs"]
        if (vm, name) == ("login", "login"):
            phone, code = inputs["mobilePhone"], inputs["verifyCode"]
            if re.fullmatch(r"1[3-9]\d{9}", phone) is None:
                raise CommandFailure("Please enter a valid mobile number")
            if re.fullmatch(r"\d{4}", code) is None:
                raise CommandFailure("Wrong verification code")
            self._request()
            self.saved_login = (phone, code)
            return {"phone": phone, "avatarURL": ACCOUNTS.get(phone)}
        if (vm, name) == ("login", "fillUp"):
            if self.saved_login is None:
                raise CommandFailure("Nothing saved yet: log in once first")
            inputs["mobilePhone"], inputs["verifyCode"] = self.saved_login
            return None
        if (vm, name) == ("signin", "login"):
            self._request()
            return inputs["username"] == "admin" and inputs["password"] == "password"
        if (vm, name) == ("books", "search"):
            self._request()
            needle = inputs["query"].strip().lower()
            outputs["books"] = [b for b in BOOKS if needle in b["title"].lower() or needle in b["author"].lower()]
            return outputs["books"]
        if vm == "products" and name in ("refresh", "loadMore"):
            self._request()
            page = 0 if name == "refresh" else outputs["pageIndex"] + 1
            fresh = [{"title": f"Product {page * PAGE_SIZE + i + 1}", "isSelected": False, "color": "yellow"}
                     for i in range(PAGE_SIZE)]
            outputs["products"] = fresh if name == "refresh" else outputs["products"] + fresh
            outputs["pageIndex"] = page
            outputs["lastError"] = None
            return len(outputs["products"])
        if (vm, name) == ("products", "cancel"):
            for key in [k for k in self.running if k[0] == "products"]:
                self.running.pop(key).cancel()
                self.vms["products"]["commands"][key[1]]["executing"] = False
            return None
        if (vm, name) == ("products", "toggle"):
            if not 0 <= argument < len(outputs["products"]):
                raise CommandFailure(f"index {argument} is out of range 0..<{len(outputs['products'])}")
            cell = dict(outputs["products"][argument])
            cell["isSelected"] = not cell["isSelected"]
            cell["color"] = "red" if cell["isSelected"] else "yellow"
            outputs["products"] = outputs["products"][:argument] + [cell] + outputs["products"][argument + 1:]
            return cell["isSelected"]
        if vm == "tweets":
            self._request()
            handle = inputs["username"].lower()
            full_name = TWEET_AUTHORS.get(handle, inputs["username"].capitalize())
            start = 0 if name == "getTweets" else len(outputs["tweets"])
            fresh = [{"avatarURL": f"https://avatars.bindery.test/t/{handle}.png", "fullName": full_name,
                      "content": f"Tweet {n + 1} from @{handle}: binding values, not callbacks."}
                     for n in range(start, min(start + PAGE_SIZE, TWEET_TOTAL))]
            outputs["userFullName"] = full_name
            outputs["userAvatarURL"] = f"https://avatars.bindery.test/t/{handle}.png"
            outputs["tweets"] = fresh if name == "getTweets" else outputs["tweets"] + fresh
            outputs["allTweetsLoaded"] = len(outputs["tweets"]) >= TWEET_TOTAL
            return len(outputs["tweets"])
        raise CommandFailure(f"{vm}.{name} has no behaviour in the fake")

    def step(self):
        """Applies the next line of the demo script (wrapping around); returns the line."""
        with self.cond:
            line = DEMO_SCRIPT[self.step_index % len(DEMO_SCRIPT)]
            self.step_index += 1
        try:
            self.apply_line(line)
        except BadCommand as problem:
            return f"{line} (skipped: {problem})"
        return line

    def metrics(self):
        with self.cond:
            api = self.vms["api"]["outputs"]
            return ("# TYPE bindery_state_version counter\n"
                    f"bindery_state_version {self.version}\n"
                    "# TYPE bindery_api_requests_total counter\n"
                    f"bindery_api_requests_total {api['requests']}\n"
                    "# TYPE bindery_api_failures_total counter\n"
                    f"bindery_api_failures_total {api['failures']}\n")


class Handler(BaseHTTPRequestHandler):
    """Answers like binderyd: GET/HEAD only (plus the /__fake/ driving endpoints)."""

    server_version = "fake-binderyd"
    protocol_version = "HTTP/1.1"

    @property
    def bindery(self):
        return self.server.bindery

    def log_message(self, fmt, *args):
        if self.server.verbose:
            super().log_message(fmt, *args)

    def _send(self, status, body=b"", content_type="text/plain; charset=utf-8", extra=None):
        if isinstance(body, str):
            body = body.encode("utf-8")
        self.send_response(status)
        for key, value in SECURITY_HEADERS.items():
            self.send_header(key, value)
        for key, value in (extra or {}).items():
            self.send_header(key, value)
        if status != 304:
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD" and status != 304:
            self.wfile.write(body)

    def _drop_if_outage(self):
        if self.bindery.in_outage():
            self.close_connection = True
            return True
        return False

    def do_HEAD(self):
        self.do_GET()

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(url.query)
        if self._drop_if_outage():
            return
        try:
            if url.path == "/api/state":
                self._state(query)
            elif url.path == "/api/changes":
                self._changes(query)
            elif url.path == "/api/surface":
                self._send(200, json.dumps({"viewModels": SURFACE}), "application/json",
                           {"Cache-Control": "no-cache"})
            elif url.path == "/api/events":
                since = self._int_param(query, "since", 0)
                self._send(200, self.bindery.events_json(since), "application/json", {"Cache-Control": "no-cache"})
            elif url.path == "/metrics":
                self._send(200, self.bindery.metrics(), "text/plain; version=0.0.4")
            elif url.path == "/healthz":
                self._send(200, "ok")
            else:
                self._static(url.path)
        except BadCommand as problem:
            self._send(400, f"{problem}\n")

    @staticmethod
    def _int_param(query, name, default):
        values = query.get(name)
        if not values:
            return default
        try:
            return int(values[0])
        except ValueError:
            raise BadCommand(f"query parameter {name} must be an integer, got {values[0]!r}") from None

    def _state(self, query):
        since = self._int_param(query, "since", None)
        wait = self._int_param(query, "wait", 0)
        if since is not None and wait > 0:
            self.bindery.wait_past(since, min(wait, MAX_WAIT_SECONDS))
            if self._drop_if_outage():
                return
        body = self.bindery.state_json()
        version = json.loads(body)["version"]
        etag = f'"{version}"'
        headers = {"ETag": etag, "Cache-Control": "no-cache"}
        candidates = [tag.strip() for tag in self.headers.get("If-None-Match", "").split(",")]
        if etag in candidates or "*" in candidates:
            self._send(304, extra=headers)
        else:
            self._send(200, body, "application/json", headers)

    def _changes(self, query):
        """The change feed answered with resets only (docs/HTTP.md allows a reset for any
        cursor): the whole state when the version moved past `since`, else 304."""
        since = self._int_param(query, "since", None)
        wait = self._int_param(query, "wait", 0)
        if since is not None and wait > 0:
            self.bindery.wait_past(since, min(wait, MAX_WAIT_SECONDS))
            if self._drop_if_outage():
                return
        body = self.bindery.state_json()
        version = json.loads(body)["version"]
        headers = {"ETag": f'"{version}"', "Cache-Control": "no-cache"}
        if since == version:
            self._send(304, extra=headers)
        else:
            self._send(200, f'{{"version": {version}, "reset": {body}}}', "application/json", headers)

    def _static(self, path):
        relative = posixpath.normpath(urllib.parse.unquote(path)).lstrip("/")
        if relative in ("", "."):
            relative = "index.html"
        if relative.startswith("..") or "\0" in relative:
            self._send(404, "not found\n")
            return
        root = os.path.realpath(self.server.web_dir)
        full = os.path.realpath(os.path.join(root, relative))
        if not full.startswith(root + os.sep) or not os.path.isfile(full):
            self._send(404, "not found\n")
            return
        with open(full, "rb") as handle:
            body = handle.read()
        kind = CONTENT_TYPES.get(os.path.splitext(full)[1], "application/octet-stream")
        self._send(200, body, kind, {"Cache-Control": "no-cache"})

    def do_POST(self):
        url = urllib.parse.urlsplit(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode("utf-8", errors="replace") if length else ""
        try:
            if url.path == "/__fake/command":
                self.bindery.apply_line(body)
                self._send(200, json.dumps({"ok": True, "version": self.bindery.version}), "application/json")
            elif url.path == "/__fake/step":
                line = self.bindery.step()
                self._send(200, json.dumps({"ok": True, "line": line}, ensure_ascii=False), "application/json")
            elif url.path == "/__fake/outage":
                seconds = float(urllib.parse.parse_qs(url.query).get("seconds", ["5"])[0])
                self.bindery.start_outage(seconds)
                self._send(200, json.dumps({"ok": True, "seconds": seconds}), "application/json")
            else:
                self._not_allowed()
        except (BadCommand, ValueError) as problem:
            self._send(400, json.dumps({"ok": False, "error": str(problem)}), "application/json")

    def _not_allowed(self):
        self._send(405, "method not allowed\n", extra={"Allow": "GET, HEAD"})

    do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _not_allowed


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description="fake binderyd for dashboard development")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument("--web-dir", default=os.path.join(here, "..", "..", "web"))
    parser.add_argument("--auto-step", type=float, default=0.0, metavar="SECONDS",
                        help="apply the next demo-script line every SECONDS")
    parser.add_argument("--verbose", action="store_true", help="log every request")
    args = parser.parse_args()

    server = ThreadingHTTPServer((args.host, args.port), Handler)
    server.daemon_threads = True
    server.bindery = FakeBindery()
    server.web_dir = args.web_dir
    server.verbose = args.verbose
    if args.auto_step > 0:
        def stepper():
            while True:
                time.sleep(args.auto_step)
                server.bindery.step()
        threading.Thread(target=stepper, daemon=True).start()
    print(f"fake binderyd listening on http://{args.host}:{server.server_address[1]}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
