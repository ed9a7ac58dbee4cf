# Bindery — every step a fresh Debian machine (or CI, as root, without a terminal) needs.
# `make run` and `make test` install what is missing first.

SWIFT      ?= swift
PREFIX     ?= /usr/local
DESTDIR    ?=
CONFIG     ?= debug
TEST_TIMEOUT ?= 1200
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Debian packages the build, the tests and the benchmarks need.
DEB_PACKAGES := pkg-config libreadline-dev libmicrohttpd-dev libsystemd-dev libsqlite3-dev \
                tmux chromium wrk systemd python3

.PHONY: deps build release test bench bench-http bench-persistence run install clean

deps:
	@missing=""; for p in $(DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build -c $(CONFIG)

release: deps
	$(SWIFT) build -c release

# Unit and in-process tests, then the end-to-end checks against the real daemon (the REPL
# walk-through, binderyctl in tmux, the dashboard in headless Chromium).
# TEST_TIMEOUT bounds each step so a hang fails CI with its name instead of stalling it;
# timeout(1) signals the whole process group, so test children go too. A normal run of
# either step takes a few minutes.
test: deps
	$(SWIFT) build --build-tests
	timeout --kill-after=15 $(TEST_TIMEOUT) $(SWIFT) test --skip-build
	timeout --kill-after=15 $(TEST_TIMEOUT) scripts/e2e.sh

bench: deps
	$(SWIFT) build -c release --product bindery-bench
	.build/release/bindery-bench

# Foreground daemon with development defaults (./.bindery, 127.0.0.1:8420, ./web); it prints
# the dashboard URL and the command that attaches the REPL. Ctrl-C stops it cleanly.
run: deps
	$(SWIFT) build --product binderyd
	$(SWIFT) build --product binderyctl
	.build/debug/binderyd

# /api/state req/s beside nginx serving the same bytes (wrk -t2 -c64), 200s and 304s.
bench-http: deps
	@dpkg-query -W -f='$${Status}' nginx-light 2>/dev/null | grep -q "ok installed" || \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx-light
	$(SWIFT) build -c release --product binderyd
	scripts/bench-http.sh .build/release/binderyd

# Group commit: acknowledged sets/s with 1, 4 and 16 clients beside SQLite's own commit rate
# on the same disk, in one run, and the daemon's fsyncs per set (strace, installed for this
# benchmark only).
bench-persistence: deps
	@command -v strace >/dev/null 2>&1 || \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends strace
	$(SWIFT) build -c release --product binderyd
	scripts/bench-persistence.py .build/release/binderyd

install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/bindery/web $(DESTDIR)$(PREFIX)/share/doc/bindery \
	  $(DESTDIR)/etc/systemd/system
	install -m 0755 .build/release/binderyd $(DESTDIR)$(PREFIX)/bin/binderyd
	install -m 0755 .build/release/binderyctl $(DESTDIR)$(PREFIX)/bin/binderyctl
	install -m 0644 web/* $(DESTDIR)$(PREFIX)/share/bindery/web/
	install -m 0644 docs/PROTOCOL.md docs/HTTP.md $(DESTDIR)$(PREFIX)/share/doc/bindery/
	install -m 0644 systemd/binderyd.service systemd/binderyd.socket $(DESTDIR)/etc/systemd/system/

clean:
	rm -rf .build
