#!/bin/sh
# MCTS + mutations against plain `gred gen`, at the same CPU budget: each run
# generates models and runs each one in onnxruntime-node as soon as it is
# written, until generator and runner together have used BUDGET CPU seconds
# (one core: ORT on one thread, gen waiting while ORT runs). The runner tells
# the generator after each model whether it made a new bucket
# (--feedback-stdin); plain gen ignores it. Per run: models run, operator-
# level coverage of the models run (gred cov: OTC IDC ODC SEC DEC), and
# distinct buckets (ORT errors grouped by message with names and numbers
# taken out), also counted by `gred triage` over one log per failing model.
#   bench/gen_mcts_bench.sh [GRED] [OUTDIR]
#   GEN_MCTS_BUDGET (CPU seconds per run, default 60), GEN_MCTS_SEEDS
#   (default "1 2 3"), GEN_MCTS_NODES (ops per model, default 20),
#   GEN_MCTS_ARMS (default: plain and mcts+mutate; add mcts, mutate).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
gred=${1:-"$top/build/gred"}
out=${2:-"${TMPDIR:-/tmp}/gred-mcts-bench"}
budget=${GEN_MCTS_BUDGET:-60}
seeds=${GEN_MCTS_SEEDS:-"1 2 3"}
nodes=${GEN_MCTS_NODES:-20}
arms=${GEN_MCTS_ARMS:-"plain mcts+mutate"}
rm -rf "$out"
mkdir -p "$out"

cat >"$out/driver.js" <<'JS'
// Runs the models a `gred gen --feedback-stdin` child writes, one at a time,
// in onnxruntime-node (in a runner process, restarted when ORT crashes it);
// answers 1 for a new bucket, else 0; stops at the CPU budget (this process,
// the runners and gen). Prints the summary as JSON.
'use strict';
const fs = require('fs');
const path = require('path');
const { spawn, fork } = require('child_process');

if (process.argv[2] === '--runner') {
  const top = process.argv[3];
  const ort = require(process.env.GRED_ORT ||
    path.join(top, '.deps', 'ort', 'node_modules', 'onnxruntime-node'));
  const { graphInputs, randomTensor } = require(path.join(top, 'scripts', 'ort_model.js'));
  const opts = (level) => ({ logSeverityLevel: 4, graphOptimizationLevel: level,
    intraOpNumThreads: 1, interOpNumThreads: 1 });
  const run = async (buf, feeds, level) => {
    const s = await ort.InferenceSession.create(buf, opts(level));
    await s.run(feeds);
    if (s.release) await s.release();
  };
  process.on('message', async (file) => {
    let seed = Number((path.basename(file).match(/\d+/) || ['1'])[0]) + 1;
    const rnd = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
    const buf = fs.readFileSync(file), feeds = {};
    for (const inp of graphInputs(buf)) feeds[inp.name] = randomTensor(ort, inp.type, inp.dims, rnd);
    try { await run(buf, feeds, 'all'); process.send({ ok: true }); return; } catch (err) {
      let kind = 'optimizer';
      try { await run(buf, feeds, 'disabled'); } catch (e2) { kind = 'kernel'; }
      process.send({ ok: false, kind, msg: String(err.message || err), stack: err.stack || '' });
    }
  });
  return;
}

const [,, top, budget, logdir, ...cmd] = process.argv;
const gen = spawn(cmd[0], cmd.slice(1), { stdio: ['pipe', 'pipe', 'inherit'] });
const hz = 100; // USER_HZ of /proc/PID/stat
function cpuOf(pid) {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / hz;
  } catch (e) { return 0; }
}
function selfCpu() { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; }

