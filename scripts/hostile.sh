#!/usr/bin/env bash
# Issue 15's acceptance figures as one command: starts the engine with ./redwire (the launcher's production JVM
# settings) serving an upload route, a cyclic-object route, a gRPC Chat echo and a framed Thrift server, then measures
# it from outside (io.redwire.reliab.HostileFigures): 60 and 600 parallel 5 MB uploads while another client keeps
# asking /ok, a gRPC client that never reads its echoes, 100 half-sent 15 MB Thrift frames, the cyclic-object route
# and the deploy-hang inputs; issue 21's admin figures (AdminHostileFigures): a cross-site POST /flows, requests
# sent during a 20 s SIGSTOP, a /comms socket after logout and session expiry; its node-error figures
# (NodeErrorFigures, each deploying its own flows): a template of three nested sections over 1000 items and a NUL
# byte in msg.filename; its parser inputs (ParserFigures): a YAML alias bomb, a 2.5 M-field CSV line, $pad to 1e6,
# 100 000 nested XML elements; and its gRPC figures (GrpcHostileFigures): oversized metadata on the server and the
# client side (grpcMetadata, with Python grpcio peers), reflection listing and turned off (grpcReflection); issue
# 24's Thrift over HTTP: bad requests beside libthrift THttpClient calls (thriftHttp), and its Connect figure
# (ConnectHostileFigures): rounds of bad Connect requests between good calls (connectBadRequests); issue 26's
# dashboard pages (DashboardHostileFigures): a 1 MB frame and 10 000 events a second from two pages while five
# others get chart points (dashboardHostilePage). One line per
# figure, PASS or FAIL; exit 1 when any fails.
#   scripts/hostile.sh [seconds the gRPC client does not read, default 60] [figures, comma-separated: uploads60,
#                      uploads600,grpc,thrift,inputs,crossSite,freeze,commsLogout,contextUnwritable,
#                      contextFullDisk,contextIds,templateOom,nulFilename,yamlAliasBomb,csvFields,jsonataPad,
#                      deepXml,grpcMetadata,grpcReflection,thriftHttp,connectBadRequests,dashboardHostilePage;
#                      default all]
#   The context-store figures of issue 21 (ContextFigures) start an engine each with a localfilesystem store;
#   contextFullDisk mounts a 256 kB tmpfs (needs root).
# Needs target/redwire.jar (built when missing) and the test classes. Binds 127.0.0.1 only, on free ports.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
OUT=target/hostile; mkdir -p "$OUT"
. scripts/lib/bench-common.sh
[ -f target/redwire.jar ] || mvn -B -q package -DskipTests
CP="$(test_classpath target/test-classes/io/redwire/reliab/HostileFigures.class)"
echo "load before: $(uptime)" | tee "$OUT/output.txt"
java -cp "$CP" io.redwire.reliab.HostileFigures "${1:-60}" ${2:+"$2"} 2>"$OUT/clients.log" | tee -a "$OUT/output.txt"
status=${PIPESTATUS[0]}
echo "load after: $(uptime)" | tee -a "$OUT/output.txt"
exit "$status"
