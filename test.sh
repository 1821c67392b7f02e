#!/usr/bin/env bash
# Quick start, part 2: install what is missing, build with warnings as errors,
# run every suite (plus the portable-fallback and sanitizer builds), and print
# "N passed, N failed" as the very last line.
set -uo pipefail
cd "$(dirname "$0")"
source build-aux/deps.sh
ib_ensure_packages "${IB_BUILD_PKGS[@]}" "${IB_TEST_PKGS[@]}"

passed=0
failed=0
failures=()

# count_log BUILD_DIR: adds the results of the last `meson test` in BUILD_DIR.
count_log () {
  local log="$1/meson-logs/testlog.json" p f
  if [ ! -s "$log" ]; then
    failed=$((failed + 1)); failures+=("$1: no test log"); return
  fi
  read -r p f < <(python3 - "$log" <<'PY'
import json, sys
p = f = 0
for line in open(sys.argv[1]):
    line = line.strip()
    if not line:
        continue
    r = json.loads(line)
    if r.get("result") in ("OK", "EXPECTEDFAIL"):
        p += 1
    elif r.get("result") != "SKIP":
        f += 1
        print(r.get("name"), file=sys.stderr)
print(p, f)
PY
  )
  passed=$((passed + p)); failed=$((failed + f))
  [ "$f" -gt 0 ] && failures+=("$1: $f failed")
}

# build DIR MESON-OPTIONS...: configure (once) and build; a failed build counts as a failure.
build () {
  local dir=$1; shift
  if [ ! -f "$dir/build.ninja" ]; then
    meson setup "$dir" -Dwerror=true "$@" >"$dir.setup.log" 2>&1 || {
      cat "$dir.setup.log"; failed=$((failed + 1)); failures+=("$dir: setup"); return 1; }
  fi
  ninja -C "$dir" || { failed=$((failed + 1)); failures+=("$dir: build"); return 1; }
}

# check NAME COMMAND...: a project-level check outside meson, counted like a test.
check () {
  local name=$1; shift
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); failures+=("$name"); fi
}

# 1. The real build, every suite.
if build _build; then
  meson test -C _build --print-errorlogs --num-processes 2
  count_log _build
fi

# 2. The portable OS fallbacks, forced on Linux: engine and CLI suites.
if build _build-portable -Dportable=true -Dgui=disabled; then
  meson test -C _build-portable --print-errorlogs --suite engine --suite cli
  count_log _build-portable
fi

# 3. AddressSanitizer + UndefinedBehaviorSanitizer: engine, report, cli and faults suites.
#    Leaks are checked by valgrind (tests/checks/valgrind-quick.sh): GLib's type system
#    keeps deliberate one-off allocations that LeakSanitizer would report.
if build _build-asan -Db_sanitize=address,undefined -Db_lundef=false -Dgui=disabled; then
  ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    meson test -C _build-asan --print-errorlogs --suite engine --suite report --suite cli --suite faults
  count_log _build-asan
fi

# 4. Project checks outside meson.
for t in tests/checks/*.sh; do
  [ -e "$t" ] || continue
  check "$(basename "$t")" bash "$t"
done

echo
for f in "${failures[@]}"; do echo "FAILED: $f"; done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
