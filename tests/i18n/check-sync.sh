#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Check that every translation covers the sources as they are now: extract the
# messages of po/POTFILES.in the way the iobench-pot target does (meson's glib
# preset) and fail on any message a po file lacks, leaves untranslated or fuzzy.
# check-po.sh only sees what a po file holds; this catches a new _() in the
# sources that nobody added to the po files.
# Usage: check-sync.sh SOURCE_ROOT
set -euo pipefail
root=$1
export LC_ALL=C.UTF-8
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

grep -v '^#' "$root/po/POTFILES.in" | grep -v '^[[:space:]]*$' >"$tmp/files"
(cd "$root" && xgettext --package-name=iobench --from-code=UTF-8 --add-comments \
  --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 --keyword=g_dcgettext:2 \
  --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 --flag=N_:1:pass-c-format \
  --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format --flag=g_dngettext:2:pass-c-format \
  --flag=g_strdup_printf:1:c-format --flag=g_string_printf:2:c-format \
  --flag=g_string_append_printf:2:c-format --flag=g_error_new:3:c-format \
  --flag=g_set_error:4:c-format --flag=g_markup_printf_escaped:1:c-format \
  -f "$tmp/files" -o "$tmp/iobench.pot")

status=0
for lang in $(grep -v '^#' "$root/po/LINGUAS"); do
  # Untranslated and fuzzy entries of the po file count as missing.
  msgmerge --quiet --no-fuzzy-matching --no-wrap -o "$tmp/$lang.po" "$root/po/$lang.po" \
    "$tmp/iobench.pot"
  { msgattrib --untranslated --no-obsolete --no-wrap "$tmp/$lang.po"
    msgattrib --only-fuzzy --no-obsolete --no-wrap "$tmp/$lang.po"; } |
    grep '^msgid "' | grep -v '^msgid ""$' >"$tmp/$lang.missing" || true
  if [ -s "$tmp/$lang.missing" ]; then
    echo "po/$lang.po: $(wc -l <"$tmp/$lang.missing") message(s) of the sources not translated" \
      "(ninja -C _build iobench-update-po, then translate them):"
    cat "$tmp/$lang.missing"
    status=1
  fi
done
[ $status -eq 0 ] && echo "every message of the sources is translated in: $(grep -v '^#' "$root/po/LINGUAS" | tr '\n' ' ')"
exit $status
