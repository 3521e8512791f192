#!/usr/bin/env bash
# Re-takes the dashboard screenshots in docs/img with headless Chromium: the seed chart flow (flows/seed-dashboard.json,
# SeedDashboardTest with sets of 30 calls so both series have points within a minute) for README.
#   scripts/dashboard-screenshots.sh
# Needs /usr/bin/chromium and /usr/bin/chromedriver.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
mvn -B -o -q test -Dtest=SeedDashboardTest -Dsurefire.failIfNoSpecifiedTests=false -Dredwire.skipEditorTests \
  -Dredwire.screenshots="$ROOT/docs/img"
ls -l docs/img/seed-dashboard.png
