#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Extract the translation template from po/POTFILES.in the way po/meson.build's
# 'glib' preset does, and check that it works: xgettext succeeds, and the strings
# of the desktop file and the metainfo (extracted through ITS rules) are in it.
# Usage: check-pot.sh SOURCE_ROOT
set -euo pipefail
root=$1
# shellcheck source=tests/common/common.sh
source "$(dirname "$0")/../common/common.sh"
work_area iobench-pot
tmp=$work

xgettext --package-name=iobench --from-code=UTF-8 --add-comments --no-wrap \
  --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
  --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
  --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format \
  --flag=g_dngettext:2:pass-c-format --flag=g_strdup_printf:1:c-format \
  --flag=g_string_printf:2:c-format --flag=g_string_append_printf:2:c-format \
  --flag=g_error_new:3:c-format --flag=g_set_error:4:c-format \
  --directory="$root" --files-from="$root/po/POTFILES.in" -o "$tmp/iobench.pot" \
  2>"$tmp/xgettext.log" || { cat "$tmp/xgettext.log"; exit 1; }

status=0
# xgettext cannot expand GLib's format macros: _("%" G_GUINT64_FORMAT " files") is
# extracted as the msgid "%", so the message can never be translated.
if grep -q 'ends in the middle of a directive' "$tmp/xgettext.log"; then
  sed -n 's/^\([^ ]*:[0-9]*\): warning: .*ends in the middle of a directive.*/\1/p' \
    "$tmp/xgettext.log" | while read -r where; do
      echo "$where: a translatable string is cut short by a GLib format macro" \
           "(G_GUINT64_FORMAT...); use PRIu64/PRId64 from <inttypes.h>, which gettext" \
           "understands, or format the number into a string first"
    done
  status=1
fi
expect () {
  if ! grep -qF -- "$1" "$tmp/iobench.pot"; then
    echo "iobench.pot lacks $1 ($2)"; status=1
  fi
}
expect 'msgid "I/O Bench"' "the desktop file's and metainfo's name"
expect 'msgid "Measure whether synchronous or asynchronous' "the desktop file's Comment"
expect 'msgid "Find out whether sync or async file I/O is faster"' "the metainfo summary"
expect 'msgid "benchmark;disk;' "the desktop file's Keywords"
expect '#. Translators: Search terms' "the translator comment above the Keywords"
echo "iobench.pot: $(grep -c '^msgid ' "$tmp/iobench.pot") messages"
exit $status
