# The floor programs (src/test/java/io/redwire/bench/floor) on ./redwire's JVM and options (sourced after
# bench-common.sh; run from the repository root, with OUT set). Each prints what the bench parses.

floor_init() { # sets FLOOR_JAVA (once): ./redwire's java and options, the floor's class path; on JDK 25+ its own AOT cache
  [ -z "${FLOOR_JAVA+x}" ] || return 0
  local cmd opts=() o aot=""
  cmd="$(REDWIRE_PRINT_JAVA=1 ./redwire run x)"
  read -ra cmd <<<"${cmd%% -cp *}"
  for o in "${cmd[@]}"; do # Redwire's start-up archive belongs to redwire.jar's class path, not the floor's
    case "$o" in -XX:AOTCache=*) aot=1 ;; -XX:SharedArchiveFile=*|-Xshare:auto) ;; *) opts+=("$o") ;; esac
  done
  local deps jar_tool
  deps="$(test_classpath target/test-classes/io/redwire/bench/floor/Floor.class)"
  # the floor's classes in a jar of their own: the JVM refuses to write an AOT cache for a class path with a
  # non-empty directory on it (so the floor used to start without one while Redwire started with one)
  if [ -n "$(find target/test-classes/io/redwire/bench/floor -newer "$OUT/floor.jar" 2>/dev/null)" ] \
     || [ ! -f "$OUT/floor.jar" ]; then
    rm -f "$OUT/floor.jar" "$OUT/floor.aot"
    jar_tool="$(dirname "${cmd[0]}")/jar"; [ -x "$jar_tool" ] || jar_tool=jar
    "$jar_tool" cf "$OUT/floor.jar" -C target/test-classes io/redwire/bench/floor
  fi
  # no logging backend at all (SLF4J's no-op provider): the floor prints its own lines, and configuring Logback
  # would add to its start what a bare program need not do
  FLOOR_JAVA=("${opts[@]}" -Dslf4j.provider=org.slf4j.helpers.NOP_FallbackServiceProvider
              -cp "$OUT/floor.jar:${deps#target/test-classes:target/classes:}")
  if [ -n "$aot" ]; then # Redwire starts with an AOT cache, so the floor does too: one trained on the start-up floor
    local cache="$OUT/floor.aot"
    [ -f "$cache" ] || "${FLOOR_JAVA[@]}" -XX:AOTCacheOutput="$cache" io.redwire.bench.floor.StartupFloor >/dev/null 2>&1 || true
    [ -f "$cache" ] && FLOOR_JAVA+=(-XX:AOTCache="$cache")
  fi
  return 0
}

floor_startup() { # ms from spawn to "Started floor", the median of three starts
  local t0 line v=() _
  for _ in 1 2 3; do
    t0=$(date +%s%3N)
    read -r line < <("${FLOOR_JAVA[@]}" io.redwire.bench.floor.StartupFloor 2>/dev/null)
    [[ "$line" == "Started floor"* ]] || { echo "floor: the start-up floor printed '$line'" >&2; return 1; }
    v+=($(($(date +%s%3N) - t0)))
  done
  printf '%s\n' "${v[@]}" | sort -n | sed -n 2p
}

floor_loops() { # sets: the loop floors' "<name> per-set ms: ..." lines
  local c
  for c in HttpLoopFloor GrpcLoopFloor JsFunctionFloor; do
    "${FLOOR_JAVA[@]}" "io.redwire.bench.floor.$c" "$1" 2>/dev/null
  done
}

floor_body_file() { # file: writes the 73 kB JSON body there
  "${FLOOR_JAVA[@]}" io.redwire.bench.floor.JsonBodyFloor --body > "$1" 2>/dev/null
}

floor_server() { # class port log: starts a floor server on port, sets FLOOR_PID once it serves
  "${FLOOR_JAVA[@]}" "io.redwire.bench.floor.$1" "$2" > "$3" 2>&1 &
  FLOOR_PID=$!
  for _ in $(seq 1 3000); do
    grep -q 'Started floor' "$3" && return 0
    kill -0 "$FLOOR_PID" 2>/dev/null || break
    sleep 0.02
  done
  echo "floor: $1 did not start, see $3" >&2; return 1
}

floor_body_server() { # port: starts the Jackson parse + write server on port, sets FLOOR_PID once it serves
  floor_server JsonBodyFloor "$1" "$OUT/floor-body.log"
}

floor_grpc_server() { # port: starts the bare Vert.x gRPC SayHello server (h2load's floor), sets FLOOR_PID once it serves
  floor_server GrpcServerFloor "$1" "$OUT/floor-grpc.log"
}
