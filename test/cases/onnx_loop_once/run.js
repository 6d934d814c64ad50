// Runs an ONNX model in onnxruntime-node with x = [1, 2, 3] and
// z = [10, 20, 40] and prints its first output's elements.
'use strict';
const path = require('path');
const ort = require(process.env.GRED_ORT ||
  path.join(__dirname, '..', '..', '..', '.deps', 'ort', 'node_modules', 'onnxruntime-node'));
(async () => {
  const s = await ort.InferenceSession.create(process.argv[2]);
  const t = (v) => new ort.Tensor('float32', Float32Array.from(v), [3]);
  const out = await s.run({ x: t([1, 2, 3]), z: t([10, 20, 40]) });
  console.log(Array.from(out[s.outputNames[0]].data).join(','));
})().catch((e) => { console.error(e.message); process.exit(1); });
