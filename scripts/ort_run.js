// Loads and runs ONNX models in onnxruntime-node with random inputs.
// usage: node scripts/ort_run.js [--quiet] FILE-or-DIR...   (one process for all)
// A model that fails is run again with graph optimizations disabled: if that
// works, the failure is an ORT optimizer bug (a finding). Failures matching a
// known ORT kernel bug below are findings too. Anything else is a failure.
// Prints "FINDING ..." and "FAIL ..." lines, then the counts; exits 1 on failures.
'use strict';
const fs = require('fs');
const path = require('path');

const ortDir = process.env.GRED_ORT ||
  path.join(__dirname, '..', '.deps', 'ort', 'node_modules', 'onnxruntime-node');
const ort = require(ortDir);

const { graphInputs, randomTensor } = require('./ort_model.js');

function listModels(args) {
  const out = [];
  for (const a of args) {
    if (fs.statSync(a).isDirectory()) {
      for (const f of fs.readdirSync(a).sort()) if (f.endsWith('.onnx')) out.push(path.join(a, f));
    } else out.push(a);
  }
  return out;
}

// ORT 1.20.1 kernel bugs seen on valid models (onnx.checker full_check passes).
const knownBugs = [
  // ReduceSum-13, noop_with_empty_axes=1, axes omitted: the spec makes it an
  // identity; the CPU kernel reduces all axes and then fails its own check.
  [/ValidateNoTransposeReduce.*Reduction on all axes, output size should be 1/, 'ReduceSum noop_with_empty_axes'],
];

async function runOnce(buf, feeds, level) {
  const sess = await ort.InferenceSession.create(buf, { logSeverityLevel: 4, graphOptimizationLevel: level });
  await sess.run(feeds);
  if (sess.release) await sess.release();
}

async function main() {
  const args = process.argv.slice(2);
  const quiet = args[0] === '--quiet';
  const files = listModels(quiet ? args.slice(1) : args);
  let ran = 0, failed = 0, optimizer = 0, known = 0;
  for (const file of files) {
    let buf, feeds = {};
    try {
      buf = fs.readFileSync(file);
      for (const inp of graphInputs(buf)) feeds[inp.name] = randomTensor(ort, inp.type, inp.dims);
      await runOnce(buf, feeds, 'all');
      ran++;
      continue;
    } catch (err) {
      const msg = String(err.message || err).split('\n')[0];
      const bug = knownBugs.find(([re]) => re.test(msg));
      if (bug) {
        known++;
        console.log(`FINDING ${file}: ORT kernel bug (${bug[1]}): ${msg.slice(0, 200)}`);
        continue;
      }
      try {
        await runOnce(buf, feeds, 'disabled');
        optimizer++;
        console.log(`FINDING ${file}: ORT optimizer bug (runs with optimizations disabled): ${msg.slice(0, 200)}`);
      } catch (err2) {
        failed++;
        if (!quiet || failed <= 20) console.log(`FAIL ${file}: ${msg}`);
      }
    }
  }
  console.log(`ort: ${files.length} models: ${ran} ran, ${optimizer} ORT optimizer bugs, ${known} known ORT kernel bugs, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => { console.error(e); process.exit(2); });
