#!/bin/sh
# Benchmarks binderyd's /api/state against nginx serving the same bytes, in the same run:
# wrk -t2 -c64 for 200 responses and for 304s (If-None-Match). Prints one line per case.
# Usage: scripts/bench-http.sh [BINDERYD]   (default .build/release/binderyd)
set -eu
BINDERYD=${1:-.build/release/binderyd}
DURATION=${DURATION:-10s}
WORK=$(mktemp -d)
trap 'kill $DAEMON_PID 2>/dev/null || true; [ -f "$WORK/nginx.pid" ] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null || true; rm -rf "$WORK"' EXIT
unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY

"$BINDERYD" --socket "$WORK/control.sock" --state-dir "$WORK/state" --http 127.0.0.1:0 --web-dir web \
  --log-level warning >"$WORK/out" 2>"$WORK/err" &
DAEMON_PID=$!
while ! grep -q "attach the REPL" "$WORK/out" 2>/dev/null; do sleep 0.05; done
PORT=$(sed -n 's#.*127\.0\.0\.1:\([0-9]*\)/.*#\1#p' "$WORK/out" | head -1)
curl -s -D "$WORK/headers" -o "$WORK/state.json" "http://127.0.0.1:$PORT/api/state"
ETAG=$(sed -n 's/^[Ee][Tt]ag: *\(.*\)\r$/\1/p' "$WORK/headers")
echo "state: $(wc -c <"$WORK/state.json") bytes, ETag $ETAG"

rps() { wrk -t2 -c64 -d"$DURATION" "$@" | sed -n 's/^Requests\/sec: *//p'; }
BINDERY_200=$(rps "http://127.0.0.1:$PORT/api/state")
BINDERY_304=$(rps -H "If-None-Match: $ETAG" "http://127.0.0.1:$PORT/api/state")
echo "binderyd /api/state 200: $BINDERY_200 req/s"
echo "binderyd /api/state 304: $BINDERY_304 req/s"

if command -v nginx >/dev/null 2>&1; then
  mkdir -p "$WORK/www"
  cp "$WORK/state.json" "$WORK/www/state.json"
  cat >"$WORK/nginx.conf" <<CONF
worker_processes 2;
pid $WORK/nginx.pid;
error_log $WORK/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  types { application/json json; }
  server {
    listen 127.0.0.1:18420;
    root $WORK/www;
    add_header Cache-Control no-cache;
  }
}
CONF
  nginx -c "$WORK/nginx.conf"
  sleep 0.3
  NGINX_ETAG=$(curl -s -I "http://127.0.0.1:18420/state.json" | sed -n 's/^[Ee][Tt]ag: *\(.*\)\r$/\1/p')
  NGINX_200=$(rps "http://127.0.0.1:18420/state.json")
  NGINX_304=$(rps -H "If-None-Match: $NGINX_ETAG" "http://127.0.0.1:18420/state.json")
  echo "nginx     state.json  200: $NGINX_200 req/s"
  echo "nginx     state.json  304: $NGINX_304 req/s"
  awk -v a="$BINDERY_200" -v b="$NGINX_200" -v c="$BINDERY_304" -v d="$NGINX_304" \
    'BEGIN { printf "ratio 200: %.2fx nginx (target >= 1.0x); ratio 304: %.2fx nginx (target >= 1.5x)\n", a/b, c/d }'
else
  echo "nginx not installed (apt-get install nginx-light): no comparison"
fi
python3 "$(dirname "$0")/bench-latency.py" "$WORK/control.sock" "$PORT" "$DAEMON_PID" "${SETS:-1000}"
