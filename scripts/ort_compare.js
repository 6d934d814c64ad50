// Runs one ONNX model in onnxruntime-node twice, with graph optimizations
// 'disabled' and 'all', on the same seeded random inputs, and compares
// every output element: NaN equals NaN, otherwise |a - b| <= atol + rtol*|b|.
// usage: node scripts/ort_compare.js [--atol A] [--rtol R] MODEL
// Prints "MISMATCH output[i]: a vs b" for the worst element, or "MATCH";
// exits 0 on a mismatch, 1 on a match, 2 if the model does not run at
// either level (a test that wants the mismatch kept needs exit 0).
'use strict';
const fs = require('fs');
const path = require('path');

const ortDir = process.env.GRED_ORT ||
  path.join(__dirname, '..', '.deps', 'ort', 'node_modules', 'onnxruntime-node');
const ort = require(ortDir);
const { compareFeeds } = require('./ort_model.js');

async function run(buf, feeds, level) {
  const s = await ort.InferenceSession.create(buf, { logSeverityLevel: 4, graphOptimizationLevel: level });
  const out = await s.run(feeds);
  return s.outputNames.map((n) => out[n]);
}

async function main() {
  const args = process.argv.slice(2);
  let atol = 1e-4, rtol = 1e-3;
  while (args.length > 1 && args[0].startsWith('--')) {
    const [k, v] = args.splice(0, 2);
    if (k === '--atol') atol = Number(v); else if (k === '--rtol') rtol = Number(v);
    else throw new Error('unknown option ' + k);
  }
  const buf = fs.readFileSync(args[0]);
  const feeds = compareFeeds(ort, buf);
  let a, b;
  try {
    a = await run(buf, feeds, 'disabled');
    b = await run(buf, feeds, 'all');
  } catch (e) {
    console.log('ERROR ' + String(e.message || e).split('\n')[0]);
    process.exit(2);
  }
  let worst = null;
  a.forEach((ta, k) => {
    const tb = b[k];
    if (ta.dims.join() !== tb.dims.join()) { worst = worst || { k, i: -1, x: ta.dims.join('x'), y: tb.dims.join('x'), d: Infinity }; return; }
    for (let i = 0; i < ta.data.length; i++) {
      const x = Number(ta.data[i]), y = Number(tb.data[i]);
      if (Number.isNaN(x) && Number.isNaN(y)) continue;
      const d = Number.isNaN(x) !== Number.isNaN(y) ? Infinity : Math.abs(x - y);
      if (d > atol + rtol * Math.abs(y) && (!worst || d > worst.d)) worst = { k, i, x, y, d };
    }
  });
  if (worst) {
    console.log(`MISMATCH output[${worst.k}] element ${worst.i}: ${worst.x} (disabled) vs ${worst.y} (all)`);
    process.exit(0);
  }
  console.log('MATCH');
  process.exit(1);
}

main().catch((e) => { console.error(e); process.exit(2); });
