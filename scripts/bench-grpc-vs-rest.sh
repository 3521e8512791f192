#!/usr/bin/env bash
# gRPC + protobuf against HTTP + JSON through the same kind of nodes (a command, not a test): runs
# flows/bench-grpc-vs-rest.json and GrpcVsRestBench against it, for 1 and 16 concurrent clients of ITEMS items each:
#   unary (sequential calls / POSTs), stream (one server stream / one GET of ITEMS items), async stream (one bidi
#   stream / POSTs pipelined 16 deep on one connection), create-user with validation (sequential; every 10th invalid).
# Prints the numbers; appends rows (median ms of ROUNDS rounds after WARMUP_ROUNDS unreported ones) to $RESULTS
# when scripts/bench.sh runs it.
#   scripts/bench-grpc-vs-rest.sh [--quick]     --quick (or LOAD_SECONDS < 10, as bench.sh --quick passes):
#                                               200 items, 1 round after 1 warm-up; else ITEMS (1000), ROUNDS
#                                               (5) after WARMUP_ROUNDS (5)
# Needs target/redwire.jar and the test classes (built when missing). The flow's grpc-server runs on GRPC_PORT
# (default 15003, not the flow's 5003), HTTP on 18977.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
ITEMS="${ITEMS:-1000}"
ROUNDS="${ROUNDS:-5}"
WARMUP_ROUNDS="${WARMUP_ROUNDS:-5}"   # one round left single-client rows 1.7x apart between runs
if [ "${1:-}" = "--quick" ] || [ "${LOAD_SECONDS:-10}" -lt 10 ]; then ITEMS=200; ROUNDS=1; WARMUP_ROUNDS=1; fi
GRPC_PORT="${GRPC_PORT:-15003}"
HTTP_PORT=18977
[ -f target/redwire.jar ] || mvn -B -q package -DskipTests
OUT=target/bench; mkdir -p "$OUT"
. scripts/lib/bench-common.sh
CP="$(test_classpath target/test-classes/io/redwire/bench/GrpcVsRestBench.class)"
PID=
trap '[ -n "$PID" ] && kill "$PID" 2>/dev/null || true' EXIT

on_port flows/bench-grpc-vs-rest.json "$OUT/grpc-vs-rest-bench.json" "$GRPC_PORT"
java -Dpolyglot.engine.WarnInterpreterOnly=false -jar target/redwire.jar run "$OUT/grpc-vs-rest-bench.json" \
  --port "$HTTP_PORT" >"$OUT/grpc-vs-rest-server.log" 2>&1 &
PID=$!
wait_started "$OUT/grpc-vs-rest-server.log"
echo "gRPC vs REST: $ITEMS items per client, $WARMUP_ROUNDS warm-up + $ROUNDS rounds per mode (a few minutes) ..."
java -cp "$CP" io.redwire.bench.GrpcVsRestBench 127.0.0.1 "$GRPC_PORT" "$HTTP_PORT" "$ITEMS" "$ROUNDS" "$WARMUP_ROUNDS" \
  | tee "$OUT/grpc-vs-rest.jsonl"

# one tab-separated row per mode and client count: name, median ms, note (items/s; REST/gRPC time for gRPC rows)
python3 - "$OUT/grpc-vs-rest.jsonl" >"$OUT/grpc-vs-rest.rows" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.startswith("{")]
by = {(r["mode"], r["clients"]): r for r in rows}
rest_twin = {"grpc-unary": "rest-unary", "grpc-stream": "rest-items", "grpc-async-stream": "rest-pipelined",
             "grpc-create-user": "rest-create-user"}
for r in rows:
    c = r["clients"]
    note = "%d items/s" % r["items_per_s"]
    twin = by.get((rest_twin.get(r["mode"]), c))
    if twin:
        ratio = twin["median_ms"] / r["median_ms"]
        note += "; REST: %s ms (%s), REST/gRPC %.2f" % (twin["median_ms"], twin["mode"], ratio)
    name = "gRPC vs REST: %s, %d client%s, %d items each" % (r["mode"], c, "" if c == 1 else "s", r["items"])
    print("%s\t%s\t%s" % (name, r["median_ms"], note))
PY
while IFS=$'\t' read -r name ms note; do record "$name" "$ms" ms "$note"; done <"$OUT/grpc-vs-rest.rows"
