# Same seed, same bytes (sourced after e2e.sh): `gen_same_seed EXT
# GEN-ARGS...` runs gred gen -n 30 twice with --seed 5 into $T/a and $T/b
# and once with --seed 6 into $T/c, and checks that a and b are the same
# 30 files and that every file of c differs from a's.
gen_same_seed() {
  ext=$1
  shift
  "$GRED" gen -q -n 30 -o "$T/a" --seed 5 "$@"
  "$GRED" gen -q -n 30 -o "$T/b" --seed 5 "$@"
  "$GRED" gen -q -n 30 -o "$T/c" --seed 6 "$@"
  same=0; differ=0
  for f in "$T"/a/*."$ext"; do
    b="$T/b/$(basename "$f")"; c="$T/c/$(basename "$f")"
    cmp -s "$f" "$b" && same=$((same + 1))
    cmp -s "$f" "$c" || differ=$((differ + 1))
  done
  if [ "$same" -eq 30 ]; then pass; else fail "same seed: only $same of 30 identical"; fi
  if [ "$differ" -eq 30 ]; then pass; else fail "other seed: only $differ of 30 differ"; fi
}
