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
#   scripts/bench-grpc-vs-rest.sh --netns [--quick]
#                                               "remote" runs: server and client in two network namespaces joined by
#                                               a veth pair, with tc netem delay on both ends for each of DELAYS
#                                               (default "0.2ms 2ms", one way, so the round trip is twice that);
#                                               the script creates and removes the namespaces (needs root and a
#                                               kernel with sch_netem; DELAYS=0 runs over the bare veth pair)
# Needs target/redwire.jar and the test classes (built when missing). The flow's grpc-server runs on GRPC_PORT
# (default 15003, not the flow's 5003), HTTP on 18977.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
ITEMS="${ITEMS:-1000}"
ROUNDS="${ROUNDS:-5}"
WARMUP_ROUNDS="${WARMUP_ROUNDS:-5}"   # one round left single-client rows 1.7x apart between runs
NETNS=0
if [ "${1:-}" = "--netns" ]; then NETNS=1; shift; fi
if [ "${1:-}" = "--quick" ] || [ "${LOAD_SECONDS:-10}" -lt 10 ]; then ITEMS=200; ROUNDS=1; WARMUP_ROUNDS=1; fi
GRPC_PORT="${GRPC_PORT:-15003}"
HTTP_PORT=18977
[ -f target/redwire.jar ] || mvn -B -q package -DskipTests
OUT=target/bench; mkdir -p "$OUT"
. scripts/lib/bench-common.sh
CP="$(test_classpath target/test-classes/io/redwire/bench/GrpcVsRestBench.class)"
PID=
SRV_NS="rw-bench-srv-$$"; CLI_NS="rw-bench-cli-$$"
cleanup() {
  if [ -n "$PID" ]; then kill "$PID" 2>/dev/null || true; fi
  if [ "$NETNS" = 1 ]; then ip netns del "$SRV_NS" 2>/dev/null || true; ip netns del "$CLI_NS" 2>/dev/null || true; fi
}
trap cleanup EXIT

HOST=127.0.0.1; IN_SRV=(); IN_CLI=()
if [ "$NETNS" = 1 ]; then
  # two namespaces, one veth pair between them; addresses exist only inside the namespaces (10.213.0.0/30)
  HOST=10.213.0.1
  ip netns add "$SRV_NS"; ip netns add "$CLI_NS"
  ip link add "rwb$$s" type veth peer name "rwb$$c"
  ip link set "rwb$$s" netns "$SRV_NS"; ip link set "rwb$$c" netns "$CLI_NS"
  ip -n "$SRV_NS" addr add 10.213.0.1/30 dev "rwb$$s"; ip -n "$CLI_NS" addr add 10.213.0.2/30 dev "rwb$$c"
  for ns in "$SRV_NS" "$CLI_NS"; do ip -n "$ns" link set lo up; done
  ip -n "$SRV_NS" link set "rwb$$s" up; ip -n "$CLI_NS" link set "rwb$$c" up
  IN_SRV=(ip netns exec "$SRV_NS"); IN_CLI=(ip netns exec "$CLI_NS")
fi
on_port flows/bench-grpc-vs-rest.json "$OUT/grpc-vs-rest-bench.json" "$GRPC_PORT" "$HOST"
"${IN_SRV[@]}" java -Dpolyglot.engine.WarnInterpreterOnly=false -jar target/redwire.jar run \
  "$OUT/grpc-vs-rest-bench.json" --host "$HOST" --port "$HTTP_PORT" >"$OUT/grpc-vs-rest-server.log" 2>&1 &
PID=$!
wait_started "$OUT/grpc-vs-rest-server.log"

run_client() { # label: one run of every mode, JSON lines tagged with the label
  echo "gRPC vs REST${1:+ ($1)}: $ITEMS items per client, $WARMUP_ROUNDS warm-up + $ROUNDS rounds per mode ..." >&2
  "${IN_CLI[@]}" java -cp "$CP" io.redwire.bench.GrpcVsRestBench "$HOST" "$GRPC_PORT" "$HTTP_PORT" "$ITEMS" \
    "$ROUNDS" "$WARMUP_ROUNDS" | tee /dev/stderr | sed "s/^{/{\"link\":\"$1\",/"
}
if [ "$NETNS" = 0 ]; then
  run_client "" >"$OUT/grpc-vs-rest.jsonl"
else
  : >"$OUT/grpc-vs-rest.jsonl"
  for delay in ${DELAYS:-0.2ms 2ms}; do
    if [ "$delay" != 0 ]; then
      for side in "$SRV_NS:rwb$$s" "$CLI_NS:rwb$$c"; do
        ip netns exec "${side%%:*}" tc qdisc replace dev "${side#*:}" root netem delay "$delay" || {
          echo "bench-grpc-vs-rest: tc netem is not available (this kernel lacks sch_netem); DELAYS=0 runs without" >&2
          exit 1; }
      done
    fi
    echo "link: veth between namespaces, netem delay $delay each way; ping: $("${IN_CLI[@]}" ping -c 3 -i 0.2 -q "$HOST" | tail -1)" >&2
    run_client "veth, delay $delay each way" >>"$OUT/grpc-vs-rest.jsonl"
  done
fi

# one tab-separated row per mode and client count: name, median ms, note (items/s; REST/gRPC time for gRPC rows)
python3 - "$OUT/grpc-vs-rest.jsonl" >"$OUT/grpc-vs-rest.rows" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.startswith("{")]
by = {(r.get("link", ""), r["mode"], r["clients"]): r for r in rows}
rest_twin = {"grpc-unary": "rest-unary", "grpc-stream": "rest-items", "grpc-async-stream": "rest-pipelined",
             "grpc-create-user": "rest-create-user"}
for r in rows:
    c = r["clients"]
    note = "%d items/s" % r["items_per_s"]
    twin = by.get((r.get("link", ""), rest_twin.get(r["mode"]), c))
    if twin:
        ratio = twin["median_ms"] / r["median_ms"]
        note += "; REST: %s ms (%s), REST/gRPC %.2f" % (twin["median_ms"], twin["mode"], ratio)
    name = "gRPC vs REST: %s, %d client%s, %d items each" % (r["mode"], c, "" if c == 1 else "s", r["items"])
    if r.get("link"):
        name += " (%s)" % r["link"]
    print("%s\t%s\t%s" % (name, r["median_ms"], note))
PY
while IFS=$'\t' read -r name ms note; do record "$name" "$ms" ms "$note"; done <"$OUT/grpc-vs-rest.rows"