let runner = null, runnerCpu = 0, deadCpu = 0, stderr = '', reply = null;
function startRunner() {
  runner = fork(__filename, ['--runner', top], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  stderr = '';
  runner.stderr.on('data', (d) => { stderr = (stderr + d).slice(-4000); });
  runner.on('message', (m) => { if (reply) { const r = reply; reply = null; r(m); } });
  runner.on('exit', (code, sig) => {
    deadCpu += runnerCpu; runnerCpu = 0; runner = null;
    if (reply) { const r = reply; reply = null;
      r({ ok: false, kind: 'crash', msg: `${stderr.trim().split('\n').pop() || ''} (${sig || code})`,
          stack: `${stderr}\n${sig === 'SIGABRT' ? 'Aborted' : sig === 'SIGSEGV' ? 'Segmentation fault' : 'exit ' + code}\n` }); }
  });
}
function runModel(file) {
  if (!runner) startRunner();
  return new Promise((resolve) => { reply = resolve; runner.send(file); });
}
function bucketKey(msg) {
  return msg.split('\n')[0].slice(0, 400).replace(/'[^']*'/g, "'X'")
    .replace(/\b[nt]\d+\b/g, 'N').replace(/\d+/g, '#');
}
const used = () => selfCpu() + cpuOf(gen.pid) + deadCpu + runnerCpu;

const buckets = new Map(), runModels = [];
let pending = '', busy = false, done = false;
async function handle(file) {
  if (used() >= Number(budget)) { finish(); return; }
  let verdict = 0;
  runModels.push(path.basename(file));
  const r = await runModel(file);
  if (runner) runnerCpu = cpuOf(runner.pid);
  if (!r.ok) {
    const key = r.kind + ': ' + bucketKey(r.msg);
    // as node prints an uncaught error (or the runner's dying words), for gred triage
    fs.writeFileSync(path.join(logdir, path.basename(file, '.onnx') + '.log'),
      r.kind === 'crash' ? r.stack : `${r.stack || 'Error: ' + r.msg}\n\nnode: ${process.version} (${r.kind} bug)\n`);
    if (!buckets.has(key)) { buckets.set(key, file); verdict = 1; }
  }
  gen.stdin.write(verdict + '\n');
}
function finish() {
  if (done) return;
  done = true;
  const cpu = used();
  gen.stdin.end();
  gen.kill();
  if (runner) runner.kill();
  console.log(JSON.stringify({ models: runModels.length, cpu: Math.round(cpu * 10) / 10,
    buckets: [...buckets.keys()], run: runModels }));
}
gen.stdout.on('data', async (d) => {
  pending += d;
  if (busy) return;
  busy = true;
  let i;
  while (!done && (i = pending.indexOf('\n')) >= 0) {
    const line = pending.slice(0, i); pending = pending.slice(i + 1);
    if (line.endsWith('.onnx')) await handle(line);
  }
  busy = false;
});
gen.on('exit', () => finish());
JS

args_of() {
  case $1 in
    plain) echo "";;
    mcts) echo "--mcts";;
    mutate) echo "--mutate 2";;
    mcts+mutate) echo "--mcts --mutate 2";;
  esac
}

echo "## MCTS + mutations vs plain gred gen: $budget CPU s per run (gen + ORT, one thread), $nodes ops per model"
echo "(machine load: $(cut -d' ' -f1-3 /proc/loadavg))"
printf '| arm | seed | models run | OTC | IDC | ODC | SEC | DEC | buckets | triage buckets |\n|---|---|---|---|---|---|---|---|---|---|\n'
for arm in $arms; do
  for s in $seeds; do
    d="$out/$arm-$s"
    mkdir -p "$d/models" "$d/logs" "$d/run"
    # shellcheck disable=SC2046
    node "$out/driver.js" "$top" "$budget" "$d/logs" "$gred" gen -q -n 100000000 -o "$d/models" \
      --seed "$s" --nodes "$nodes" $(args_of "$arm") --feedback-stdin >"$d/summary.json"
    node -e 'const fs = require("fs"), [j, m, r] = process.argv.slice(1);
      for (const f of require(j).run) fs.linkSync(m + "/" + f, r + "/" + f)' \
      "$d/summary.json" "$d/models" "$d/run"
    "$gred" cov "$d/run" >"$d/cov"
    nb=$(node -e 'console.log(require(process.argv[1]).buckets.length)' "$d/summary.json")
    nm=$(node -e 'console.log(require(process.argv[1]).models)' "$d/summary.json")
    tb=0
    if ls "$d/logs"/*.log >/dev/null 2>&1; then
      "$gred" triage add --db "$d/triage.db" "$d/logs" >/dev/null 2>&1 || true
      tb=$("$gred" triage list --db "$d/triage.db" 2>/dev/null | grep -c '^[0-9]' || true)
    fi
    m() { awk -v k="$1" '$1 == k { print $2 }' "$d/cov"; }
    printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$arm" "$s" "$nm" \
      "$(m OTC)" "$(m IDC)" "$(m ODC)" "$(m SEC)" "$(m DEC)" "$nb" "$tb"
    echo "$arm $s $nm $(m OTC) $(m IDC) $(m ODC) $(m SEC) $(m DEC) $nb $tb" >>"$out/rows"
  done
done

echo
echo "## means over seeds"
printf '| arm | models run | OTC | IDC | ODC | SEC | DEC | buckets | triage buckets |\n|---|---|---|---|---|---|---|---|---|\n'
for arm in $arms; do
  awk -v a="$arm" '$1 == a { n++; for (i = 3; i <= 11; i++) { v = $i; sub(/%/, "", v); s[i] += v } }
    END { printf "| %s | %.0f | %.2f%% | %.2f%% | %.2f%% | %.2f%% | %.2f%% | %.1f | %.1f |\n", a,
      s[3]/n, s[4]/n, s[5]/n, s[6]/n, s[7]/n, s[8]/n, s[9]/n, s[10]/n }' "$out/rows"
done
echo
echo "## buckets per arm (union over seeds)"
for arm in $arms; do
  echo "### $arm"
  cat "$out/$arm"-*/summary.json | node -e '
    const lines = require("fs").readFileSync(0, "utf8").trim().split("\n");
    const all = new Set(); for (const l of lines) for (const b of JSON.parse(l).buckets) all.add(b);
    for (const b of [...all].sort()) console.log("- " + b.slice(0, 160));'
done
