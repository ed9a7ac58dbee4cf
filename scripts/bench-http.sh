#!/usr/bin/env bash
# Benchmarks binderyd's /api/state against nginx serving the same bytes, in the same run:
# wrk -t2 -c64 for 200 responses and for 304s (If-None-Match), ROUNDS rounds (default 3) of
# DURATION each, binderyd and nginx alternating within a round so that what else runs on the
# machine weighs on both alike. Prints one line per round and case, then the median ratios.
# Usage: scripts/bench-http.sh [BINDERYD]   (default .build/release/binderyd)
set -eu
BINDERYD=${1:-.build/release/binderyd}
DURATION=${DURATION:-10s}
ROUNDS=${ROUNDS:-3}
WORK=$(mktemp -d)
. "$(dirname "$0")/lib.sh"  # free_port, daemon_start, daemon_stop
trap 'daemon_stop >/dev/null || true; [ -f "$WORK/nginx.pid" ] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null || true; rm -rf "$WORK"' EXIT
unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY

daemon_start "$BINDERYD" --web-dir web
DAEMON_PID=$daemon_pid
PORT=$daemon_port
curl -s -D "$WORK/headers" -o "$WORK/state.json" "http://127.0.0.1:$PORT/api/state"
ETAG=$(sed -n 's/^[Ee][Tt]ag: *\(.*\)\r$/\1/p' "$WORK/headers")
echo "state: $(wc -c <"$WORK/state.json") bytes, ETag $ETAG"

rps() { wrk -t2 -c64 -d"$DURATION" "$@" | sed -n 's/^Requests\/sec: *//p'; }
if ! command -v nginx >/dev/null 2>&1; then
  echo "nginx not installed (apt-get install nginx-light): no comparison"
  echo "binderyd /api/state 200: $(rps "http://127.0.0.1:$PORT/api/state") req/s"
  echo "binderyd /api/state 304: $(rps -H "If-None-Match: $ETAG" "http://127.0.0.1:$PORT/api/state") req/s"
else
  mkdir -p "$WORK/www"
  cp "$WORK/state.json" "$WORK/www/state.json"
  NGINX_PORT=$(free_port)
  cat >"$WORK/nginx.conf" <<CONF
worker_processes 2;
pid $WORK/nginx.pid;
error_log $WORK/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  types { application/json json; }
  server {
    listen 127.0.0.1:$NGINX_PORT;
    root $WORK/www;
    add_header Cache-Control no-cache;
  }
}
CONF
  nginx -c "$WORK/nginx.conf"
  sleep 0.3
  NGINX_ETAG=$(curl -s -I "http://127.0.0.1:$NGINX_PORT/state.json" | sed -n 's/^[Ee][Tt]ag: *\(.*\)\r$/\1/p')
  : >"$WORK/ratios"
  round=1
  while [ "$round" -le "$ROUNDS" ]; do
    B200=$(rps "http://127.0.0.1:$PORT/api/state")
    N200=$(rps "http://127.0.0.1:$NGINX_PORT/state.json")
    B304=$(rps -H "If-None-Match: $ETAG" "http://127.0.0.1:$PORT/api/state")
    N304=$(rps -H "If-None-Match: $NGINX_ETAG" "http://127.0.0.1:$NGINX_PORT/state.json")
    echo "round $round: 200 binderyd $B200 req/s, nginx $N200 req/s; 304 binderyd $B304 req/s, nginx $N304 req/s"
    awk -v a="$B200" -v b="$N200" -v c="$B304" -v d="$N304" 'BEGIN { printf "%.4f %.4f\n", a/b, c/d }' >>"$WORK/ratios"
    round=$((round + 1))
  done
  sort -n -k1,1 "$WORK/ratios" | awk -v n="$ROUNDS" 'NR == int((n + 1) / 2) { r200 = $1 } END { printf "median ratio 200: %.2fx nginx (target >= 1.0x)", r200 }'
  sort -n -k2,2 "$WORK/ratios" | awk -v n="$ROUNDS" 'NR == int((n + 1) / 2) { r304 = $2 } END { printf "; 304: %.2fx nginx (target >= 1.5x); ", r304 }'
  awk '{ printf "%s%.2f/%.2f", (NR > 1 ? ", " : "per round (200/304): "), $1, $2 } END { print "" }' "$WORK/ratios"
fi
python3 "$(dirname "$0")/bench-latency.py" "$daemon_socket" "$PORT" "$DAEMON_PID" "${SETS:-1000}"
