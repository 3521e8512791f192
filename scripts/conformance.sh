#!/usr/bin/env bash
# Runs the public Node-RED conformance suite (../shared/conformance) against Redwire.
#   scripts/conformance.sh [run.py options, e.g. --filter switch/ --junit out.xml]
# Uses target/redwire.jar when present (REDWIRE_CP overrides the classpath).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CONF="${CONFORMANCE_DIR:-$ROOT/../shared/conformance}"
PORT="${CONF_PORT:-18890}"
WORK="$(mktemp -d)"
trap 'kill "${PID:-0}" 2>/dev/null || true; rm -rf "$WORK"' EXIT
python3 "$CONF/build_flows.py" "$CONF/cases" "$WORK/flows.json" >/dev/null
if [ -n "${REDWIRE_CP:-}" ]; then
  LAUNCH=(java -cp "$REDWIRE_CP" io.redwire.cli.Main)
else
  LAUNCH=(java -jar "$ROOT/target/redwire.jar")
fi
CONF_PORT="$PORT" "${LAUNCH[@]}" run "$WORK/flows.json" --port "$PORT" --user-dir "$WORK/user" \
  >"$WORK/engine.log" 2>&1 &
PID=$!
set +e
"$CONF/check.sh" "http://127.0.0.1:$PORT" "$@"
RC=$?
set -e
if [ "$RC" -ne 0 ] && [ -n "${SHOW_ENGINE_LOG:-}" ]; then tail -50 "$WORK/engine.log"; fi
exit "$RC"
