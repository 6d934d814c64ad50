// The process of scripts/fuzz_ort.js that touches onnxruntime-node: loads one
// ONNX model at one or more graph optimization levels and runs it on seeded
// random inputs, so that a native crash of ORT kills this process and not
// the runner. One argument, a JSON request:
//   { ort: PACKAGE-DIR, model: FILE, seed: S, levels: [LEVEL...],
//     fallback: LEVEL|null, outputs: BOOL, log: ORT-LOG-SEVERITY }
// `fallback` runs too if a level in `levels` fails. Writes one JSON line per
// event on stdout, unbuffered so that the last one survives a crash:
//   {"ev":"version","version":V}
//   {"ev":"begin","level":L,"stage":"create"|"run"}
//   {"ev":"result","level":L,"ok":true,"outputs":[{name,type,dims,data}]}
//   {"ev":"result","level":L,"ok":false,"stage":S,"error":MSG,"frames":[...]}
//   {"ev":"unusable","why":MSG}   (no inputs can be made for this model)
// Exit 0 when done, 3 when onnxruntime-node or the model cannot be read.
'use strict';
const fs = require('fs');
const path = require('path');
const { graphInfo, randomTensor, seeded } = require('./ort_model.js');

const emit = (obj) => fs.writeSync(1, JSON.stringify(obj) + '\n');

function setupFailure(msg) {
  fs.writeSync(2, 'fuzz_ort_worker: ' + msg + '\n');
  process.exit(3);
}

// An output tensor as JSON: raw little-endian bytes in base64.
function encodeTensor(name, t) {
  const d = t.data;
  const data = ArrayBuffer.isView(d)
    ? Buffer.from(d.buffer, d.byteOffset, d.byteLength).toString('base64')
    : Array.from(d, String);
  return { name, type: t.type, dims: Array.from(t.dims, Number), data };
}

// The JavaScript frames of an error, as Node.js prints them.
const framesOf = (e) => String((e && e.stack) || '').split('\n').filter((l) => /^\s+at /.test(l));

const MAX_ELEMENTS = 1 << 24;

async function main() {
  const req = JSON.parse(process.argv[2]);
  let pkg;
  try {
    pkg = JSON.parse(fs.readFileSync(path.join(req.ort, 'package.json'), 'utf8'));
  } catch (e) {
    setupFailure(`no onnxruntime-node in ${req.ort}`);
  }
  emit({ ev: 'version', version: pkg.version });
  let ort;
  try {
    ort = require(req.ort);
  } catch (e) {
    setupFailure(`cannot load onnxruntime-node from ${req.ort}: ${String(e.message || e).split('\n')[0]}`);
  }
  let buf;
  try {
    buf = fs.readFileSync(req.model);
  } catch (e) {
    setupFailure(`cannot read ${req.model}: ${e.message}`);
  }

  const feeds = {};
  try {
    const rnd = seeded(req.seed), g = graphInfo(buf);
    // onnxruntime-node runs nothing without an output to fetch
    if (!g.outputs.length) throw new Error('the graph has no outputs');
    for (const inp of g.inputs) {
      const n = inp.dims.reduce((a, b) => a * b, 1);
      if (inp.dims.some((d) => d < 0) || n > MAX_ELEMENTS)
        throw new Error(`input '${inp.name}' has shape [${inp.dims}]`);
      feeds[inp.name] = randomTensor(ort, inp.type, inp.dims, rnd);
    }
  } catch (e) {
    emit({ ev: 'unusable', why: String(e.message || e).split('\n')[0] });
    return;
  }

  const options = (level) => ({
    graphOptimizationLevel: level, logSeverityLevel: req.log === undefined ? 4 : req.log,
    intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: 'sequential',
  });
  const runLevel = async (level) => {
    let stage = 'create';
    emit({ ev: 'begin', level, stage });
    try {
      const sess = await ort.InferenceSession.create(buf, options(level));
      stage = 'run';
      emit({ ev: 'begin', level, stage });
      const out = await sess.run(feeds);
      const outputs = req.outputs ? sess.outputNames.map((n) => encodeTensor(n, out[n])) : undefined;
      if (sess.release) await sess.release();
      return { ev: 'result', level, ok: true, outputs };
    } catch (e) {
      return { ev: 'result', level, ok: false, stage, error: String((e && e.message) || e), frames: framesOf(e) };
    }
  };

  let failed = false;
  for (const level of req.levels) {
    const r = await runLevel(level);
    emit(r);
    failed = failed || !r.ok;
  }
  if (failed && req.fallback && !req.levels.includes(req.fallback)) emit(await runLevel(req.fallback));
}

main().then(() => process.exit(0), (e) => setupFailure(String((e && e.stack) || e)));
