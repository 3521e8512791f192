#!/usr/bin/env bash
# Builds the start-up archive ./redwire uses (run by `mvn package`; skip it with -Dredwire.skipArchive):
# one training run of the jar under the JVM the launcher picks, which records the classes (and on JDK 25+ the
# method profiles) of a real session: the seed flow's HTTP and gRPC loops, a few sets each, 4 s each of wrk on its
# /http and h2load on its SayHello (when installed), then, when the conformance suite sits beside the checkout, its
# flows deployed and checked. JDK 25+ writes an AOT cache
# (-XX:AOTCacheOutput), older JDKs an AppCDS archive (-XX:ArchiveClassesAtExit).
#   scripts/train-archive.sh [jar]     (default target/redwire.jar; SETS=3 loop sets per loop)
# Never fails the build: without an archive the launcher starts the JVM without one.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
JAR="$(readlink -f "${1:-$ROOT/target/redwire.jar}")"
SETS="${SETS:-3}"
CONF="${CONFORMANCE_DIR:-$ROOT/../shared/conformance}"
WORK="$(mktemp -d)"
PID=""
cleanup() {
  [ -n "$PID" ] && kill "$PID" 2>/dev/null
  rm -rf "$WORK"
}
trap cleanup EXIT
T0=$(date +%s)
say() { echo "train-archive: [$(($(date +%s) - T0)) s] $*" >&2; }

free_port() { # a port nothing listens on (bash's /dev/tcp: no extra tools on a fresh machine)
  local p
  for _ in $(seq 1 50); do
    p=$((20000 + RANDOM % 30000))
    (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { echo "$p"; return; }
  done
  return 1
}

post() { # port path: an empty POST, prints the status line
  exec 3<>"/dev/tcp/127.0.0.1/$1" || return 1
  printf 'POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n' "$2" >&3
  head -1 <&3
  exec 3>&-
}

wait_for() { # file pattern seconds
  for _ in $(seq 1 $(($3 * 10))); do
    grep -q "$2" "$1" 2>/dev/null && return 0
    kill -0 "$PID" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}

HTTP_PORT="$(free_port)" && GRPC_PORT="$(free_port)" || { say "no free port"; exit 0; }
# the seed flow, on free ports (its http request node calls the engine's own /http)
sed -e "s#localhost:1880/#localhost:$HTTP_PORT/#g" -e "s#\"port\":\"5001\"#\"port\":\"$GRPC_PORT\"#g" \
  "$ROOT/flows/seed-http-vs-grpc.flow.json" > "$WORK/seed.json"

CONF_PORT="$HTTP_PORT" REDWIRE_ARCHIVE=train REDWIRE_JAR="$JAR" "$ROOT/redwire" run "$WORK/seed.json" \
  --port "$HTTP_PORT" --debug json --user-dir "$WORK/user" >"$WORK/out" 2>"$WORK/err" &
PID=$!
wait_for "$WORK/err" 'Started flows' 120 || { say "the engine did not start:"; tail -5 "$WORK/err" >&2; exit 0; }

comms_open() { # what an open editor holds: the /comms WebSocket, subscribed to the debug sidebar's messages
  local subscribe='{"subscribe":"debug"}'
  exec 4<>"/dev/tcp/127.0.0.1/$HTTP_PORT" || return 0
  printf 'GET /comms HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' >&4
  printf 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n' >&4
  printf 'Sec-WebSocket-Extensions: permessage-deflate\r\n\r\n' >&4   # as browsers and ws ask
  # one masked text frame; a zero mask leaves the payload as it is
  printf "\\x81\\x$(printf %x $((0x80 + ${#subscribe})))\\x00\\x00\\x00\\x00%s" "$subscribe" >&4
  cat <&4 >/dev/null &
}

run_loop() { # inject-id debug-id
  local n
  for _ in $(seq 1 "$SETS"); do
    n=$(grep -c "\"id\":\"$2\"" "$WORK/out")
    post "$HTTP_PORT" "/inject/$1" >/dev/null
    for _ in $(seq 1 1200); do
      [ "$(grep -c "\"id\":\"$2\"" "$WORK/out")" -gt "$n" ] && break
      sleep 0.05
    done
  done
}
say "started"
comms_open
run_loop e95f41214660dee0 f81476510ec5f8e4   # HTTP loop: 1000 POSTs per set
run_loop 2e42051c498d3367 1f023ef9fb240d3f   # gRPC loop: 1000 unary calls per set
say "$SETS sets of each seed loop"
# many clients at once, as wrk and h2load bring them (when installed): the concurrent server paths' method profiles
# let the JIT compile them sooner in a fresh engine (wrk and h2load reached their rate in fewer seconds)
if command -v wrk >/dev/null; then
  wrk -t2 -c50 -d4s -s "$ROOT/bench/post.lua" "http://127.0.0.1:$HTTP_PORT/http" >/dev/null 2>&1
  say "wrk on /http"
fi
if command -v h2load >/dev/null; then
  printf '\x00\x00\x00\x00\x0a\x08\xc0\xc4\x07\x12\x04test' >"$WORK/hello.bin" # HelloRequest {id 123456, name "test"}
  h2load -c50 -m1 -t2 -D4 -d "$WORK/hello.bin" -H 'content-type: application/grpc' -H 'te: trailers' \
    "http://127.0.0.1:$GRPC_PORT/hello.Greeter/SayHello" >/dev/null 2>&1
  say "h2load on SayHello"
fi

if [ -f "$CONF/build_flows.py" ] && [ -x /usr/bin/python3 ] && command -v curl >/dev/null; then
  /usr/bin/python3 "$CONF/build_flows.py" "$CONF/cases" "$WORK/conf.json" >/dev/null 2>&1 \
    && curl -s -o /dev/null -XPOST -H 'content-type: application/json' -H 'Node-RED-Deployment-Type: full' \
         --data-binary @"$WORK/conf.json" "http://127.0.0.1:$HTTP_PORT/flows" \
    && "$CONF/check.sh" "http://127.0.0.1:$HTTP_PORT" >"$WORK/conf.txt" 2>&1
  say "conformance flows: $(tail -1 "$WORK/conf.txt" 2>/dev/null)"
fi

say "stopping: the JVM writes the archive as it exits"
kill -TERM "$PID"
wait "$PID" 2>/dev/null
PID=""
ARCHIVE="$(ls -t "${JAR%.jar}".jdk*.aot "${JAR%.jar}".jdk*.jsa 2>/dev/null | head -1)"
if [ -n "$ARCHIVE" ] && [ "$ARCHIVE" -nt "$JAR" ]; then
  say "$(basename "$ARCHIVE") ($(du -m "$ARCHIVE" | cut -f1) MB) written"
else
  say "no archive written"; tail -5 "$WORK/err" >&2
fi
