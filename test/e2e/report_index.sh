# The campaign indexes (report/index.c): the sample buckets of
# test/unit/report/test_report_index.c, written as JSON and SARIF, read
# back by Python's json with the same values, and the SARIF logs checked
# against the official SARIF 2.1.0 schema (shipped in the npm package
# @microsoft/jest-sarif, which scripts/bootstrap installs in .deps/sarif)
# by python3-jsonschema.
. "$(dirname "$0")/../lib/e2e.sh"
SCHEMA="$GRED_SRC/.deps/sarif/node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json"
[ -f "$SCHEMA" ] || missing "the SARIF 2.1.0 schema $SCHEMA"
"$PY" -c 'import jsonschema' 2>/dev/null || missing "python3-jsonschema (import jsonschema in $PY)"
WRITER="$GRED_BUILD/test/unit/report/test_report_index"
[ -x "$WRITER" ] || { fail "no $WRITER"; finish; }

if "$WRITER" --write "$T"; then pass; else fail "writing the sample indexes"; fi

cat >"$T/check.py" <<'PY'
import json, sys, urllib.parse
import jsonschema

d, schema_path, version = sys.argv[1], sys.argv[2], sys.argv[3]
frames_a = ["onnxruntime::FuseReluClip::Apply",
            'onnxruntime::optimizer_utils::"quoted"<float>', "C:\\path\\frame"]
A = "0123456789abcdef"
want = [
    dict(id=A, kind="assertion",
         message='Expected "double"\tgot\nfloat \x01 caf\u00e9 \ufffd!',
         frames=frames_a, target="ort:1.20.1:all", oracle="crash",
         command="node scripts/fuzz_ort.js --oracle crash 'buckets/%s/reduced.onnx'" % A,
         report="buckets/%s/report.md" % A,
         case="buckets/%s/reduced case #1 100%%.onnx" % A,
         svg="buckets/%s/graph.svg" % A,
         case_bytes=412, orig_bytes=8123, count=7, first_bad_commit="3f2a9c1e5b7d"),
    dict(id="fedcba9876543210", kind="diff-opt", message=None, frames=[],
         target="mlir-opt:canonicalize", oracle="diff-opt", command=None,
         report=None, case="cases/00000002.mlir", svg=None, case_bytes=0,
         orig_bytes=0, count=1, first_bad_commit=None),
    dict(id="00000000000000ff", kind=None,
         message="\u2028 line separator, \U0001F41B", frames=[], target=None,
         oracle=None, command=None, report=None, case=None, svg=None,
         case_bytes=0, orig_bytes=0, count=0, first_bad_commit=None),
]
problems = []

# JSON: parses (strict UTF-8) and says exactly what was given.
with open(d + "/index.json", "rb") as f:
    idx = json.loads(f.read().decode("utf-8"))
if idx.get("tool") != "gred " + version:
    problems.append("tool: %r" % idx.get("tool"))
if idx.get("buckets") != want:
    problems.append("buckets differ:\n%r\n%r" % (idx.get("buckets"), want))

# SARIF: valid by the official schema, and meaning what was given.
with open(schema_path) as f:
    schema = json.load(f)
V = jsonschema.validators.validator_for(schema)
V.check_schema(schema)
for name in ("index.sarif", "empty.sarif"):
    with open(d + "/" + name, "rb") as f:
        log = json.loads(f.read().decode("utf-8"))
    errors = sorted(V(schema).iter_errors(log), key=lambda e: list(e.path))
    for e in errors[:5]:
        problems.append("%s: %s at %s" % (name, e.message, list(e.path)))
    if not errors:
        print("%s: valid SARIF 2.1.0 (%s)" % (name, V.__name__))
log = json.load(open(d + "/index.sarif", encoding="utf-8"))
run = log["runs"][0]
driver = run["tool"]["driver"]
if log["version"] != "2.1.0" or driver["name"] != "gred" or driver["version"] != version:
    problems.append("header: %r %r" % (log["version"], driver))
rules, results = driver["rules"], run["results"]
if [r["id"] for r in rules] != [w["id"] for w in want]:
    problems.append("rule ids: %r" % [r["id"] for r in rules])
if [r["ruleId"] for r in results] != [w["id"] for w in want]:
    problems.append("result ruleIds: %r" % [r["ruleId"] for r in results])
for i, (r, w) in enumerate(zip(results, want)):
    if r["ruleIndex"] != i or r["level"] != "error":
        problems.append("result %d: ruleIndex %r level %r" % (i, r["ruleIndex"], r["level"]))
    if r["partialFingerprints"].get("gredSignature/v1") != w["id"]:
        problems.append("result %d: fingerprint %r" % (i, r["partialFingerprints"]))
    where = w["case"] or w["report"]
    locs = r.get("locations", [])
    if where:
        art = locs[0]["physicalLocation"]["artifactLocation"] if locs else {}
        if urllib.parse.unquote(art.get("uri", "")) != where or \
           art.get("uriBaseId") not in run["originalUriBaseIds"]:
            problems.append("result %d: location %r, want %r" % (i, art, where))
        # GitHub code scanning needs a start line to show a result.
        if locs and locs[0]["physicalLocation"].get("region", {}).get("startLine", 0) < 1:
            problems.append("result %d: no region.startLine" % i)
    elif locs:
        problems.append("result %d: a location without a case: %r" % (i, locs))
    p = r["properties"]
    for key, field in (("target", "target"), ("oracle", "oracle"),
                       ("firstBadCommit", "first_bad_commit"), ("command", "command")):
        if p.get(key) != w[field]:
            problems.append("result %d: properties.%s %r, want %r" % (i, key, p.get(key), w[field]))
    for key, field in (("count", "count"), ("caseBytes", "case_bytes"),
                       ("originalBytes", "orig_bytes")):
        if p.get(key) != w[field]:
            problems.append("result %d: properties.%s %r" % (i, key, p.get(key)))
    if w["message"] and w["message"] not in r["message"]["text"]:
        problems.append("result %d: message %r lacks %r" % (i, r["message"]["text"], w["message"]))
    rule = rules[i]
    if w["command"] and w["command"] not in rule["help"]["text"]:
        problems.append("rule %d: help %r lacks the command" % (i, rule["help"]))
    if w["message"] and w["message"] not in rule["shortDescription"]["text"]:
        problems.append("rule %d: shortDescription %r" % (i, rule["shortDescription"]))
for p in problems:
    print("PROBLEM:", p)
sys.exit(1 if problems else 0)
PY
if "$PY" "$T/check.py" "$T" "$SCHEMA" "$("$GRED" --version | sed -n 's/^gred //p;q')" >"$T/check.out" 2>&1; then pass
else fail "index check: $(cat "$T/check.out")"; fi
grep -c 'valid SARIF 2.1.0' "$T/check.out" | grep -qx 2 && pass || fail "schema validation did not run: $(cat "$T/check.out")"
finish
