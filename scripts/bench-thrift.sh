#!/usr/bin/env bash
# Thrift benchmark (a command, not a test). Runs flows/tinycalc.json and measures
#   1. Apache Thrift's Python client (the experiment's: TSocket + buffered transport + binary protocol), 1000 x
#      (sum + subtract) against Redwire's TinyCalc flow; target <= 500 ms per 2000 calls;
#   2. the same client against a Python Thrift server, as a baseline;
#   3. the flow's own client: 1000 x (sum + subtract) over Thrift binary, compact, json and over its HTTP API.
# Prints the numbers; appends rows to $RESULTS when scripts/bench.sh runs it.
#   scripts/bench-thrift.sh [--quick]        (RUNS python runs, default 5; --quick: 3)
# Needs target/redwire.jar (built when missing), thrift-compiler and python3-thrift (Debian: importable only
# from /usr/bin/python3). Uses ports 1880 (HTTP) and 9090-9092 (Thrift), as the flow does.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
RUNS="${RUNS:-5}"
[ "${1:-}" = "--quick" ] && RUNS=3
PY=/usr/bin/python3
PEER=src/test/resources/thrift/peer.py
command -v thrift >/dev/null || { echo "bench-thrift: thrift compiler missing (apt-get install thrift-compiler)" >&2; exit 1; }
$PY -c 'import thrift' 2>/dev/null || { echo "bench-thrift: $PY cannot import thrift (apt-get install python3-thrift)" >&2; exit 1; }
[ -f target/redwire.jar ] || mvn -B -q package -DskipTests
OUT=target/bench; mkdir -p "$OUT"
. scripts/lib/bench-common.sh
tinycalc_python

wait_port() { # port
  for _ in $(seq 1 120); do
    $PY -c "import socket,sys; socket.create_connection(('127.0.0.1', $1), 1)" 2>/dev/null && return 0
    sleep 0.5
  done
  echo "bench-thrift: nothing listens on port $1" >&2; exit 1
}

python_runs() { # port label -> prints each run, echoes the median
  local port=$1 label=$2 ms=()
  for _ in 1 2 3; do $PY "$PEER" "$GEN" client tinycalc binary buffered "$port" bench >/dev/null; done   # JIT warm-up
  for _ in $(seq 1 "$RUNS"); do
    ms+=("$($PY "$PEER" "$GEN" client tinycalc binary buffered "$port" bench | $PY -c 'import json,sys; print(json.load(sys.stdin)["ms"])')")
  done
  echo "  $label: ${ms[*]} ms" >&2
  printf '%s\n' "${ms[@]}" | $PY -c 'import sys,statistics; print(statistics.median(float(l) for l in sys.stdin))'
}

echo "starting Redwire with flows/tinycalc.json ..."
java -Dpolyglot.engine.WarnInterpreterOnly=false -jar target/redwire.jar run flows/tinycalc.json --port 1880 \
  --protos protos --debug json > "$OUT/tinycalc-debug.jsonl" 2> "$OUT/tinycalc-redwire.log" &
PIDS+=($!)
wait_port 9090; wait_port 1880

echo "Python client (buffered binary) -> Redwire TinyCalc flow, 1000 x (sum + subtract), $RUNS runs:"
REDWIRE_MS=$(python_runs 9090 "Redwire")
record "thrift: Python client -> Redwire flow, 1000 x (sum+subtract), buffered binary (median of $RUNS)" \
  "$REDWIRE_MS" ms "target <= 500 ms; the article measured 81 s (Thrift) and 9.9 s (REST)"

$PY "$PEER" "$GEN" server tinycalc binary buffered > "$OUT/tinycalc-python-server.port" &
PIDS+=($!)
for _ in $(seq 1 60); do [ -s "$OUT/tinycalc-python-server.port" ] && break; sleep 0.25; done
PYPORT=$(awk '{print $2}' "$OUT/tinycalc-python-server.port")
echo "Python client -> Python Thrift server (baseline), $RUNS runs:"
PYTHON_MS=$(python_runs "$PYPORT" "Python")
record "thrift: Python client -> Python server (baseline, median of $RUNS)" "$PYTHON_MS" ms "same client, TThreadedServer"

echo "the flow's own client (inject cli-run): warm-up round, then the measured round ..."
for round in 1 2; do
  curl -s -o /dev/null -XPOST -H 'content-type: application/json' -d '{}' http://127.0.0.1:1880/inject/cli-run
  for _ in $(seq 1 240); do
    [ "$(grep -c '"id":"cli-elapsed"' "$OUT/tinycalc-debug.jsonl" || true)" -ge $((round * 4)) ] && break
    sleep 0.5
  done
done
grep '"id":"cli-elapsed"' "$OUT/tinycalc-debug.jsonl" | tail -4 | $PY -c '
import json, sys
for line in sys.stdin:
    v = json.loads(line)["value"]
    print("%s\t%s\t%s" % (v["target"], v["calls"], v["ms"]))' | while IFS=$'\t' read -r target calls ms; do
  record "thrift: Redwire client flow -> Redwire, 1000 x (sum+subtract), $target" "$ms" ms "$calls calls, one at a time"
done
