#!/usr/bin/env bash
# gRPC benchmarks (a command, not a test). Prints the numbers; appends rows to $RESULTS when scripts/bench.sh
# runs it (bench.sh itself measures the seed flow's 1000-unary-call loop).
#   1. h2load unary load against the seed flow's server: grpc-register-function -> change -> grpc-response
#      (hello.Greeter/SayHello), 50 connections, 1 stream each, as the Node-RED anchor runs it;
#   2. a bidi echo stream through flows/grpc-streaming.json (Chat: register-function -> grpc-response):
#      100 000 messages sent without waiting, microseconds per message until the last echo.
#   scripts/bench-grpc.sh [--quick]
# Needs target/redwire.jar and the test classes (built when missing) and h2load (apt-get install nghttp2-client).
# The flows run as copies whose grpc-server listens on GRPC_PORT (default 15001) instead of the seed's 5001 and
# the example's 5002, which tests (the editor's seed import) may hold; HTTP on 18975/18976.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
LOAD_SECONDS="${LOAD_SECONDS:-10}"
ROUNDS=5
WARMUP_SECONDS=10   # the JIT needs ~100k calls before grpc-java's paths are compiled
WARMUP_ROUNDS=8     # and ~1M stream messages (8 rounds) before the bidi echo is
[ "${1:-}" = "--quick" ] && { LOAD_SECONDS=3; ROUNDS=3; WARMUP_SECONDS=3; WARMUP_ROUNDS=2; }
[ -f target/redwire.jar ] || mvn -B -q package -DskipTests
OUT=target/bench; mkdir -p "$OUT"
. scripts/lib/bench-common.sh
GRPC_PORT="${GRPC_PORT:-15001}"
CP="$(test_classpath target/test-classes/io/redwire/nodes/grpc/GrpcBidiEchoBench.class)"
kill_on_exit

# 1. unary load: HelloRequest{id:123456,name:"test"} with the 5-byte gRPC frame prefix
if command -v h2load >/dev/null; then
  on_port flows/seed-http-vs-grpc.flow.json "$OUT/seed-grpc-bench.json" "$GRPC_PORT"
  java -jar target/redwire.jar run "$OUT/seed-grpc-bench.json" --port 18975 >"$OUT/grpc-seed-server.log" 2>&1 &
  PIDS+=($!)
  wait_started "$OUT/grpc-seed-server.log"
  BODY="$OUT/hello-request.bin"
  printf '\x00\x00\x00\x00\x0a\x08\xc0\xc4\x07\x12\x04test' >"$BODY"
  H2=(h2load -c 50 -m 1 -t 2 -d "$BODY" -H 'content-type: application/grpc' -H 'te: trailers'
      "http://127.0.0.1:$GRPC_PORT/hello.Greeter/SayHello")
  "${H2[@]}" -D "$WARMUP_SECONDS" >/dev/null
  "${H2[@]}" -D "$LOAD_SECONDS" >"$OUT/h2load.txt"
  kill "${PIDS[0]}"
  RPS=$(awk '/^finished in/ {print $4}' "$OUT/h2load.txt")
  OK=$(awk '/^requests:/ {print $8}' "$OUT/h2load.txt")
  record "h2load -c50 -m1 gRPC unary, register-function->change->grpc-response" "$RPS" "req/s" \
    "$OK succeeded; Node-RED: 2600-6700 req/s"
else
  echo "h2load not installed: skipping the gRPC load row (apt-get install nghttp2-client)"
fi

# 2. bidi echo through a flow
on_port flows/grpc-streaming.json "$OUT/grpc-streaming-bench.json" "$GRPC_PORT"
java -jar target/redwire.jar run "$OUT/grpc-streaming-bench.json" --port 18976 >"$OUT/grpc-streaming-server.log" 2>&1 &
PIDS+=($!)
wait_started "$OUT/grpc-streaming-server.log"
java -cp "$CP" io.redwire.nodes.grpc.GrpcBidiEchoBench \
  127.0.0.1 "$GRPC_PORT" 100000 "$ROUNDS" "$WARMUP_ROUNDS" | tee "$OUT/bidi.jsonl"
US=$(tail -1 "$OUT/bidi.jsonl" | python3 -c 'import json,sys; print(json.load(sys.stdin)["median_us_per_message"])')
record "gRPC bidi echo through a flow, 100000 messages (median of $ROUNDS after $WARMUP_ROUNDS warm-up rounds)" "$US" "us/message" "target <= 5"
