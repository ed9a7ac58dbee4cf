# Bindery — every step a fresh Debian machine (or CI, as root, without a terminal) needs.
# `make run` and `make test` install what is missing first.

SWIFT      ?= swift
PREFIX     ?= /usr/local
DESTDIR    ?=
BINDIR     ?= $(PREFIX)/bin
MANDIR     ?= $(PREFIX)/share/man
DOCDIR     ?= $(PREFIX)/share/doc/bindery
# systemd reads units from /usr/local/lib/systemd/system as well as /usr/lib/systemd/system.
UNITDIR    ?= $(PREFIX)/lib/systemd/system
COMPLETIONDIR ?= $(PREFIX)/share/bash-completion/completions
# The bindery-publish group and /run/bindery-publish (nginx's nchan publish socket); systemd
# reads both from /usr/local/lib as well as /usr/lib.
SYSUSERSDIR ?= $(PREFIX)/lib/sysusers.d
TMPFILESDIR ?= $(PREFIX)/lib/tmpfiles.d
# /etc/default/bindery (BINDERYD_OPTS), which the unit names by its absolute path.
SYSCONFDIR ?= /etc
CONFIG     ?= debug
TEST_TIMEOUT ?= 1200
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Debian packages, in two lists. RUN_PACKAGES: what building and running need (the C
# libraries the system-library targets link, found through pkg-config), installed by
# `make build`, `make run` and every target that only builds (`make deps-run`). TEST_PACKAGES:
# what the tests, the benchmarks and `make deb` add, installed by `make deps` (dpkg-dev:
# dpkg-shlibdeps; lintian checks the package; man-db checks the man pages; fonts-noto-cjk:
# Chromium draws the compass's 東 and 西 in the dashboard test instead of empty boxes;
# libnginx-mod-nchan: docs/nginx-nchan.conf is tested and measured against the real module,
# also in front of the packaged service under systemd; redis-server: docs/nginx-nchan-redis.conf,
# several nginx sharing nchan's channels, is tested with a real Redis; python3-venv: the
# virtualenv the API checker is installed into, below).
RUN_PACKAGES  := pkg-config libreadline-dev libmicrohttpd-dev libsystemd-dev libsqlite3-dev zlib1g-dev
TEST_PACKAGES := tmux chromium fonts-noto-cjk wrk nginx-light libnginx-mod-nchan redis-server systemd python3 python3-venv dpkg-dev \
                 lintian man-db bash-completion
# What the tests take from PyPI, into a virtualenv of its own under .build (Debian's python3
# makes it, so no system package is touched): schemathesis, the property-based tester and
# OpenAPI validator scripts/api-check.sh runs against the real daemon. Pinned, so a new release
# cannot change what `make test` checks; installed by `make deps` only when missing or another
# version.
API_CHECK_VENV := .build/api-check/venv
API_CHECKER    := schemathesis==4.32.5

# Installs whichever of the packages named in $(1) are missing. Under `make -n` it installs
# nothing and prints "would install: …" instead (the `+` runs the check even then), which
# scripts/check-run-deps.sh reads. INSTALLED_PACKAGES, a file with one package name a line,
# stands in for dpkg's database in that check.
INSTALLED_PACKAGES ?=
DRY_RUN := $(findstring n,$(firstword -$(MAKEFLAGS)))
define install-missing
+@missing=""; for p in $(1); do \
  if [ -n "$(INSTALLED_PACKAGES)" ]; then grep -qx "$$p" "$(INSTALLED_PACKAGES)" || missing="$$missing $$p"; \
  else dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; fi; \
done; \
if [ -z "$$missing" ]; then :; \
elif [ -n "$(DRY_RUN)" ]; then echo "would install:$$missing"; \
else \
  echo "installing:$$missing"; \
  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
fi
endef

# Installed binaries are built with the Swift runtime linked in, so they need no toolchain
# (a package installs where Swift is not, and a sandboxed service cannot read /opt or /root).
# Their own build directory keeps the release build of the benchmarks untouched.
INSTALL_BUILD := $(SWIFT) build -c release --static-swift-stdlib --scratch-path .build/install
INSTALL_BIN   := .build/install/release

# The Debian package (`make deb`): a native package, its version the one the programs print
# (`--version`), read from the one place it is written.
DEB_VERSION := $(shell sed -n 's/^ *public static let version = "\(.*\)"$$/\1/p' Sources/BinderyProtocol/BinderyRelease.swift)
DEB_ARCH    := $(shell dpkg --print-architecture 2>/dev/null || echo amd64)
DEB_FILE    := .build/bindery_$(DEB_VERSION)_$(DEB_ARCH).deb
DEB_ROOT    := .build/deb/root

.PHONY: deps deps-run build release check test test-build unit-tests examples-build examples-tests api-self-checks api-check e2e docs tsan tsan-build asan fuzz fuzz-build systemd-test screenshots bench bench-http bench-persistence bench-scale bench-history run install-build install install-files uninstall deb clean

# What building and running need.
deps-run:
	$(call install-missing,$(RUN_PACKAGES))

# Everything: what the tests, the benchmarks and the package add.
deps:
	$(call install-missing,$(RUN_PACKAGES) $(TEST_PACKAGES))
	@if [ "$$($(API_CHECK_VENV)/bin/python3 -c 'import importlib.metadata as m; print("schemathesis==" + m.version("schemathesis"))' 2>/dev/null)" != "$(API_CHECKER)" ]; then \
	  echo "installing from PyPI into $(API_CHECK_VENV): $(API_CHECKER)"; \
	  rm -rf $(API_CHECK_VENV) && /usr/bin/python3 -m venv $(API_CHECK_VENV) && \
	  $(API_CHECK_VENV)/bin/pip install --quiet --disable-pip-version-check --no-input $(API_CHECKER); \
	fi

build: deps-run
	$(SWIFT) build -c $(CONFIG)

release: deps-run
	$(SWIFT) build -c release

# Every check, in lanes side by side (scripts/test-all.sh): the builds one after another, niced —
# the package with its tests, the example packages, the release build the package ships, the
# fuzzing harnesses, ThreadSanitizer's — and three lanes of checks, each check as soon as the
# builds it needs are done, since the checks mostly wait (on daemons, browsers, nginx,
# systemd) while the builds compute. The checks: the unit and in-process suites; the API
# comparison's self-test (scripts/rs-api-diff.py --self-test; the comparison itself needs a
# ReactiveSwift checkout, docs/CONTRACTS.md §9) and the run-dependency check; the HTTP API
# against its description, docs/openapi.yaml, by schemathesis against the real daemon
# (scripts/api-check.sh, under a minute); the core's API reference (`make docs`); the example
# packages' tests and the end-to-end checks against the real daemon (the REPL walk-through,
# binderyctl in tmux, the dashboard in headless Chromium, nginx, nchan and Redis, and a test
# written by `binderyctl testgen` from a scripted session against Examples/Search's searchd);
# the .deb under a real systemd; the core's and the host's suites under ThreadSanitizer
# (`make tsan`); each fuzzing harness for a few seconds (`make fuzz`: its seed corpus,
# regression inputs included, then new inputs). Each step prints its wall clock and CPU seconds.
# TEST_TIMEOUT bounds each step so a hang fails CI with its name instead of stalling it;
# timeout(1) signals the whole process group, so test children go too.
# The example packages (Examples/Login and Examples/Brokerage, docs/GUIDE.md's; Examples/Search;
# Examples/Migration) are root packages of their own, built into the package's own .build
# (their targets' names differ from the package's and each other's): SwiftPM compiles this
# checkout's targets, their path dependency, with the arguments it compiles them with as the
# root, so the examples reuse what `make test-build` compiled (each example's own targets and a
# replan: about 3 CPU seconds each beyond its code), and a `swift build` of the package afterwards
# finds nothing to rebuild. In a scratch path of their own they compiled the Bindery targets
# again (about 90 CPU seconds). SwiftPM locks a scratch path, so a `swift` command on .build
# while they build (`make docs`'s, in `make test`) waits for them; and `swift test --skip-build`
# there runs whichever package SwiftPM planned last, so every test bundle is run directly
# (scripts/lib.sh's run_test_bundle). scripts/e2e.sh runs the tests of all but
# Examples/Migration, whose own run is examples-tests.
EXAMPLES_BUILD := .build
# The package's suites, in one run. The host's and binderyctl's suites, which start daemons and
# wait on them, carry `.ownThreads` (Tests/BinderyTestSupport/OwnThreadsTrait.swift): their
# blocking runs on threads of their own, so the async tests beside them and every time limit
# go on, and the run can share the machine with a build. The bundle runs itself, as
# `swift test` would run it (scripts/lib.sh's run_test_bundle says why not through SwiftPM: the
# example packages build into .build too), so it also never waits for SwiftPM's lock while
# `make test` runs other steps that take it.
UNIT_TESTS = timeout --kill-after=15 $(TEST_TIMEOUT) .build/debug/BinderyPackageTests.xctest --testing-library swift-testing
test: deps
	MAKE="$(MAKE)" FUZZ_BRIEF_SECONDS=$(FUZZ_BRIEF_SECONDS) scripts/test-all.sh

# The steps scripts/test-all.sh runs (each usable alone once what it needs is built).
test-build: deps-run
	$(SWIFT) build --build-tests
unit-tests:
	$(UNIT_TESTS)
examples-build: deps-run
	$(SWIFT) build --package-path Examples/Login --scratch-path $(EXAMPLES_BUILD) --build-tests
	$(SWIFT) build --package-path Examples/Search --scratch-path $(EXAMPLES_BUILD) --build-tests
	$(SWIFT) build --package-path Examples/Migration --scratch-path $(EXAMPLES_BUILD) --build-tests
	$(SWIFT) build --package-path Examples/Brokerage --scratch-path $(EXAMPLES_BUILD) --build-tests
examples-tests:
	timeout --kill-after=15 $(TEST_TIMEOUT) $(EXAMPLES_BUILD)/debug/MigrationPackageTests.xctest --testing-library swift-testing
api-self-checks:
	scripts/rs-api-diff.py --self-test
	scripts/check-run-deps.sh
api-check:
	timeout --kill-after=15 $(TEST_TIMEOUT) scripts/api-check.sh
e2e:
	EXAMPLES_BUILD=$(EXAMPLES_BUILD) timeout --kill-after=15 $(TEST_TIMEOUT) scripts/e2e.sh

# The edit-test loop: the package's own suites (`swift test`: the core's, the surface's, the
# host's in-process and real-daemon tests, binderyctl's), without the example packages, the
# API reference, ThreadSanitizer, the browser, nginx, the package or systemd, which `make test`
# adds. Needs only what `make run` installs; a test that needs a program `make deps` brings
# (tmux, python3, systemd's tools) or root (a tmpfs mount) is skipped, saying which.
check: test-build
	$(UNIT_TESTS)

# The core's API reference, a static DocC site in .build/docs/site (open index.html through a web
# server, or publish the folder): the core's symbol graph, read by SwiftPM from the debug build's
# modules (built first if they are not: `make test` has built them), documented by its doc
# comments, converted by the toolchain's docc. Fails if a public symbol of the core has no doc
# comment (scripts/doc-coverage.py) or docc warns.
DOCS_GRAPHS = $(shell $(SWIFT) build --show-bin-path)/../symbolgraph
docs: deps-run
	$(SWIFT) package dump-symbol-graph --minimum-access-level public >/dev/null
	scripts/doc-coverage.py $(DOCS_GRAPHS) BinderyCore
	rm -rf .build/docs && mkdir -p .build/docs/graphs && cp $(DOCS_GRAPHS)/BinderyCore*.symbols.json .build/docs/graphs/
	docc convert --additional-symbol-graph-dir .build/docs/graphs --fallback-display-name BinderyCore \
	  --fallback-bundle-identifier org.bindery.BinderyCore --fallback-bundle-version 1 \
	  --transform-for-static-hosting --warnings-as-errors --output-path .build/docs/site
	@echo "docs: .build/docs/site/documentation/binderycore/index.html"

# ThreadSanitizer: the concurrency-heavy suites (the core's, BinderyTests; the host's,
# BinderyHostTests: control socket, HTTP server, persistence, the daemons they start) built with
# -sanitize=thread into their own scratch path, so the normal build is left alone, and with
# BINDERY_TSAN, which swaps the project's lock for one the sanitizer sees
# (Sources/BinderyPrimitives/Lock.swift). Every process's reports (the test runner's and each
# daemon's) are written to TSAN_DIR/reports; any report fails the target, printed. Suppressions
# (Tests/tsan.supp) are only for libraries we do not own, each explained there. TSAN_DIR is
# under /tmp, not the checkout: daemons the tests run as `nobody` write reports there and read
# the suppressions, and a checkout may sit where nobody can reach.
# Only the test bundle and the programs its tests start are built (the product
# BinderyPackageTests, not --build-tests: the benchmarks, bindery-docs and the fuzzing harnesses
# never run here), with line tables only for debug information: a report's stacks need files
# and lines, not the types and variables full debug information adds (about a tenth of the
# compile time). The index store stays: SwiftPM finds the tests to put in the bundle's entry
# point through it (without it the build fails at that step).
TSAN_FLAGS   := --sanitize=thread -Xswiftc -DBINDERY_TSAN -Xswiftc -gline-tables-only --scratch-path .build/tsan
TSAN_DIR     := $(shell mktemp -u /tmp/bindery-tsan.XXXXXX)
TSAN_REPORTS := $(TSAN_DIR)/reports
# The core's suites and the host's, in one run (the host's run on threads of their own, so the
# core's async tests never wait behind them: see UNIT_TESTS).
TSAN_SUITES  ?= BinderyTests BinderyHostTests
TSAN_FILTER   = '^($(shell echo $(TSAN_SUITES) | tr ' ' '|'))\.'
tsan-build: deps-run
	$(SWIFT) build --product BinderyPackageTests $(TSAN_FLAGS)
tsan: deps tsan-build
	@rm -rf $(TSAN_DIR) && mkdir -p -m 1777 $(TSAN_REPORTS) && install -m 644 Tests/tsan.supp $(TSAN_DIR)/tsan.supp
	@status=0; \
	TSAN_OPTIONS="log_path=$(TSAN_REPORTS)/report suppressions=$(TSAN_DIR)/tsan.supp halt_on_error=0 second_deadlock_stack=1" \
	  timeout --kill-after=15 $(TEST_TIMEOUT) $(SWIFT) test --skip-build $(TSAN_FLAGS) --filter $(TSAN_FILTER) || status=1; \
	reports=$$(ls $(TSAN_REPORTS)); \
	if [ -n "$$reports" ]; then cat $(TSAN_REPORTS)/*; echo "ThreadSanitizer: reports from $$(echo $$reports | wc -w) processes (above)"; status=1; fi; \
	rm -rf $(TSAN_DIR); exit $$status

# The unit suites again, built with AddressSanitizer into their own scratch path (.build/asan),
# so the normal build is left alone: each suite's test run and every daemon it starts report
# into ASAN_DIR/reports (under /tmp, for daemons run as `nobody`, as `make tsan` does); any
# report fails the target, printed. Suppressions (Tests/asan.supp) are only for libraries we do
# not own, each explained there. Leak checking is off unless ASAN_LEAKS=1: LeakSanitizer reports
# what a daemon or binderyctl still holds when it exits (the embedded dashboard, its servers,
# its host) and turns their exit status into 1, which the tests that check a status read as a
# failure. Not part of `make test`, for its time: the whole graph built again and the suites
# run a second time. UndefinedBehaviorSanitizer is not added: swiftc refuses
# -sanitize=undefined for Linux targets (the package compiles no C of its own for it to check,
# and Swift's own overflow and bounds checks are on in every build).
ASAN_FLAGS   := --sanitize=address --scratch-path .build/asan
ASAN_DIR     := $(shell mktemp -u /tmp/bindery-asan.XXXXXX)
ASAN_REPORTS := $(ASAN_DIR)/reports
# One test run per target, as for `make tsan`; every unit suite.
ASAN_SUITES  ?= BinderyJSONTests BinderyTests ReactiveSwiftModuleTests BinderyAccessScanTests BinderyCLITests BinderyModelsTests BinderyHostTests
ASAN_LEAKS   ?= 0
asan: deps
	$(SWIFT) build --build-tests $(ASAN_FLAGS)
	@rm -rf $(ASAN_DIR) && mkdir -p -m 1777 $(ASAN_REPORTS) && install -m 644 Tests/asan.supp $(ASAN_DIR)/asan.supp
	@status=0; for suite in $(ASAN_SUITES); do \
	  ASAN_OPTIONS="log_path=$(ASAN_REPORTS)/report suppressions=$(ASAN_DIR)/asan.supp detect_leaks=$(ASAN_LEAKS)" \
	    timeout --kill-after=15 $(TEST_TIMEOUT) $(SWIFT) test --skip-build $(ASAN_FLAGS) --filter "^$$suite\." || status=1; \
	done; \
	reports=$$(ls $(ASAN_REPORTS)); \
	if [ -n "$$reports" ]; then cat $(ASAN_REPORTS)/*; echo "AddressSanitizer: reports from $$(echo $$reports | wc -w) processes (above)"; status=1; fi; \
	rm -rf $(ASAN_DIR); exit $$status

# The parsers that read bytes from outside, fuzzed (docs/CONTRACTS.md §25): one libFuzzer
# harness each (Tests/Fuzz), run for FUZZ_SECONDS each from its seed corpus
# (Tests/Fuzz/Corpus/<harness>, which also keeps every input a run once failed on). What a run
# finds is written to .build/fuzz/artifacts; new inputs worth keeping to .build/fuzz/corpus
# (copy one into the seed corpus to keep it). `make test` runs each for FUZZ_BRIEF_SECONDS, so
# a regression input fails CI.
# The harnesses are built into their own scratch path with coverage instrumentation (the
# counters and comparisons libFuzzer's -sanitize=fuzzer sets) and AddressSanitizer, and
# BINDERY_FUZZ, which makes each program hand its harness to libFuzzer's driver (in the
# toolchain's libclang_rt.fuzzer_no_main, found next to the compiler). Not -sanitize=fuzzer:
# SwiftPM applies it to every program it builds, the build plugins' tools too, and would link
# libFuzzer's own main into them. Only the harnesses and what they import are built (the
# control harness's BinderyHost brings most of the package), with line tables only for debug
# information (as `make tsan`'s: a finding's stack needs files and lines) and no index store
# (only an editor reads it; it added about a quarter to each file's compile time, measured on
# BinderyCore). -timeout: an input taking longer
# is a hang; -rss_limit_mb: memory growing past it is a finding too. SWIFT_BACKTRACE=enable=no:
# the Swift runtime's backtracer, reading the crashed thread's stack, trips AddressSanitizer
# and buries the finding under a report of its own.
FUZZ_HARNESSES     := fuzz-json fuzz-http-request fuzz-control-frames fuzz-surface-value fuzz-stored-rows
FUZZ_SECONDS       ?= 60
FUZZ_BRIEF_SECONDS ?= 5
FUZZ_LIB_DIR       := $(firstword $(wildcard $(dir $(realpath $(shell command -v $(SWIFT))))../lib/clang/*/lib/linux))
FUZZ_FLAGS         := --sanitize=address -Xswiftc -sanitize-coverage=edge,indirect-calls,trace-cmp,inline-8bit-counters,pc-table \
                      -Xswiftc -DBINDERY_FUZZ -Xswiftc -gline-tables-only --disable-index-store -Xlinker -L$(FUZZ_LIB_DIR) --scratch-path .build/fuzz
