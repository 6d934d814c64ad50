#!/usr/bin/env python3
# Grouping quality of `gred triage add` on a labelled corpus made by
# bench/triage_matrix.py (DIR/bNNN-NAME/FORMAT-VARIANT-K.log) or by
# test/triage/make_corpus.sh (DIR/GROUP/NAME.log; --same FILE names
# directories that hold one bug). Prints pairwise
# precision and recall per format and overall, and false merges across
# formats, for the tuning set and the held-out set (bug id % 5 == 0)
# separately, each filed into a fresh store.
# usage: bench/triage_quality.py GRED DIR [--flat] [--only tuning|held-out]
#          [--same FILE]
# SHOW=1 also lists the logs without a signature, split bugs and merges;
# MISSED=FORMAT (or "all") lists, per bug, the buckets its logs of that
# format went to, with one log of each: the pairs recall lost.
# Recall is also given without the pairs no log-reader can join: those
# of two logs that each say only "a stripped program got a signal" (no
# message, no named frame), listed as "bare" pairs.
import os, re, sqlite3, subprocess, sys, tempfile
from collections import defaultdict
from itertools import combinations

gred, root = sys.argv[1], sys.argv[2]
flat = "--flat" in sys.argv   # one set, labels from the directory names


# --same FILE: "DIRECTORY<TAB>DIRECTORY" lines for one bug caught by two
# tools and filed under two directories (test/triage/same-bug.tsv).
same_bug = {}
if "--same" in sys.argv:
    for line in open(sys.argv[sys.argv.index("--same") + 1]):
        if line.strip() and not line.startswith("#"):
            a, b = line.rstrip("\n").split("\t")[:2]
            same_bug[a] = b


def label(path):
    d, f = path.split("/")[-2:]
    m = re.match(r"b(\d+)-", d)
    fmt = f.split("-")[0] if m else re.split(r"[-_]", d)[0]
    return same_bug.get(d, d), int(m.group(1)) if m else 1, fmt


logs = sorted(os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs if f.endswith(".log"))
sets = {"all": logs} if flat else {
    "tuning": [p for p in logs if label(p)[1] % 5],
    "held-out": [p for p in logs if label(p)[1] % 5 == 0]}
if "--only" in sys.argv:
    only = sys.argv[sys.argv.index("--only") + 1]
    sets = {only: sets[only]}


def file_all(paths):
    with tempfile.TemporaryDirectory() as t:
        lst = os.path.join(t, "list")
        r = subprocess.run([gred, "triage", "add", "-v", "--db", os.path.join(t, "db")] + paths,
                           capture_output=True, text=True, errors="replace")
        # The store's final word: a later log may link two buckets.
        db = sqlite3.connect(os.path.join(t, "db"))
        bucket = {src: str(b) for src, b in db.execute("SELECT source, bucket FROM members")}
        db.close()
        unsigned = [l for l in r.stderr.splitlines() if l.startswith("gred: ")]
        return bucket, unsigned


def sig_of(path):
    """class, message and whether a frame has a name, from `triage sig`."""
    r = subprocess.run([gred, "triage", "sig", path], capture_output=True, text=True,
                       errors="replace")
    cls, msg, named = "", "", False
    for line in r.stdout.splitlines():
        if line.startswith("class "):
            cls = line[10:]
        elif line.startswith("message "):
            msg = line[10:]
        elif line.startswith("similar "):
            name = line[10:].split("\t")[0]
            named |= bool(name) and not name.startswith("@") and "@0x" not in name
    return cls, msg, named


def bare(path):
    """A log that says only that a program without symbols died: no frame
    with a name, no source line of the report's own (UBSan's), and no
    message beyond a sanitizer's access kind or a check of the standard
    library that every bug of its kind fails alike (std::vector's
    bounds, an uncaught std::out_of_range)."""
    cls, msg, named = sig_of(path)
    generic = (not msg or msg in ("READ", "WRITE") or "nothing read but a crash" in msg or
               msg.startswith("std::") or cls.startswith("uncaught-exception:std::"))
    return not named and "\t" not in cls and generic


def pr(items):
    tp = fp = fn = 0
    for (b1, g1), (b2, g2) in combinations(items, 2):
        if b1 == b2 and g1 == g2:
            tp += 1
        elif b1 == b2:
            fp += 1
        elif g1 == g2:
            fn += 1
    p = tp / (tp + fp) if tp + fp else 1.0
    r = tp / (tp + fn) if tp + fn else 1.0
    return p, r, fp, tp + fn


def recall_clear(items, is_bare):
    """Recall over the pairs of one bug where neither log is bare."""
    tp = fn = 0
    for (b1, g1, x1), (b2, g2, x2) in combinations(items, 2):
        if g1 != g2 or is_bare[x1] or is_bare[x2]:
            continue
        tp += b1 == b2
        fn += b1 != b2
    return tp / (tp + fn) if tp + fn else 1.0, tp + fn


