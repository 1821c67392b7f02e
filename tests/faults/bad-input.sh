#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Bad input, table-driven: every option of every iobench-cli command fed
# garbage, extremes and overflow. Each must give exactly one message on stderr
# that names the option (or the file), exit 2, print nothing on stdout and
# create nothing: not in --dir, not in the current folder, not in the cache.
# “quotes” as the CLI prints them; tables used by name:
# shellcheck disable=SC1111,SC2034,SC2054
# shellcheck source=tests/faults/lib.sh
source "$(dirname "$0")/lib.sh"

dir="$work/dir"          # --dir of every run: must stay empty
cwd="$work/cwd"          # the current folder: must stay empty
mkdir -p "$dir" "$cwd"
report="$work/report.json"
notjson="$work/garbage.json"
printf 'not a report {' >"$notjson"

# A real (tiny) report for chart, report and compare.
if ! "$CLI" run --dir "$dir" --count 1 --size 4K --strategies sync-read-all,mmap --repeat 2 \
     --warmup 0 --quiet --json "$report" >/dev/null 2>"$work/err"; then
  cat "$work/err"; fail "made a report to feed chart/report/compare"; finish
fi

# Garbage every numeric option gets: zero, negative, float, exponent, junk
# suffix, empty, 2^64, 2^32 (wraps a guint), huge, hex, spaces, NaN.
numeric=(0 -1 1.5 1e30 12Q "" 18446744073709551616 4294967296
         99999999999999999999999999999 0x10 "7 7" nan -0 "+-3")
# Names (presets, kinds, strategies): none of these is one.
names=(0 -1 1e30 12Q "" 18446744073709551616 "sync-read-all;rm" "a,b" " warm" "WARM")
# Paths of output files: empty, in a missing folder, a folder, /proc.
outputs=("" "$work/missing/x.out" "$work" "/proc/self/x.out")
# Paths of input reports: empty, missing, a folder, not JSON.
inputs=("" "$work/missing.json" "$work" "$notjson")
# Folders for test files: empty, missing, a file, /proc.
dirs=("" "$work/missing" "$notjson" "/proc/self")

# The base command of each subcommand: valid, tiny, quiet. A case replaces
# one option of it (or adds it).
base_run=(run --dir "$dir" --count 1 --size 4K --strategies sync-read-all --repeat 1
          --warmup 0 --quiet)
base_sweep=(sweep --vary count=1,2 --dir "$dir" --repeat 1 --warmup 0 --quiet)
base_overhead=(overhead --iterations 10 --repeat 1 --warmup 0 --quiet)
base_wu=(write-unlink --dir "$dir" --requests 5 --concurrency 5 --quiet)
base_chart=(chart --from "$report" --kind strategies --png "$dir/c.png")
base_report=(report "$report" --csv "$dir/r.csv")
base_compare=(compare "$report" "$report" --png "$dir/c.png")

cases=0

# without_opt OPTION ARGS...: ARGS without OPTION and its value.
without_opt () {
  local opt=$1 skip_next=0 a; shift
  out_args=()
  for a in "$@"; do
    if [ "$skip_next" = 1 ]; then skip_next=0; continue; fi
    if [ "$a" = "$opt" ]; then skip_next=1; continue; fi
    out_args+=("$a")
  done
}

# try NAME EXPECT-IN-MESSAGE ARGS...: one bad invocation, exit $want (2 unless
# the caller sets it: a report that cannot be loaded or a chart that cannot be
# written is a failure, 1, as tests/report and tests/chart pin down).
want=2
try () {
  local name=$1 needle=$2 lines; shift 2
  cases=$((cases + 1))
  (cd "$cwd" && "$CLI" "$@" >"$work/out" 2>"$work/err" </dev/null)
  local code=$?
  lines=$(grep -c . "$work/err")
  if [ "$code" -ne "$want" ]; then
    fail "$name: exit $code, wanted $want"; sed 's/^/#   /' "$work/err" | head -5
  elif [ "$lines" -ne 1 ] && [ "${multi_line_ok:-0}" != 1 ]; then
    fail "$name: $lines lines on stderr, wanted one message"; sed 's/^/#   /' "$work/err"
  elif ! grep -qF -e "$needle" "$work/err"; then
    fail "$name: the message does not name “$needle”"; sed 's/^/#   /' "$work/err"
  elif grep -qiE 'critical|assert|warning|g_|\(null\)|sanitizer' "$work/err"; then
    fail "$name: a programming error leaked"; sed 's/^/#   /' "$work/err"
  elif [ -s "$work/out" ]; then
    fail "$name: printed on stdout"; sed 's/^/#   /' "$work/out" | head -5
  elif ! is_empty "$dir" || ! is_empty "$cwd" || ! is_empty "$XDG_CACHE_HOME"; then
    fail "$name: something was created"
    ls -lA "$dir" "$cwd" "$XDG_CACHE_HOME" 2>&1 | sed 's/^/#   /'
  else
    common_checks=$((common_checks + 1))
  fi
  # Whatever happened, the next case starts clean.
  rm -rf "$dir" "$cwd" "$XDG_CACHE_HOME"
  mkdir -p "$dir" "$cwd"
}

