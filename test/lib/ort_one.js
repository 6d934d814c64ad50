// The tests' own judge of one model in onnxruntime-node, independent of
// gred's runners: random inputs from the model's declared shapes; an ORT
// error is printed with its stack and the exit status is 1.
// usage: GRED_ORT=DIR node test/lib/ort_one.js MODEL.onnx
'use strict';
const fs = require('fs');
const path = require('path');
const ort = require(process.env.GRED_ORT ||
  path.join(__dirname, '..', '..', '.deps', 'ort', 'node_modules', 'onnxruntime-node'));
const { graphInputs, randomTensor } = require('../../scripts/ort_model.js');
(async () => {
  const buf = fs.readFileSync(process.argv[2]);
  const feeds = {};
  for (const i of graphInputs(buf)) feeds[i.name] = randomTensor(ort, i.type, i.dims);
  const s = await ort.InferenceSession.create(buf, { logSeverityLevel: 4 });
  await s.run(feeds);
})().catch((err) => { console.error(err && err.stack || String(err)); process.exit(1); });
