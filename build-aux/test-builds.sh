# shellcheck shell=bash
# shellcheck disable=SC2034,SC2054  # read by the scripts that source it; commas are meson's
# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by test.sh and build-aux/flaky-tests: the builds ./test.sh makes, each in
# its own folder (never ./run.sh's release _build), with the meson options it
# must have and the suites it runs. All three have the engine's test-only
# hooks (-Dtest_hooks=true); a release build never does. Every one has warnings as errors and the
# project's default build type (debugoptimized), named so a build someone
# reconfigured by hand is put back.
#
#   _build-test      the real build: every suite; the GUI and io_uring
#                    are required (a missing libgtk-4-dev or liburing-dev fails
#                    the configure, naming the package, rather than dropping
#                    suites or strategies in silence)
#   _build-portable  the portable OS fallbacks forced on Linux: engine, cli
#   _build-asan      AddressSanitizer + UndefinedBehaviorSanitizer: engine,
#                    report, cli, faults. Leaks are checked by valgrind
#                    (tests/checks/valgrind-quick.sh): GLib's type system keeps
#                    deliberate one-off allocations LeakSanitizer would report.

IB_TEST_BUILDS=(_build-test _build-portable _build-asan)

# ib_test_build NAME: sets IB_BUILD_OPTS (meson options, as `meson setup`
# takes them) and IB_BUILD_SUITES (the suites ./test.sh runs in it; each must
# run at least one test). Returns 1 for a name that is not one of them.
ib_test_build () {
  IB_BUILD_OPTS=(-Dwerror=true -Dbuildtype=debugoptimized -Dtest_hooks=true)
  case "$1" in
    _build-test)
      IB_BUILD_OPTS+=(-Dgui=enabled -During=enabled)
      IB_BUILD_SUITES=(engine cli chart report analysis gui data i18n layers faults fuzz) ;;
    _build-portable)
      IB_BUILD_OPTS+=(-Dportable=true -Dgui=disabled)
      IB_BUILD_SUITES=(engine cli) ;;
    _build-asan)
      IB_BUILD_OPTS+=(-Db_sanitize=address,undefined -Db_lundef=false -Dgui=disabled)
      IB_BUILD_SUITES=(engine report analysis cli faults fuzz) ;;
    *) return 1 ;;
  esac
}

# ib_build_option DIR NAME: the value meson holds for option NAME in the
# configured build DIR (from `meson introspect`), e.g. true, debug, address,undefined.
ib_build_option () {
  meson introspect "$1" --buildoptions 2>/dev/null | python3 -c '
import json, sys
for o in json.load(sys.stdin):
    if o["name"] == sys.argv[1]:
        v = o["value"]
        print(",".join(v) if isinstance(v, list) else str(v).lower())
        break' "$2"
}

# ib_sanitizer_env DIR: exports the sanitizer options ./test.sh runs with when
# DIR was built with -Db_sanitize (abort on the first report; leaks are
# valgrind's job).
ib_sanitizer_env () {
  local s
  s=$(ib_build_option "$1" b_sanitize)
  if [ -n "$s" ] && [ "$s" != none ]; then
    export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1
    export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
  fi
}

# ib_test_counts LOG: "P passed, S skipped" from the output of ./test.sh in
# LOG (its last line and its skip list), or nothing when LOG has no summary:
# what .ci/run records of a plain ./test.sh and build-aux/fresh-root.sh
# compares with ./run.sh then ./test.sh.
ib_test_counts () {
  local p s
  p=$(tail -n 1 "$1" | sed -n 's/^\([0-9][0-9]*\) passed, [0-9][0-9]* failed$/\1/p')
  s=$(sed -n 's/^\([0-9][0-9]*\) skipped.*/\1/p' "$1" | tail -n 1)
  [ -n "$p" ] && [ -n "$s" ] && echo "$p passed, $s skipped"
}
