#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# check-probe.sh NINJA BUILD_ROOT TARGET fails|builds [HEADER]
# Builds one probe target (not built by default) and checks the outcome: a
# probe that includes a header above its layer must fail on that header.
ninja=$1 root=$2 target=$3 want=$4 header=$5
target=$(realpath --relative-to="$root" "$target")
out=$("$ninja" -C "$root" "$target" 2>&1)
status=$?
if [ "$want" = builds ]; then
  [ $status -eq 0 ] && exit 0
  printf '%s\n' "$out"
  echo "FAIL: $target should build"
  exit 1
fi
if [ $status -eq 0 ]; then
  echo "FAIL: $target built, but $header is above its layer"
  exit 1
fi
if printf '%s\n' "$out" | grep -q "$header: No such file"; then
  echo "ok: $target does not build: $header is not on its include path"
  exit 0
fi
printf '%s\n' "$out"
echo "FAIL: $target failed for another reason than $header"
exit 1
