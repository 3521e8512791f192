#!/usr/bin/env bash
# Soak test (a command, not a test): one Redwire process runs a mixed flow — the seed's HTTP + gRPC flow and the
# TinyCalc Thrift flow — while wrk (HTTP POST), h2load (gRPC unary) and the Python Thrift client load it at once
# for [minutes] (default 10). RSS and open file descriptors are sampled every 10 s. Fails (exit 1) on any error
# (wrk non-2xx or socket errors, h2load failed requests, a Thrift client failure) or on a leak: the live heap (used
# after a full GC, via jcmd) or the open fds growing by more than 25 % between the end of the first minute (warm-up)
# and the end. RSS is sampled and reported too, but not judged: it grows while the JVM enlarges its heap toward
# what the GC chose, which is not a leak (a leak shows in the live heap).
#   scripts/soak.sh [minutes]
# Needs target/redwire.jar (built when missing), wrk, h2load (nghttp2-client), thrift-compiler, python3-thrift.
# Binds 127.0.0.1 only: HTTP 18990, gRPC 15011, Thrift 9090-9092 (the TinyCalc flow's own ports).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
MINUTES="${1:-10}"
SECONDS_TOTAL=$((MINUTES * 60))
PY=/usr/bin/python3
PEER=src/test/resources/thrift/peer.py
for tool in wrk h2load thrift; do command -v $tool >/dev/null || { echo "soak: $tool missing" >&2; exit 1; }; done
[ -f target/redwire.jar ] || mvn -B -q package -DskipTests
OUT=target/soak; mkdir -p "$OUT"
. scripts/lib/bench-common.sh
tinycalc_python

on_port flows/seed-http-vs-grpc.flow.json "$OUT/seed.json" 15011
$PY - "$OUT/seed.json" flows/tinycalc.json "$OUT/mixed.json" <<'PY'
import json, sys
nodes = json.load(open(sys.argv[1])) + json.load(open(sys.argv[2]))
json.dump(nodes, open(sys.argv[3], "w"))
PY
java -Xlog:disable -jar target/redwire.jar run "$OUT/mixed.json" --port 18990 --protos protos \
  >"$OUT/redwire.out" 2>"$OUT/redwire.log" &
SERVER=$!
PIDS+=($SERVER)
wait_started "$OUT/redwire.log"

live_heap_kb() { # used heap after a full GC
  jcmd "$SERVER" GC.run >/dev/null 2>&1
  jcmd "$SERVER" GC.heap_info 2>/dev/null | awk '/used/ {for (i = 1; i < NF; i++) if ($i == "used") {v = $(i + 1); sub(/K.*/, "", v); print v; exit}}'
}
sample() { # seconds-since-start -> "t rss_kb fds"
  echo "$1 $(awk '/VmRSS/ {print $2}' /proc/$SERVER/status) $(ls /proc/$SERVER/fd | wc -l)"
}

BODY="$OUT/hello-request.bin"
printf '\x00\x00\x00\x00\x0a\x08\xc0\xc4\x07\x12\x04test' >"$BODY"
# wrk's default 2 s timeout counts slow answers on a loaded machine as errors; 10 s still catches a hang
wrk -t1 -c20 -d"${SECONDS_TOTAL}s" --timeout 10s -s bench/post.lua http://127.0.0.1:18990/http >"$OUT/wrk.txt" 2>&1 &
PIDS+=($!); WRK=$!
h2load -c 20 -m 1 -t 1 -D "$SECONDS_TOTAL" -d "$BODY" -H 'content-type: application/grpc' -H 'te: trailers' \
  "http://127.0.0.1:15011/hello.Greeter/SayHello" >"$OUT/h2load.txt" 2>&1 &
PIDS+=($!); H2=$!
(
  end=$((SECONDS + SECONDS_TOTAL)); runs=0; failed=0
  while [ $SECONDS -lt $end ]; do
    if $PY "$PEER" "$GEN" client tinycalc binary buffered 9090 bench >/dev/null 2>>"$OUT/thrift-errors.txt"; then
      runs=$((runs + 1)); else failed=$((failed + 1)); fi
  done
  echo "$runs $failed" >"$OUT/thrift.txt"
) &
PIDS+=($!); THRIFT=$!

: >"$OUT/samples.txt"
for t in $(seq 10 10 "$SECONDS_TOTAL"); do
  sleep 10
  sample "$t" | tee -a "$OUT/samples.txt"
  if [ "$t" -eq 60 ]; then live_heap_kb >"$OUT/heap-warm.txt"; fi
done
live_heap_kb >"$OUT/heap-end.txt"
wait $WRK $H2 $THRIFT || true

echo "--- wrk";    grep -E "Requests/sec|requests in|Non-2xx|Socket errors" "$OUT/wrk.txt" || true
echo "--- h2load"; grep -E "^requests:|^finished in" "$OUT/h2load.txt" || true
read -r THRIFT_RUNS THRIFT_FAILED <"$OUT/thrift.txt"
echo "--- thrift: $THRIFT_RUNS runs of 2000 calls, $THRIFT_FAILED failed"
ERRORS=0
grep -qE "Non-2xx|Socket errors" "$OUT/wrk.txt" && ERRORS=1
H2_FAILED=$(awk '/^requests:/ {print $10}' "$OUT/h2load.txt")
H2_ERRORED=$(awk '/^requests:/ {print $12}' "$OUT/h2load.txt")
[ "${H2_FAILED:-1}" = "0" ] && [ "${H2_ERRORED:-1}" = "0" ] || ERRORS=1
[ "$THRIFT_FAILED" = "0" ] && [ "$THRIFT_RUNS" -gt 0 ] || ERRORS=1
$PY - "$OUT/samples.txt" "$ERRORS" "$(cat "$OUT/heap-warm.txt" 2>/dev/null)" "$(cat "$OUT/heap-end.txt")" <<'PY'
import sys
rows = [tuple(map(int, l.split())) for l in open(sys.argv[1]) if l.strip()]
warm = [r for r in rows if r[0] >= 60] or rows
first, last = warm[0], warm[-1]
peak = max(r[1] for r in rows)
heap_warm = int(sys.argv[3] or sys.argv[4])  # runs shorter than a minute compare the end with itself
heap_end = int(sys.argv[4])
print("RSS after warm-up %d MB, at the end %d MB, peak %d MB; fds %d -> %d; live heap after full GC %d -> %d MB"
      % (first[1] // 1024, last[1] // 1024, peak // 1024, first[2], last[2], heap_warm // 1024, heap_end // 1024))
grew = heap_end > heap_warm * 1.25 + 8 * 1024 or last[2] > first[2] * 1.25 + 5
if grew:
    print("soak: FAILED, growth after warm-up")
if sys.argv[2] != "0":
    print("soak: FAILED, errors under load")
sys.exit(1 if grew or sys.argv[2] != "0" else 0)
PY
echo "soak: passed"