fuzz-build: deps-run
	@for harness in $(FUZZ_HARNESSES); do $(SWIFT) build --product $$harness $(FUZZ_FLAGS) || exit 1; done
fuzz: fuzz-build
	@mkdir -p .build/fuzz/artifacts; status=0; for harness in $(FUZZ_HARNESSES); do \
	  mkdir -p .build/fuzz/corpus/$$harness; echo "$$harness: $(FUZZ_SECONDS) s"; \
	  SWIFT_BACKTRACE=enable=no .build/fuzz/debug/$$harness -max_total_time=$(FUZZ_SECONDS) -timeout=30 -rss_limit_mb=2048 -print_final_stats=1 \
	    -artifact_prefix=.build/fuzz/artifacts/$$harness- .build/fuzz/corpus/$$harness Tests/Fuzz/Corpus/$$harness \
	    >.build/fuzz/$$harness.log 2>&1 || { cat .build/fuzz/$$harness.log; echo "$$harness failed (above)"; status=1; }; \
	  grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' .build/fuzz/$$harness.log; \
	done; exit $$status

# Only the package and service test: builds the .deb, checks it (lintian, contents), installs
# it with apt into a throwaway overlay and runs it under a real systemd, also behind nginx with
# nchan (scripts/systemd-test.sh).
systemd-test: deps deb
	timeout --kill-after=15 $(TEST_TIMEOUT) scripts/systemd-test.sh $(DEB_FILE)

