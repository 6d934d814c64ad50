// The onnxruntime-node target of `gred fuzz`: runs one ONNX model and judges
// it with the chosen oracles.
// usage: node scripts/fuzz_ort.js [--ort VERSION] [--opt all|extended|basic|disabled]
//          [--oracle crash,diff-opt,diff-version:VERSION2] [--seed S]
//          [--timeout SEC] MODEL
//        node scripts/fuzz_ort.js --self-test      (the output comparator)
// ORT VERSION lives in .deps/ort-VERSION (or .deps/ort, 1.20.1, the default;
// GRED_ORT names another package dir for it). The model runs in a child
// process (fuzz_ort_worker.js), one per ORT version, on random inputs made
// from the model's declared input shapes (a symbolic dimension is 1) and
// --seed (default 1), with one intra-op thread. Default oracle: crash.
//
// Exit 0: every oracle held. Exit 1: a finding; stderr says
// "gred-oracle: ORACLE", then "gred-fuzz-ort:" lines on what ran, then one
// Node.js-style "Error: MESSAGE" line and its frames, which `gred triage sig`
// reads as the signature. Exit 2: the model is invalid or not comparable
// (never a finding). Exit 3: the runner failed (bad option, no ORT, no
// python3 with onnx); one line on stderr.
//
// The crash oracle (the seed paper's conversion and inference failures):
// - the worker dies of a signal, exits unexpectedly or outlives --timeout
//   (default 60 s): always a finding;
// - ORT throws at the chosen level but the model loads and runs with
//   optimizations disabled: an optimizer bug (a finding);
// - ORT throws at run time with optimizations disabled too, on a model that
//   loaded, with an internal check of its own ("FILE.cc:LINE ... was
//   false", an ORT_ENFORCE): a kernel bug (a finding; e.g. ReduceSum with
//   empty axes), whose message with optimizations disabled is reported;
//   any other run-time error there is a kernel validating its inputs
//   ("Gemm: Invalid bias shape for broadcast" on a Gemm whose shapes
//   onnx.checker lets through): exit 2;
// - ORT cannot load the model even with optimizations disabled: ORT's
//   documented rejection (its checker, shape and type inference, or no
//   kernel for the op and type): exit 2;
// - every would-be finding other than a signal or timeout needs a model
//   that onnx.checker.check_model(full_check=True) accepts (python3 with
//   onnx; GRED_PYTHON names it): a model the checker rejects gives exit 2,
//   so a reducer driven by this runner keeps its models valid.
// The message of the Error line is ORT's, on one line; triage normalises
// names and numbers in it, so one bug keeps one signature across inputs.
//
// diff-opt (the seed paper's output mismatch): the same inputs at --opt
// (default all) and disabled; diff-version:V2: the same at --opt in ORT
// V2, where also a failure in one version only is a finding. Outputs
// compare by name: same shape and dtype; floats equal if both NaN, equal
// (infinities too), or |a-b| <= atol + rtol*|b| with (atol, rtol) per dtype:
// float16 (1e-2, 1e-2), float32 (1e-4, 1e-3), float64 (1e-7, 1e-6);
// integers and bools exactly. The Error line names the oracle, what differs,
// and the op type and dtype of the first differing output, so a bug's
// signature does not depend on the values. When a model cannot run, the
// diff oracles have nothing to compare: without crash in --oracle that is
// exit 2.
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const { graphInfo, fromHalf } = require('./ort_model.js');

const top = path.join(__dirname, '..');
const LEVELS = ['all', 'extended', 'basic', 'disabled'];

function usageFailure(msg) {
  process.stderr.write('fuzz_ort: ' + msg + '\n');
  process.exit(3);
}

