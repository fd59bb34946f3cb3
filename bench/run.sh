#!/usr/bin/env bash
# make bench: notesite against Hugo and raw cmark-gfm on the shared benchmark corpus, side by side in one run.
#
#   bench/run.sh [NOTES...]        default: 2000 10000
#
# For each size it generates the corpus with ../shared/bench/make-corpus.py (flat layout for notesite and
# cmark-gfm, --layout hugo for Hugo), times `notesite build`, `notesite check`, `hugo` and `cmark-gfm` over the
# concatenated notes with hyperfine in rounds (each command once per round, in turn, after a warm-up), prints
# medians and ratios, measures each command's peak memory with /usr/bin/time -v, and times one incremental
# rebuild after a note is edited (what `notesite serve` does) with `notesite bench-rebuild`.
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

# The median of each command's times over the rounds' hyperfine exports, in the order the commands were named.
median() {
  python3 -c '
import json, statistics, sys
rounds = [json.load(open(path))["results"] for path in sys.argv[1:]]
print(" ".join(str(statistics.median(r[i]["times"][0] for r in rounds)) for i in range(len(rounds[0]))))' "$@"
}
peak() { # peak resident memory in MB of one run of the command
  /usr/bin/time -v "$@" >/dev/null 2>"$WORK/time.txt" || true
  awk '/Maximum resident set size/ { printf "%.0f", $6 / 1024 }' "$WORK/time.txt"
}
ratio() { python3 -c "import sys; print(f'{float(sys.argv[1]) / float(sys.argv[2]):.2f}')" "$1" "$2"; }

{
  echo "# notesite benchmark"
  echo
  echo "$(date -u +%Y-%m-%d), $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), $(uname -sr)"
  echo "notesite $(git rev-parse --short HEAD), $(hugo version | cut -d' ' -f1-2), cmark-gfm $(cmark-gfm --version | head -1 | awk '{print $2}'), median of ${RUNS} rounds (hyperfine, each command once per round, in turn)"
  echo
  echo "| notes | MB of Markdown | notesite build | notesite check | Hugo | cmark-gfm | build / Hugo | build / cmark-gfm | check / build | peak MB build · check · Hugo | one-note rebuild |"
  echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
} > "$RESULTS"

for n in "${SIZES[@]}"; do
  site=$WORK/notesite-$n
  hugo_site=$WORK/hugo-$n
  if [ ! -d "$site/notes" ] || [ ! -d "$hugo_site" ]; then
    echo "bench: generating $n notes" >&2
    rm -rf "$site" "$hugo_site"
    python3 "$MAKE_CORPUS" --notes "$n" --out "$site/notes" >/dev/null
    cp -r Content/data "$site/data"
    python3 "$MAKE_CORPUS" --notes "$n" --out "$hugo_site" --layout hugo >/dev/null
  fi
  find "$site/notes" -name '*.md' -print0 | sort -z | xargs -0 cat > "$WORK/all-$n.md"
  megabytes=$(du -sm "$site/notes" | cut -f1)

  build="$NOTESITE build --quiet --content $site --templates $TEMPLATES --output $WORK/out-$n"
  check="$NOTESITE check --quiet --content $site --templates $TEMPLATES"
  hugo_cmd="hugo --quiet --source $hugo_site --destination $WORK/hugo-out-$n"
  cmark="cmark-gfm -e table -e strikethrough -e autolink -e tasklist $WORK/all-$n.md"

  echo "bench: timing $n notes, $RUNS rounds" >&2
  # Each round runs every command once, in turn, so that a machine that slows down or speeds up during the run
  # weighs on all four alike and the ratios stay fair; hyperfine's own --runs would run one command's runs
  # back to back. The first round starts with a warm-up run of each. check exits 1 on the corpus's deliberately
  # broken links, which is its expected answer here; any other failure stops the benchmark.
  rm -f "$WORK/times-$n"-*.json
  for round in $(seq "$RUNS"); do
    warmup=(); [ "$round" -eq 1 ] && warmup=(--warmup 1)
    hyperfine --style none "${warmup[@]}" --runs 1 --export-json "$WORK/times-$n-$round.json" \
      -n "notesite build" "$build" -n "notesite check" "$check || [ \$? -eq 1 ]" -n "hugo" "$hugo_cmd" \
      -n "cmark-gfm" "$cmark > /dev/null"
    python3 -c '
import json, sys
results = json.load(open(sys.argv[1]))["results"]
print("  round " + sys.argv[2] + ": " + ", ".join("%s %.2f s" % (r["command"], r["times"][0]) for r in results))' \
      "$WORK/times-$n-$round.json" "$round" >&2
  done
  read -r t_build t_check t_hugo t_cmark <<< "$(median "$WORK/times-$n"-*.json)"

  m_build=$(peak $build)
  m_check=$(peak $check)
  m_hugo=$(peak $hugo_cmd)
  rebuild=$("$NOTESITE" bench-rebuild --content "$site" --templates "$TEMPLATES" --output "$WORK/out-$n" --edits 5)

  printf '| %s | %s | %.2f s | %.2f s | %.2f s | %.2f s | %s | %s | %s | %s · %s · %s | %s |\n' \
    "$n" "$megabytes" "$t_build" "$t_check" "$t_hugo" "$t_cmark" \
    "$(ratio "$t_build" "$t_hugo")" "$(ratio "$t_build" "$t_cmark")" "$(ratio "$t_check" "$t_build")" \
    "$m_build" "$m_check" "$m_hugo" "$rebuild" >> "$RESULTS"
done

echo >&2
cat "$RESULTS"