# docs/dashboard.png and docs/dashboard-events.png, taken of this build's binderyd (a fresh
# state directory, a temporary port and socket) driven through binderyctl to a representative
# moment, in headless Chromium (Tests/web/dashboard_test.py --screenshots-only). Never edited by hand.
screenshots: deps
	$(SWIFT) build --product binderyd
	$(SWIFT) build --product binderyctl
	python3 Tests/web/dashboard_test.py --screenshots-only \
	  --screenshot docs/dashboard.png --events-screenshot docs/dashboard-events.png

bench: deps-run
	$(SWIFT) build -c release --product bindery-bench
	.build/release/bindery-bench

# Foreground daemon with development defaults (./.bindery, 127.0.0.1:8420, the dashboard
# compiled in from web/; add --web-dir web to edit it live); it prints
# the dashboard URL and the command that attaches the REPL. Ctrl-C stops it cleanly.
run: deps-run
	$(SWIFT) build --product binderyd
	$(SWIFT) build --product binderyctl
	.build/debug/binderyd

# /api/state req/s beside nginx serving the same bytes (wrk -t2 -c64), 200s and 304s.
bench-http: deps-run
	@dpkg-query -W -f='$${Status}' nginx-light 2>/dev/null | grep -q "ok installed" || \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx-light
	$(SWIFT) build -c release --product binderyd
	scripts/bench-http.sh .build/release/binderyd

