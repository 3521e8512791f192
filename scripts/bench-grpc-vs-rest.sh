#!/usr/bin/env bash
# gRPC + protobuf against HTTP + JSON through the same kind of nodes (a command, not a test): runs
# flows/bench-grpc-vs-rest.json and GrpcVsRestBench against it, for 1 and 16 concurrent clients of ITEMS items each:
#   unary (sequential calls / POSTs; also the same Bench.Unary as transcoded REST, POST /v1/bench/item from its
#   google.api.http rule, and as Connect JSON, POST /bench.Bench/Unary, both on the gRPC port), stream (one server stream / one GET of ITEMS items), async stream (one bidi
#   stream / POSTs pipelined 16 deep on one connection), create-user with validation (sequential; every 10th invalid).
# Prints the numbers; appends rows (median ms of ROUNDS rounds after WARMUP_ROUNDS unreported ones) to $RESULTS
# when scripts/bench.sh runs it.
#   scripts/bench-grpc-vs-rest.sh [--quick]     --quick (or LOAD_SECONDS < 10, as bench.sh --quick passes):
#                                               200 items, 1 round after 1 warm-up; else ITEMS (1000), ROUNDS
#                                               (5) after WARMUP_ROUNDS (5)
#   scripts/bench-grpc-vs-rest.sh --netns [--quick]
#                                               "remote" runs: server and client in two network namespaces joined by
#                                               a veth pair, with tc netem delay on both ends for each of DELAYS
#                                               (ms, default "0.2 2", one way, so the round trip is twice that);
#                                               the script creates and removes the namespaces (needs root). A
#                                               kernel without sch_netem (or RELAY=1) gets io.redwire.bench.DelayRelay
#                                               instead, a userspace relay that delays each chunk both ways, labelled
#                                               as such in the rows; DELAYS=0 runs over the bare veth pair
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
  if [ -n "${RELAY_PID:-}" ]; then kill "$RELAY_PID" 2>/dev/null || true; fi
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

run_client() { # label: one run of every mode, JSON lines tagged with the label (also shown on stderr: through
  # the same descriptor, since tee /dev/stderr reopens a redirected log file and overwrites it from the start)
  echo "gRPC vs REST${1:+ ($1)}: $ITEMS items per client, $WARMUP_ROUNDS warm-up + $ROUNDS rounds per mode ..." >&2
  "${IN_CLI[@]}" java -cp "$CP" io.redwire.bench.GrpcVsRestBench "$HOST" "$GRPC_PORT" "$HTTP_PORT" "$ITEMS" \
    "$ROUNDS" "$WARMUP_ROUNDS" | tee >(cat >&2) | sed "s/^{/{\"link\":\"$1\",/"
}
if [ "$NETNS" = 0 ]; then
  run_client "" >"$OUT/grpc-vs-rest.jsonl"
else
  : >"$OUT/grpc-vs-rest.jsonl"
  # netem where the kernel has it; else (or with RELAY=1) the userspace stand-in io.redwire.bench.DelayRelay in
  # the client's namespace: the client talks to it on 127.0.0.1 and it forwards each chunk across the veth pair
  # after the delay, both ways (application data only: no delay on the handshake or on ACKs, one copy more)
  RELAY="${RELAY:-0}"
  ip netns exec "$SRV_NS" tc qdisc replace dev "rwb$$s" root netem delay 1ms 2>/dev/null \
    && ip netns exec "$SRV_NS" tc qdisc del dev "rwb$$s" root || RELAY=1
  RELAY_PID=
  for delay in ${DELAYS:-0.2 2}; do
    delay="${delay%ms}"
    CLI_HOST="$HOST"; CLI_GRPC="$GRPC_PORT"; CLI_HTTP="$HTTP_PORT"
    if [ "$delay" = 0 ]; then
      link="veth, no delay"
    elif [ "$RELAY" = 0 ]; then
      for side in "$SRV_NS:rwb$$s" "$CLI_NS:rwb$$c"; do
        ip netns exec "${side%%:*}" tc qdisc replace dev "${side#*:}" root netem delay "${delay}ms"
      done
      link="veth, netem delay $delay ms each way"
    else
      CLI_HOST=127.0.0.1; CLI_GRPC=25003; CLI_HTTP=28977
      "${IN_CLI[@]}" java -cp "$CP" io.redwire.bench.DelayRelay "$(python3 -c "print(round($delay * 1000))")" \
        127.0.0.1 "$CLI_GRPC:$HOST:$GRPC_PORT" "$CLI_HTTP:$HOST:$HTTP_PORT" 2>"$OUT/delay-relay.log" &
      RELAY_PID=$!
      for _ in $(seq 1 100); do grep -q "$CLI_HTTP" "$OUT/delay-relay.log" 2>/dev/null && break; sleep 0.1; done
      link="veth + userspace delay relay $delay ms each way (netem approximation: no sch_netem here)"
    fi
    rtt=""
    if command -v ping >/dev/null; then
      rtt="; ping (not through a relay): $("${IN_CLI[@]}" ping -c 3 -i 0.2 -q "$HOST" | tail -1)"
    fi
    echo "link: $link$rtt" >&2
    HOST="$CLI_HOST" GRPC_PORT="$CLI_GRPC" HTTP_PORT="$CLI_HTTP" run_client "$link" >>"$OUT/grpc-vs-rest.jsonl"
    if [ -n "$RELAY_PID" ]; then kill "$RELAY_PID"; wait "$RELAY_PID" 2>/dev/null || true; RELAY_PID=; fi
  done
fi

# one tab-separated row per mode and client count: name, median ms, note (items/s; REST/gRPC time for gRPC rows)
python3 - "$OUT/grpc-vs-rest.jsonl" >"$OUT/grpc-vs-rest.rows" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.startswith("{")]
by = {(r.get("link", ""), r["mode"], r["clients"]): r for r in rows}
rest_twin = {"grpc-unary": "rest-unary", "grpc-stream": "rest-items", "grpc-async-stream": "rest-pipelined",
             "grpc-create-user": "rest-create-user", "transcoded-rest-unary": "rest-unary",
             "connect-json-unary": "rest-unary"}
for r in rows:
    c = r["clients"]
    note = "%d items/s" % r["items_per_s"]
    twin = by.get((r.get("link", ""), rest_twin.get(r["mode"]), c))
    if twin:
        ratio = twin["median_ms"] / r["median_ms"]
        note += "; REST: %s ms (%s), REST/this %.2f" % (twin["median_ms"], twin["mode"], ratio)
    name = "gRPC vs REST: %s, %d client%s, %d items each" % (r["mode"], c, "" if c == 1 else "s", r["items"])
    if r.get("link"):
        name += " (%s)" % r["link"]
    print("%s\t%s\t%s" % (name, r["median_ms"], note))
PY
while IFS=$'\t' read -r name ms note; do record "$name" "$ms" ms "$note"; done <"$OUT/grpc-vs-rest.rows"
