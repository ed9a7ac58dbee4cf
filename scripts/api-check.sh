#!/usr/bin/env bash
# The HTTP API checked against its description, docs/openapi.yaml, by a property-based tester
# (schemathesis, installed by `make deps` into .build/api-check/venv):
#   - this build's binderyd (.build/debug, or BIN_DIR) starts on a temporary socket, port and
#     state directory (scripts/lib.sh), is driven for two seconds and restarted (so its event
#     log holds a restart and its history a run's first version), and scripts/api-traffic.py
#     keeps its versions moving, runs going and failing, while the checks run;
#   - the document the daemon serves at /api/openapi.yaml must be docs/openapi.yaml, byte for
#     byte, and valid OpenAPI 3.1 (checked whole against the specification's JSON Schema by
#     schemathesis's validator, which its run alone does only as far as each operation needs);
#   - schemathesis generates requests for every operation (valid and invalid parameters, other
#     methods) and checks every answer: its status, content type, headers and body are the
#     ones documented, no 5xx, invalid input refused with 4xx, valid input not refused;
#   - the daemon must still answer afterwards and exit 0 on SIGTERM.
# Bounded: at most API_CHECK_SECONDS (default 40) of generation, API_CHECK_EXAMPLES (default 40)
# cases per operation and phase, seed API_CHECK_SEED (default 42, so a run is repeatable).
# Exits non-zero on any failure, printing schemathesis's report.
set -uo pipefail
cd "$(dirname "$0")/.."
bin=${BIN_DIR:-.build/debug}
schemathesis=.build/api-check/venv/bin/schemathesis
seconds=${API_CHECK_SECONDS:-40}
examples=${API_CHECK_EXAMPLES:-40}

[ -x "$schemathesis" ] || { echo "api-check: $schemathesis is missing: run make deps"; exit 1; }
. scripts/lib.sh
daemon_start "$bin/binderyd" || exit 1
traffic=""
finish() {
    [ -n "$traffic" ] && kill "$traffic" 2>/dev/null && wait "$traffic" 2>/dev/null
    daemon_stop >/dev/null
}
trap finish EXIT
python3 scripts/api-traffic.py "$daemon_socket" 2 && daemon_restart || exit 1
python3 scripts/api-traffic.py "$daemon_socket" & traffic=$!
base="http://127.0.0.1:$daemon_port"

served="$daemon_dir/openapi.yaml"
python3 -c 'import sys, urllib.request; sys.stdout.buffer.write(urllib.request.urlopen(sys.argv[1], timeout=10).read())' \
    "$base/api/openapi.yaml" >"$served" || { echo "api-check: GET /api/openapi.yaml failed"; exit 1; }
cmp -s "$served" docs/openapi.yaml || { echo "api-check: /api/openapi.yaml is not docs/openapi.yaml (a stale build?)"; exit 1; }

.build/api-check/venv/bin/python3 - "$served" <<'PYTHON' || exit 1
import sys, schemathesis
try:
    schemathesis.openapi.from_path(sys.argv[1]).validate()
except Exception as error:
    sys.exit("api-check: docs/openapi.yaml is not valid OpenAPI: " + str(error).splitlines()[0])
PYTHON

status=0
# Every check but those for APIs that create resources or take credentials (the API is
# read-only and open: docs/HTTP.md); `--max-failures` keeps a broken build's report short.
# Run from .build/api-check: schemathesis keeps the failures it found (replayed first next
# time) in .schemathesis under its working directory.
(cd .build/api-check && venv/bin/schemathesis run "$served" --url "$base" \
    --checks all --exclude-checks use_after_free,ensure_resource_availability,ignored_auth \
    --phases examples,coverage,fuzzing --max-examples "$examples" --max-time "$seconds" \
    --request-timeout 10 --workers 2 --seed "${API_CHECK_SEED:-42}" --max-failures 20 --no-color \
    >"$daemon_dir/schemathesis.log" 2>&1) || status=1
cat "$daemon_dir/schemathesis.log"
# A crash between the last request and here would be missed by the checks above.
health=$(python3 -c 'import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1], timeout=10).status)' "$base/healthz" 2>/dev/null)
[ "$health" = 200 ] || { echo "api-check: the daemon no longer answers /healthz"; status=1; }
kill "$traffic" 2>/dev/null; wait "$traffic" 2>/dev/null; traffic=""
daemon_stop || status=1
trap - EXIT
[ $status = 0 ] && echo "api-check: every answer matched docs/openapi.yaml" || echo "api-check: FAILED"
exit $status
