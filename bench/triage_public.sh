#!/bin/sh
# Grouping quality of `gred triage add` on crash logs as people post them
# (the head of an issue: an assertion line and a few frames, a Python or
# C# exception, a sanitizer report), collected by hand into
# DIR/<repo>-<issue>/<k>.log, one directory per bug as its maintainers
# decided (duplicates and issues closed by one fix share a directory).
# The set is split by the directory's issue number: even numbers tune,
# odd numbers are held out. Nothing is fetched; DIR is read as it is.
# usage: bench/triage_public.sh DIR [GRED]   (SHOW=1 lists what went wrong)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 1 ] || { echo "usage: $0 DIR [GRED]" >&2; exit 2; }
dir=$(cd "$1" && pwd)
gred=${2:-$here/build/gred}
w=$(mktemp -d "${TMPDIR:-/tmp}/gred-public.XXXXXX")
trap 'rm -rf "$w"' EXIT
mkdir "$w/tuning" "$w/held-out"
for d in "$dir"/*/; do
  g=$(basename "$d")
  n=${g##*-}
  case $n in ''|*[!0-9]*) echo "skip $g: no issue number" >&2; continue ;; esac
  if [ $((n % 2)) -eq 0 ]; then half=tuning; else half=held-out; fi
  mkdir "$w/$half/$g"
  for f in "$d"*.log; do ln -s "$f" "$w/$half/$g/"; done
done
for half in tuning held-out; do
  echo "# $half (issue numbers $( [ $half = tuning ] && echo even || echo odd ))"
  python3 "$here/bench/triage_quality.py" "$gred" "$w/$half" --flat | sed "s/^== all:/== $half:/"
done
