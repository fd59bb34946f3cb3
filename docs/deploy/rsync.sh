#!/usr/bin/env bash
# Publishes a notes project to a static host with rsync over SSH: check, build, copy.
#
#   NOTESITE_DEPLOY_HOST=deploy@example.org NOTESITE_DEPLOY_PATH=/var/www/notes/ \
#   NOTESITE_BASE_URL=https://notes.example.org/ path/to/rsync.sh [--dry-run]
#
# Run it in the notes project's folder (the one with Content/). It stops before copying anything when
# `notesite check` finds errors or the build fails. --dry-run (or NOTESITE_DEPLOY_DRY_RUN=1) checks and builds,
# then lists what rsync would change on the host and changes nothing there.
#
#   NOTESITE_DEPLOY_HOST  the SSH destination, [user@]host (required)
#   NOTESITE_DEPLOY_PATH  the folder on the host the web server serves the site from (required)
#   NOTESITE_BASE_URL     the address the site is served at, https://…/ (required: sitemap.xml and feed links)
#   NOTESITE              the notesite command (default: notesite, from PATH)
#   RSYNC_RSH             how rsync reaches the host (rsync's own variable; default ssh)
#
# rsync --delete makes the folder on the host the same as public/: files there that the site does not have are
# deleted. The build's own files (.notesite-manifest, .notesite-lock, and what a stopped build left) are not
# copied.
set -euo pipefail

dry_run=${NOTESITE_DEPLOY_DRY_RUN:-0}
for argument in "$@"; do
  case $argument in
    -n|--dry-run) dry_run=1 ;;
    -h|--help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
    *) echo "usage: $0 [--dry-run]" >&2; exit 64 ;;
  esac
done

: "${NOTESITE_DEPLOY_HOST:?set NOTESITE_DEPLOY_HOST to the SSH destination, such as deploy@example.org}"
: "${NOTESITE_DEPLOY_PATH:?set NOTESITE_DEPLOY_PATH to the folder on the host, such as /var/www/notes/}"
: "${NOTESITE_BASE_URL:?set NOTESITE_BASE_URL to the address the site is served at, such as https://notes.example.org/}"
notesite=${NOTESITE:-notesite}

"$notesite" check
"$notesite" build --base-url "$NOTESITE_BASE_URL"

options=(-az --delete --exclude '.notesite-*')
if [ "$dry_run" = 1 ]; then
  options+=(--dry-run --itemize-changes)
  echo "Dry run: what rsync would change in $NOTESITE_DEPLOY_HOST:$NOTESITE_DEPLOY_PATH"
fi
# The trailing slashes copy the folder's contents, not the folder, into the path.
rsync "${options[@]}" public/ "$NOTESITE_DEPLOY_HOST:${NOTESITE_DEPLOY_PATH%/}/"
if [ "$dry_run" != 1 ]; then
  echo "Published public/ to $NOTESITE_DEPLOY_HOST:${NOTESITE_DEPLOY_PATH%/}/ ($NOTESITE_BASE_URL)"
fi
