#!/usr/bin/env bash
# Dashboard load (issue 26; a command, not a test): 1 000 chart points a second to 10 open dashboard pages for 60 s.
# Starts the engine with ./redwire (its production JVM settings), then io.redwire.reliab.DashboardBench deploys a
# chart fed by an inject every 10 ms and a function sending the points due (1 000 a second), opens the pages (one a
# headless Chromium tab drawing the chart when /usr/bin/chromium is there and browser is not 0, the others WebSocket
# clients that parse every frame), and prints: points sent to the chart and received by each page, how old the tab's
# newest drawn point is, the flow loop's busy share (CPU time of the busiest event-loop thread over the run), RSS every
# 5 s with its slope, and the live heap after a full GC (jcmd) at the start and the end. PASS when every page got
# >= 99 % of the points, the tab's newest point is < 5 s old, the flow loop was < 50 % busy and RSS stayed flat (last
# third <= first third x 1.2 + 20 MB).
#   scripts/bench-dashboard.sh [seconds=60] [pages=10] [points a second=1000] [browser=1]
# Needs target/redwire.jar (built when missing) and the test classes. Binds 127.0.0.1 only, on a free port.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/lib/bench-common.sh
OUT=target/bench WORK="$(mktemp -d)" PORT=$(free_port)
mkdir -p "$OUT"
kill_on_exit "$WORK"
[ -f target/redwire.jar ] || mvn -B -q package -DskipTests
CP="$(test_classpath target/test-classes/io/redwire/reliab/DashboardBench.class)"
echo '[]' > "$WORK/flows.json"
mkdir -p "$WORK/rw"
./redwire "$WORK/flows.json" -u "$WORK/rw" -p "$PORT" > "$WORK/redwire.out" 2> "$WORK/redwire.log" &
PIDS+=($!)
wait_started "$WORK/redwire.log"
ENGINE=$(pgrep -P "${PIDS[0]}" java || echo "${PIDS[0]}")
echo "load before: $(uptime)" | tee "$OUT/dashboard.txt"
set +e
java -cp "$CP" io.redwire.reliab.DashboardBench "$PORT" "$ENGINE" "${1:-60}" "${2:-10}" "${3:-1000}" "${4:-1}" | tee -a "$OUT/dashboard.txt"
status=${PIPESTATUS[0]}
echo "load after: $(uptime)" | tee -a "$OUT/dashboard.txt"
exit "$status"
