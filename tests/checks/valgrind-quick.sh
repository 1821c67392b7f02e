#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Leak check, run by ./test.sh: valgrind memcheck on small but complete CLI runs
# (reads with every strategy, dispatch overhead, write + delete, and the report
# and chart writers on the report just made). Fails on any memory error or
# definite leak; GLib's deliberate one-off allocations are suppressed with
# GLib's own suppression file. About a minute on a loaded 2-core machine.
#
#   tests/checks/valgrind-quick.sh [IOBENCH-CLI]   (default: $IOBENCH_CLI, else _build-test's)
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cli=${1:-${IOBENCH_CLI:-$root/_build-test/src/cli/iobench-cli}}

# shellcheck source=build-aux/deps.sh
source "$root/build-aux/deps.sh"
ib_ensure_packages valgrind || { echo "valgrind-quick: cannot install valgrind" >&2; exit 1; }
if [ ! -x "$cli" ]; then
  echo "valgrind-quick: no iobench-cli at $cli (build first)" >&2
  exit 1
fi

# shellcheck source=tests/common/common.sh
source "$root/tests/common/common.sh"
work_area iobench-valgrind
export XDG_CACHE_HOME="$work/cache"
export G_SLICE=always-malloc G_DEBUG=gc-friendly LC_ALL=C.UTF-8

vg=(valgrind --quiet --leak-check=full --errors-for-leak-kinds=definite
    --show-leak-kinds=definite --error-exitcode=99 --num-callers=40
    --child-silent-after-fork=yes)
for supp in /usr/share/glib-2.0/valgrind/glib.supp "$root/tests/checks/valgrind.supp"; do
  [ -f "$supp" ] && vg+=("--suppressions=$supp")
done

failed=0
# step NAME ARGS...: iobench-cli ARGS under valgrind; exit 99 is valgrind's.
step () {
  local name=$1 code start; shift
  start=$(date +%s)
  "${vg[@]}" --log-file="$work/$name.vg" "$cli" "$@" >"$work/$name.out" 2>"$work/$name.err" \
    </dev/null
  code=$?
  if [ "$code" -eq 0 ]; then
    echo "valgrind-quick: $name: clean ($(( $(date +%s) - start )) s)"
  else
    failed=1
    if [ "$code" -eq 99 ]; then
      echo "valgrind-quick: $name: memory errors or definite leaks:"
    else
      echo "valgrind-quick: $name: iobench-cli exited $code:"
      sed 's/^/  /' "$work/$name.err" | tail -5
    fi
    sed 's/^/  /' "$work/$name.vg" | head -120
  fi
}

mkdir -p "$work/dir"
step run run --dir "$work/dir" --count 4 --size 1M --repeat 1 --warmup 0 --quiet \
  --json "$work/run.json"
step overhead overhead --iterations 2000 --repeat 1 --warmup 0 --quiet
step write-unlink write-unlink --dir "$work/dir" --requests 50 --concurrency 50 --quiet
step sweep sweep --vary count=1,4 --dir "$work/dir" --repeat 1 --warmup 0 --quiet
if [ -s "$work/run.json" ]; then
  step report report "$work/run.json" --html "$work/r.html" --csv "$work/r.csv"
  step chart chart --from "$work/run.json" --kind strategies --png "$work/c.png"
fi
if [ -n "$(find "$work/dir" -mindepth 1 -print -quit)" ]; then
  echo "valgrind-quick: test files were left in $work/dir"
  failed=1
fi
exit "$failed"
