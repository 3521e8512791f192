# async-profiler for any window of a Redwire (or floor) JVM (sourced; run from the repository root, with OUT set).
#   profiler_lib                 sets AP: libasyncProfiler.so under $OUT (fetched from Maven Central once)
#   profiler_startup_opts file   JVM options that profile from the first instruction into file (cpu samples:
#                                wall samples of idle threads would hide the start-up); add them to REDWIRE_JAVA_OPTS
#   profiler_start pid           starts cpu sampling in a running JVM (jcmd's JVMTI.agent_load)
#   profiler_stop pid file       stops it and writes the flame graph (.html) or collapsed stacks (.collapsed) to file
# PROFILE_OPTS adds async-profiler options to every start (e.g. "minwidth=0.5" keeps a flame graph small).
AP_VERSION=4.0

profiler_lib() {
  AP="$OUT/async-profiler/libasyncProfiler.so"
  [ -f "$AP" ] && return 0
  local jar="$HOME/.m2/repository/tools/profiler/async-profiler/$AP_VERSION/async-profiler-$AP_VERSION.jar"
  [ -f "$jar" ] || mvn -B -q dependency:get -Dartifact="tools.profiler:async-profiler:$AP_VERSION" >/dev/null
  mkdir -p "$OUT/async-profiler"
  unzip -o -q -j "$jar" 'linux-x64/libasyncProfiler.so' -d "$OUT/async-profiler"
}

profiler_opts() { # the options every window shares
  echo "event=cpu,interval=1ms${PROFILE_OPTS:+,$PROFILE_OPTS}"
}

profiler_startup_opts() {
  profiler_lib
  local dyn=""
  # JDK 21+ warns about (and later refuses) an agent loaded into a running JVM without this flag
  [ "$(REDWIRE_PRINT_JAVA=1 ./redwire run x | grep -c -- --enable-native-access)" = 1 ] && dyn="-XX:+EnableDynamicAgentLoading"
  echo "$dyn -agentpath:$AP=start,$(profiler_opts),file=$1"
}

profiler_jcmd() { # pid command: one quoted argument (jcmd would split at the commas)
  local java jcmd
  java="$(REDWIRE_PRINT_JAVA=1 ./redwire run x | cut -d' ' -f1)"
  jcmd="$(dirname "$java")/jcmd"; [ -x "$jcmd" ] || jcmd=jcmd
  "$jcmd" "$1" "JVMTI.agent_load $AP \"$2\"" > "$OUT/profiler-jcmd.log" 2>&1; grep -q "return code: 0" "$OUT/profiler-jcmd.log" || { echo "async-profiler: '$2' failed:" >&2; cat "$OUT/profiler-jcmd.log" >&2; }
}

profiler_start() { profiler_lib; profiler_jcmd "$1" "start,$(profiler_opts)"; }

profiler_stop() {
  local fmt=""
  case "$2" in *.collapsed) fmt=",collapsed" ;; esac # one line per stack: for scripts that sum samples by frame
  profiler_lib; profiler_jcmd "$1" "stop,file=$2$fmt${PROFILE_OPTS:+,$PROFILE_OPTS}"
}