# Group commit: acknowledged sets/s with 1, 4 and 16 clients beside SQLite's own commit rate
# on the same disk, in one run, and the daemon's fsyncs per set (strace, installed for this
# benchmark only).
bench-persistence: deps-run
	@command -v strace >/dev/null 2>&1 || \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends strace
	$(SWIFT) build -c release --product binderyd
	scripts/bench-persistence.py .build/release/binderyd

# The history under its byte budget (issue 45): 12,000 books, 1,500 searches of 6,000 rows
# each, two runs: resident memory, state.sqlite, restart time, one dashboard's CPU a minute.
bench-history: deps-run
	$(SWIFT) build -c release --product binderyd
	scripts/bench-history.py .build/release/binderyd --runs 2

# Cost per change as the state grows (15 / 1,500 / 15,000 listed products): daemon CPU per
# set, bytes per change to a watcher, set -> visible p50/p99; then delivery to 10 / 100 /
# 1,000 watchers long-polling /api/changes (keep-alive and Connection: close, measured by
# scripts/fanout.c, compiled into .build/bench); then 1,000 and 10,000 dashboards direct,
# through nginx configured with docs/nginx.conf, and through nginx's pub/sub module nchan
# configured with docs/nginx-nchan.conf, fed by binderyd's --publish-url (the dashboards
# long-polling it and following its EventSource stream), in the same run
# (scripts/bench-scale.py). Then the dashboard's side: the main-thread time
# headless Chromium spends on toggling one row of 3,000 listed products, beside the previous
# dashboard in the same run (scripts/bench-toggle.sh).
bench-scale: deps
	$(SWIFT) build -c release --product binderyd
	$(SWIFT) build -c release --product binderyctl
	scripts/bench-scale.py .build/release/binderyd
	scripts/bench-toggle.sh .build/release/binderyd .build/release/binderyctl

