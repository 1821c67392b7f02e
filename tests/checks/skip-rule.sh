#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The skip rule of ./test.sh (build-aux/test-summary.py), run by ./test.sh: a
# missing libfuse3-dev is simulated by configuring a build whose pkg-config
# path hides fuse3.pc (nothing is uninstalled). meson then leaves faultfs out
# and the fuse fault test skips for want of libfuse3-dev; on Debian 12, where
# that package installs, the summary must count it as a failure naming the
# package, not as a quiet skip. A skip that cannot be fixed by a package
# (no loop devices in a container) stays a listed skip; a suite that ran no
# test is a failure. About half a minute (a meson configure, nothing built).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/common/common.sh
source "$root/tests/common/common.sh"
work_area iobench-skip-rule
summary=$root/build-aux/test-summary.py

if ! grep -qx 'ID=debian' /etc/os-release || ! grep -qx 'VERSION_ID="12"' /etc/os-release; then
  skip "the rule is checked where the README promises every suite: Debian 12 (this is not it)"
fi
command -v pkg-config >/dev/null || skip_missing pkg-config "pkg-config is not installed"
pkg-config --exists fuse3 || skip_missing libfuse3-dev "fuse3 is not installed, so it cannot be hidden"

# A pkg-config folder with every .pc file this machine has but fuse3.pc.
mkdir -p "$work/pc"
IFS=: read -r -a pc_dirs <<<"$(pkg-config --variable pc_path pkg-config)"
for d in "${pc_dirs[@]}"; do
  for pc in "$d"/*.pc; do
    [ -e "$pc" ] || continue
    [ "$(basename "$pc")" = fuse3.pc ] && continue
    [ -e "$work/pc/$(basename "$pc")" ] || ln -s "$pc" "$work/pc/"
  done
done

# Configure only (the fuse test skips before it needs anything built).
if ! PKG_CONFIG_LIBDIR=$work/pc PKG_CONFIG_PATH='' meson setup "$work/b" "$root" \
    -Dgui=disabled >"$work/setup.log" 2>&1; then
  sed 's/^/#   /' "$work/setup.log" | tail -20
  fail "a build with fuse3 hidden configures"
  finish
fi
check "with fuse3 hidden, meson does not find it" \
  grep_file 'dependency fuse3 found: NO' "$work/b/meson-logs/meson-log.txt"
check "with fuse3 hidden, faultfs is not a target" \
  bash -c "! meson introspect '$work/b' --targets | grep -q '\"name\": \"faultfs\"'"

meson test -C "$work/b" --no-rebuild --suite faults fuse >"$work/test.log" 2>&1
python3 "$summary" count "$work/b" faults >"$work/summary" 2>&1
sed 's/^/#   /' "$work/summary"
check "the fuse test skipped (meson: SKIP), saying libfuse3-dev is missing" \
  grep -q '"result": "SKIP".*missing package: libfuse3-dev\|missing package: libfuse3-dev.*"result": "SKIP"' \
  "$work/b/meson-logs/testlog.json"
check "the summary counts that skip as a failure" grep_file '^COUNTS 0 [1-9]' "$work/summary"
check "the failure names the package to install" \
  grep_file '^FAILED: b: faults / fuse was skipped, but libfuse3-dev installs here' "$work/summary"

# A legitimate skip (nothing to install fixes it) is listed, not failed.
python3 - "$work/legit" <<'PY'
import json, os, sys
os.makedirs(os.path.join(sys.argv[1], "meson-logs"))
with open(os.path.join(sys.argv[1], "meson-logs", "testlog.json"), "w") as f:
    for name, result, out in [
        ("iobench:faults / real-fs", "SKIP",
         "SKIP: no free loop device: this machine (a container without loop devices?) "
         "cannot mount images; no package fixes that\n"),
        ("iobench:faults / target", "OK", "ok - x\n"),
    ]:
        f.write(json.dumps({"name": name, "result": result, "stdout": out}) + "\n")
PY
python3 "$summary" count "$work/legit" faults engine >"$work/legit.summary" 2>&1
sed 's/^/#   /' "$work/legit.summary"
check "a skip no package can fix is listed with its reason" \
  grep_file '^SKIPPED: legit: faults / real-fs: no free loop device' "$work/legit.summary"
check "a suite that ran no test is a failure" \
  grep_file '^FAILED: legit: suite engine ran no test' "$work/legit.summary"
check "so that build counts 1 passed, 1 failed" grep_file '^COUNTS 1 1$' "$work/legit.summary"
finish
