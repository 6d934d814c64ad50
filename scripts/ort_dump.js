// Records the values of a model's tensors for `gred reduce --recorded`: runs
// the model once in onnxruntime-node with graph optimizations disabled, on
// the inputs scripts/ort_compare.js feeds it, with the chosen tensors (default:
// every main-graph node result but Constant ones) made graph outputs too,
// and writes each numeric tensor's value to OUT.
// usage: node scripts/ort_dump.js MODEL OUT [TENSOR...]
// OUT: the line "gred recorded values", then per tensor the line
// "T DTYPE NDIMS DIM... NBYTES NAMELEN" (DTYPE an ONNX TensorProto data
// type), the name's NAMELEN bytes and the value's NBYTES raw little-endian
// bytes. Exits 1 if the model does not run.
'use strict';
const fs = require('fs');
const path = require('path');

const ortDir = process.env.GRED_ORT ||
  path.join(__dirname, '..', '.deps', 'ort', 'node_modules', 'onnxruntime-node');
const ort = require(ortDir);
const { graphInfo, compareFeeds, withOutputs } = require('./ort_model.js');

const dtypes = {
  float32: 1, uint8: 2, int8: 3, uint16: 4, int16: 5, int32: 6, int64: 7,
  float16: 10, float64: 11, uint32: 12, uint64: 13,
};

async function main() {
  const [model, out, ...chosen] = process.argv.slice(2);
  if (!out) throw new Error('usage: node scripts/ort_dump.js MODEL OUT [TENSOR...]');
  const buf = fs.readFileSync(model);
  const g = graphInfo(buf);
  const outputs = new Set(g.outputs.map((o) => o.name));
  const names = chosen.length ? chosen :
    [...g.producer].filter(([n, op]) => n && op !== 'Constant' && !outputs.has(n)).map(([n]) => n);
  const extra = names.filter((n) => !outputs.has(n));
  let res;
  try {
    const s = await ort.InferenceSession.create(withOutputs(buf, extra),
      { logSeverityLevel: 4, graphOptimizationLevel: 'disabled' });
    res = await s.run(compareFeeds(ort, buf));
  } catch (e) {
    console.log('ERROR ' + String(e.message || e).split('\n')[0]);
    process.exit(1);
  }
  const parts = [Buffer.from('gred recorded values\n')];
  let kept = 0;
  for (const n of names) {
    const t = res[n];
    if (!t || !(t.type in dtypes)) continue;
    const raw = Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength);
    const name = Buffer.from(n, 'utf8');
    parts.push(Buffer.from(`T ${dtypes[t.type]} ${t.dims.length} ${t.dims.map((d) => d + ' ').join('')}${raw.length} ${name.length}\n`),
      name, raw);
    kept++;
  }
  fs.writeFileSync(out, Buffer.concat(parts));
  console.log(`recorded ${kept} of ${names.length} tensors`);
}

main().catch((e) => { console.error(e); process.exit(2); });
