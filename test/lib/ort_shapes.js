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

function tensor(type, dims) {
  const n = dims.reduce((a, b) => a * b, 1);
  const f = () => Math.random() * 2 - 1;
  const i = () => Math.floor(Math.random() * 7) - 3;
  switch (type) {
    case 1: return new ort.Tensor('float32', Float32Array.from({ length: n }, f), dims);
    case 11: return new ort.Tensor('float64', Float64Array.from({ length: n }, f), dims);
    case 6: return new ort.Tensor('int32', Int32Array.from({ length: n }, i), dims);
    case 7: return new ort.Tensor('int64', BigInt64Array.from({ length: n }, () => BigInt(i())), dims);
    case 3: return new ort.Tensor('int8', Int8Array.from({ length: n }, i), dims);
    case 2: return new ort.Tensor('uint8', Uint8Array.from({ length: n }, () => Math.floor(Math.random() * 6)), dims);
    case 9: return new ort.Tensor('bool', Uint8Array.from({ length: n }, () => (Math.random() < 0.5 ? 1 : 0)), dims);
    default: throw new Error('unsupported input dtype ' + type);
  }
}

async function main() {
  const specs = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
  let compared = 0, bad = 0, norun = 0;
  for (const s of specs) {
    let res;
    try {
      const feeds = {};
      for (const inp of s.inputs) feeds[inp.name] = tensor(inp.type, inp.dims);
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
