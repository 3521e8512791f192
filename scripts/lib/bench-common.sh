# Helpers shared by scripts/bench-*.sh (sourced; run from the repository root, with OUT set).

record() { # name value unit note: prints the row, appends it to $RESULTS when scripts/bench.sh collects them
  echo "$1: $2 $3 ($4)"
  [ -n "${RESULTS:-}" ] && printf '{"name":"%s","value":%s,"unit":"%s","note":"%s"}\n' "$1" "$2" "$3" "$4" >> "$RESULTS"
  return 0
}

on_port() { # flows-in flows-out port [host]: the same flows with every grpc-server on port (and bound to host)
  python3 - "$1" "$2" "$3" "${4:-}" <<'PY'
import json, sys
nodes = json.load(open(sys.argv[1]))
for n in nodes:
    if n.get("type") == "grpc-server":
        n["port"] = sys.argv[3]
        if sys.argv[4]:
            n["server"] = sys.argv[4]
json.dump(nodes, open(sys.argv[2], "w"))
PY
}

wait_started() { # log: the engine logs "Started flows" once every node (servers included) has started
  for _ in $(seq 1 360); do
    grep -q 'Started flows' "$1" 2>/dev/null && return 0
    sleep 0.5
  done
  echo "$(basename "$0"): flows did not start, see $1" >&2; exit 1
}

test_classpath() { # the class path of the bench clients in target/test-classes (test-compiles when missing)
  [ -f "$1" ] || mvn -B -q test-compile >&2
  mvn -B -q dependency:build-classpath -Dmdep.outputFile="$OUT/classpath.txt" >/dev/null
  echo "target/test-classes:target/classes:$(cat "$OUT/classpath.txt")"
}

kill_on_exit() { # [dir]: on exit, kill every background process listed in PIDS (add with PIDS+=($!)) and remove dir
  PIDS=()
  CLEANUP_DIR="${1:-}"
  trap 'for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; [ -z "$CLEANUP_DIR" ] || rm -rf "$CLEANUP_DIR"' EXIT
}

tinycalc_python() { # sets GEN: a temporary directory, removed on exit, holding protos/tinycalc.thrift's Python code
  GEN="$(mktemp -d)"
  kill_on_exit "$GEN"
  thrift --gen py -out "$GEN" protos/tinycalc.thrift
}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

start_nodered() { # flows dir port log: Node-RED 5.0.7 (scripts/nodered-peer.sh's install) on a copy of flows in dir; sets NR_PID
  local nr="${REDWIRE_NODERED_DIR:-$HOME/.cache/redwire/nodered}"
  mkdir -p "$2"; cp "$1" "$2/flows.json"
  : > "$4" # emptied before the start: the background redirection may truncate it only after wait_started read it
  "$(cat "$nr/node-binary")" "$nr/node_modules/node-red/red.js" -u "$2" -p "$3" flows.json > "$4" 2>&1 &
  NR_PID=$!
}

nodered_installed() { [ -f "${REDWIRE_NODERED_DIR:-$HOME/.cache/redwire/nodered}/node-binary" ]; }

body_chain_flow() { # n: http in POST /big -> n change nodes (set msg.topic) -> http response, the 73 kB body rows' flow
  python3 - "$1" <<'PY'
import json, sys
n = int(sys.argv[1])
nodes = [{"id": "big-tab", "type": "tab", "label": "big body"},
         {"id": "big-in", "type": "http in", "z": "big-tab", "url": "/big", "method": "post", "upload": False,
          "swaggerDoc": "", "wires": [["big-change-0"]]}]
for i in range(n):
    nodes.append({"id": f"big-change-{i}", "type": "change", "z": "big-tab",
                  "rules": [{"t": "set", "p": "topic", "pt": "msg", "to": f"step {i}", "tot": "str"}],
                  "wires": [[f"big-change-{i + 1}" if i + 1 < n else "big-out"]]})
nodes.append({"id": "big-out", "type": "http response", "z": "big-tab", "statusCode": "",
              "headers": {"Content-Type": "application/json"}, "wires": []})
print(json.dumps(nodes))
PY
}
