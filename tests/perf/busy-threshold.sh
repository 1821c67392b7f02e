#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# busy-threshold.sh [DIR [ROUNDS]]: how much other work slows a serial and a
# parallel read, for choosing the busy-machine thresholds (engine/os/ib-busy.h).
#
# Times sync-stream (serial) and thread-pool-parallel on 4 x 32 MiB in DIR
# (default /var/tmp), warm cache, beside 0, 1, 2 and 4 busy loops
# (`sh -c 'while :; do :; done'`), in the order 0 1 2 4 4 2 1 0 per round so
# drift falls on every level. Per level it prints the load average at the
# start, other work's CPUs during the samples (the machine's CPU counters less
# the run's own CPU time: the samples' cpus_busy_ns - cpu_ns over their wall
# time, as the report judges them), each strategy's median against the level
# 0 median of the same round, and the serial read's median run-queue wait (a
# share of its wall time: IB_CONTENDED_SHARE's measure). Prints figures;
# never fails on them.
# Needs IOBENCH_CLI (meson sets it) and python3.
set -euo pipefail
dir=${1:-/var/tmp}
rounds=${2:-2}
cli=${IOBENCH_CLI:?set IOBENCH_CLI to iobench-cli}
work=$(mktemp -d "$dir/iobench-busy-threshold.XXXXXX")
loops=()

stop_loops () {
  local pid
  for pid in "${loops[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${loops[@]}"; do wait "$pid" 2>/dev/null || true; done
  loops=()
}
cleanup () { stop_loops; rm -rf "$work"; }
trap cleanup EXIT

# run ROUND LEVEL: one run beside LEVEL busy loops, its JSON kept.
run () {
  local round=$1 level=$2 i
  for ((i = 0; i < level; i++)); do
    sh -c 'while :; do :; done' &
    loops+=("$!")
  done
  sleep 1   # the loops get going, and the load average starts to see them
  cut -d' ' -f1 /proc/loadavg >"$work/load-$round-$level"
  mkdir -p "$work/files"
  "$cli" run --dir "$work/files" --count 4 --size 32M --cache warm \
    --strategies sync-stream,thread-pool-parallel --repeat 15 --warmup 2 \
    --budget 0 --quiet --json "$work/run-$round-$level.json" >/dev/null
  stop_loops
}

echo "busy-threshold: $(nproc) CPUs, load at start $(cut -d' ' -f1-3 /proc/loadavg)," \
  "$(date -u +%FT%TZ), $rounds round(s)"
for ((r = 0; r < rounds; r++)); do
  for level in 0 1 2 4 4 2 1 0; do
    # each level once per round: the second visit of a level makes round r+0.5
    if [ -e "$work/run-$r-$level.json" ]; then run "$r.5" "$level"; else run "$r" "$level"; fi
  done
done

python3 - "$work" <<'EOF'
import glob, json, os, statistics, sys
work = sys.argv[1]
rows = {}
for path in sorted(glob.glob(os.path.join(work, "run-*.json"))):
    round_, level = os.path.basename(path)[4:-5].rsplit("-", 1)
    report = json.load(open(path))
    samples = [s for s in report["samples"] if s.get("ok") and not s.get("warmup")]
    known = [s for s in samples if s.get("cpus_busy_ns") is not None and s.get("cpu_ns") is not None]
    wall = sum(s["wall_ns"] for s in known)
    others = sum(s["cpus_busy_ns"] - s["cpu_ns"] for s in known) / wall if wall else float("nan")
    med = {}
    for sid in ("sync-stream", "thread-pool-parallel"):
        med[sid] = statistics.median(s["wall_ns"] for s in samples if s["strategy"] == sid)
    # the serial read's one thread: its run-queue wait, a share of its wall time
    med["wait"] = statistics.median(s["runq_wait_ns"] / s["wall_ns"] for s in samples
                                    if s["strategy"] == "sync-stream" and s.get("runq_wait_ns") is not None)
    load = float(open(os.path.join(work, f"load-{round_}-{level}")).read())
    rows[(round_, int(level))] = (load, others, med)
print("| round | busy loops | load | other work (CPUs) | sync-stream ms | x level 0 "
      "| its wait | thread-pool-parallel ms | x level 0 |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
for (round_, level), (load, others, med) in sorted(rows.items()):
    base = rows[(round_, 0)][2]
    s, p = med["sync-stream"], med["thread-pool-parallel"]
    print(f"| {round_} | {level} | {load:.1f} | {others:.2f} | {s / 1e6:.1f} "
          f"| {s / base['sync-stream']:.2f} | {med['wait'] * 100:.0f} % | {p / 1e6:.1f} "
          f"| {p / base['thread-pool-parallel']:.2f} |")
EOF
echo "load at end $(cut -d' ' -f1-3 /proc/loadavg)"
