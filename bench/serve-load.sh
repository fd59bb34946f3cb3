#!/usr/bin/env bash
# make serve-load: `notesite serve` under load, and refusing paths that climb out of the site while under load.
#
#   bench/serve-load.sh [CONTENT_DIR]      default: Content
#
# It starts `notesite serve --port 0` on a copy of the content folder and the templates, with the output in a
# scratch folder (neither they nor public/ are touched), waits until it answers, and records its resident memory
# (VmRSS, and VmHWM, the peak) from /proc. Then, with wrk (LOAD_CONNECTIONS connections, default 32, for
# LOAD_SECONDS each, default 20):
#
#   1. the pages: a mix of real URLs of the built site (home, each language's list and first note, reference
#      pages, the search page, its index, the assets), every answer expected to be 200;
#   2. traversal: paths that try to leave the output folder (plain, %-encoded, encoded twice, backslashes, empty
#      segments, absolute-form targets, symbolic links out of the folder), each also asked once with curl to
#      show which status it gets; every one must be refused (400, 403 or 404) and no answer may hold a file from
#      outside the folder;
#   3. the pages again, to show memory stays flat;
#   4. the pages while the site is rebuilt completely every 2 s (a comment added to a template each time): no
#      request may fail while a new site is swapped in.
#
# Finally it stops the server with SIGINT and expects exit status 0. It prints a table and exits 1 when a page
# request failed (runs 1, 3 and 4), a rebuild failed, a traversal was not refused or leaked a file, memory grew by
# more than LOAD_RSS_SLACK_MB (default 16) from the first to the repeated page load, or the server died or did not
# stop cleanly.
#
# NOTESITE=path overrides the binary (default .build/release/notesite); LOAD_DIR the scratch folder (default
# bench/corpus/serve-load).
set -euo pipefail
cd "$(dirname "$0")/.."

CONTENT=${1:-Content}
NOTESITE=${NOTESITE:-$PWD/.build/release/notesite}
TEMPLATES=${TEMPLATES:-$PWD/Templates}
CONNECTIONS=${LOAD_CONNECTIONS:-32}
SECONDS_EACH=${LOAD_SECONDS:-20}
THREADS=${LOAD_THREADS:-2}
RSS_SLACK_MB=${LOAD_RSS_SLACK_MB:-16}
WORK=${LOAD_DIR:-$PWD/bench/corpus/serve-load}
SCRIPT=$PWD/bench/serve-load.lua

[ -x "$NOTESITE" ] || { echo "serve-load: $NOTESITE not found (make release, or set NOTESITE)" >&2; exit 2; }
[ -d "$CONTENT" ] || { echo "serve-load: no content folder $CONTENT" >&2; exit 2; }
command -v wrk >/dev/null || { echo "serve-load: wrk not found (apt-get install wrk)" >&2; exit 2; }
command -v curl >/dev/null || { echo "serve-load: curl not found" >&2; exit 2; }

# The served folder is $WORK/site/out; next to it, outside, a file and a folder no request may reach.
rm -rf "$WORK"
mkdir -p "$WORK/site" "$WORK/outside"
cp -r "$CONTENT" "$WORK/site/content"
cp -r "$TEMPLATES" "$WORK/site/templates"
CANARY="notesite-serve-load-canary-$$-$RANDOM"
echo "$CANARY" > "$WORK/site/secret.txt"
echo "$CANARY" > "$WORK/outside/secret.txt"
OUT=$WORK/site/out
LOG=$WORK/serve.log
failed=0
fail() { echo "serve-load: FAIL: $*" >&2; failed=1; }

"$NOTESITE" serve --port 0 --content "$WORK/site/content" --templates "$WORK/site/templates" --output "$OUT" >"$LOG" 2>"$WORK/serve.err" &
SERVER=$!
stop_server() { kill -INT "$SERVER" 2>/dev/null || true; }
trap stop_server EXIT

port=""
for _ in $(seq 1 600); do
  port=$(sed -n 's|^Serving .* at http://127\.0\.0\.1:\([0-9][0-9]*\)/.*|\1|p' "$LOG")
  [ -n "$port" ] && break
  kill -0 "$SERVER" 2>/dev/null || { cat "$WORK/serve.err" >&2; echo "serve-load: the server exited before it listened" >&2; exit 1; }
  sleep 0.1
done
[ -n "$port" ] || { echo "serve-load: the server did not print its address in 60 s" >&2; exit 1; }
BASE=http://127.0.0.1:$port
for _ in $(seq 1 100); do curl -sf -o /dev/null "$BASE/" && break; sleep 0.1; done
curl -sf -o /dev/null "$BASE/" || { echo "serve-load: $BASE/ does not answer" >&2; exit 1; }
echo "serve-load: serving $CONTENT at $BASE (pid $SERVER)" >&2

