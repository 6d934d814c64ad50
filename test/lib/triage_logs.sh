# Distinct crash logs for the triage store tests, sourced after e2e.sh.
# distinct_logs OUT ROUNDS [SPREAD]: every log of test/triage/corpus,
# ROUNDS times over, each copy with a line of its own ("run N") appended,
# written as OUT/N.log; with SPREAD k, into OUT0 .. OUT(k-1) instead, by the
# log's place in the corpus. The directories must exist.
distinct_logs() {
  awk -v out="$1" -v rounds="$2" -v spread="${3:-0}" '
    FNR == 1 { n++ }
    { text[n] = text[n] $0 "\n" }
    END {
      for (r = 0; r < rounds; r++) for (i = 1; i <= n; i++) {
        f = out (spread ? i % spread : "") "/" (r * 1000 + i) ".log"
        printf "%srun %d\n", text[i], r * 1000 + i > f
        close(f)
      }
    }' "$GRED_SRC"/test/triage/corpus/*/*.log
}
