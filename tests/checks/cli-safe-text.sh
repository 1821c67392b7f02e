#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Every text iobench-cli prints goes through ib_cli_print or the table
# printer (src/cli/cli-table.c), which show what a terminal would act on
# (escape sequences, CR, BEL, C1, bidi overrides; analysis/ib-text-safe.h)
# as escapes. A report's strategy name reaches many lines; one raw printf
# would let it rewrite the terminal. So no file of src/cli but
# cli-table.c calls printf, fprintf, puts, g_print or g_printerr; fputs only
# of a string literal (the progress line's own erase sequence) or of text
# ib_text_for_terminal made. Run by ./test.sh; fast: no build needed.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/common/common.sh
source "$root/tests/common/common.sh"
work_area iobench-cli-safe-text

# raw DIR: every call that prints text without the helper, as "file:line: text".
raw () {
  (cd "$1" && grep -n -E '(^|[^_a-z])(printf|fprintf|puts|putchar|g_print|g_printerr|fwrite) \(' \
     src/cli/*.c | grep -v '^src/cli/cli-table\.c:'
   cd "$1" && grep -n -E '(^|[^_a-z])fputs \(' src/cli/*.c | grep -v '^src/cli/cli-table\.c:' |
     grep -v -E 'fputs \("[^"]*", *std(err|out)\)' | grep -v -E 'fputs \(line, stderr\)')
}

# The check itself names a planted raw fprintf and passes the allowed forms.
mkdir -p "$work/t/src/cli"
cat >"$work/t/src/cli/planted.c" <<'EOF'
  fprintf (out, "%s\n", name);
  ib_cli_print (out, "%s\n", name);
  g_strdup_printf ("%s", name);
  fputs ("\r\033[K", stderr);
EOF
cat >"$work/t/src/cli/cli-table.c" <<'EOF'
  fputs (safe, out);
EOF
raw "$work/t" >"$work/planted"
sed 's/^/#   /' "$work/planted"
check "a planted raw fprintf is named, the helper's forms are not" \
  test "$(cut -d: -f1,2 "$work/planted")" = "src/cli/planted.c:1"

# The real tree.
raw "$root" >"$work/real"
sed 's/^/#   /' "$work/real"
check "every text iobench-cli prints goes through ib_cli_print or its tables" test ! -s "$work/real"
finish
