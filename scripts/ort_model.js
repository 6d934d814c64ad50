// What the onnxruntime-node runners share: the graph inputs and outputs of an
// ONNX model, read straight from its bytes (onnxruntime-node 1.20 exposes no
// input metadata), random input tensors for them, and IEEE half conversions.
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

// The graph of an ONNX model, read from its bytes: the inputs that are not
// initializers and the outputs, each { name, type, dims } (a symbolic or
// missing dimension reads as 1), and for every node output the op type
// that produces it.
function graphInfo(buf) {
  let graph = null;
  fields(buf, 0, buf.length, (f, wt, v) => { if (f === 7 && wt === 2) graph = v; });
  if (!graph) throw new Error('no graph');
  const valueInfo = (v) => {
    const vi = { name: '', type: 0, dims: [] };
    fields(buf, v[0], v[1], (g, w, x) => {
      if (g === 1 && w === 2) vi.name = str(buf, x);
      if (g === 2 && w === 2) fields(buf, x[0], x[1], (h, w2, tt) => {
        if (h !== 1 || w2 !== 2) return;
        fields(buf, tt[0], tt[1], (k, w3, y) => {
          if (k === 1 && w3 === 0) vi.type = Number(y);
          if (k === 2 && w3 === 2) fields(buf, y[0], y[1], (d, w4, dim) => {
            if (d !== 1 || w4 !== 2) return;
            let val = 1;
            fields(buf, dim[0], dim[1], (q, w5, z) => { if (q === 1 && w5 === 0) val = Number(BigInt.asIntN(64, z)); });
            vi.dims.push(val);
          });
        });
      });
    });
    return vi;
  };
  const inits = new Set(), inputs = [], outputs = [], producer = new Map();
  fields(buf, graph[0], graph[1], (f, wt, v) => {
    if (wt !== 2) return;
    if (f === 1) {
      let op = '';
      const outs = [];
      fields(buf, v[0], v[1], (g, w, x) => {
        if (g === 2 && w === 2) outs.push(str(buf, x));
        if (g === 4 && w === 2) op = str(buf, x);
      });
      for (const o of outs) producer.set(o, op);
    }
    if (f === 5) fields(buf, v[0], v[1], (g, w, x) => { if (g === 8 && w === 2) inits.add(str(buf, x)); });
    if (f === 11) inputs.push(valueInfo(v));
    if (f === 12) outputs.push(valueInfo(v));
  });
  return { inputs: inputs.filter((i) => !inits.has(i.name)), outputs, producer, initializers: inits };
}

function graphInputs(buf) {
  return graphInfo(buf).inputs;
}

// A float as the bits of an IEEE half (round to nearest even).
function toHalf(x) {
  const f = new Float32Array(1), u = new Uint32Array(f.buffer);
  f[0] = x;
  const b = u[0], sign = (b >>> 16) & 0x8000, e = (b >>> 23) & 0xff, m = b & 0x7fffff;
  if (e === 0xff) return sign | 0x7c00 | (m ? 0x200 : 0);
  const he = e - 127 + 15;
  if (he >= 0x1f) return sign | 0x7c00;
  if (he <= 0) {
    if (he < -10) return sign;
    const mm = (m | 0x800000) >>> (1 - he + 13);
    return sign | mm;
  }
  let h = sign | (he << 10) | (m >>> 13);
  const rest = m & 0x1fff;
  if (rest > 0x1000 || (rest === 0x1000 && (h & 1))) h++;
  return h;
}

// The float an IEEE half's bits stand for.
function fromHalf(h) {
  const sign = h & 0x8000 ? -1 : 1, e = (h >>> 10) & 0x1f, m = h & 0x3ff;
  if (e === 0) return sign * m * 2 ** -24;
  if (e === 0x1f) return m ? NaN : sign * Infinity;
  return sign * (1 + m / 1024) * 2 ** (e - 15);
}

// A deterministic generator of numbers in [0, 1) for a seed.
function seeded(seed) {
  let s = (Number(seed) >>> 0) ^ 0x9e3779b9;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    let x = s ^ (s >>> 15);
    x = Math.imul(x, 0x2c1b3c6d) >>> 0;
    return ((x ^ (x >>> 12)) >>> 0) / 4294967296;
  };
}

// A tensor of ONNX dtype `type` and shape `dims` for onnxruntime-node `ort`:
// floats uniform in [-scale, scale), integers in -3..3 (unsigned ones 0..5),
// bools half true; rnd() gives the numbers in [0, 1).
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
    case 10: return new ort.Tensor('float16', Uint16Array.from({ length: n }, () => toHalf(f())), dims);
    case 4: return new ort.Tensor('uint16', Uint16Array.from({ length: n }, () => Math.floor(rnd() * 6)), dims);
    case 5: return new ort.Tensor('int16', Int16Array.from({ length: n }, i), dims);
    case 12: return new ort.Tensor('uint32', Uint32Array.from({ length: n }, () => Math.floor(rnd() * 6)), dims);
    case 13: return new ort.Tensor('uint64', BigUint64Array.from({ length: n }, () => BigInt(Math.floor(rnd() * 6))), dims);
    default: throw new Error('unsupported input dtype ' + type);
  }
}

// The inputs scripts/ort_compare.js feeds a model (and scripts/ort_dump.js
// records with): uniform in [-2, 2) from one fixed linear congruential
// sequence, input after input.
function compareFeeds(ort, buf) {
  let s = 12345;
  const rnd = () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s / 4294967296; };
  const feeds = {};
  for (const inp of graphInputs(buf)) feeds[inp.name] = randomTensor(ort, inp.type, inp.dims, rnd, 2);
  return feeds;
}

const varint = (v) => {
  const out = [];
  let x = BigInt(v);
  do { let b = Number(x & 0x7fn); x >>= 7n; if (x) b |= 0x80; out.push(b); } while (x);
  return Buffer.from(out);
};

// A length-delimited protobuf field: key, length, bytes.
const lenField = (field, bytes) => Buffer.concat([varint((field << 3) | 2), varint(bytes.length), bytes]);

// The model's bytes with names appended to its graph outputs (as ValueInfoProto
// with a name only: onnxruntime types them from the graph).
function withOutputs(buf, names) {
  const parts = [];
  let graph = null;
  fields(buf, 0, buf.length, (f, wt, v) => { if (f === 7 && wt === 2) graph = v; });
  if (!graph) throw new Error('no graph');
  const extra = names.map((n) => lenField(12, lenField(1, Buffer.from(n, 'utf8'))));
  const g = Buffer.concat([buf.subarray(graph[0], graph[1]), ...extra]);
  // Everything before the graph field's key, the new graph, everything after.
  let key = graph[0] - 1;
  while (key > 0 && (buf[key - 1] & 0x80)) key--;  // the length varint
  key--;  // the key byte (field 7, wire type 2: one byte)
  parts.push(buf.subarray(0, key), lenField(7, g), buf.subarray(graph[1]));
  return Buffer.concat(parts);
}

module.exports = { graphInfo, graphInputs, randomTensor, seeded, toHalf, fromHalf, compareFeeds, withOutputs };