function parseArgs(argv) {
  const o = { ort: null, opt: 'all', oracles: ['crash'], v2: null, seed: 1, timeout: 60, model: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => {
      if (i + 1 >= argv.length) usageFailure(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--ort') o.ort = val();
    else if (a === '--opt') o.opt = val();
    else if (a === '--oracle') o.oracles = val().split(',').filter(Boolean);
    else if (a === '--seed') o.seed = val();
    else if (a === '--timeout') o.timeout = Number(val());
    else if (a === '--self-test') o.selfTest = true;
    else if (a === '-h' || a === '--help') {
      process.stdout.write(fs.readFileSync(__filename, 'utf8').split('\n')
        .filter((l) => l.startsWith('//')).map((l) => l.slice(3)).join('\n') + '\n');
      process.exit(0);
    } else if (a.startsWith('-') && a !== '-') usageFailure(`unknown option ${a}`);
    else if (o.model) usageFailure(`one MODEL only (${o.model}, ${a})`);
    else o.model = a;
  }
  if (o.selfTest) return o;
  if (!LEVELS.includes(o.opt)) usageFailure(`--opt ${o.opt}: not one of ${LEVELS.join(', ')}`);
  if (!/^(0x[0-9a-f]+|\d+)$/i.test(String(o.seed))) usageFailure(`--seed ${o.seed}: not a whole number`);
  o.seed = Number(BigInt(o.seed) & 0xffffffffn);
  if (!(o.timeout > 0)) usageFailure('--timeout must be a positive number of seconds');
  const set = new Set();
  for (const k of o.oracles) {
    const m = /^diff-version:(.+)$/.exec(k);
    if (m) { o.v2 = m[1]; set.add('diff-version'); } else if (k === 'crash' || k === 'diff-opt') set.add(k);
    else if (k === 'diff-version') usageFailure('diff-version needs a second version: diff-version:VERSION2');
    else usageFailure(`unknown oracle ${k} (crash, diff-opt, diff-version:VERSION2)`);
  }
  if (!set.size) usageFailure('no oracle');
  o.oracles = set;
  if (!o.model) usageFailure('no MODEL (usage: node scripts/fuzz_ort.js [OPTIONS] MODEL)');
  if (!fs.existsSync(o.model) || !fs.statSync(o.model).isFile()) usageFailure(`${o.model}: no such file`);
  return o;
}

// The onnxruntime-node package dir of a version (null: the default one).
function ortPackage(version, primary) {
  const version0 = (dir) => {
    try { return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version; } catch (e) { return null; }
  };
  const base = path.join(top, '.deps', 'ort', 'node_modules', 'onnxruntime-node');
  if (primary && process.env.GRED_ORT) {
    const v = version0(process.env.GRED_ORT);
    if (!v) usageFailure(`no onnxruntime-node in GRED_ORT=${process.env.GRED_ORT}`);
    if (version && v !== version) usageFailure(`GRED_ORT=${process.env.GRED_ORT} holds ${v}, not ${version}`);
    return { dir: process.env.GRED_ORT, version: v };
  }
  if (!version) {
    const v = version0(base);
    if (!v) usageFailure(`no onnxruntime-node in ${base} (scripts/bootstrap installs it)`);
    return { dir: base, version: v };
  }
  for (const dir of [path.join(top, '.deps', 'ort-' + version, 'node_modules', 'onnxruntime-node'), base])
    if (version0(dir) === version) return { dir, version };
  return usageFailure(`onnxruntime-node ${version} is not installed in .deps/ort-${version}` +
    ' (scripts/bootstrap installs 1.20.1, 1.19.2 and 1.22.0)');
}

// Runs the worker on one ORT package; returns its events, how it ended and
// its results by level.
function runWorker(o, pkg, levels, fallback, outputs) {
  const req = { ort: pkg.dir, model: path.resolve(o.model), seed: o.seed, levels, fallback, outputs };
  const r = spawnSync(process.execPath, [path.join(__dirname, 'fuzz_ort_worker.js'), JSON.stringify(req)], {
    encoding: 'utf8', timeout: o.timeout * 1000, killSignal: 'SIGKILL', maxBuffer: 1 << 30,
    env: Object.assign({}, process.env, { OMP_NUM_THREADS: '1' }),
  });
  if (r.error && r.error.code !== 'ETIMEDOUT') usageFailure(`cannot run node: ${r.error.message}`);
  const w = { status: r.status, signal: r.signal, timedOut: !!(r.error && r.error.code === 'ETIMEDOUT'),
    stderr: r.stderr || '', results: {}, last: null, unusable: null, version: pkg.version };
  for (const line of (r.stdout || '').split('\n')) {
    if (!line) continue;
    let ev;
    try { ev = JSON.parse(line); } catch (e) { continue; }
    if (ev.ev === 'begin') w.last = ev;
    else if (ev.ev === 'result') w.results[ev.level] = ev;
    else if (ev.ev === 'unusable') w.unusable = ev.why;
  }
  if (w.status === 3 && !w.signal) usageFailure(w.stderr.trim().split('\n').pop().replace(/^fuzz_ort_worker: /, ''));
  w.died = w.timedOut || w.signal !== null || w.status !== 0;
  return w;
}

const oneLine = (s) => String(s).replace(/\s+/g, ' ').trim();

function info(o, extra) {
  return [`onnxruntime-node ${o.pkg.version} (${o.pkg.dir}), opt ${o.opt}, seed ${o.seed}, model ${o.model}`].concat(extra);
}

function finding(oracle, infoLines, errorLine, frames = [], pre = []) {
  const lines = [`gred-oracle: ${oracle}`]
    .concat(infoLines.map((l) => 'gred-fuzz-ort: ' + l), pre, [errorLine], frames);
  process.stderr.write(lines.join('\n') + '\n');
  process.exit(1);
}

function reject(why) {
  process.stderr.write('gred-fuzz-ort: rejected: ' + oneLine(why) + '\n');
  process.exit(2);
}

// onnx.checker's verdict on the model: null if valid, else its first line.
function checkerVerdict(model) {
  const py = process.env.GRED_PYTHON || (fs.existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3');
  const code = [
    'import sys',
    'try:',
    '    import onnx',
    'except Exception as e:',
    '    print(e); sys.exit(3)',
    'try:',
    '    onnx.checker.check_model(onnx.load(sys.argv[1]), full_check=True)',
    'except Exception as e:',
    '    print((str(e).strip().splitlines() or [type(e).__name__])[0]); sys.exit(1)',
  ].join('\n');
  const r = spawnSync(py, ['-c', code, path.resolve(model)], { encoding: 'utf8', timeout: 120000 });
  if ((r.error && r.error.code !== 'ETIMEDOUT') || r.status === 3)
    usageFailure(`${py} with onnx is needed to judge a failure: ${oneLine((r.error && r.error.message) || r.stdout || r.stderr)}`);
  if (r.status === 0) return null;
  // a checker that dies or hangs on the model does not vouch for it
  if (r.status === null) return `the checker ${r.signal ? 'died of ' + r.signal : 'timed out'}`;
  return oneLine(r.stdout || r.stderr || 'invalid');
}

// A would-be finding stands only on a model onnx.checker accepts.
function gate(model) {
  const why = checkerVerdict(model);
  if (why) reject('onnx.checker: ' + why);
}

// Where and how the worker died: `where` names the level, `msg` (for the
// signature) does not.
function describeDeath(w) {
  const call = w.last ? `InferenceSession.${w.last.stage}` : 'loading onnxruntime-node';
  const where = w.last ? `${call} at level ${w.last.level}` : call;
  if (w.timedOut) return { msg: `timed out in ${call}`, where };
  if (w.signal) return { msg: `died of ${w.signal} in ${call}`, where };
  return { msg: `exited with status ${w.status} in ${call}`, where };
}

// The frame a native death is in: the binding under the ORT call.
const nativeFrame = (w) => [`    at InferenceSession.${w.last ? w.last.stage : 'load'} (onnxruntime_binding.node:0:0)`];

// Lines of the worker's stderr worth keeping in a crash log (ORT's own
// output before a native crash: "terminate called ...", assertions).
const stderrLines = (w) => w.stderr.split('\n').filter((l) => l.trim()).slice(-40);

// Whether an ORT error is one of its internal checks failing (ORT_ENFORCE,
// ORT_THROW with a source location) rather than a status a kernel returns
// on inputs it does not take.
const internalCheck = (msg) => /\.(?:cc|cpp|h):\d+ .*(?:was false|Assertion)|ORT_ENFORCE/.test(msg);

// The crash oracle on the primary version's worker.
function crashOracle(o, w) {
  if (w.died) {
    const d = describeDeath(w);
    let disabled = '';
    if (o.opt !== 'disabled' && w.last && w.last.level !== 'disabled') {
      const w0 = runWorker(o, o.pkg, ['disabled'], null, false);
      disabled = w0.died ? '; with optimizations disabled too' : w0.results.disabled && w0.results.disabled.ok
        ? '; runs with optimizations disabled' : '; with optimizations disabled it throws';
    }
    finding('crash', info(o, [`the ORT process ${w.timedOut ? `outlived --timeout ${o.timeout}` : 'died'} in ${d.where}${disabled}`]),
      `Error: onnxruntime-node ${d.msg}`, nativeFrame(w), stderrLines(w));
  }
  const rL = w.results[o.opt], r0 = w.results.disabled;
  let bad = null, why = '';
  if (!rL.ok) {
    if (o.opt === 'disabled') {
      if (rL.stage === 'create') reject(`ORT cannot load the model: ${rL.error}`);
      if (!internalCheck(rL.error)) reject(`a kernel rejects its inputs: ${rL.error}`);
      bad = rL; why = 'ORT throws at run time with optimizations disabled (a kernel bug)';
    } else if (r0.ok) {
      bad = rL; why = `ORT throws in InferenceSession.${rL.stage} at level ${o.opt}; the model runs with optimizations disabled (an optimizer bug)`;
    } else if (r0.stage === 'create') {
      reject(`ORT cannot load the model even with optimizations disabled: ${r0.error}`);
    } else if (internalCheck(r0.error)) {
      bad = r0; why = `ORT throws in InferenceSession.${rL.stage} at level ${o.opt} and at run time with optimizations disabled (a kernel bug)`;
    } else {
      reject(`a kernel rejects its inputs, with optimizations disabled too: ${r0.error}`);
    }
  } else if (r0 && !r0.ok) {
    if (r0.stage === 'run' && !internalCheck(r0.error))
      reject(`a kernel rejects its inputs with optimizations disabled: ${r0.error}`);
    bad = r0; why = `ORT runs the model at level ${o.opt} but throws in InferenceSession.${r0.stage} with optimizations disabled`;
  }
  if (!bad) return;
  gate(o.model);
  finding('crash', info(o, [why]), `Error: ${oneLine(bad.error)}`, bad.frames);
}

const ARRAYS = {
  float32: Float32Array, float64: Float64Array, float16: Uint16Array, int8: Int8Array, uint8: Uint8Array,
  int16: Int16Array, uint16: Uint16Array, int32: Int32Array, uint32: Uint32Array, int64: BigInt64Array,
  uint64: BigUint64Array, bool: Uint8Array,
};
const TOLERANCE = { float16: [1e-2, 1e-2], float32: [1e-4, 1e-3], float64: [1e-7, 1e-6] };

// The values of an encoded output tensor: numbers (floats), BigInts or strings.
function decode(t) {
  if (!ARRAYS[t.type]) return Array.from(t.data);
  const bytes = Buffer.from(t.data, 'base64');
  const ab = new ArrayBuffer(bytes.length);
  new Uint8Array(ab).set(bytes);
  const a = new ARRAYS[t.type](ab);
  return t.type === 'float16' ? Array.from(a, fromHalf) : a;
}

// Whether two float values agree under (atol, rtol): NaN-aware.
function floatsAgree(a, b, atol, rtol) {
  if (a === b) return true;
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) && Number.isNaN(b);
  if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
  return Math.abs(a - b) <= atol + rtol * Math.abs(b);
}

// The first difference between two output lists (a: the one under test, b:
// the reference), or null.
function compareOutputs(a, b) {
  if (a.length !== b.length) return { what: 'the number of outputs', detail: `${a.length} vs ${b.length}` };
  const byName = new Map(b.map((t) => [t.name, t]));
  for (const ta of a) {
    const tb = byName.get(ta.name);
    if (!tb) return { what: 'the output names', detail: `'${ta.name}' only on one side` };
    const at = { name: ta.name, dtype: ta.type };
    if (ta.type !== tb.type) return Object.assign(at, { what: 'dtype', detail: `${ta.type} vs ${tb.type}` });
    if (ta.dims.join() !== tb.dims.join())
      return Object.assign(at, { what: 'shape', detail: `[${ta.dims}] vs [${tb.dims}]` });
    const x = decode(ta), y = decode(tb), tol = TOLERANCE[ta.type];
    for (let i = 0; i < x.length; i++) {
      const ok = tol ? floatsAgree(Number(x[i]), Number(y[i]), tol[0], tol[1]) : x[i] === y[i];
      if (!ok) return Object.assign(at, { what: 'values', detail: `element ${i}: ${x[i]} vs ${y[i]}` + (tol ? ` (atol ${tol[0]}, rtol ${tol[1]})` : '') });
    }
  }
  return null;
}

// The Error line of a difference: the oracle, what differs, and the op type
// and dtype of the output, never values or names.
function diffError(oracle, d, model, between) {
  if (!d.name) return `Error: ${oracle} mismatch in ${d.what} between ${between}`;
  let op = 'a graph input';
  try {
    const g = graphInfo(fs.readFileSync(model));
    if (g.producer.has(d.name)) op = g.producer.get(d.name);
    else if (g.initializers.has(d.name)) op = 'an initializer';
  } catch (e) { op = 'an unknown op'; }
  return `Error: ${oracle} mismatch in ${d.what} of an output of ${op} (${d.dtype}) between ${between}`;
}

// The frame of a difference (a stack for triage to read).
const compareFrame = ['    at compareOutputs (fuzz_ort.js:0:0)'];

function notComparable(o, why) {
  reject(`not compared: ${why} (add crash to --oracle to judge it)`);
}

function failureText(w, level) {
  if (w.died) return describeDeath(w).msg;
  const r = w.results[level];
  return `InferenceSession.${r.stage}: ${oneLine(r.error)}`;
}

function main() {
  const o = parseArgs(process.argv.slice(2));
  if (o.selfTest) return selfTest();
  o.pkg = ortPackage(o.ort, true);
  const crash = o.oracles.has('crash'), diffOpt = o.oracles.has('diff-opt') && o.opt !== 'disabled';
  const diffVersion = o.oracles.has('diff-version');
  const outputs = diffOpt || diffVersion;
  const levels = diffOpt ? [o.opt, 'disabled'] : [o.opt];
  const w = runWorker(o, o.pkg, levels, crash && o.opt !== 'disabled' ? 'disabled' : null, outputs);
  if (w.unusable) reject(`no inputs for the model: ${w.unusable}`);
  const primaryFails = w.died || levels.some((l) => !w.results[l].ok);
  if (crash) crashOracle(o, w);

  let w2 = null;
  if (diffVersion) {
    const pkg2 = ortPackage(o.v2, false);
    w2 = runWorker(o, pkg2, [o.opt], null, true);
    if (w2.unusable) reject(`no inputs for the model: ${w2.unusable}`);
    const fails2 = w2.died || !w2.results[o.opt].ok;
    const at = [`diff-version against onnxruntime-node ${pkg2.version} (${pkg2.dir}) at level ${o.opt}`];
    const fails1 = w.died || !w.results[o.opt].ok;
    if (fails1 !== fails2) {
      const [bad, good, wb] = fails2 ? [pkg2.version, o.pkg.version, w2] : [o.pkg.version, pkg2.version, w];
      if (!wb.died) gate(o.model);
      finding('diff-version', info(o, at.concat([`it fails in ${bad} only: ${failureText(wb, o.opt)}`])),
        `Error: diff-version: fails in onnxruntime-node ${bad} only, runs in ${good}: ${failureText(wb, o.opt)}`,
        wb.died ? nativeFrame(wb) : wb.results[o.opt].frames, wb.died ? stderrLines(wb) : []);
    }
  }
  if (primaryFails) notComparable(o, `the model does not run: ${w.died ? describeDeath(w).msg : failureText(w, levels.find((l) => !w.results[l].ok))}`);

  if (diffOpt) {
    const d = compareOutputs(w.results[o.opt].outputs, w.results.disabled.outputs);
    if (d) {
      gate(o.model);
      finding('diff-opt', info(o, [`outputs at level ${o.opt} vs disabled differ in ${d.what}${d.name ? ` of output '${d.name}'` : ''}: ${d.detail}`]),
        diffError('diff-opt', d, o.model, `optimizations ${o.opt} and disabled`), compareFrame);
    }
  }
  if (w2) {
    if (w2.died || !w2.results[o.opt].ok) notComparable(o, `onnxruntime-node ${w2.version} does not run the model: ${failureText(w2, o.opt)}`);
    const d = compareOutputs(w.results[o.opt].outputs, w2.results[o.opt].outputs);
    if (d) {
      gate(o.model);
      finding('diff-version', info(o, [`outputs in ${o.pkg.version} vs ${w2.version} at level ${o.opt} differ in ${d.what}${d.name ? ` of output '${d.name}'` : ''}: ${d.detail}`]),
        diffError('diff-version', d, o.model, `onnxruntime-node ${o.pkg.version} and ${w2.version}`), compareFrame);
    }
  }
  process.exit(0);
}

// Checks the comparator on constructed outputs; exit 0 if all hold.
function selfTest() {
  const enc = (type, values, dims = [values.length]) => {
    const A = ARRAYS[type];
    const arr = type === 'float16' ? Uint16Array.from(values, (v) => require('./ort_model.js').toHalf(v)) : A.from(values);
    return { name: 'y', type, dims, data: Buffer.from(arr.buffer).toString('base64') };
  };
  const cases = [
    ['NaN equals NaN', enc('float32', [NaN, 1]), enc('float32', [NaN, 1]), false],
    ['infinities equal', enc('float64', [Infinity, -Infinity]), enc('float64', [Infinity, -Infinity]), false],
    ['inf vs -inf', enc('float32', [Infinity]), enc('float32', [-Infinity]), true],
    ['NaN vs number', enc('float32', [NaN]), enc('float32', [0]), true],
    ['float32 within rtol', enc('float32', [1000.5]), enc('float32', [1000]), false],
    ['float32 beyond tolerance', enc('float32', [1.01]), enc('float32', [1]), true],
    ['float64 tighter', enc('float64', [1 + 1e-5]), enc('float64', [1]), true],
    ['float16 looser', enc('float16', [1.0078125]), enc('float16', [1]), false],
    ['int64 exact', enc('int64', [1n, 2n]), enc('int64', [1n, 3n]), true],
    ['bool exact', enc('bool', [1, 0]), enc('bool', [1, 0]), false],
    ['shape', enc('float32', [1, 2], [1, 2]), enc('float32', [1, 2], [2, 1]), true],
    ['dtype', enc('float32', [1]), enc('float64', [1]), true],
  ];
  let bad = 0;
  for (const [name, a, b, differs] of cases) {
    const d = compareOutputs([a], [b]);
    if (!!d !== differs) { bad++; process.stdout.write(`FAIL ${name}: ${d ? d.what + ' ' + d.detail : 'equal'}\n`); }
  }
  process.stdout.write(`self-test: ${cases.length - bad} of ${cases.length} hold\n`);
  process.exit(bad ? 1 : 0);
}

main();
