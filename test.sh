#!/usr/bin/env bash
# Quick start, part 2: install what is missing, build with warnings as errors,
# run every suite (plus the portable-fallback and sanitizer builds), and print
# "N passed, N failed" as the very last line.
#
# It tests what it says whatever ran before: its builds live in their own
# folders (build-aux/test-builds.sh: _build-test, _build-portable, _build-asan;
# never ./run.sh's release _build), are reconfigured on every run (meson looks
# again for what was missing, e.g. libfuse3-dev installed since) and checked
# with meson introspect against their options (a line per build shows
# "-Werror on"; a build whose options differ fails). Every skipped test is
# listed with its reason before the summary; a skip for want of a package
# that installs here, a suite that ran no test, and a build that cannot be
# configured (naming the packages it lacks) are failures
# (build-aux/test-summary.py).
set -uo pipefail
cd "$(dirname "$0")"
source build-aux/deps.sh
source build-aux/test-builds.sh
ib_ensure_packages "${IB_BUILD_PKGS[@]}" "${IB_TEST_PKGS[@]}"

passed=0
failed=0
failures=()
skips=()
case_skips=()

# count_log BUILD_DIR SUITE...: adds the results of the last `meson test` in
# BUILD_DIR (each SUITE must have run a test), and keeps its skips and failures.
count_log () {
  local line p=0 f=1
  while IFS= read -r line; do
    case "$line" in
      "COUNTS "*) read -r _ p f <<<"$line" ;;
      "FAILED: "*) failures+=("${line#FAILED: }") ;;
      "SKIPPED: "*) skips+=("${line#SKIPPED: }") ;;
      "SKIPPED-CASE: "*) case_skips+=("${line#SKIPPED-CASE: }") ;;
    esac
  done < <(python3 build-aux/test-summary.py count "$@")
  passed=$((passed + p)); failed=$((failed + f))
}

# setup_failed DIR: a build that cannot be configured, with the packages it lacks.
setup_failed () {
  local pkgs
  cat "$1.setup.log"
  pkgs=$(python3 build-aux/test-summary.py missing-deps "$1/meson-logs/meson-log.txt")
  failed=$((failed + 1))
  failures+=("$1: meson setup failed${pkgs:+: missing $pkgs (apt-get install $pkgs)}")
}

# build DIR: configures DIR with its options from build-aux/test-builds.sh (a
# fresh setup, or a reconfigure that looks for every dependency again), checks
# with meson introspect that it has them, and builds it. A failure counts.
build () {
  local dir=$1 opt key want have wrong=()
  ib_test_build "$dir" || { echo "test.sh: unknown build $dir" >&2; return 1; }
  if [ -f "$dir/build.ninja" ]; then
    meson setup --reconfigure "$dir" "${IB_BUILD_OPTS[@]}" >"$dir.setup.log" 2>&1 ||
      meson setup --wipe "$dir" "${IB_BUILD_OPTS[@]}" >"$dir.setup.log" 2>&1 ||
      { setup_failed "$dir"; return 1; }
  else
    rm -rf "$dir"
    meson setup "$dir" "${IB_BUILD_OPTS[@]}" >"$dir.setup.log" 2>&1 ||
      { setup_failed "$dir"; return 1; }
  fi
  for opt in "${IB_BUILD_OPTS[@]}"; do
    key=${opt#-D}; want=${key#*=}; key=${key%%=*}
    have=$(ib_build_option "$dir" "$key")
    [ "$have" = "$want" ] || wrong+=("$key=$have (wanted $want)")
  done
  if [ ${#wrong[@]} -gt 0 ]; then
    failed=$((failed + 1)); failures+=("$dir: configured with ${wrong[*]}"); return 1
  fi
  echo "test.sh: $dir: -Werror on (meson introspect: werror=$(ib_build_option "$dir" werror))," \
    "buildtype $(ib_build_option "$dir" buildtype), sanitizers $(ib_build_option "$dir" b_sanitize)"
  ninja -C "$dir" || { failed=$((failed + 1)); failures+=("$dir: build"); return 1; }
}

# check NAME COMMAND...: a project-level check outside meson, counted like a
# test; exit 77 is a skip, judged like a meson one (test-summary.py skip).
check () {
  local name=$1 log rc line; shift
  log=$(mktemp)
  "$@" 2>&1 | tee "$log"
  rc=${PIPESTATUS[0]}
  if [ "$rc" -eq 0 ]; then
    passed=$((passed + 1))
  elif [ "$rc" -eq 77 ]; then
    line=$(python3 build-aux/test-summary.py skip "$name" \
             "$(sed -n 's/^SKIP: //p' "$log" | tail -n 1)")
    case "$line" in
      "FAILED: "*) failed=$((failed + 1)); failures+=("${line#FAILED: }") ;;
      *) skips+=("${line#SKIPPED: }") ;;
    esac
  else
    failed=$((failed + 1)); failures+=("$name")
  fi
  rm -f "$log"
}

# 1.-3. The builds of build-aux/test-builds.sh, each with its suites.
for dir in "${IB_TEST_BUILDS[@]}"; do
  build "$dir" || continue
  suite_args=()
  for s in "${IB_BUILD_SUITES[@]}"; do suite_args+=(--suite "$s"); done
  (
    ib_sanitizer_env "$dir"
    meson test -C "$dir" --print-errorlogs --num-processes 2 "${suite_args[@]}"
  )
  count_log "$dir" "${IB_BUILD_SUITES[@]}"
done

# 4. Project checks outside meson, on the real build's CLI.
export IOBENCH_CLI=$PWD/_build-test/src/cli/iobench-cli
for t in tests/checks/*.sh; do
  [ -e "$t" ] || continue
  check "$(basename "$t")" bash "$t"
done

echo
for f in "${failures[@]}"; do echo "FAILED: $f"; done
# Cases a test skipped inside (GLib's g_test_skip) while the test passed.
for s in "${case_skips[@]}"; do echo "skipped case (its test passed): $s"; done
if [ ${#skips[@]} -gt 0 ]; then
  echo "${#skips[@]} skipped (not counted as passed; each says why it cannot run here):"
  for s in "${skips[@]}"; do echo "  skipped: $s"; done
else
  echo "0 skipped"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
