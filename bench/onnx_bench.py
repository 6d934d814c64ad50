# The onnx bench: gred against a Polygraphy-style node reducer
# (reduce_shapes_ddmin.py) on real models with planted onnxruntime-node
# 1.20.1 bugs (bench/onnx_cases.txt, built by onnx_plant.py with
# value_info on every tensor). Prints per case and as geometric means:
# final bytes, tests to reach the peer's final size, total tests, wall
# time at -j 1 and -j 2, and whether -j 1 and -j 2 give the same bytes;
# and gred's final bytes against the smallest trigger known for the case:
# the smallest of the hand-built one (onnx_smallest.py, if the case's
# test finds it interesting), gred's and the peer's results.
# Held-out cases are reported apart. Takes tens of minutes; not a test.
# --j1 runs gred at -j 1 only (no -j 2 time, no identity check).
# --cases N runs N cases at once (bytes and test counts are the same;
# wall times then include waiting for the other cases' tests).
#   python3 bench/onnx_bench.py [--j1] [--cases N] CORPUS-DIR [GRED] [CASE...]
import concurrent.futures, math, os, subprocess, sys, tempfile, time

here = os.path.dirname(os.path.abspath(__file__))
j1_only = sys.argv[1] == "--j1"
if j1_only:
    del sys.argv[1]
at_once = 1
if sys.argv[1] == "--cases":
    at_once = int(sys.argv[2])
    del sys.argv[1:3]
corpus = sys.argv[1]
gred = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else os.path.join(here, "..", "build", "gred")
only = set(sys.argv[3:])
py = "/usr/bin/python3"
work = tempfile.mkdtemp(prefix="gred-onnx-bench.")


def find_model(name):
    for d, _, fs in os.walk(corpus):
        if name in fs:
            return os.path.join(d, name)
    raise SystemExit(f"{name}: not in {corpus} (run bench/onnx_corpus_fetch.sh)")


def gen_model(seed, path):
    """A `gred gen` model of 300 nodes that onnxruntime runs cleanly."""
    s = int(seed)
    while True:
        d = os.path.join(work, f"gen{s}")
        subprocess.run([gred, "gen", "-n", "1", "--seed", str(s), "--nodes", "300",
                        "--max-dim", "12", "-o", d], check=True, stdout=subprocess.DEVNULL)
        m = os.path.join(d, "g000000.onnx")
        r = subprocess.run(["node", os.path.join(here, "..", "scripts", "ort_run.js"), m],
                           capture_output=True, text=True)
        if r.returncode == 0 and "FINDING" not in r.stdout:
            os.rename(m, path)
            return
        s += 1000


def runs_log(path):
    with open(path) as f:
        return [tuple(map(int, l.split())) for l in f if l.strip()]


def first_at_most(log, size):
    for i, (b, rc) in enumerate(log, 1):
        if rc == 0 and b <= size:
            return i
    return None


def measure(argv, log, env):
    open(log, "w").close()
    t = time.time()
    subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.time() - t, runs_log(log)


