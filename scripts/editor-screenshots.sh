#!/usr/bin/env bash
# The seed flow in the real Node-RED 5.0.7 editor and in Redwire's, side by side (Node-RED left) in headless
# Chromium at 1400 x 900: docs/img/editor/{seed-canvas,change-form,function-form,debug-sidebar}.png (overwritten on
# each run); then both editors' load times (seed flow, 2 000 nodes; RUNS each, alternating) printed for
# docs/editor.md. Needs /usr/bin/chromium + chromedriver and Node-RED under ~/.cache/redwire/nodered.
#   scripts/editor-screenshots.sh [RUNS=3]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
OUT="$ROOT/target/screenshots"; mkdir -p "$OUT"
. scripts/lib/bench-common.sh
mvn -B -q -o test-compile -Dredwire.skipEditorTests >&2
CP="$(test_classpath target/test-classes/io/redwire/editor/EditorScreenshots.class)"
java -cp "$CP" io.redwire.editor.EditorScreenshots "${1:-3}"
