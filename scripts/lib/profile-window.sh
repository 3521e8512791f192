# A flame graph of a running JVM over a window of work (sourced; run from the repository root, with OUT set):
#   profile_window PID FILE.html COMMAND...   cpu samples (async-profiler 4.0, 1 ms) while COMMAND runs
#   (COLLAPSED=FILE: the same samples as collapsed stacks too, for reading with grep)
# A stopgap until perf-startup's scripts/lib/profiler.sh lands; the same agent and options as bench-vs-nodered.sh.
profiler_lib() { # prints the path of libasyncProfiler.so under $OUT (unpacked from the Maven artifact once)
  local ap="$OUT/async-profiler/libasyncProfiler.so" jar="$HOME/.m2/repository/tools/profiler/async-profiler/4.0/async-profiler-4.0.jar"
  if [ ! -f "$ap" ]; then
    [ -f "$jar" ] || mvn -B -q dependency:get -Dartifact=tools.profiler:async-profiler:4.0 >/dev/null
    mkdir -p "$OUT/async-profiler"
    unzip -o -q -j "$jar" 'linux-x64/libasyncProfiler.so' -d "$OUT/async-profiler"
  fi
  echo "$ap"
}

profile_window() {
  local pid="$1" file="$2" ap jcmd
  shift 2
  ap="$(profiler_lib)"
  jcmd="$(dirname "$(readlink -f "/proc/$pid/exe")")/jcmd"
  "$jcmd" "$pid" "JVMTI.agent_load $ap \"start,event=cpu,interval=1ms\"" | grep -q 'return code: 0' || echo "profile_window: start failed" >&2
  "$@" >/dev/null
  [ -z "${COLLAPSED:-}" ] || "$jcmd" "$pid" "JVMTI.agent_load $ap \"dump,collapsed,file=$COLLAPSED\"" >/dev/null
  "$jcmd" "$pid" "JVMTI.agent_load $ap \"stop,minwidth=0.5,file=$file\"" | grep -q 'return code: 0' || echo "profile_window: stop failed" >&2
}