def case(name, model, pattern, frac, regex, dims):
    src = os.path.join(work, name + ".onnx")
    if model.startswith("gen:"):
        raw = os.path.join(work, name + ".raw.onnx")
        gen_model(model[4:], raw)
    else:
        raw = find_model(model)
    subprocess.run([py, os.path.join(here, "onnx_plant.py"), raw, src, pattern, frac] + dims, check=True)
    log = os.path.join(work, name + ".runs")
    wrap = os.path.join(work, name + ".test.sh")
    with open(wrap, "w") as f:
        f.write(f"""#!/bin/sh
sh {here}/onnx_interesting.sh '{regex}' "$1"
rc=$?
echo "$(wc -c <"$1") $rc" >> {log}
exit $rc
""")
    os.chmod(wrap, 0o755)
    env = dict(os.environ)
    if subprocess.run(["sh", os.path.join(here, "onnx_interesting.sh"), regex, src],
                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode:
        print(f"{name}: the planted model is not interesting; skipped", flush=True)
        return None
    out = {}
    for j in ((1,) if j1_only else (1, 2)):
        o = os.path.join(work, f"{name}.gred{j}.onnx")
        out[j] = measure([gred, "reduce", "-j", str(j), "-o", o, src, wrap], log, env)
        out[j] += (open(o, "rb").read(),)
    peer_o = os.path.join(work, name + ".peer.onnx")
    pt, plog = measure([py, os.path.join(here, "reduce_shapes_ddmin.py"), src, peer_o, wrap], log, env)
    pb = os.path.getsize(peer_o)
    t1, glog, g1 = out[1]
    t2, _, g2 = out.get(2, (float("nan"), None, g1))
    hand = os.path.join(work, name + ".smallest.onnx")
    known = [len(g1), len(g2), pb]
    if subprocess.run([py, os.path.join(here, "onnx_smallest.py"), pattern, hand],
                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0 and \
            subprocess.run(["sh", os.path.join(here, "onnx_interesting.sh"), regex, hand],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0:
        known.append(os.path.getsize(hand))
    return dict(name=name, inbytes=os.path.getsize(src), gb=len(g1), pb=pb, sb=min(known),
                greach=first_at_most(glog, pb), preach=first_at_most(plog, pb),
                gruns=len(glog), pruns=len(plog), t1=t1, t2=t2, pt=pt,
                same=None if j1_only else g1 == g2)


def gmean(xs):
    xs = [x for x in xs if x]
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else float("nan")


def table(title, rows):
    print(f"\n{title}")
    print(f"{'case':14} {'input':>9} {'gred B':>7} {'peer B':>7} {'B ratio':>7} {'small B':>7} {'g/small':>7} "
          f"{'reach g/p':>11} {'tests g/p':>11} {'t j1':>6} {'t j2':>6} {'t peer':>6} same")
    for r in rows:
        reach = f"{r['greach'] or 'never'}/{r['preach']}"
        print(f"{r['name']:14} {r['inbytes']:9} {r['gb']:7} {r['pb']:7} {r['gb'] / r['pb']:7.3f} "
              f"{r['sb']:7} {r['gb'] / r['sb']:7.3f} "
              f"{reach:>11} {str(r['gruns']) + '/' + str(r['pruns']):>11} "
              f"{r['t1']:6.0f} {r['t2']:6.0f} {r['pt']:6.0f} {'-' if r['same'] is None else 'yes' if r['same'] else 'NO'}")
    if rows:
        print(f"{'geomean':14} {'':9} {gmean([r['gb'] for r in rows]):7.0f} {gmean([r['pb'] for r in rows]):7.0f} "
              f"{gmean([r['gb'] / r['pb'] for r in rows]):7.3f} "
              f"{gmean([r['sb'] for r in rows]):7.0f} {gmean([r['gb'] / r['sb'] for r in rows]):7.3f} "
              f"{gmean([(r['greach'] or r['gruns']) / r['preach'] for r in rows]):11.2f} "
              f"{gmean([r['gruns'] / r['pruns'] for r in rows]):11.2f} "
              f"{gmean([r['t1'] for r in rows]):6.0f} {gmean([r['t2'] for r in rows]):6.0f} "
              f"{gmean([r['pt'] for r in rows]):6.0f}")
        near = sum(r['gb'] <= 1.1 * r['sb'] for r in rows)
        print(f"gred within 1.1x of the smallest known trigger on {near} of {len(rows)} cases "
              f"({100 * near / len(rows):.0f}%); at most 0.5x the peer's bytes on "
              f"{sum(r['gb'] <= 0.5 * r['pb'] for r in rows)} of {len(rows)}")
    print("(B ratio: gred/peer final bytes; small B: the smallest trigger known (hand-built, gred's, the peer's); reach: tests until a file no bigger than the peer's final one; "
          "reach geomean is gred/peer, 'never' counted as gred's total)")


def run_case(f):
    name = f[0].split(":")[-1]
    r = case(name, f[1], f[2], f[3], f[4], f[5:])
    if r is not None:
        report(r)
    return r


def report(r):
    name = r["name"]
    print(f"{name}: gred {r['gb']} B in {r['gruns']} tests (peer's size after {r['greach']}), "
          f"peer {r['pb']} B in {r['pruns']} tests (after {r['preach']}); smallest known {r['sb']} B; "
          f"{r['t1']:.0f} s -j1, {r['t2']:.0f} s -j2, peer {r['pt']:.0f} s; "
          f"-j1 and -j2 {'-' if r['same'] is None else 'identical' if r['same'] else 'DIFFER'}", flush=True)


specs = []
for line in open(os.path.join(here, "onnx_cases.txt")):
    f = line.split()
    if f and not f[0].startswith("#") and (not only or f[0].split(":")[-1] in only):
        specs.append(f)
with concurrent.futures.ThreadPoolExecutor(max_workers=at_once) as pool:
    results = list(pool.map(run_case, specs))
rows = {False: [], True: []}
for f, r in zip(specs, results):
    if r is not None:
        rows[f[0].startswith("held:")].append(r)
table("tuning cases", rows[False])
table("held-out cases", rows[True])
print(f"\nfiles in {work}")
