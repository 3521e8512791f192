#!/usr/bin/env bash
# Redwire against the real Node-RED 5.0.7 in one sitting, one protocol for both engines (issue "fast from the
# first click"): the seed flow ../shared/flows/seed-http-vs-grpc.flow.json unchanged on ports 1880/5001; start-up
# to "Started flows" from spawn; N sets of each 1000-call loop fired through POST /inject/:id, elapsed read from
# the debug output on the /comms websocket (../shared/bench/nodered/loops.js for both); wrk -t2 -c50 -d10s with
# post.lua on /http; h2load -c50 -m1 -t2 -D10 on hello.Greeter/SayHello; peak RSS (VmHWM) after all of that;
# Redwire's start-up timeline (REDWIRE_TIMELINE=1: its phases with wall and CPU ms);
# and for Redwire the Python Thrift client's 1000 x (sum + subtract) against flows/tinycalc.json on a fresh engine.
# Node-RED is measured by ../shared/bench/nodered/run.sh (LOAD=1). Redwire runs through ./redwire (its defaults).
#   scripts/bench-vs-nodered.sh [N=10]      env: SKIP_NODERED=1 (Redwire only), PROFILE=0 (no flame graphs)
# Writes target/bench/vs-nodered.md (the table) and, in a second, profiled Redwire run, async-profiler flame
# graphs target/bench/flame-{startup,http-loop,grpc-loop,wrk,h2load}.html (profiling never touches the table's run).
# Needs: node, wrk, h2load + nghttp (nghttp2-client), /usr/bin/python3 with thrift, thrift compiler; ports 1880,
# 5001 and 9090-9092 free.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
N="${1:-10}"
NRB="$ROOT/../shared/bench/nodered"
SEED="$ROOT/../shared/flows/seed-http-vs-grpc.flow.json"
[ -f "$SEED" ] || SEED="$ROOT/flows/seed-http-vs-grpc.flow.json"
export NR_DIR="${NR_DIR:-/tmp/anchor-nodered}"
OUT="$ROOT/target/bench"; mkdir -p "$OUT"
PY=/usr/bin/python3
PID=""
cleanup() { if [ -n "$PID" ] && kill -0 "$PID" 2>/dev/null; then kill "$PID"; wait "$PID" 2>/dev/null || true; fi; }
trap cleanup EXIT
load() { cut -d' ' -f1-3 /proc/loadavg; }
hwm() { awk '/VmHWM/{print $2}' "/proc/$1/status"; }
for p in 1880 5001; do
  if ss -ltn "sport = :$p" | grep -q LISTEN; then echo "bench-vs-nodered: port $p is in use; the seed flow needs it" >&2; exit 1; fi
done
[ -f target/redwire.jar ] || mvn -B -q package -DskipTests