install-build: deps-run
	$(INSTALL_BUILD) --product binderyd
	$(INSTALL_BUILD) --product binderyctl

# PREFIX (default /usr/local) and DESTDIR as usual; the unit's ExecStart= gets BINDIR.
# Installed into the running system (no DESTDIR), the group the unit names and its directory
# are created at once, as the package's postinst does (systemd creates them at every boot).
install: install-build
	$(MAKE) --no-print-directory install-files
	@if [ -z "$(DESTDIR)" ] && [ -d /run/systemd/system ]; then \
	  systemd-sysusers $(SYSUSERSDIR)/bindery.conf && systemd-tmpfiles --create $(TMPFILESDIR)/bindery.conf; \
	fi

install-files:
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(UNITDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man8 \
	  $(DESTDIR)$(DOCDIR)/examples $(DESTDIR)$(COMPLETIONDIR) $(DESTDIR)$(SYSUSERSDIR) $(DESTDIR)$(TMPFILESDIR)
	install -m 0755 $(INSTALL_BIN)/binderyd $(INSTALL_BIN)/binderyctl $(DESTDIR)$(BINDIR)/
	sed 's|^ExecStart=/usr/local/bin/binderyd|ExecStart=$(BINDIR)/binderyd|' systemd/binderyd.service \
	  > $(DESTDIR)$(UNITDIR)/binderyd.service
	chmod 0644 $(DESTDIR)$(UNITDIR)/binderyd.service
	install -m 0644 systemd/binderyd.socket $(DESTDIR)$(UNITDIR)/
	install -m 0644 systemd/bindery.sysusers.conf $(DESTDIR)$(SYSUSERSDIR)/bindery.conf
	install -m 0644 systemd/bindery.tmpfiles.conf $(DESTDIR)$(TMPFILESDIR)/bindery.conf
	install -d $(DESTDIR)$(SYSCONFDIR)/default
	@# An operator's own file is kept.
	[ -e $(DESTDIR)$(SYSCONFDIR)/default/bindery ] || install -m 0644 systemd/bindery.default $(DESTDIR)$(SYSCONFDIR)/default/bindery
	install -m 0644 man/binderyd.8 $(DESTDIR)$(MANDIR)/man8/
	install -m 0644 man/binderyctl.1 $(DESTDIR)$(MANDIR)/man1/
	install -m 0644 completion/binderyctl.bash $(DESTDIR)$(COMPLETIONDIR)/binderyctl
	install -m 0644 README.md docs/PROTOCOL.md docs/HTTP.md $(DESTDIR)$(DOCDIR)/
	install -m 0644 docs/nginx.conf docs/nginx-nchan.conf docs/nginx-nchan-redis.conf $(DESTDIR)$(DOCDIR)/examples/

# Removes what `make install` installed (same PREFIX and DESTDIR; /etc/default/bindery only
# when unchanged); the service's state in
# /var/lib/bindery stays, and so do the bindery-publish group and /run/bindery-publish (until
# the next boot). Stop and disable the units first if they are enabled.
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/binderyd $(DESTDIR)$(BINDIR)/binderyctl \
	  $(DESTDIR)$(UNITDIR)/binderyd.service $(DESTDIR)$(UNITDIR)/binderyd.socket \
	  $(DESTDIR)$(SYSUSERSDIR)/bindery.conf $(DESTDIR)$(TMPFILESDIR)/bindery.conf \
	  $(DESTDIR)$(MANDIR)/man8/binderyd.8 $(DESTDIR)$(MANDIR)/man1/binderyctl.1 \
	  $(DESTDIR)$(COMPLETIONDIR)/binderyctl \
	  $(DESTDIR)$(DOCDIR)/README.md $(DESTDIR)$(DOCDIR)/PROTOCOL.md $(DESTDIR)$(DOCDIR)/HTTP.md \
	  $(DESTDIR)$(DOCDIR)/examples/nginx.conf $(DESTDIR)$(DOCDIR)/examples/nginx-nchan.conf \
	  $(DESTDIR)$(DOCDIR)/examples/nginx-nchan-redis.conf
	-rmdir $(DESTDIR)$(DOCDIR)/examples $(DESTDIR)$(DOCDIR) 2>/dev/null
	@# /etc/default/bindery only as installed: an operator's changes stay.
	if cmp -s systemd/bindery.default $(DESTDIR)$(SYSCONFDIR)/default/bindery; then rm -f $(DESTDIR)$(SYSCONFDIR)/default/bindery; fi

# A Debian package: `make install PREFIX=/usr` into a staging root, stripped binaries,
# compressed man pages and changelog, the copyright file, dependencies from dpkg-shlibdeps.
# Install it with `apt install ./$(DEB_FILE)`.
deb: deps install-build
	rm -rf .build/deb
	$(MAKE) --no-print-directory install-files PREFIX=/usr UNITDIR=/lib/systemd/system DOCDIR=/usr/share/doc/bindery DESTDIR=$(CURDIR)/$(DEB_ROOT)
	scripts/build-deb.sh $(DEB_ROOT) $(DEB_VERSION) $(DEB_ARCH) $(DEB_FILE)

clean:
	rm -rf .build
