#!/usr/bin/env bash
# Re-takes the dashboard screenshots in docs/img with headless Chromium:
# - seed-dashboard.png (README): the seed chart flow (flows/seed-dashboard.json, SeedDashboardTest with sets of 30
#   calls so both series have points within a minute);
# - dashboard2-{desktop,phone}.png and dashboard1-{desktop,phone}.png (docs/dashboard.md): DashboardSideBySideTest's
#   showcase flows in the real Node-RED 5.0.7 with Dashboard 2.0 (left) / node-red-dashboard 3.6.6 and in Redwire
#   (right), the same msgs injected, at 1280 x 960 and 390 x 844, composed side by side with an 8-bit palette.
#   scripts/dashboard-screenshots.sh
# Needs /usr/bin/chromium, /usr/bin/chromedriver and Node-RED with both dashboards (scripts/nodered-peer.sh).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
mvn -B -o -q test -Dtest='SeedDashboardTest,DashboardSideBySideTest' -Dsurefire.failIfNoSpecifiedTests=false \
  -Dredwire.skipEditorTests -Dredwire.screenshots="$ROOT/docs/img"
ls -l docs/img/seed-dashboard.png docs/img/dashboard[12]-*.png