rss() { awk -v key="$1:" '$1 == key { printf "%.1f", $2 / 1024 }' "/proc/$SERVER/status"; }
alive() { kill -0 "$SERVER" 2>/dev/null || { fail "the server died (see $WORK/serve.err)"; return 1; }; }

# Symbolic links inside the served folder that lead out of it (a file and a folder).
ln -s ../secret.txt "$OUT/outside-link.txt"
ln -s ../../outside "$OUT/outside-dir"

# The page mix: real files of the built site.
{
  echo /
  echo /index.html
  echo /search.html
  echo /404.html
  for lang in zh ru en; do
    [ -d "$OUT/$lang" ] || continue
    echo "/$lang/"
    first=$(find "$OUT/$lang" -name '*.html' ! -name index.html | sort | head -1)
    [ -n "$first" ] && echo "${first#"$OUT"}"
  done
  for page in reference/index.html reference/UISplitViewControllerDelegate.html reference/UISplitViewController.html \
              reference/collapse-table.html reference/symbols.json feed.xml; do
    [ -f "$OUT/$page" ] && echo "/$page"
  done
  find "$OUT/assets" -type f | sort | sed "s|^$OUT||"
  echo /__notesite/live.js
} | awk '!seen[$0]++' > "$WORK/pages.paths"

# Traversal: every way of writing "one folder up" the server must refuse; secret.txt is one level above the site.
cat > "$WORK/traversal.paths" <<'EOF'
/../secret.txt
/../../../../../../etc/passwd
/assets/../../secret.txt
/./../secret.txt
/..
/assets/..
/%2e%2e/secret.txt
/%2E%2E/secret.txt
/.%2e/secret.txt
/%2e./secret.txt
/%2e%2e%2fsecret.txt
/..%2fsecret.txt
/..%2Fsecret.txt
/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd
/assets/%2e%2e/%2e%2e/secret.txt
/%252e%252e/secret.txt
/%252E%252E/secret.txt
/..%252fsecret.txt
/%252e%252e%252fsecret.txt
/%25252e%25252e/secret.txt
/..\secret.txt
/..%5csecret.txt
/%5c..%5csecret.txt
/assets\..\..\secret.txt
//etc/passwd
///etc/passwd
/assets//../../secret.txt
/..%00/secret.txt
/secret.txt%00.html
/%c0%ae%c0%ae/secret.txt
/%u002e%u002e/secret.txt
/..;/secret.txt
/.secret.txt
/outside-link.txt
/outside-dir/secret.txt
/outside-dir/
http://127.0.0.1/../secret.txt
http://127.0.0.1/%2e%2e/secret.txt
EOF

run_wrk() { # run_wrk NAME PATHS_FILE: one wrk run; its figures land in $WORK/NAME.result
  wrk -t "$THREADS" -c "$CONNECTIONS" -d "${SECONDS_EACH}s" --timeout 10s -s "$SCRIPT" "$BASE/" -- "$2" "$CANARY" \
    > "$WORK/$1.wrk" 2>&1 || fail "wrk $1 exited with an error"
  sed -n '/^requests /,$p' "$WORK/$1.wrk" > "$WORK/$1.result"
}
get() { awk -v key="$2" '$1 == key { print $2 }' "$WORK/$1.result"; }

# Each page once, to know the mix is real before loading it.
while read -r path; do
  code=$(curl -s -o /dev/null -w '%{http_code}' "$BASE$path")
  [ "$code" = 200 ] || fail "$path answers $code, not 200"
done < "$WORK/pages.paths"

# Each traversal once, with the status it gets (curl --request-target sends the target exactly as written).
: > "$WORK/traversal-statuses.txt"
while read -r path; do
  code=$(curl -s -o "$WORK/body" -w '%{http_code}' --request-target "$path" "$BASE/")
  printf '%s %s\n' "$code" "$path" >> "$WORK/traversal-statuses.txt"
  case $code in 400|403|404) ;; *) fail "traversal $path answered $code" ;; esac
  if grep -qF -e "$CANARY" -e "root:x:0:0:" "$WORK/body"; then fail "traversal $path returned a file from outside the site"; fi
done < "$WORK/traversal.paths"

rss_start=$(rss VmRSS)
echo "serve-load: pages, ${SECONDS_EACH} s at $CONNECTIONS connections ($(wc -l < "$WORK/pages.paths") URLs)" >&2
run_wrk pages "$WORK/pages.paths"
alive || true
rss_pages=$(rss VmRSS)
echo "serve-load: traversal, ${SECONDS_EACH} s at $CONNECTIONS connections ($(wc -l < "$WORK/traversal.paths") targets)" >&2
run_wrk traversal "$WORK/traversal.paths"
alive || true
rss_after=$(rss VmRSS)
echo "serve-load: pages again" >&2
run_wrk repeat "$WORK/pages.paths"
alive || true
rss_repeat=$(rss VmRSS)
template=$(find "$WORK/site/templates" -name '*.mustache' | sort | head -1)
echo "serve-load: pages while ${template#"$WORK/site/"} is edited every 2 s" >&2
(
  SECONDS=0
  edits=0
  while [ "$SECONDS" -lt $(( SECONDS_EACH - 2 )) ]; do
    sleep 2
    edits=$(( edits + 1 ))
    echo "{{! serve-load edit $edits }}" >> "$template"
  done
) &
editor=$!
run_wrk rebuild "$WORK/pages.paths"
wait "$editor"
alive || true
sleep 2
rebuilds=$(grep -c '^Rebuilt after' "$LOG" || true)
[ "$rebuilds" -gt 0 ] || fail "no rebuild happened during the rebuild run"
if grep -q '^Build failed' "$WORK/serve.err"; then fail "a rebuild failed (see $WORK/serve.err)"; fi
rss_rebuild=$(rss VmRSS)
rss_peak=$(rss VmHWM)

