// What the onnxruntime-node runners share: the graph inputs of an ONNX model,
// read straight from its bytes (onnxruntime-node 1.20 exposes no input
// metadata), and random input tensors for them.
'use strict';

// A minimal protobuf reader: enough of ModelProto to find the graph inputs.
function fields(buf, start, end, cb) {
  let p = start;
  const varint = () => {
    let v = 0n, shift = 0n, b;
    do { b = buf[p++]; v |= BigInt(b & 0x7f) << shift; shift += 7n; } while (b & 0x80);
    return v;
  };
  while (p < end) {
    const key = Number(varint()), field = key >>> 3, wt = key & 7;
    if (wt === 0) cb(field, wt, varint());
    else if (wt === 1) { cb(field, wt, null); p += 8; }
    else if (wt === 5) { cb(field, wt, null); p += 4; }
    else if (wt === 2) { const n = Number(varint()); cb(field, wt, [p, p + n]); p += n; }
    else throw new Error('bad wire type ' + wt);
  }
}

const str = (buf, r) => buf.toString('utf8', r[0], r[1]);

function graphInputs(buf) {
  let graph = null;
  fields(buf, 0, buf.length, (f, wt, v) => { if (f === 7 && wt === 2) graph = v; });
  if (!graph) throw new Error('no graph');
  const inits = new Set(), inputs = [];
  fields(buf, graph[0], graph[1], (f, wt, v) => {
    if (wt !== 2) return;
    if (f === 5) fields(buf, v[0], v[1], (g, w, x) => { if (g === 8 && w === 2) inits.add(str(buf, x)); });
    if (f === 11) {
      const inp = { name: '', type: 0, dims: [] };
      fields(buf, v[0], v[1], (g, w, x) => {
        if (g === 1 && w === 2) inp.name = str(buf, x);
        if (g === 2 && w === 2) fields(buf, x[0], x[1], (h, w2, tt) => {
          if (h !== 1 || w2 !== 2) return;
          fields(buf, tt[0], tt[1], (k, w3, y) => {
            if (k === 1 && w3 === 0) inp.type = Number(y);
            if (k === 2 && w3 === 2) fields(buf, y[0], y[1], (d, w4, dim) => {
              if (d !== 1 || w4 !== 2) return;
              let val = 1;
              fields(buf, dim[0], dim[1], (q, w5, z) => { if (q === 1 && w5 === 0) val = Number(z); });
              inp.dims.push(val);
            });
          });
        });
      });
      inputs.push(inp);
    }
  });
  return inputs.filter((i) => !inits.has(i.name));
}

// A tensor of ONNX dtype `type` and shape `dims` for onnxruntime-node `ort`:
// floats uniform in [-scale, scale), integers in -3..3 (uint8 0..5), bools
// half true; rnd() gives the numbers in [0, 1).
function randomTensor(ort, type, dims, rnd = Math.random, scale = 1) {
  const n = dims.reduce((a, b) => a * b, 1);
  const f = () => rnd() * 2 * scale - scale;
  const i = () => Math.floor(rnd() * 7) - 3;
  switch (type) {
    case 1: return new ort.Tensor('float32', Float32Array.from({ length: n }, f), dims);
    case 11: return new ort.Tensor('float64', Float64Array.from({ length: n }, f), dims);
    case 6: return new ort.Tensor('int32', Int32Array.from({ length: n }, i), dims);
    case 7: return new ort.Tensor('int64', BigInt64Array.from({ length: n }, () => BigInt(i())), dims);
    case 3: return new ort.Tensor('int8', Int8Array.from({ length: n }, i), dims);
    case 2: return new ort.Tensor('uint8', Uint8Array.from({ length: n }, () => Math.floor(rnd() * 6)), dims);
    case 9: return new ort.Tensor('bool', Uint8Array.from({ length: n }, () => (rnd() < 0.5 ? 1 : 0)), dims);
    default: throw new Error('unsupported input dtype ' + type);
  }
}

module.exports = { graphInputs, randomTensor };
