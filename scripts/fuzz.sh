#!/usr/bin/env bash
# Long run of the property-based fuzzers (every *FuzzTest: flow loader + deploy, .proto compiler, Thrift IDL and
# codec, HTTP body parsers, yaml/csv/xml parsers, JSONata / typed inputs, mustache templates). The test suite runs
# 300 tries each; this runs [tries] (default 10 000) each and prints jqwik's summary per property (full log:
# target/fuzz.log). A failing input is printed with its shrunk form: keep it as a file under
# src/test/resources/fuzz-corpus/<target>/ (the corpus tests replay it), then fix the bug.
#   scripts/fuzz.sh [tries] [test classes, default '*FuzzTest', e.g. ParserFuzzTest]
set -uo pipefail
cd "$(dirname "$0")/.."
tries="${1:-10000}"
mkdir -p target
mvn -B -o -ntp test -Dtest="${2:-*FuzzTest}" -Djqwik.tries.default="$tries" -Djqwik.reporting.onlyfailures=false \
    -Dsurefire.failIfNoSpecifiedTests=false >target/fuzz.log 2>&1
status=$?
grep -E '^\|-+jqwik|^tries|^checks|^seed|Tests run:|FAIL|undeclared|no answer|Sample' target/fuzz.log
exit $status