for name, paths in sets.items():
    bucket, unsigned = file_all(paths)
    rows = []
    for i, p in enumerate(paths):
        g, _, fmt = label(p)
        rows.append((bucket.get(p, "none:%d" % i), g, fmt))
    is_bare = [bare(p) for p in paths]
    bugs = len({g for _, g, _ in rows})
    print("== %s: %d logs of %d bugs, %d buckets, %d without a signature" %
          (name, len(rows), bugs, len({b for b, _, _ in rows}), len(unsigned)))
    byfmt = defaultdict(list)
    for b, g, f in rows:
        byfmt[f].append((b, g))
    byidx = defaultdict(list)
    for i, (b, g, f) in enumerate(rows):
        byidx[f].append((b, g, i))
    print("%-12s %6s %6s %9s %7s %6s %6s %9s" % ("format", "logs", "pairs", "precision",
                                                 "recall", "merges", "bare", "r-nonbare"))
    for f in sorted(byfmt):
        p, r, fp, pairs = pr(byfmt[f])
        rc, cpairs = recall_clear(byidx[f], is_bare)
        print("%-12s %6d %6d %9.3f %7.3f %6d %6d %9.3f" % (f, len(byfmt[f]), pairs, p, r, fp,
                                                         pairs - cpairs, rc))
    p, r, fp, pairs = pr([(b, g) for b, g, _ in rows])
    rc, cpairs = recall_clear([(b, g, i) for i, (b, g, _) in enumerate(rows)], is_bare)
    cross = sum(1 for x, y in combinations(rows, 2)
                if x[0] == y[0] and x[1] != y[1] and x[2] != y[2])
    print("%-12s %6d %6d %9.3f %7.3f %6d %6d %9.3f" % ("overall", len(rows), pairs, p, r, fp,
                                                     pairs - cpairs, rc))
    print("bare logs (no message, no named frame): %d" % sum(is_bare))
    print("false merges across formats: %d" % cross)
    if os.environ.get("SHOW"):
        for l in unsigned:
            print("  " + l)
        groups = defaultdict(set)
        for b, g, f in rows:
            groups[g].add(b)
        for g in sorted(groups):
            if len(groups[g]) > 1:
                print("  split %s: %d buckets" % (g, len(groups[g])))
        members = defaultdict(set)
        where = defaultdict(list)
        for (b, g, f), p in zip(rows, paths):
            members[b].add(g)
            where[b].append(p)
        for b in members:
            if len(members[b]) > 1:
                print("  merge %s: %s" % (b, " ".join(sorted(members[b]))))
                for p in where[b][:6]:
                    print("    " + p)
    # Native pairs of one bug by how their builds differ (manifest.tsv of
    # triage_matrix.py): one compiler, two versions of one, two families.
    mf = os.path.join(root, "manifest.tsv")
    if os.path.exists(mf):
        how = {}
        for line in open(mf):
            f = line.rstrip("\n").split("\t")
            if len(f) == 4 and f[1] != "-":
                how[os.path.join(root, f[0])] = f[1:]
        cat = defaultdict(lambda: [0, 0, 0, 0])   # tp, pairs, tp non-bare, non-bare pairs
        idx = [i for i, p in enumerate(paths) if p in how]
        for i, j in combinations(idx, 2):
            if rows[i][1] != rows[j][1]:
                continue
            ci, cj = how[paths[i]][0], how[paths[j]][0]
            k = ("same compiler" if ci == cj else
                 "other version" if ci.split("-")[0] == cj.split("-")[0] else "other family")
            hit = rows[i][0] == rows[j][0]
            c = cat[k]
            c[0] += hit
            c[1] += 1
            if not (is_bare[i] or is_bare[j]):
                c[2] += hit
                c[3] += 1
        print("%-14s %6s %7s %6s %9s" % ("native pairs", "pairs", "recall", "clear", "r-nonbare"))
        for k in ("same compiler", "other version", "other family"):
            c = cat[k]
            if c[1]:
                print("%-14s %6d %7.3f %6d %9.3f" % (k, c[1], c[0] / c[1], c[3],
                                                    c[2] / c[3] if c[3] else 1.0))
    missed = os.environ.get("MISSED")
    if missed:
        per = defaultdict(lambda: defaultdict(list))
        for (b, g, f), p, x in zip(rows, paths, is_bare):
            if missed in ("all", f):
                per[g][b].append((p, x))
        for g in sorted(per):
            if len(per[g]) < 2:
                continue
            print("  missed %s: %d buckets" % (g, len(per[g])))
            for b, ps in sorted(per[g].items(), key=lambda kv: -len(kv[1])):
                print("    bucket %s: %d logs%s, e.g. %s" % (
                    b, len(ps), " (bare)" if all(x for _, x in ps) else "",
                    os.path.relpath(ps[0][0], root)))