BEGAN="$(date -u '+%F %H:%M')"; LOAD_BEGIN="$(load)"; FLAMES=()
JAVA_BIN="$(REDWIRE_PRINT_JAVA=1 ./redwire run x | cut -d' ' -f1)"
readme_block() { # a block to paste into README's benchmark section: what ran where, and how busy the machine was
  local ar
  ar="$(REDWIRE_PRINT_JAVA=1 ./redwire run x | grep -o -- '-XX:AOTCache=[^ ]*\|-XX:SharedArchiveFile=[^ ]*' | sed 's#.*/##')"
  echo
  echo "---- README block (paste under the table) ----"
  echo "Measured $BEGAN–$(date -u '+%H:%M') UTC with \`scripts/bench-vs-nodered.sh $N\` on $(nproc) cores"
  echo "($(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1)), $(awk '/MemTotal/{printf "%.0f GiB", $2/1048576}' /proc/meminfo),"
  echo "$(uname -sr); load average $LOAD_BEGIN at the start, $(load) at the end."
  echo "Redwire on $("$JAVA_BIN" -version 2>&1 | head -1 | tr -d '"') through ./redwire (its defaults; start-up archive: ${ar:-none}),"
  if [ "${SKIP_NODERED:-0}" != 1 ]; then
    echo "Node-RED 5.0.7 on Node $(node --version) (../shared/bench/nodered/run.sh $N, LOAD=1), same sitting."
  else
    echo "Node-RED not run in this sitting (SKIP_NODERED=1)."
  fi
  if [ ${#FLAMES[@]} -gt 0 ]; then
    echo "Flame graphs (async-profiler, cpu, a second profiled run): ${FLAMES[*]}."
  else
    echo "No flame graphs in this sitting (PROFILE=0)."
  fi
  echo "----"
}

echo "== $(date -u '+%F %T') UTC; $(nproc) cores, $(awk '/MemTotal/{printf "%.0f GiB", $2/1048576}' /proc/meminfo); uptime: $(uptime)"
echo "   Redwire: $(REDWIRE_PRINT_JAVA=1 ./redwire run x | cut -d' ' -f1) ($(REDWIRE_PRINT_JAVA=1 ./redwire run x | grep -o -- '-XX:AOTCache=[^ ]*\|-XX:SharedArchiveFile=[^ ]*' || echo 'no start-up archive'))"

# ---- Node-RED ------------------------------------------------------------------------------------------------
if [ "${SKIP_NODERED:-0}" != 1 ]; then
  echo "== Node-RED 5.0.7 (../shared/bench/nodered/run.sh $N, LOAD=1), load before: $(load)"
  LOAD=1 "$NRB/run.sh" "$N" | tee "$OUT/nodered.txt"
  echo "   load after: $(load)"
fi

# ---- Redwire -------------------------------------------------------------------------------------------------
start_redwire() { # flows log: starts ./redwire, sets PID and STARTUP (ms from spawn to "Started flows")
  local t0 t1
  t0=$(date +%s%3N)
  REDWIRE_TIMELINE=1 ./redwire run "$1" --port 1880 --protos protos >/dev/null 2>"$2" &
  PID=$!
  for _ in $(seq 1 6000); do
    grep -q 'Started flows' "$2" 2>/dev/null && break
    kill -0 "$PID" 2>/dev/null || { echo "Redwire exited:" >&2; cat "$2" >&2; exit 1; }
    sleep 0.01
  done
  t1=$(date +%s%3N)
  STARTUP=$((t1 - t0))
}
stop_redwire() { kill "$PID"; wait "$PID" 2>/dev/null || true; PID=""; }

hello_body() { printf '\x00\x00\x00\x00\x0a\x08\xc0\xc4\x07\x12\x04test' >"$OUT/hello-request.bin"; }
run_wrk() { wrk -t2 -c50 -d10s --latency -s "$NRB/post.lua" http://127.0.0.1:1880/http; }
run_h2load() {
  h2load -D 10 -c 50 -m 1 -t 2 -d "$OUT/hello-request.bin" -H 'content-type: application/grpc' -H 'te: trailers' \
    http://127.0.0.1:5001/hello.Greeter/SayHello
}
loops() { # prints loops.js's report (LOOPS=http|grpc restricts it)
  NR_PID="$PID" CLK_TCK="$(getconf CLK_TCK)" node "$NRB/loops.js" "$N" http://127.0.0.1:1880 "$1" 2>"$OUT/redwire-loops-progress.log"
}
[ -f "$NR_DIR/node_modules/ws/package.json" ] || { echo "bench-vs-nodered: $NR_DIR/node_modules/ws missing: run ../shared/bench/nodered/run.sh once" >&2; exit 1; }
hello_body

echo "== Redwire (./redwire), load before: $(load)"
start_redwire "$SEED" "$OUT/redwire.log"
until ss -ltn "sport = :5001" | grep -q LISTEN; do sleep 0.01; done
HWM_START=$(hwm "$PID")
LOOPS_OUT=$(loops "$OUT/redwire-loops.json")
HWM_LOOPS=$(hwm "$PID")
WRK_OUT=$(run_wrk); HWM_WRK=$(hwm "$PID")
GSTAT=$(nghttp -v -d "$OUT/hello-request.bin" -H 'content-type: application/grpc' -H 'te: trailers' \
        http://127.0.0.1:5001/hello.Greeter/SayHello 2>&1 | grep -ao 'grpc-status: [0-9]*' | head -1 || true)
H2_OUT=$(run_h2load); HWM_H2=$(hwm "$PID")
stop_redwire
{
  echo "startup to 'Started flows': ${STARTUP} ms from spawn"
  grep -o 'start-up timeline:.*' "$OUT/redwire.log" || true
  echo "$LOOPS_OUT"
  echo "VmHWM: ${HWM_START} kB after start, ${HWM_LOOPS} kB after loops"
  echo "--- wrk -t2 -c50 -d10s --latency -s post.lua http://127.0.0.1:1880/http"
  echo "$WRK_OUT" | grep -E 'Requests/sec|Non-2xx|Socket errors|requests in| 50%| 99%'
  echo "--- h2load -D 10 -c 50 -m 1 -t 2 (gRPC unary hello.Greeter/SayHello); single-call check: ${GSTAT:-no grpc-status seen}"
  echo "$H2_OUT" | grep -E '^finished in|^requests:|^status codes:|^traffic:|time for request:'
  echo "VmHWM: ${HWM_WRK} kB after wrk, ${HWM_H2} kB after h2load"
} | tee "$OUT/redwire.txt"

# Thrift: the Python client's first 1000 x (sum + subtract) against a fresh engine
GEN="$(mktemp -d)"
thrift --gen py -out "$GEN" protos/tinycalc.thrift
start_redwire flows/tinycalc.json "$OUT/redwire-tinycalc.log"
for _ in $(seq 1 500); do ss -ltn "sport = :9090" | grep -q LISTEN && break; sleep 0.02; done
THRIFT_MS=$($PY src/test/resources/thrift/peer.py "$GEN" client tinycalc binary buffered 9090 bench \
  | $PY -c 'import json,sys; print(json.load(sys.stdin)["ms"])')
stop_redwire
rm -rf "$GEN"
echo "Python Thrift client, 1000 x (sum + subtract), first run on a fresh engine: ${THRIFT_MS} ms" | tee -a "$OUT/redwire.txt"
echo "   load after: $(load)"

# ---- the table -----------------------------------------------------------------------------------------------
$PY - "$OUT" "${SKIP_NODERED:-0}" "$(uptime)" <<'PY' | tee "$OUT/vs-nodered.md"
import json, re, sys, statistics
out, skip_nr, up = sys.argv[1], sys.argv[2] == "1", sys.argv[3]
def parse(text):
    r = {}
    m = re.search(r"startup to 'Started flows': (\d+) ms", text); r["start"] = int(m.group(1)) if m else None
    for loop in ("http", "grpc"):
        m = re.search(loop + r" per-set ms: ([\d. ]+)", text)
        if m:
            v = [float(x) for x in m.group(1).split()]
            r[loop] = (v[0], statistics.median(v))
    m = re.search(r"Requests/sec:\s+([\d.]+)", text); r["wrk"] = float(m.group(1)) if m else None
    m = re.search(r"\s99%\s+([\d.]+)(us|ms|s)\b", text)
    r["p99"] = float(m.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[m.group(2)] if m else None
    m = re.search(r"finished in [^,]+, ([\d.]+) req/s", text); r["h2"] = float(m.group(1)) if m else None
    m = re.search(r"requests: \d+ total, \d+ started, \d+ done, (\d+) succeeded, (\d+) failed", text)
    r["h2ok"] = (int(m.group(1)), int(m.group(2))) if m else None
    hw = [int(x) for x in re.findall(r"(\d+) kB after", text)]
    r["rss"] = max(hw) / 1024 if hw else None
    m = re.search(r"fresh engine: ([\d.]+) ms", text); r["thrift"] = float(m.group(1)) if m else None
    return r
rw = parse(open(out + "/redwire.txt").read())
nr = {} if skip_nr else parse(open(out + "/nodered.txt").read())
f0 = lambda x: "—" if x is None else f"{x:,.0f}".replace(",", " ")
ms = lambda x: "—" if x is None else f0(x) + " ms"
def ratio(a, b, higher_better=False):
    if a is None or b is None or a == 0 or b == 0: return "—"
    return f"{(a / b if higher_better else b / a):.1f}×"
rows = []
def row(name, n, r, target, ok, rat):
    rows.append(f"| {name} | {n} | {r} | {rat} | {target} | {'met' if ok else 'not met'} |")
row('start-up to "Started flows"', ms(nr.get("start")), ms(rw["start"]), "≤ 1 000 ms and below Node-RED's",
    rw["start"] is not None and rw["start"] <= 1000 and (not nr.get("start") or rw["start"] < nr["start"]), ratio(rw["start"], nr.get("start")))
for loop, label, t1, t2 in (("http", "HTTP loop", 600, 100), ("grpc", "gRPC loop", 400, 50)):
    a, b = rw.get(loop, (None, None)), nr.get(loop, (None, None))
    row(f"{label}, first set / median of sets", f"{f0(b[0])} / {f0(b[1])} ms", f"{f0(a[0])} / {f0(a[1])} ms",
        f"≤ {t1} / ≤ {t2} ms", a[0] is not None and a[0] <= t1 and a[1] <= t2, f"{ratio(a[0], b[0])} / {ratio(a[1], b[1])}")
row("wrk -t2 -c50 -d10s on /http", f"{f0(nr.get('wrk'))} req/s, p99 {f0(nr.get('p99'))} ms",
    f"{f0(rw['wrk'])} req/s, p99 {rw['p99'] if rw['p99'] is None else round(rw['p99'], 1)} ms", "≥ 60 000 req/s, p99 ≤ 10 ms",
    rw["wrk"] is not None and rw["wrk"] >= 60000 and rw["p99"] <= 10, ratio(rw["wrk"], nr.get("wrk"), True))
row("h2load -c50 -m1 -t2 -D10 SayHello", f"{f0(nr.get('h2'))} req/s", f"{f0(rw['h2'])} req/s" + ("" if not rw["h2ok"] or not rw["h2ok"][1] else f" ({rw['h2ok'][1]} failed)"),
    "≥ 60 000 req/s", rw["h2"] is not None and rw["h2"] >= 60000, ratio(rw["h2"], nr.get("h2"), True))
row("peak RSS after loops + wrk + h2load", f0(nr.get("rss")) + " MB" if nr.get("rss") else "—", f"{f0(rw['rss'])} MB", "≤ 250 MB",
    rw["rss"] is not None and rw["rss"] <= 250, ratio(rw["rss"], nr.get("rss")))
row("Python Thrift client, 1000 × (sum + subtract), fresh engine", "—", ms(rw["thrift"]), "≤ 200 ms",
    rw["thrift"] is not None and rw["thrift"] <= 200, "—")
print(f"\nuptime at the end: {up}\n")
print("| measure | Node-RED 5.0.7 | Redwire | Redwire vs Node-RED | target | |")
print("|---|---:|---:|---:|---:|---|")
print("\n".join(rows))
PY

# ---- flame graphs: a second, profiled Redwire run ----------------------------------------------------------------
[ "${PROFILE:-1}" = 1 ] || { readme_block; exit 0; }
AP="$OUT/async-profiler/libasyncProfiler.so"
if [ ! -f "$AP" ]; then
  APJ="$HOME/.m2/repository/tools/profiler/async-profiler/4.0/async-profiler-4.0.jar"
  [ -f "$APJ" ] || mvn -B -q dependency:get -Dartifact=tools.profiler:async-profiler:4.0 >/dev/null
  mkdir -p "$OUT/async-profiler"
  unzip -o -q -j "$APJ" 'linux-x64/libasyncProfiler.so' -d "$OUT/async-profiler"
fi
JCMD="$(dirname "$JAVA_BIN")/jcmd"; [ -x "$JCMD" ] || JCMD=jcmd
agent() { # async-profiler command for the running engine (one quoted argument: jcmd would split at the commas)
  "$JCMD" "$PID" "JVMTI.agent_load $AP \"$1\"" | grep -q 'return code: 0' || echo "async-profiler: '$1' failed" >&2
}
# start-up: the agent from the first instruction, cpu samples (wall samples of idle threads would hide it)
DYN=""; [ "$(REDWIRE_PRINT_JAVA=1 ./redwire run x | grep -c -- --enable-native-access)" = 1 ] && DYN="-XX:+EnableDynamicAgentLoading"
REDWIRE_JAVA_OPTS="$DYN -agentpath:$AP=start,event=cpu,interval=1ms,file=$OUT/flame-startup.html" \
  start_redwire "$SEED" "$OUT/redwire-profiled.log"
until ss -ltn "sport = :5001" | grep -q LISTEN; do sleep 0.01; done
agent "stop,file=$OUT/flame-startup.html"
echo "flame graph: target/bench/flame-startup.html (cpu, spawn to 'Started flows' + ~0.1 s)"
FLAMES+=(target/bench/flame-startup.html)
hot() { # runs "$@" with async-profiler's cpu sampling on, saves flame-$NAME.html
  agent "start,event=cpu,interval=1ms"
  "$@" >/dev/null
  agent "stop,file=$OUT/flame-$NAME.html"
  echo "flame graph: target/bench/flame-$NAME.html"
  FLAMES+=("target/bench/flame-$NAME.html")
}
NAME=http-loop LOOPS=http hot loops "$OUT/profiled-loops.json"
NAME=grpc-loop LOOPS=grpc hot loops "$OUT/profiled-loops.json"
NAME=wrk hot run_wrk
NAME=h2load hot run_h2load
stop_redwire
readme_block
