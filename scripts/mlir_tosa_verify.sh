#!/bin/bash
# Verifies every .mlir program in DIR with mlir-opt-19 (no flags, empty
# environment), BATCH programs per run: they are joined with `// -----`
# and checked apart by --split-input-file, so 10,000 programs cost 20
# process starts. A batch with an error is run again file by file to name
# the programs that fail. Prints one line per failing program and:
#   programs N verified V
# usage: mlir_tosa_verify.sh DIR   (BATCH=500 by default)
set -eu
DIR=$1
MLIR_OPT=${MLIR_OPT:-/usr/bin/mlir-opt-19}
BATCH=${BATCH:-500}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
ls "$DIR"/*.mlir >"$W/files"
split -l "$BATCH" -d -a 4 "$W/files" "$W/batch."
n=0 bad=0
for b in "$W"/batch.[0-9]*; do
  : >"$W/joined.mlir"
  first=1
  while IFS= read -r f; do
    [ "$first" = 1 ] || echo '// -----' >>"$W/joined.mlir"
    first=0
    cat "$f" >>"$W/joined.mlir"
  done <"$b"
  n=$((n + $(wc -l <"$b")))
  if env -i "$MLIR_OPT" --split-input-file "$W/joined.mlir" >/dev/null 2>"$W/err"; then
    continue
  fi
  while IFS= read -r f; do
    if ! env -i "$MLIR_OPT" <"$f" >/dev/null 2>"$W/err"; then
      echo "verify $f: $(grep -m1 'error' "$W/err" || head -c 200 "$W/err")"
      bad=$((bad + 1))
    fi
  done <"$b"
done
echo "programs $n verified $((n - bad))"
