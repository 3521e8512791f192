#!/usr/bin/env bash
# Installs the independent Connect / gRPC-Web / gRPC client the Connect acceptance test drives: @connectrpc/connect-node
# 2.x with @bufbuild/protobuf 2.x, from npm (no generated code: the test builds its registry from protoc's descriptor
# set). connect-node 2.3 needs Node 22: the node scripts/nodered-peer.sh provides (run first when it has not been).
#   scripts/connect-peer.sh [DIR]     DIR defaults to $REDWIRE_CONNECT_DIR or ~/.cache/redwire/connect
# Writes DIR/node-binary (the node to run the client with). Idempotent: a complete install is left alone.
set -euo pipefail
DIR="${1:-${REDWIRE_CONNECT_DIR:-$HOME/.cache/redwire/connect}}"
NODERED_DIR="${REDWIRE_NODERED_DIR:-$HOME/.cache/redwire/nodered}"
CONNECT=2.3.0
PROTOBUF=2.17.0
[ -f "$NODERED_DIR/node-binary" ] || "$(dirname "${BASH_SOURCE[0]}")/nodered-peer.sh" "$NODERED_DIR"
mkdir -p "$DIR"
cd "$DIR"
if [ ! -f node_modules/@connectrpc/connect-node/package.json ] || [ ! -f node_modules/@bufbuild/protobuf/package.json ]; then
  [ -f package.json ] || npm init -y >/dev/null
  npm install --no-audit --no-fund --loglevel=error "@connectrpc/connect@$CONNECT" \
    "@connectrpc/connect-node@$CONNECT" "@bufbuild/protobuf@$PROTOBUF"
fi
NODE=$(cat "$NODERED_DIR/node-binary")
echo "$NODE" > node-binary
echo "@connectrpc/connect-node $CONNECT + @bufbuild/protobuf $PROTOBUF in $DIR, node: $("$NODE" --version)"
