#!/bin/sh
# Triage quality and throughput.
# Quality: pairwise precision and recall per format, tuning and held-out
# sets apart, on the generated corpus MATRIX (default build/triage-matrix,
# made by bench/triage_matrix.py when missing) and on the committed
# corpus test/triage/corpus.
# Throughput: files N logs (default 100,000), made by mutating the logs of
# both corpora (pids, ASLR-shifted addresses, noise lines), into a fresh
# store with `gred triage add`; prints logs/s of CPU and of wall time.
# usage: bench/triage_bench.sh [GRED] [N]
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
gred=${1:-$here/build/gred}
n=${2:-100000}
w=$(mktemp -d "${TMPDIR:-/tmp}/gred-bench.XXXXXX")
trap 'rm -rf "$w"' EXIT
matrix=${MATRIX:-$here/build/triage-matrix}
[ -d "$matrix" ] || python3 "$here/bench/triage_matrix.py" "$matrix"
echo "# generated corpus ($matrix)"
python3 "$here/bench/triage_quality.py" "$gred" "$matrix"
echo "# committed corpus (test/triage/corpus, one set)"
python3 "$here/bench/triage_quality.py" "$gred" "$here/test/triage/corpus" --flat --same "$here/test/triage/same-bug.tsv"
echo "# throughput"

python3 - "$here/test/triage/corpus" "$w/logs" "$n" "$matrix" <<'PY'
import os, random, re, sys
corpus, out, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
seeds = sorted(os.path.join(d, f) for c in (corpus, sys.argv[4])
               for d, _, fs in os.walk(c) for f in fs if f.endswith(".log"))
seeds = [open(p, "rb").read() for p in seeds]
rng = random.Random(42)
pid = re.compile(rb"==\d+==")
# ASLR moves a mapping by whole pages: the low 12 bits of an address stay.
addr = re.compile(rb"0x(0000)?(5555|7fff|56[0-9a-f]{2}|7f[0-9a-f]{2})([0-9a-f]{5,8})")
os.makedirs(out)
for i in range(n):
    s = seeds[i % len(seeds)]
    base = b"%04x" % rng.randrange(0x5500, 0x7fff)
    s = pid.sub(b"==%d==" % (1000 + i), s)
    s = addr.sub(lambda m: b"0x" + (m.group(1) or b"") + base + m.group(3), s)
    if i % 4 == 0:
        s = b"INFO: worker %d starting\n" % i + s
    with open(os.path.join(out, "%06d.log" % i), "wb") as f:
        f.write(s + b"run %d\n" % i)
PY

# Wall time, and CPU time of the add alone (the machine may be shared).
start=$(date +%s.%N)
if [ -x /usr/bin/time ]; then
  /usr/bin/time -f "%U %S %M" -o "$w/time" "$gred" triage add --db "$w/t.db" "$w/logs" >"$w/out" 2>"$w/err" || :
else
  "$gred" triage add --db "$w/t.db" "$w/logs" >"$w/out"
  echo "0 0 0" >"$w/time"
fi
end=$(date +%s.%N)
cat "$w/out"; echo "$(grep -c . "$w/err") logs without a signature (one line each on stderr)"
awk -v n="$n" -v s="$start" -v e="$end" '{
  t = e - s; c = $1 + $2
  printf "triage add: %d logs in %.2f s wall: %.0f logs/s\n", n, t, n / t
  if (c > 0) printf "cpu %.2f s (user %.2f, sys %.2f): %.0f logs/s on one core; max rss %d KB\n", c, $1, $2, n / c, $3
}' <<EOF
$(tail -n 1 "$w/time")
EOF
