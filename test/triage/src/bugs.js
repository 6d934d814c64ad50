// Node.js failures of distinct kinds, one per mode, for gred triage's
// crash corpus.
function shape(t) { return t.dims.length; }
function alloc(n) { return new Array(-n); }
function check(rank) {
  if (rank > 4) throw new Error(`unsupported rank ${rank}`);
  return rank;
}
function parse(text) { return JSON.parse(text); }

const [mode, arg] = process.argv.slice(2);
if (mode === 'type') console.log(shape(JSON.parse(arg)));
else if (mode === 'range') console.log(alloc(Number(arg)));
else if (mode === 'rank') console.log(check(Number(arg)));
else if (mode === 'json') console.log(parse(arg));
