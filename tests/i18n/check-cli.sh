#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Run "iobench-cli --help" with LANGUAGE set to each language and check that it
# prints the expected translated word, so that the .mo files are built where
# IOBENCH_LOCALEDIR points and the CLI binds its text domain to them.
# Usage: check-cli.sh IOBENCH_CLI LANG=WORD...
set -euo pipefail
cli=$1
shift
status=0
for pair in "$@"; do
  lang=${pair%%=*}
  word=${pair#*=}
  out=$(LANGUAGE=$lang "$cli" --help 2>&1 || true)
  if grep -qF -- "$word" <<<"$out"; then
    echo "$lang: found “$word”"
  else
    echo "$lang: “$word” is missing from iobench-cli --help (IOBENCH_LOCALEDIR=$IOBENCH_LOCALEDIR):"
    echo "$out" | head -5
    status=1
  fi
done
exit $status
