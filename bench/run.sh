#!/usr/bin/env bash
# make bench: notesite against Hugo and raw cmark-gfm on the shared benchmark corpus, side by side in one run.
#
#   bench/run.sh [NOTES...]        default: 2000 10000
#
# For each size it generates the corpus with ../shared/bench/make-corpus.py (flat layout for notesite and
# cmark-gfm, --layout hugo for Hugo) and times, with hyperfine in rounds (each command once per round, in turn, after
# a warm-up), the cases users meet:
#   cold         the output folder removed (and `sync`) before each run: any build after `rm -rf public`;
#   first build  a new, empty folder each run, nothing deleted in the minute before: a fresh clone, CI;
#   warm         the output kept and the notes unchanged;
#   edit one     one note changed before each run, then a full `notesite build` (not serve);
#   check        `notesite check`;
# and cmark-gfm over the concatenated notes. It reports medians, user and system time, the files each tool writes,
# each command's peak memory (/usr/bin/time -v, cold), and one incremental rebuild after an edit (what `notesite
# serve` does) with `notesite bench-rebuild`.
set -euo pipefail
cd "$(dirname "$0")/.."

SIZES=("$@")
[ ${#SIZES[@]} -eq 0 ] && SIZES=(2000 10000)
RUNS=${BENCH_RUNS:-5}
NOTESITE=$PWD/.build/release/notesite
TEMPLATES=$PWD/Templates
MAKE_CORPUS=${MAKE_CORPUS:-$PWD/../shared/bench/make-corpus.py}
WORK=${BENCH_DIR:-$PWD/bench/corpus}
RESULTS=$WORK/results.md
mkdir -p "$WORK"

[ -f "$MAKE_CORPUS" ] || { echo "bench: $MAKE_CORPUS not found (set MAKE_CORPUS)" >&2; exit 2; }

# Each command's median over the rounds' hyperfine exports, of one field: wall time ("times"), "user" or "system".
median() {
  python3 -c '
import json, statistics, sys
field, paths = sys.argv[1], sys.argv[2:]
rounds = [json.load(open(path))["results"] for path in paths]
def value(r):
    return r["times"][0] if field == "times" else r[field]
print(" ".join("%.3f" % statistics.median(value(r[i]) for r in rounds) for i in range(len(rounds[0]))))' "$@"
}
peak() { # peak resident memory in MB of one run of the command
  /usr/bin/time -v "$@" >/dev/null 2>"$WORK/time.txt" || true
  awk '/Maximum resident set size/ { printf "%.0f", $6 / 1024 }' "$WORK/time.txt"
}
ratio() { python3 -c "import sys; print(f'{float(sys.argv[1]) / float(sys.argv[2]):.2f}')" "$1" "$2"; }
# The cold ratio of each round, lowest and highest: how far the rounds agree on the headline, which is the ratio of
# the two medians.
round_ratios() {
  python3 -c '
import json, sys
rounds = [json.load(open(path))["results"] for path in sys.argv[1:]]
ratios = sorted(r[0]["times"][0] / r[1]["times"][0] for r in rounds)
print("%.2f to %.2f" % (ratios[0], ratios[-1]))' "$@"
}
files() { find "$1" -type f | wc -l | tr -d ' '; }

{
  echo "# notesite benchmark"
  echo
  echo "$(date -u +%Y-%m-%d), $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), $(uname -sr)"
  echo "notesite $(git rev-parse --short HEAD), $(hugo version | cut -d' ' -f1-2), cmark-gfm $(cmark-gfm --version | head -1 | awk '{print $2}'), median of ${RUNS} rounds (hyperfine, each command once per round, in turn)"
  echo
  echo "Seconds: wall (user · system). Cold: output folder removed and \`sync\` before each run. First build: a new"
  echo "folder each run, nothing deleted in the minute before. Warm: output kept, notes unchanged. Edit one: one note"
  echo "changed before each full build."
  echo
  echo "| notes | MB of Markdown | case | notesite | Hugo | notesite / Hugo |"
  echo "| ---: | ---: | --- | ---: | ---: | ---: |"
} > "$RESULTS"
: > "$WORK/extra.md"
# The first builds' folders (below) go when the benchmark ends, however it ends: not before, so that no timing runs
# just after they were deleted.
firsts=()
trap 'rm -rf "${firsts[@]}"' EXIT

for n in "${SIZES[@]}"; do
  site=$WORK/notesite-$n
  hugo_site=$WORK/hugo-$n
  if [ ! -d "$site/notes" ] || [ ! -d "$hugo_site" ]; then
    echo "bench: generating $n notes" >&2
    rm -rf "$site" "$hugo_site"
    python3 "$MAKE_CORPUS" --notes "$n" --out "$site/notes" >/dev/null
    python3 "$MAKE_CORPUS" --notes "$n" --out "$hugo_site" --layout hugo >/dev/null
  fi
  # Today's data, also in a corpus made before it changed.
  rm -rf "$site/data" && cp -r Content/data "$site/data"
  find "$site/notes" -name '*.md' -print0 | sort -z | xargs -0 cat > "$WORK/all-$n.md"
  megabytes=$(du -sm "$site/notes" | cut -f1)

  out=$WORK/out-$n
  hugo_out=$WORK/hugo-out-$n
  build="$NOTESITE build --quiet --content $site --templates $TEMPLATES --output $out"
  check="$NOTESITE check --quiet --content $site --templates $TEMPLATES"
  hugo_cmd="hugo --quiet --source $hugo_site --destination $hugo_out"
  cmark="cmark-gfm -e table -e strikethrough -e autolink -e tasklist $WORK/all-$n.md"
  # The note `edit one` changes: a line at its end that differs in every run, put back at the end.
  edited=$(find "$site/notes" -name '*.md' | sort | sed -n 1p)
  cp "$edited" "$WORK/edited-$n.md"
  edit="python3 -c 'import sys, time; open(sys.argv[1], \"a\").write(\"\\nEdited at %f.\\n\" % time.time())' $edited"

  echo "bench: timing $n notes, $RUNS rounds" >&2
  # Each round runs every command once, in turn, so that a machine that slows down or speeds up during the run
  # weighs on all of them alike and the ratios stay fair; hyperfine's own --runs would run one command's runs
  # back to back. The first round starts with a warm-up run of each. check exits 1 on the corpus's deliberately
  # broken links, which is its expected answer here; any other failure stops the benchmark. The warm cases follow
  # the cold ones, whose output they keep.
  rm -f "$WORK/times-$n"-*.json
  for round in $(seq "$RUNS"); do
    warmup=(); [ "$round" -eq 1 ] && warmup=(--warmup 1)
    hyperfine --style none "${warmup[@]}" --runs 1 --export-json "$WORK/times-$n-$round.json" \
      --prepare "rm -rf $out && sync" -n "notesite cold" "$build" \
      --prepare "rm -rf $hugo_out && sync" -n "hugo cold" "$hugo_cmd" \
      --prepare "$build" -n "notesite warm" "$build" \
      --prepare "$hugo_cmd" -n "hugo warm" "$hugo_cmd" \
      --prepare "$edit" -n "notesite edit one" "$build" \
      --prepare "true" -n "notesite check" "$check || [ \$? -eq 1 ]" \
      --prepare "true" -n "cmark-gfm" "$cmark > /dev/null"
    python3 -c '
import json, sys
results = json.load(open(sys.argv[1]))["results"]
print("  round " + sys.argv[2] + ": " + ", ".join("%s %.2f s" % (r["command"], r["times"][0]) for r in results))' \
      "$WORK/times-$n-$round.json" "$round" >&2
  done
  cp "$WORK/edited-$n.md" "$edited"

  # First build: each run into a new, empty folder, after a minute in which nothing was deleted, as a fresh clone
  # or CI meets it. Not the same as cold on every file system: ext4 without a journal (this benchmark's machine)
  # passes over inodes freed in the last minute when it makes a file, so a run just after `rm -rf` of a site pays
  # for every file the run before it made. Nothing is deleted until the end of the benchmark.
  first=$WORK/first-$n
  rm -rf "$first" && mkdir -p "$first" && sync && sleep 61
  rm -f "$WORK/first-$n"-*.json
  for round in $(seq "$RUNS"); do
    warmup=(); [ "$round" -eq 1 ] && warmup=(--warmup 1)
    hyperfine --style none "${warmup[@]}" --runs 1 --export-json "$WORK/first-$n-$round.json" \
      -n "notesite first build" "$NOTESITE build --quiet --content $site --templates $TEMPLATES --output \$(mktemp -d -p $first)" \
      -n "hugo first build" "hugo --quiet --source $hugo_site --destination \$(mktemp -d -p $first)"
  done
  read -r w_first w_hugo_first <<< "$(median times "$WORK/first-$n"-*.json)"
  read -r u_first u_hugo_first <<< "$(median user "$WORK/first-$n"-*.json)"
  read -r s_first s_hugo_first <<< "$(median system "$WORK/first-$n"-*.json)"
  firsts+=("$first")

  read -r w_cold w_hugo_cold w_warm w_hugo_warm w_edit w_check w_cmark <<< "$(median times "$WORK/times-$n"-*.json)"
  read -r u_cold u_hugo_cold u_warm u_hugo_warm u_edit u_check u_cmark <<< "$(median user "$WORK/times-$n"-*.json)"
  read -r s_cold s_hugo_cold s_warm s_hugo_warm s_edit s_check s_cmark <<< "$(median system "$WORK/times-$n"-*.json)"

  rm -rf "$out" "$hugo_out"; sync
  m_build=$(peak $build)
  m_hugo=$(peak $hugo_cmd)
  m_check=$(peak $check)
  f_notesite=$(files "$out")
  f_hugo=$(files "$hugo_out")
  rebuild=$("$NOTESITE" bench-rebuild --content "$site" --templates "$TEMPLATES" --output "$out" --edits 5)

  row() { printf '| %s | %s | %s | %.2f s (%.2f · %.2f) | %s | %s |\n' "$n" "$megabytes" "$1" "$2" "$3" "$4" "$5" "$6" >> "$RESULTS"; }
  hugo_cell() { printf '%.2f s (%.2f · %.2f)' "$1" "$2" "$3"; }
  row cold "$w_cold" "$u_cold" "$s_cold" "$(hugo_cell "$w_hugo_cold" "$u_hugo_cold" "$s_hugo_cold")" "**$(ratio "$w_cold" "$w_hugo_cold")**"
  row "first build" "$w_first" "$u_first" "$s_first" "$(hugo_cell "$w_hugo_first" "$u_hugo_first" "$s_hugo_first")" "$(ratio "$w_first" "$w_hugo_first")"
  row warm "$w_warm" "$u_warm" "$s_warm" "$(hugo_cell "$w_hugo_warm" "$u_hugo_warm" "$s_hugo_warm")" "$(ratio "$w_warm" "$w_hugo_warm")"
  row "edit one" "$w_edit" "$u_edit" "$s_edit" "(as warm)" "$(ratio "$w_edit" "$w_hugo_warm")"
  row check "$w_check" "$u_check" "$s_check" "" "check / cold $(ratio "$w_check" "$w_cold")"
  row "cmark-gfm alone" "$w_cmark" "$u_cmark" "$s_cmark" "" "cold / cmark-gfm $(ratio "$w_cold" "$w_cmark")"
  printf -- '- %s notes: cold / Hugo round by round %s; files written %s (notesite) · %s (Hugo); peak MB build %s · check %s · Hugo %s; one-note rebuild in serve %s\n' \
    "$n" "$(round_ratios "$WORK/times-$n"-*.json)" "$f_notesite" "$f_hugo" "$m_build" "$m_check" "$m_hugo" "$rebuild" >> "$WORK/extra.md"
done

{ echo; cat "$WORK/extra.md"; } >> "$RESULTS"
echo >&2
cat "$RESULTS"
