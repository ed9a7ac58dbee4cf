# Bindery — every step a fresh Debian machine (or CI, as root, without a terminal) needs.
# `make run` and `make test` install what is missing first.

SWIFT      ?= swift
PREFIX     ?= /usr/local
DESTDIR    ?=
CONFIG     ?= debug
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Debian packages the build, the tests and the benchmarks need.
DEB_PACKAGES := pkg-config libreadline-dev libmicrohttpd-dev libsystemd-dev libsqlite3-dev \
                tmux chromium wrk systemd python3

.PHONY: deps build release test bench run install clean

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

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: deps
	$(SWIFT) build -c release --product bindery-bench
	.build/release/bindery-bench

run: deps
	@echo "binderyd does not exist yet: the reactive core is built and tested (make test);"
	@echo "the daemon, REPL and dashboard arrive with their issues."
	$(SWIFT) build

install: release
	install -d $(DESTDIR)$(PREFIX)/lib/bindery
	@echo "nothing to install yet beyond the library build"

clean:
	rm -rf .build