# The page runs: every request answered, every answer 200.
for run in pages repeat rebuild; do
  [ -n "$(get $run requests)" ] || { fail "no figures from wrk $run (see $WORK/$run.wrk)"; continue; }
  errors=$(( $(get $run errors_connect) + $(get $run errors_read) + $(get $run errors_write) + $(get $run errors_timeout) ))
  [ "$errors" -eq 0 ] || fail "$run: $errors socket errors"
  [ "$(get $run statuses)" = "200=$(get $run requests)" ] || fail "$run: statuses $(get $run statuses)"
done
[ "$(get pages requests)" -ge 10000 ] || fail "pages: only $(get pages requests) requests (raise LOAD_SECONDS)"
# The traversal run: only refusals, nothing from outside the folder.
if [ -n "$(get traversal requests)" ]; then
  for pair in $(get traversal statuses | tr ',' ' '); do
    case ${pair%%=*} in 400|403|404) ;; *) fail "traversal under load: ${pair#*=} answers with status ${pair%%=*}" ;; esac
  done
  [ "$(get traversal leaks)" -eq 0 ] || fail "traversal under load: $(get traversal leaks) answers held a file from outside"
else
  fail "no figures from wrk traversal (see $WORK/traversal.wrk)"
fi
# Memory: the repeated load must not keep what the first one took.
if python3 -c 'import sys; sys.exit(0 if float(sys.argv[2]) - float(sys.argv[1]) <= float(sys.argv[3]) else 1)' \
     "$rss_pages" "$rss_repeat" "$RSS_SLACK_MB"; then :; else
  fail "memory grew from $rss_pages MB to $rss_repeat MB over the repeated load"
fi

# Stop with SIGINT, as Ctrl-C does, and expect a clean exit.
trap - EXIT
status=0
if kill -0 "$SERVER" 2>/dev/null; then
  kill -INT "$SERVER"
  for _ in $(seq 1 100); do kill -0 "$SERVER" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$SERVER" 2>/dev/null; then
    fail "the server did not stop within 10 s of SIGINT"
    kill -KILL "$SERVER" 2>/dev/null || true
  fi
  wait "$SERVER" || status=$?
  [ "$status" -eq 0 ] || fail "the server exited with status $status after SIGINT"
else
  wait "$SERVER" || status=$?
  fail "the server was gone before SIGINT (exit status $status)"
fi

row() { printf '| %s | %s | %s | %s | %s/%s/%s/%s | %s | %s | %s |\n' "$1" "$(get "$1" requests)" "$(get "$1" seconds)" \
  "$(get "$1" rps)" "$(get "$1" errors_connect)" "$(get "$1" errors_read)" "$(get "$1" errors_write)" \
  "$(get "$1" errors_timeout)" "$(get "$1" p50_ms)" "$(get "$1" p99_ms)" "$(get "$1" statuses)"; }
echo
echo "notesite serve under load: $(date -u +%Y-%m-%d), $(nproc) cores, $THREADS wrk threads, $CONNECTIONS connections, $CONTENT ($(wc -l < "$WORK/pages.paths") page URLs, $(wc -l < "$WORK/traversal.paths") traversal targets)"
echo
echo "| run | requests | seconds | requests/s | errors connect/read/write/timeout | p50 ms | p99 ms | statuses |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |"
row pages
row traversal
row repeat
row rebuild
echo
echo "complete rebuilds during the rebuild run: $rebuilds"
echo "RSS MB: $rss_start before, $rss_pages after the pages, $rss_after after traversal, $rss_repeat after the repeat, $rss_rebuild after the rebuilds (peak $rss_peak)"
echo "traversal answers under load: $(get traversal statuses), with a file from outside: $(get traversal leaks)"
echo "traversal targets, one request each:"
sort "$WORK/traversal-statuses.txt" | awk '{ codes[$1] = codes[$1] " " $2 } END { for (c in codes) print "  " c ":" codes[c] }' | sort
echo "server: exit status $status after SIGINT"
if [ "$failed" -ne 0 ]; then echo "serve-load: FAILED (logs in $WORK)" >&2; exit 1; fi
echo "serve-load: ok"
