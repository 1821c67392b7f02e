#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Fuzzes one target (default report-json: the JSON report loader) with
# libFuzzer for a bounded time. Not run by ./test.sh (it takes minutes); the
# meson tests "fuzz-TARGET" (suite fuzz) replay the seeds and mutate them
# for a few seconds in every build.
#
#   tests/fuzz/run-fuzz.sh [TARGET] [SECONDS] [extra libFuzzer options...]
#
# TARGET is report-json, writers, charts, compare or cli-tables
# (tests/fuzz/fuzz-TARGET.c). Builds libiobench with clang, ASan and
# coverage in _build-fuzz, links the target with -fsanitize=fuzzer,address,
# and runs it on a copy of tests/fuzz/corpus, hostile and regressions (and
# pairs for compare) with the schema dictionary. A crash leaves its input in
# _build-fuzz/artifacts/ and makes this script fail: fix the bug, then copy
# the input into tests/fuzz/regressions/ so it is replayed from then on.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
target=report-json
case "${1:-}" in
  ''|[0-9]*) ;;
  *) target=$1; shift ;;
esac
[ -f "$root/tests/fuzz/fuzz-$target.c" ] || { echo "run-fuzz: no target $target" >&2; exit 2; }
seconds=${1:-120}
shift || true
build=${IB_FUZZ_BUILD:-$root/_build-fuzz}

# shellcheck source=build-aux/deps.sh
source "$root/build-aux/deps.sh"
ib_ensure_packages clang libclang-rt-14-dev

if [ ! -f "$build/build.ninja" ]; then
  CC=clang meson setup "$build" "$root" -Dgui=disabled -Dwerror=false \
    -Db_sanitize=address -Db_lundef=false -Dc_args=-fsanitize=fuzzer-no-link >/dev/null
fi
# One static library per layer (src/meson.build), linked top layer first.
libs=()
for layer in report chart analysis engine; do
  libs+=("$build/src/libiobench-$layer.a")
done
ninja -C "$build" "${libs[@]#"$build"/}" >/dev/null

deps="glib-2.0 gio-2.0 gio-unix-2.0 json-glib-1.0 zlib cairo pangocairo"
pkg-config --exists liburing && deps="$deps liburing"
extra=()
if [ "$target" = cli-tables ]; then
  # the CLI's printing is part of the executable, not of libiobench
  extra=(-I"$root/src/cli" "$root"/src/cli/cli-{common,table,print,output}.c)
fi
# shellcheck disable=SC2046
clang -g -O1 -fsanitize=fuzzer,address -Werror -Wall \
  -I"$build/src/include/config" -I"$root/src/include/report" -I"$root/src" \
  -I"$root/tests/fuzz" $(pkg-config --cflags $deps) \
  "$root/tests/fuzz/fuzz-$target.c" "$root/tests/fuzz/fuzz-common.c" "${extra[@]}" "${libs[@]}" \
  $(pkg-config --libs $deps) -lm -pthread -o "$build/fuzz-$target"

work="$build/corpus-$target"
mkdir -p "$work" "$build/artifacts"
dirs=(corpus hostile regressions)
[ "$target" = compare ] && dirs+=(pairs)
for d in "${dirs[@]}"; do
  cp -n "$root"/tests/fuzz/"$d"/* "$work"/ 2>/dev/null || true
done
rm -f "$work"/*.md

echo "fuzzing $target for ${seconds}s (corpus: $(ls "$work" | wc -l) inputs)" >&2
set +e
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
  "$build/fuzz-$target" "$work" \
  -dict="$root/tests/fuzz/json.dict" -max_total_time="$seconds" -max_len=1048576 \
  -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
  -artifact_prefix="$build/artifacts/" "$@" >"$build/fuzz.log" 2>&1
status=$?
set -e
grep -v -E '^#[0-9]+.*(NEW|REDUCE|pulse)' "$build/fuzz.log" | tail -n 60 >&2
if [ "$status" -ne 0 ]; then
  echo "run-fuzz: the fuzzer stopped with status $status; inputs in $build/artifacts/:" >&2
  ls -l "$build/artifacts/" >&2
  exit 1
fi
echo "run-fuzz: no crash in ${seconds}s" >&2
