#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Check one translation: it compiles with msgfmt --check (formats, header,
# plural forms, one '_' mnemonic per '_' in the msgid), its Language header
# names the file, and every message is translated: no untranslated and no
# fuzzy entry (msgfmt --statistics counts them).
# Usage: check-po.sh PO_FILE
set -euo pipefail
po=$1
lang=$(basename "$po" .po)
export LC_ALL=C

if ! stats=$(msgfmt --check --check-accelerators=_ --statistics -o /dev/null "$po" 2>&1); then
  echo "$stats"
  echo "$po: msgfmt --check failed"
  exit 1
fi
echo "$lang: $stats"

status=0
case "$stats" in
  *untranslated*|*fuzzy*)
    echo "$po: not complete; translate these (msgattrib --untranslated / --only-fuzzy):"
    msgattrib --untranslated --no-wrap "$po" | grep '^msgid "' | grep -v '^msgid ""$' || true
    msgattrib --only-fuzzy --no-wrap "$po" | grep '^msgid "' | grep -v '^msgid ""$' || true
    status=1
    ;;
esac

if ! grep -qx "\"Language: $lang\\\\n\"" "$po"; then
  echo "$po: the header has no \"Language: $lang\""
  status=1
fi
exit $status
