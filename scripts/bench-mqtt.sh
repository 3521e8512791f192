#!/usr/bin/env bash
# MQTT benchmark (a command, not a test): messages per second through mqtt in -> change -> mqtt out with a
# mosquitto broker on loopback, Redwire and the real Node-RED 5.0.7 measured in the same sitting.
#   scripts/bench-mqtt.sh [N]      N messages per measured run (default 50000)
# mosquitto_pub -l publishes N numbered messages to bench/in<Q>; the flow sets msg.topic to bench/out<Q> and
# republishes at the same QoS; mosquitto_sub counts them on bench/out<Q>. Rate = N / (first publish .. last
# received). One warm-up run of N/5 per QoS first. First the broker's own ceiling: mosquitto_pub -> mosquitto_sub on
# one topic, no engine between; then the floor of a relay (MqttRelayFloor: a bare Vert.x MQTT client republishing
# what it receives, the flow's work without an engine), whose messages cross the broker twice. Redwire runs through
# ./redwire (its JVM and defaults). Needs mosquitto, mosquitto-clients, target/redwire.jar (built when missing) and
# Node-RED (scripts/nodered-peer.sh; SKIP_NODERED=1: Redwire only). Prints `uptime` before each engine: the machine is shared.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
N="${1:-50000}"
OUT=target/bench; mkdir -p "$OUT"
. scripts/lib/bench-common.sh
. scripts/lib/floor.sh
[ -f target/redwire.jar ] || mvn -B -q package -DskipTests
WORK="$(mktemp -d)"
kill_on_exit "$WORK"

BROKER=$(free_port)
printf 'listener %s 127.0.0.1\nallow_anonymous true\npersistence false\nmax_queued_messages 0\n' "$BROKER" > "$WORK/mosquitto.conf"
mosquitto -c "$WORK/mosquitto.conf" > "$WORK/mosquitto.log" 2>&1 &
PIDS+=($!)
sleep 0.5

flow() { # the same flow for both engines: one pipeline per QoS
  python3 - "$BROKER" <<'PY'
import json, sys
nodes = [{"id": "bench-tab", "type": "tab", "label": "mqtt bench"},
         {"id": "bench-broker", "type": "mqtt-broker", "broker": "127.0.0.1", "port": sys.argv[1], "clientid": "",
          "autoConnect": True, "usetls": False, "protocolVersion": "4", "keepalive": "60", "cleansession": True}]
for q in ("0", "1"):
    nodes += [
        {"id": "bench-in" + q, "type": "mqtt in", "z": "bench-tab", "topic": "bench/in" + q, "qos": q,
         "datatype": "auto-detect", "broker": "bench-broker", "inputs": 0, "wires": [["bench-change" + q]]},
        {"id": "bench-change" + q, "type": "change", "z": "bench-tab",
         "rules": [{"t": "set", "p": "topic", "pt": "msg", "to": "bench/out" + q, "tot": "str"}],
         "wires": [["bench-out" + q]]},
        {"id": "bench-out" + q, "type": "mqtt out", "z": "bench-tab", "topic": "", "qos": q, "retain": "",
         "broker": "bench-broker", "wires": []}]
print(json.dumps(nodes))
PY
}

run() { # qos count [topic-in topic-out] -> messages per second (prints "rate received")
  local q=$1 n=$2 sub t0 t1
  stdbuf -oL mosquitto_sub -h 127.0.0.1 -p "$BROKER" -t "${4:-bench/out$q}" -q "$q" -C "$n" -W 300 > "$WORK/sub.out" 2>/dev/null &
  sub=$!
  sleep 0.5   # mosquitto_sub subscribes
  t0=$(date +%s.%N)
  seq 1 "$n" | mosquitto_pub -h 127.0.0.1 -p "$BROKER" -t "${3:-bench/in$q}" -q "$q" -l
  wait "$sub" || true
  t1=$(date +%s.%N)
  local got
  got=$(wc -l < "$WORK/sub.out")
  python3 -c "import sys; n=$got; print(round(n/($t1-$t0)), n)"
}

measure() { # engine-label -> rows
  local label=$1
  echo "[$label] $(uptime)"
  run 0 $((N / 5)) >/dev/null; run 1 $((N / 5)) >/dev/null   # warm-up
  for q in 0 1; do
    read -r rate got < <(run "$q" "$N")
    record "mqtt in -> change -> mqtt out, QoS $q, $label" "$rate" "msg/s" "$got of $N received"
  done
}

wait_log() { # file text
  for _ in $(seq 1 240); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.5; done
  echo "bench-mqtt: '$2' never appeared in $1" >&2; tail -20 "$1" >&2; exit 1
}

echo "[broker alone] $(uptime)"
for q in 0 1; do
  run "$q" $((N / 5)) "bench/floor$q" "bench/floor$q" >/dev/null
  read -r rate got < <(run "$q" "$N" "bench/floor$q" "bench/floor$q")
  record "mosquitto_pub -> mosquitto_sub alone, QoS $q, broker ceiling" "$rate" "msg/s" "$got of $N received"
done

echo "the floor: a bare Vert.x MQTT relay ..."
floor_init
floor_server MqttRelayFloor "$BROKER" "$WORK/floor-relay.log"
PIDS+=($FLOOR_PID)
measure "relay floor"
kill "$FLOOR_PID"; wait "$FLOOR_PID" 2>/dev/null || true

flow > "$WORK/flows.json"
echo "Redwire ..."
mkdir -p "$WORK/rw"; ./redwire "$WORK/flows.json" -u "$WORK/rw" -p "$(free_port)" > "$WORK/redwire.out" 2> "$WORK/redwire.log" &
RW=$!; PIDS+=($RW)
wait_log "$WORK/redwire.log" "Connected to broker"
measure "Redwire"
kill "$RW"; wait "$RW" 2>/dev/null || true

if [ "${SKIP_NODERED:-0}" = 1 ]; then
  echo "Node-RED skipped (SKIP_NODERED=1)"
elif nodered_installed; then
  echo "Node-RED 5.0.7 ..."
  start_nodered "$WORK/flows.json" "$WORK/nr" "$(free_port)" "$WORK/nodered.log"
  NR=$NR_PID; PIDS+=($NR)
  wait_log "$WORK/nodered.log" "Connected to broker"
  measure "Node-RED 5.0.7"
  kill "$NR"; wait "$NR" 2>/dev/null || true
else
  echo "Node-RED not installed (scripts/nodered-peer.sh): only Redwire measured" >&2
fi
