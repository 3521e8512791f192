#!/usr/bin/env bash
# Benchmarks (not tests). Prints a markdown table and writes target/bench/results.{md,json}.
#   scripts/bench.sh [--quick]      --quick: 3 loop runs and 3 s of load instead of 10 runs / 10 s
# Needs: target/redwire.jar (built when missing), wrk (apt-get install wrk) for the load rows.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
RUNS=10; LOAD_SECONDS=10
[ "${1:-}" = "--quick" ] && { RUNS=3; LOAD_SECONDS=3; }
[ -f target/redwire.jar ] || mvn -B -q package -DskipTests
OUT=target/bench; mkdir -p "$OUT"
JAVA=(java -Dpolyglot.engine.WarnInterpreterOnly=false -jar target/redwire.jar)
RESULTS="$OUT/results.jsonl"; : > "$RESULTS"

record() { # name value unit note
  printf '{"name":"%s","value":%s,"unit":"%s","note":"%s"}\n' "$1" "$2" "$3" "$4" >> "$RESULTS"
}

# median of the elapsed values a looping flow prints as --debug json lines
loop_median() { # flows inject-id debug-port
  "${JAVA[@]}" run "$1" --port "$3" --inject "$2" --times "$RUNS" --exit-after-debug "$RUNS" --debug json 2>/dev/null \
    | python3 -c 'import json,sys,statistics; v=[json.loads(l)["value"] for l in sys.stdin if l.startswith("{")]; print(statistics.median(v))'
}

echo "seed HTTP loop (1000 sequential http request POSTs) ..."
record "seed HTTP loop, 1000 POSTs (median of $RUNS)" "$(loop_median flows/seed-http-only.json e95f41214660dee0 1880)" ms "Node-RED 5.0.7: 1500-3100 ms"

if [ -f flows/seed-http-vs-grpc.flow.json ]; then
  echo "seed gRPC loop (1000 sequential unary calls) ..."
  record "seed gRPC loop, 1000 unary calls (median of $RUNS)" "$(loop_median flows/seed-http-vs-grpc.flow.json 2e42051c498d3367 1880)" ms "Node-RED 5.0.7: 1400-2500 ms"
fi

if command -v wrk >/dev/null; then
  echo "wrk -t2 -c50 against http in -> change -> http response ..."
  "${JAVA[@]}" run flows/bench-http-change.json --port 18960 >"$OUT/wrk-engine.log" 2>&1 &
  PID=$!
  trap 'kill $PID 2>/dev/null || true' EXIT
  for _ in $(seq 1 60); do curl -s -o /dev/null -XPOST -H 'content-type: application/json' -d '{}' http://127.0.0.1:18960/http && break; sleep 0.5; done
  wrk -t2 -c50 -d3s -s bench/post.lua http://127.0.0.1:18960/http >/dev/null   # warm-up
  wrk -t2 -c50 -d"${LOAD_SECONDS}s" -s bench/post.lua --latency http://127.0.0.1:18960/http > "$OUT/wrk.txt"
  kill $PID; trap - EXIT
  RPS=$(awk '/Requests\/sec/ {print $2}' "$OUT/wrk.txt")
  P99=$(awk '$1=="99%" {print $2}' "$OUT/wrk.txt")
  record "wrk -t2 -c50 JSON POST, http in->change->http response" "$RPS" "req/s" "p99 $P99; Node-RED: 1200-1800 req/s"
else
  echo "wrk not installed: skipping the HTTP load row (apt-get install wrk)"
fi

for extra in scripts/bench-*.sh; do
  [ "$extra" = scripts/bench-vs-nodered.sh ] && continue   # its own sitting: both engines, see README
  [ -x "$extra" ] && RESULTS="$RESULTS" RUNS="$RUNS" LOAD_SECONDS="$LOAD_SECONDS" "$extra"
done

python3 - "$RESULTS" "$OUT" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
md = ["| benchmark | result | unit | note |", "|---|---:|---|---|"]
md += ["| %s | %s | %s | %s |" % (r["name"], r["value"], r["unit"], r["note"]) for r in rows]
open(sys.argv[2] + "/results.md", "w").write("\n".join(md) + "\n")
json.dump(rows, open(sys.argv[2] + "/results.json", "w"), indent=2)
print("\n".join(md))

# chart: each row against the Node-RED range quoted in its note, or a gRPC row against its REST twin
# ("REST: N ms" in the note); log scale, lower is better for ms
import math, re
def baseline(note):
    m = re.search(r"Node-RED[^:]*: ([0-9.]+)-([0-9.]+)", note)
    if m:
        return "Node-RED midpoint", (float(m.group(1)) + float(m.group(2))) / 2
    m = re.search(r"REST: ([0-9.]+) ms", note)
    return ("REST", float(m.group(1))) if m else None
bars = []
for r in rows:
    b = baseline(r["note"])
    if b and r["value"] not in (None, ""):
        bars.append((r["name"], float(r["value"]), b[1], r["unit"], b[0]))
if bars:
    w, row_h = 900, 70
    svg = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="12">'
           % (w, 40 + row_h * len(bars)), '<text x="10" y="20" font-size="14">Redwire (red) vs Node-RED 5.0.7 midpoint or, for gRPC, REST through the same flow (grey), log scale</text>']
    top = max(max(b[1], b[2]) for b in bars) * 1.2
    scale = lambda v: 10 + (w - 220) * math.log10(max(v, 1)) / math.log10(top)
    for i, (name, ours, theirs, unit, what) in enumerate(bars):
        y = 40 + i * row_h
        svg.append('<text x="10" y="%d">%s</text>' % (y + 12, name.replace("&", "&amp;").replace("<", "&lt;")))
        svg.append('<rect x="10" y="%d" width="%.1f" height="16" fill="#c0392b"/><text x="%.1f" y="%d">%s %s</text>'
                   % (y + 18, scale(ours) - 10, scale(ours) + 4, y + 31, ours, unit))
        svg.append('<rect x="10" y="%d" width="%.1f" height="16" fill="#999"/><text x="%.1f" y="%d">%s: %s %s</text>'
                   % (y + 38, scale(theirs) - 10, scale(theirs) + 4, y + 51, what, theirs, unit))
    svg.append("</svg>")
    open(sys.argv[2] + "/chart.svg", "w").write("\n".join(svg))
    print("chart: " + sys.argv[2] + "/chart.svg")
PY
