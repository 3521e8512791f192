#!/usr/bin/env bash
# Cluster benchmark: HTTP req/s through wrk against 1, 2 and 3 members on loopback (one wrk per member, all at
# once), and the cost per message of a global-context write + read when global context is the cluster's shared
# store (POST /ctx) against the same route without it (POST /http), on one standalone engine and in a 2-member
# cluster.   scripts/bench-cluster.sh [--quick]    (needs target/redwire.jar and wrk)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
OUT=${OUT:-target/bench}
mkdir -p "$OUT"
. scripts/lib/bench-common.sh
DURATION=10
[ "${1:-}" = "--quick" ] && DURATION=3
JAR=target/redwire.jar
[ -f "$JAR" ] || { echo "bench-cluster: build first: mvn -B -q package -DskipTests" >&2; exit 1; }
BODY='{"name":"bench"}'
printf 'wrk.method = "POST"\nwrk.body = %s\nwrk.headers["Content-Type"] = "application/json"\n' "'$BODY'" > "$OUT/cluster-post.lua"
pids=()
stop_all() { for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done; pids=(); }
trap stop_all EXIT

start_members() { # n cluster(yes|no): starts n engines, sets PORTS
  local n=$1 clustered=$2 members="" cports=() i
  PORTS=()
  for ((i = 0; i < n; i++)); do PORTS+=("$(free_port)"); cports+=("$(free_port)"); done
  for ((i = 0; i < n; i++)); do members+="${members:+,}127.0.0.1:${cports[$i]}"; done
  for ((i = 0; i < n; i++)); do
    local args=(run flows/bench-cluster.json --port "${PORTS[$i]}")
    [ "$clustered" = yes ] && args+=(--cluster --cluster-port "${cports[$i]}" --cluster-members "$members")
    cp flows/bench-cluster.json "$OUT/cluster-flows-$i.json"
    args[1]="$OUT/cluster-flows-$i.json"
    java -jar "$JAR" "${args[@]}" > "$OUT/cluster-member-$i.log" 2>&1 &
    pids+=($!)
  done
  for ((i = 0; i < n; i++)); do wait_started "$OUT/cluster-member-$i.log"; done
}

wrk_all() { # path: one wrk per member at once; prints the summed req/s
  local path=$1 i files=() clients=()
  for i in "${!PORTS[@]}"; do
    wrk -t1 -c16 -d2s -s "$OUT/cluster-post.lua" "http://127.0.0.1:${PORTS[$i]}$path" > /dev/null # warm-up
  done
  for i in "${!PORTS[@]}"; do
    wrk -t1 -c16 -d"${DURATION}s" -s "$OUT/cluster-post.lua" "http://127.0.0.1:${PORTS[$i]}$path" > "$OUT/wrk-$i.txt" &
    clients+=($!)
    files+=("$OUT/wrk-$i.txt")
  done
  wait "${clients[@]}"
  awk '/Requests\/sec/ {s += $2} END {printf "%.0f", s}' "${files[@]}"
}

best() { # path rounds: the best of rounds wrk_all runs (later rounds run on a warmer JIT)
  local best=0 r i
  for ((i = 0; i < $2; i++)); do r=$(wrk_all "$1"); ((r > best)) && best=$r; done
  echo "$best"
}

for n in 1 2 3; do
  start_members "$n" yes
  rps=$(wrk_all /http)
  record "cluster-http-$n-members" "$rps" "req/s" "wrk -t1 -c16 per member, ${DURATION}s, $(uptime | sed 's/.*load/load/')"
  stop_all
done
# The same machine's cores shared by 2 engines that are not clustered: what the 2-member figure is judged against.
start_members 2 no
rps=$(wrk_all /http)
record "standalone-http-2-engines" "$rps" "req/s" "2 engines not clustered, wrk -t1 -c16 per engine, ${DURATION}s"
stop_all

cost() { # name note: the per-message cost of /ctx over /http on the first member in PORTS, each the best of 2
  local plain ctx
  PORTS=("${PORTS[0]}")
  plain=$(best /http 2); ctx=$(best /ctx 2)
  record "$1" "$(python3 -c "print(round(1e6/$ctx - 1e6/$plain, 2))")" "µs/msg" "$2: $ctx req/s vs $plain without"
}
start_members 1 no
cost standalone-global-context "set+get of in-memory global context"
stop_all
start_members 2 yes
cost clustered-global-context "set+get of replicated global context, 2 members"