# option CMD OPTION KIND [VALID...]: every garbage value of KIND for OPTION,
# except the VALID ones (e.g. 0 for --warmup).
option () {
  local cmd=$1 opt=$2 kind=$3 v valid needle; shift 3
  local -n base="base_$cmd"
  local -n values="$kind"
  without_opt "$opt" "${base[@]}"
  for v in "${values[@]}"; do
    for valid in "$@"; do
      [ "$v" = "$valid" ] && continue 2
    done
    # A bad folder or file is named by its path or the option; an empty name
    # is bad usage (2) even where an unreadable or unwritable file is a
    # failure (1).
    local w=$want
    if [ "$kind" = numeric ] || [ "$kind" = names ] || [ -z "$v" ]; then
      needle=$opt
    else
      needle="$opt"$'\n'"$v"
    fi
    [ -z "$v" ] && want=2
    try "$cmd $opt=“$v”" "$needle" "${out_args[@]}" "$opt=$v"
    want=$w
  done
}

# run
option run --preset names
option run --dir dirs
option run --count numeric
option run --size numeric 4294967296
option run --content names
option run --strategies names
option run --repeat numeric
option run --warmup numeric 0 -0
option run --cache names
option run --chunk numeric
option run --workers numeric
option run --in-flight numeric
option run --buffer names
option run --seed numeric 0 -0 4294967296
option run --pause numeric 0 -0
for o in --json --html --md --csv --png; do option run $o outputs; done
# --files replaces --count and --size
base_files=(run --dir "$dir" --strategies sync-read-all --repeat 1 --warmup 0 --quiet)
option files --files numeric 4294967296
for v in "1M,,1M" "1M,0" "1M,-1" "," "1M,65G"; do
  try "run --files=$v" "--files" "${base_files[@]}" "--files=$v"
done
try "run --files with --count" "--files" "${base_run[@]}" --files=1M
try "run --strategies unknown" "nope" "${base_run[@]}" --strategies=sync-read-all,nope
try "run extra argument" "stray" "${base_run[@]}" stray
try "run unknown option" "--bogus" "${base_run[@]}" --bogus

# sweep
for v in "${numeric[@]}"; do
  [ -z "$v" ] && continue
  try "sweep --vary count=$v" "--vary" "${base_sweep[@]}" "--vary=count=$v"
  [ "$v" != 4294967296 ] && try "sweep --vary size=$v" "--vary" "${base_sweep[@]}" "--vary=size=$v"
  try "sweep --vary in-flight=$v" "--vary" "${base_sweep[@]}" "--vary=in-flight=$v"
done
for v in "" "count" "bogus=1,2" "=1,2" "count=1,,2"; do
  try "sweep --vary=$v" "--vary" "${base_sweep[@]}" "--vary=$v"
done
try "sweep --vary=count=" "values to vary" "${base_sweep[@]}" "--vary=count="
without_opt --vary "${base_sweep[@]}"
try "sweep without --vary" "--vary" "${out_args[@]}"
option sweep --strategies names
try "sweep one strategy" "--strategies" "${base_sweep[@]}" --strategies=sync-read-all
option sweep --size numeric 4294967296
option sweep --count numeric
option sweep --content names
option sweep --repeat numeric
option sweep --warmup numeric 0 -0
option sweep --cache names
option sweep --in-flight numeric
option sweep --seed numeric 0 -0 4294967296
option sweep --dir dirs
option sweep --json outputs

# overhead
option overhead --iterations numeric
option overhead --repeat numeric
option overhead --warmup numeric 0 -0
option overhead --seed numeric 0 -0 4294967296
option overhead --json outputs

# write-unlink
option wu --requests numeric
option wu --concurrency numeric
option wu --bytes numeric
option wu --seed numeric 0 -0 4294967296
option wu --dir dirs
option wu --json outputs

# chart (a report that cannot be loaded: 1; an output that cannot be written
# is refused before any work, 2, as in every command)
want=1
option chart --from inputs
try "chart --with garbage" "garbage.json" "${base_chart[@]}" --kind=compare --with="$notjson"
want=2
option chart --png outputs
option chart --kind names
option chart --width numeric
option chart --height numeric
option chart --scale numeric
try "chart compare without --with" "--with" "${base_chart[@]}" --kind=compare
try "chart without output" "--png" chart --from "$report"
try "chart two outputs" "--svg" "${base_chart[@]}" --svg="$dir/c.svg"

# report and compare: the positional reports (cannot be loaded: 1), then the
# options (refused up front: 2)
for v in "${inputs[@]}"; do
  if [ -z "$v" ]; then want=2; needle="report"; else want=1; needle=$v; fi
  try "report “$v”" "$needle" report "$v" --csv "$dir/r.csv"
  try "compare “$v” B" "$needle" compare "$v" "$report" --png "$dir/c.png"
  try "compare A “$v”" "$needle" compare "$report" "$v" --png "$dir/c.png"
done
want=2
try "report without a report" "report" report --csv "$dir/r.csv"
try "compare with one report" "compare" compare "$report" --png "$dir/c.png"
option report --html outputs
option report --md outputs
option report --csv outputs
option compare --png outputs
option compare --width numeric

# An unknown command: its name first, then the usage.
multi_line_ok=1
try "unknown command" "frobnicate" frobnicate
try "no command" "COMMAND"
multi_line_ok=0

echo "# $cases bad invocations"
finish
