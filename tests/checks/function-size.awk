# SPDX-License-Identifier: GPL-3.0-or-later
# tests/checks/function-size.awk, used by function-size.sh: prints
# "path<TAB>name<TAB>body lines<TAB>parameters" for every function defined in
# the C files it reads. It relies on the layout .clang-format gives a
# definition: the name starts its line, the parameters follow in parentheses,
# and the body's braces stand alone in column 0. A body's length counts both
# braces; "(void)" is no parameter. A prototype (";" after the parentheses)
# and a macro call at file level (no "{" line after it) are no definition.
FNR == 1 { state = 0 }
state == 0 && /^[A-Za-z_][A-Za-z0-9_]* \(/ {
  name = $0; sub(/ .*/, "", name)
  sig = ""; depth = 0; state = 1
}
state == 1 {
  sig = sig " " $0
  n = length($0)
  for (i = 1; i <= n; i++) {
    ch = substr($0, i, 1)
    if (ch == "(") depth++
    else if (ch == ")") { depth--; if (depth == 0) { state = 2; break } }
  }
  if (state == 2 && substr($0, i + 1) ~ /;/) state = 0
  next
}
state == 2 {
  if ($0 ~ /^\{/) { start = FNR; state = 3; next }
  # Anything else in column 0, or a blank line: that was no definition.
  if ($0 ~ /^[ \t]*$/ || $0 !~ /^[ \t]/) state = 0
  next
}
state == 3 && /^\}/ {
  print FILENAME "\t" name "\t" (FNR - start + 1) "\t" params(sig)
  state = 0
}
function params (s,    i, ch, d, c, inner, open) {
  open = index(s, "(")
  inner = ""; d = 0
  for (i = open; i <= length(s); i++) {
    ch = substr(s, i, 1)
    if (ch == "(") { d++; if (d == 1) continue }
    if (ch == ")") { d--; if (d == 0) break }
    inner = inner ch
  }
  gsub(/^[ \t]+|[ \t]+$/, "", inner)
  if (inner == "void" || inner == "") return 0
  c = 1; d = 0
  for (i = 1; i <= length(inner); i++) {
    ch = substr(inner, i, 1)
    if (ch == "(") d++
    else if (ch == ")") d--
    else if (ch == "," && d == 0) c++
  }
  return c
}
