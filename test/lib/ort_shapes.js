// Runs ONNX models in onnxruntime-node and compares the shape of every
// graph output with the shape the model declares for it.
// usage: node test/lib/ort_shapes.js SPECS.json
// SPECS.json (written by onnx_specs.py): [{file, inputs: [{name, type,
// dims}], outputs: [{name, dims}]}]. A model ORT cannot run is counted, not
// judged here (scripts/ort_run.js judges those). Prints a "FAIL" line per
// mismatch and "ort shapes: N compared, M mismatched, K did not run".
'use strict';
const fs = require('fs');
const path = require('path');

const ortDir = process.env.GRED_ORT ||
  path.join(__dirname, '..', '..', '.deps', 'ort', 'node_modules', 'onnxruntime-node');
const ort = require(ortDir);
const { randomTensor } = require(path.join(__dirname, '..', '..', 'scripts', 'ort_model.js'));

async function main() {
  const specs = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
  let compared = 0, bad = 0, norun = 0;
  for (const s of specs) {
    let res;
    try {
      const feeds = {};
      for (const inp of s.inputs) feeds[inp.name] = randomTensor(ort, inp.type, inp.dims);
      const sess = await ort.InferenceSession.create(fs.readFileSync(s.file), { logSeverityLevel: 4 });
      res = await sess.run(feeds);
      if (sess.release) await sess.release();
    } catch (err) {
      norun++;
      continue;
    }
    compared++;
    for (const o of s.outputs) {
      const got = res[o.name] ? Array.from(res[o.name].dims, Number) : null;
      const ok = got && got.length === o.dims.length &&
        got.every((d, k) => o.dims[k] === null || o.dims[k] === d);
      if (!ok) {
        bad++;
        console.log(`FAIL ${s.file}: output ${o.name} has shape ${JSON.stringify(got)}, declared ${JSON.stringify(o.dims)}`);
        break;
      }
    }
  }
  console.log(`ort shapes: ${compared} compared, ${bad} mismatched, ${norun} did not run`);
}

main().catch((e) => { console.error(e); process.exit(2); });
