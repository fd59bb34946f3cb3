#!/usr/bin/env bash
# Runs the note fuzzer (built by `make fuzz`) for FUZZ_SECONDS seconds and sums the run up: executions, speed,
# coverage, and the file of any crash, hang or leak it found (then it exits 1).
#
# Each run grows a corpus afresh from the committed seeds in Fuzz/seeds, which are only read, in
# Fuzz/.build/fuzz-run/corpus. FUZZ_KEEP_CORPUS=1 starts from the previous run's corpus instead; libFuzzer then runs
# all of it first, so the run takes longer than FUZZ_SECONDS. Every input is one note file; FUZZ_MAX_LEN caps its
# size in bytes (default 8192, the part of a file the loader scans for the NUL bytes that mark it as binary).
set -uo pipefail
cd "$(dirname "$0")"

seconds=${FUZZ_SECONDS:-60}
max_len=${FUZZ_MAX_LEN:-8192}
binary=.build/release/NotesiteFuzz
work=.build/fuzz-run
log=$work/fuzz.log

[ -x "$binary" ] || { echo "fuzz: $binary is missing; run \`make fuzz\` from the repository root" >&2; exit 2; }
rm -rf "$work/artifacts" "$work/tmp"
[ "${FUZZ_KEEP_CORPUS:-0}" = 1 ] || rm -rf "$work/corpus"
mkdir -p "$work/corpus" "$work/artifacts" "$work/tmp"

echo "fuzz: running for ${seconds}s from Fuzz/seeds (log: Fuzz/$log)"
started=$SECONDS
# The harness writes each input to a note file under TMPDIR, so that it goes through the real loader. Swift's own
# crash backtracer would read the stack under AddressSanitizer's feet; libFuzzer prints the stack instead.
TMPDIR="$PWD/$work/tmp" SWIFT_BACKTRACE=enable=no LSAN_OPTIONS="suppressions=$PWD/lsan.supp:print_suppressions=0" "$binary" "$work/corpus" seeds \
    -dict=notes.dict -max_len="$max_len" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix="$work/artifacts/" -print_final_stats=1 2>"$log"
status=$?
elapsed=$((SECONDS - started))

stat() { grep -o "^stat::$1: *[0-9]*" "$log" | grep -o '[0-9]*$' | tail -1; }
last_status=$(grep -E '^#[0-9]+' "$log" | tail -1)
coverage=$(grep -o 'cov: [0-9]*' <<<"$last_status" | grep -o '[0-9]*')
features=$(grep -o 'ft: [0-9]*' <<<"$last_status" | grep -o '[0-9]*')
corpus=$(grep -o 'corp: [0-9]*' <<<"$last_status" | grep -o '[0-9]*')
echo "fuzz: $(stat number_of_executed_units) executions in ${elapsed}s ($(stat average_exec_per_sec)/s)," \
     "coverage ${coverage:-?} edges, ${features:-?} features, ${corpus:-?} inputs in the corpus," \
     "peak memory $(stat peak_rss_mb) MB"

found=$(find "$work/artifacts" -type f | sort)
if [ -n "$found" ]; then
    grep -m1 -E '^(==[0-9]+== ?ERROR|SUMMARY)' "$log" | sed 's/^/fuzz: /'
    grep -m1 -E '^Fatal error|: Fatal error' "$log" | sed 's/^/fuzz: /'
    while read -r file; do echo "fuzz: found: Fuzz/$file"; done <<<"$found"
    echo "fuzz: replay one with \`Fuzz/$binary <file>\`; reduce it with \`Fuzz/$binary -minimize_crash=1 -runs=100000 <file>\`"
    exit 1
fi
if [ "$status" -ne 0 ]; then
    echo "fuzz: the fuzzer stopped with status $status; the end of its log:" >&2
    tail -20 "$log" >&2
    exit "$status"
fi
echo "fuzz: no crashes"
