# A plain line ddmin, the baseline for gred's text mode: removes chunks of
# n/2, n/4, ... 1 lines, left to right, keeping every interesting result.
#   python3 reduce_text_ddmin.py IN OUT TEST...   (TEST gets the candidate)
import os
import subprocess
import sys
import tempfile

src, dst, test = sys.argv[1], sys.argv[2], sys.argv[3:]
lines = open(src).read().splitlines(keepends=True)
open(dst, "w").write("".join(lines))
d = tempfile.mkdtemp()
cand = os.path.join(d, os.path.basename(src))


def interesting(ls):
    with open(cand, "w") as f:
        f.write("".join(ls))
    return subprocess.call(test + [cand], cwd=d) == 0


chunk = max(len(lines) // 2, 1)
while True:
    i = 0
    while i < len(lines):
        trial = lines[:i] + lines[i + chunk:]
        if interesting(trial):
            lines = trial
            open(dst, "w").write("".join(lines))  # the best so far
        else:
            i += chunk
    if chunk == 1:
        break
    chunk = (chunk + 1) // 2
open(dst, "w").write("".join(lines))
