#!/usr/bin/env bash
# Runs a recorded Node-RED conformance suite against Redwire: ../shared/conformance, or the one CONFORMANCE_DIR
# names (../shared/conformance-palette).
#   scripts/conformance.sh [run.py options, e.g. --filter switch/ --junit out.xml]
# Uses target/redwire.jar when present (REDWIRE_CP overrides the classpath).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CONF="${CONFORMANCE_DIR:-$ROOT/../shared/conformance}"
PORT="${CONF_PORT:-18890}"
WORK="$(mktemp -d)"
trap 'kill "${PID:-0}" 2>/dev/null || true; rm -rf "$WORK"' EXIT
# with --filter, build the flows from the matching cases only: one missing node type stops every flow
FILTERS=()
ARGS=("$@")
for ((i = 0; i < ${#ARGS[@]}; i++)); do
  if [ "${ARGS[$i]}" = "--filter" ]; then FILTERS+=("${ARGS[$((i + 1))]}"); fi
done
CASES="$CONF/cases"
if [ "${#FILTERS[@]}" -gt 0 ]; then
  CASES="$WORK/cases"
  python3 - "$CONF/cases" "$CASES" "${FILTERS[@]}" <<'PY'
import json, os, shutil, sys
src, dst, filters = sys.argv[1], sys.argv[2], sys.argv[3:]
for root, _, files in os.walk(src):
    for fn in files:
        if not fn.endswith(".json"):
            continue
        path = os.path.join(root, fn)
        group = os.path.relpath(root, src).replace(os.sep, "/")
        name = json.load(open(path, encoding="utf-8")).get("name", fn[:-5])
        if any(f in group + "/" + name for f in filters):
            os.makedirs(os.path.join(dst, group), exist_ok=True)
            shutil.copy(path, os.path.join(dst, group, fn))
PY
fi
python3 "$CONF/build_flows.py" "$CASES" "$WORK/flows.json" >/dev/null
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
