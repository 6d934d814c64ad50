# ctest-labels: asan
# gred triage on the labelled corpus of real crash logs (test/triage/corpus,
# one directory per bug): zero false merges, zero false splits.
. "$(dirname "$0")/../lib/e2e.sh"
corpus=$GRED_SRC/test/triage/corpus
"$GRED" triage add -v --db "$T/db" "$corpus" >"$T/out" 2>"$T/err" || {
  cat "$T/err" >&2; fail "triage add exited $?"; finish; exit 1; }
# "BUCKET SIGNATURE PATH" -> "BUCKET GROUP"
grep -E "^[0-9]+ [0-9a-f]{16} " "$T/out" >"$T/add"
# One bug caught by two tools is one group (same-bug.tsv): gdb's
# backtrace of the NULL lookup and ASan's report of it name the same
# frames; gdb's backtrace of the assertion and the plain run's assertion
# line name the same check.
awk -F'\t' 'FNR == NR { if ($0 !~ /^#/ && NF >= 2) same[$1] = $2; next }
  { split($0, w, " "); n = split(w[3], p, "/"); g = p[n - 1]
  if (g in same) g = same[g]
  # glibc'"'"'s double-free check with no frame names no bug: each log alone
  if (g == "plain-double-free") g = g "-" FNR
  print w[1], g }' "$GRED_SRC/test/triage/same-bug.tsv" "$T/add" >"$T/pairs"
logs=$(wc -l <"$T/pairs")
want=$(find "$corpus" -name '*.log' | wc -l)
if [ "$logs" -eq "$want" ]; then pass; else fail "filed $logs of $want logs"; fi
# Pairwise precision and recall of the grouping.
awk '
  { b[NR] = $1; g[NR] = $2 }
  END {
    for (i = 1; i <= NR; i++) for (j = i + 1; j <= NR; j++) {
      sb = b[i] == b[j]; sg = g[i] == g[j]
      if (sb && sg) tp++; else if (sb) fp++; else if (sg) fn++
    }
    printf "pairs: %d same bug and bucket, %d false merges, %d false splits\n", tp, fp, fn
    printf "precision %.3f recall %.3f\n", tp + fp ? tp / (tp + fp) : 1, tp + fn ? tp / (tp + fn) : 1
  }' "$T/pairs"
merges=$(sort -u "$T/pairs" | awk '{ c[$1]++ } END { for (k in c) if (c[k] > 1) n++; print n + 0 }')
splits=$(sort -u "$T/pairs" | awk '{ c[$2]++ } END { for (k in c) if (c[k] > 1) n++; print n + 0 }')
groups=$(awk '{ print $2 }' "$T/pairs" | sort -u | wc -l)
buckets=$(awk '{ print $1 }' "$T/pairs" | sort -u | wc -l)
echo "$logs logs, $groups bugs, $buckets buckets"
if [ "$merges" -eq 0 ]; then pass; else
  fail "$merges buckets mix bugs:"; sort -u "$T/pairs" | awk '{ c[$1] = c[$1] " " $2 } END { for (k in c) print k ":" c[k] }' | awk 'NF > 2' >&2; fi
if [ "$splits" -eq 0 ]; then pass; else
  fail "$splits bugs split over buckets:"; sort -u "$T/pairs" | awk '{ c[$2] = c[$2] " " $1 } END { for (k in c) print k ":" c[k] }' | awk 'NF > 2' >&2; fi
finish
