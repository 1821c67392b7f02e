#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Prove the README's promise on a brand-new Debian 12 machine, every time:
#   1. a minimal Debian 12 root made with mmdebstrap (--variant=apt plus git: what a
#      new container or a net-install VM has, nothing this project ever installed);
#   2. the committed tree (HEAD) cloned into it, as a new user would clone it;
#   3. inside a private mount and PID namespace, the root bind-mounted onto itself
#      and pivoted to (so /proc/self/mountinfo looks like a container's), with /proc,
#      /dev and /sys, the README's order: ./run.sh headless on a small plan, whose
#      report must be written; then ./test.sh, which installs with build-aux/deps.sh
#      everything else it needs and must pass with its own -Werror builds, and, when
#      $IOBENCH_EXPECTED_TESTS holds the counts of a plain ./test.sh ("P passed,
#      S skipped", as .ci/run records them), report exactly those counts;
#   4. the probe's plain-chroot case: the same root entered with chroot only, where
#      /proc/self/mountinfo lists no mount holding the test folder; the environment
#      and file-set tests must pass there too, and a run's report must say why the
#      file system is unknown.
# Ends with "fresh-root: OK" or "fresh-root: FAILED: ...". Needs root (mmdebstrap's
# root mode, mount namespaces). The root is made anew each run under
# $IOBENCH_FRESH_WORKDIR (default /var/tmp/iobench-fresh-root) and removed at the end;
# downloaded .debs are kept in $IOBENCH_FRESH_CACHE (default
# /var/cache/iobench-fresh-root) and reused. Logs and the report: _build-fresh-root/.
# Usage: build-aux/fresh-root.sh [COMMIT]   (default HEAD)
set -euo pipefail
# The whole script is one function, read before it runs: editing this file while
# a run goes on (it takes a while) cannot change what that run does.
main() {
ROOT=$(cd "$(dirname "$0")/.." && pwd)
W=${IOBENCH_FRESH_WORKDIR:-/var/tmp/iobench-fresh-root}
CACHE=${IOBENCH_FRESH_CACHE:-/var/cache/iobench-fresh-root}
OUT=${IOBENCH_FRESH_OUT:-$ROOT/_build-fresh-root}
COMMIT=${1:-HEAD}
R=$W/root
SUITE=bookworm

step() { echo "=== fresh-root: $* ($(date -u +%H:%M:%S))"; }
die() { echo "fresh-root: FAILED: $*" >&2; exit 1; }

[ "$(id -u)" -eq 0 ] || die "needs root (mmdebstrap in root mode, mount namespaces); run it with sudo"
# shellcheck source=build-aux/deps.sh
source "$ROOT/build-aux/deps.sh"
# shellcheck source=build-aux/test-builds.sh
source "$ROOT/build-aux/test-builds.sh"
ib_ensure_packages "${IB_FRESH_ROOT_PKGS[@]}" || die "could not install ${IB_FRESH_ROOT_PKGS[*]}"

# The archive this machine uses (deb822 or one-line sources), else Debian's own.
sources_uri() {  # sources_uri PATH-SUFFIX: the first URI ending in it
  { sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/*.sources 2>/dev/null | tr ' ' '\n'
    awk '$1 == "deb" { print ($2 ~ /^\[/ ? $3 : $2) }' /etc/apt/sources.list 2>/dev/null
  } | grep -m1 -E "$1/?\$" || true
}
MIRROR=${IOBENCH_FRESH_MIRROR:-$(sources_uri /debian)}
MIRROR=${MIRROR:-http://deb.debian.org/debian}
SECURITY=${IOBENCH_FRESH_SECURITY:-$(sources_uri /debian-security)}
SECURITY=${SECURITY:-http://deb.debian.org/debian-security}

# Never delete through a mount: everything is mounted in a private namespace that is
# gone when it ends, but check anyway before removing the old root.
remove_root() {
  if grep -qF " $R" /proc/self/mountinfo; then
    die "something is still mounted under $R; unmount it by hand"
  fi
  rm -rf "$R"
}

mkdir -p "$W" "$CACHE/archives" "$OUT"
rm -f "$OUT"/*.log "$OUT"/iobench-report.*
start=$SECONDS
remove_root

step "1. a minimal Debian 12 root ($SUITE, --variant=apt, plus git) from $MIRROR"
t0=$SECONDS
mmdebstrap --variant=apt --include=git \
  --setup-hook='mkdir -p "$1"/var/cache/apt/archives/' \
  --setup-hook="sync-in $CACHE/archives /var/cache/apt/archives/" \
  --customize-hook="sync-out /var/cache/apt/archives $CACHE/archives" \
  "$SUITE" "$R" \
  "deb $MIRROR $SUITE main" "deb $MIRROR $SUITE-updates main" \
  "deb $SECURITY $SUITE-security main" >"$OUT/mmdebstrap.log" 2>&1 ||
  { tail -n 30 "$OUT/mmdebstrap.log"; die "mmdebstrap (see $OUT/mmdebstrap.log)"; }
echo "root: $(du -sh "$R" | cut -f1), $(chroot "$R" dpkg-query -W | wc -l) packages, $((SECONDS - t0)) s"

step "2. clone $COMMIT into /root/iobench"
rev=$(git -C "$ROOT" rev-parse --verify "$COMMIT^{commit}") || die "no commit $COMMIT"
git -C "$ROOT" diff --quiet HEAD -- 2>/dev/null ||
  echo "note: the working tree has uncommitted changes; the root gets $COMMIT only"
git clone -q --no-checkout "file://$(git -C "$ROOT" rev-parse --path-format=absolute --git-common-dir)" \
  "$R/root/iobench"
git -C "$R/root/iobench" checkout -q --detach "$rev"
echo "tree: $(git -C "$R/root/iobench" log --oneline -1)"

# ns_run MODE SCRIPT: runs SCRIPT with bash inside the root, in a private mount and
# PID namespace (everything mounted or started there ends with it). MODE "pivot": the
# root bind-mounted onto itself and pivoted to, like a container. MODE "chroot": a
# plain chroot into the directory, so /proc/self/mountinfo shows no mount for it.
# The environment is what a login shell of a new root user has, nothing from here.
ns_run() {
  unshare --mount --pid --fork --propagation private /bin/bash -s "$R" "$CACHE/archives" "$1" "$2" <<'NS'
set -euo pipefail
R=$1 CACHE=$2 MODE=$3 SCRIPT=$4
[ "$MODE" = chroot ] || mount --bind "$R" "$R"
mount -t proc proc "$R/proc"
mount --rbind /dev "$R/dev"
mount --rbind /sys "$R/sys"
mount --bind "$CACHE" "$R/var/cache/apt/archives"
cd "$R"
if [ "$MODE" = pivot ]; then
  mkdir -p .old-root
  pivot_root . .old-root
  # umount (package "mount") is not in a minimal root: borrow the host's.
  /.old-root/usr/bin/umount -l /.old-root
  rmdir /.old-root
  NEWROOT=/
else
  NEWROOT=$R
fi
exec chroot "$NEWROOT" /usr/bin/env -i HOME=/root USER=root LOGNAME=root TERM=dumb \
  PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  /bin/bash -c "cd /root/iobench && $SCRIPT"
NS
}

step "3. ./run.sh headless on a small plan, first, as the README says"
t0=$SECONDS
ns_run pivot 'echo "--- /proc/self/mountinfo"; cat /proc/self/mountinfo; echo "---";
  ./run.sh --count 4 --size 64K --repeat 2 --warmup 1 \
  --strategies sync-read-all,async-read-all-parallel --dir /tmp' >"$OUT/run.log" 2>&1 ||
  { tail -n 30 "$OUT/run.log"; die "./run.sh in the fresh root (see $OUT/run.log)"; }
for f in iobench-report.json iobench-report.html; do
  [ -s "$R/root/iobench/$f" ] || die "./run.sh wrote no $f"
  cp "$R/root/iobench/$f" "$OUT/$f"
done
python3 - "$OUT/iobench-report.json" <<'PY' || die "the report of ./run.sh is not a good run"
import json, sys
r = json.load(open(sys.argv[1]))
good = [s for s in r["samples"] if s["ok"] and not s["warmup"]]
assert r["schema"] == "iobench-report", r.get("schema")
assert len(good) == 4, f"{len(good)} good samples, expected 4"
print(f"report: {len(good)} good samples, file system {r['environment']['fs_type']}")
PY
if grep -qE -- '-(WARNING|CRITICAL|ERROR) \*\*' "$OUT/run.log"; then
  cat "$OUT/run.log"; die "./run.sh printed a GLib warning"
fi
echo "run.sh: OK ($((SECONDS - t0)) s)"

step "4. ./test.sh after ./run.sh (installs its own packages, its own builds)"
t0=$SECONDS
ns_run pivot './test.sh' >"$OUT/test.log" 2>&1 && test_rc=0 || test_rc=$?
summary=$(tail -n 1 "$OUT/test.log")
echo "test.sh: $summary ($((SECONDS - t0)) s)"
grep -E '^test.sh: _build-[a-z]+: -Werror on' "$OUT/test.log" || true
sed -n '/^[0-9][0-9]* skipped/,$p' "$OUT/test.log" | sed '$d'
if [ "$test_rc" -ne 0 ]; then
  grep -E '^FAILED: |^ *[0-9]+/[0-9]+ .* (FAIL|TIMEOUT|ERROR) ' "$OUT/test.log" || true
  tail -n 40 "$OUT/test.log"
  die "./test.sh in the fresh root ($summary; see $OUT/test.log)"
fi
grep -qE '^test.sh: _build-test: -Werror on \(meson introspect: werror=true\)' "$OUT/test.log" ||
  die "./test.sh did not show -Werror on for _build-test (see $OUT/test.log)"
counts=$(ib_test_counts "$OUT/test.log") || die "./test.sh printed no summary (see $OUT/test.log)"
if [ -n "${IOBENCH_EXPECTED_TESTS:-}" ]; then
  [ "$counts" = "$IOBENCH_EXPECTED_TESTS" ] ||
    die "./run.sh then ./test.sh counted $counts; a plain ./test.sh counted $IOBENCH_EXPECTED_TESTS"
  echo "counts: $counts, the same as a plain ./test.sh"
else
  echo "counts: $counts (IOBENCH_EXPECTED_TESTS unset: nothing to compare with; .ci/run sets it)"
fi

step "5. the environment and file-set tests, and a run, in a plain chroot"
t0=$SECONDS
ns_run chroot 'echo "--- /proc/self/mountinfo"; cat /proc/self/mountinfo; echo "---";
  meson test -C _build-test --print-errorlogs fileset test-environment &&
  _build-test/src/cli/iobench-cli run --count 2 --size 4K --repeat 1 --warmup 0 \
    --strategies sync-read-all --quiet --json /root/chroot-report.json' \
  >"$OUT/chroot.log" 2>&1 ||
  { tail -n 40 "$OUT/chroot.log"; die "tests in a plain chroot (see $OUT/chroot.log)"; }
grep -E '^(Ok|Fail): ' "$OUT/chroot.log" | tr '\n' ' '; echo "($((SECONDS - t0)) s)"
cp "$R/root/chroot-report.json" "$OUT/chroot-report.json"
python3 - "$OUT/chroot-report.json" <<'PY' || die "the run in a plain chroot does not say why the file system is unknown"
import json, sys
env = json.load(open(sys.argv[1]))["environment"]
assert env["fs_type"] is None, env["fs_type"]
assert "mountinfo" in env["fs_note"], env.get("fs_note")
print(f"run in a plain chroot: file system unknown: {env['fs_note']}")
PY

remove_root
echo "fresh-root: OK in $((SECONDS - start)) s (cache: $(du -sh "$CACHE" | cut -f1))"
}

main "$@"
