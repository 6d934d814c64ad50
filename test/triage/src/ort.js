// onnxruntime-node failures for gred triage's crash corpus: a model that
// does not parse, and a valid model fed a wrongly shaped input.
const ort = require(process.env.ORT_DIR + '/onnxruntime-node');

async function load(bytes) { return ort.InferenceSession.create(bytes); }
async function infer(path, n) {
  const s = await ort.InferenceSession.create(path);
  const x = new ort.Tensor('float32', new Float32Array(n), [1, n]);
  return s.run({ x });
}

const [mode, arg, n] = process.argv.slice(2);
if (mode === 'load') load(Buffer.from(arg)).then(() => console.log('ok'));
else infer(arg, Number(n)).then(() => console.log('ok'));
