# Candidates spliced from the last print: on a module of many functions,
# a candidate of op deletion is printed only in the functions it touches,
# the others' text taken from the print of the last accepted module. Two
# judges watch every candidate the test sees: mlir-opt-19's print of it
# must be its text exactly (a wrong splice shows as text the printer would
# not write: stray numbering, a cut in the wrong place), and at -j 1, where
# each interesting candidate is the one accepted, no function of a
# candidate may hold more ops than in the last interesting one (text of a
# function from before an accepted change, spliced in again). The result
# is checked by mlir-opt-19: the mulf and the subf, each in a function of
# its own, nothing else, and no op of it can go.
. "$(dirname "$0")/../lib/e2e.sh"
need_cmd mlir-opt-19 awk paste
# 8 functions of 12 arith.addf in a chain, a mulf in @f3, a subf in @f7,
# and @main calling them all
awk -v nf=8 -v n=12 'BEGIN {
  for (k = 0; k < nf; k++) {
    printf "func.func @f%d(%%a: f32) -> f32 {\n", k
    prev = "%a"
    for (i = 0; i < n; i++) {
      op = (i == n / 2 && k == 3) ? "mulf" : (i == n / 2 && k == 7) ? "subf" : "addf"
      printf "  %%v%d = arith.%s %s, %%a : f32\n", i, op, prev
      prev = "%v" i
    }
    printf "  return %s : f32\n}\n", prev
  }
  print "func.func @main(%a: f32) -> f32 {"
  prev = "%a"
  for (k = 0; k < nf; k++) {
    printf "  %%c%d = func.call @f%d(%s) : (f32) -> f32\n", k, k, prev
    prev = "%c" k
  }
  printf "  return %s : f32\n}\n", prev
}' >"$T/in.mlir"
mlir-opt-19 "$T/in.mlir" -o /dev/null || fail "the generated input does not parse"
cat >"$T/test.sh" <<EOS
#!/bin/sh
# interesting: mlir-opt-19 verifies it, with the mulf and the subf in it
c=\$1 d=$T
mlir-opt-19 "\$c" >"\$c.re" 2>/dev/null || { rm -f "\$c.re"; exit 1; }
# gred drops the implicit module, its indent and the blank line ending it
if ! cmp -s "\$c" "\$d/in.mlir" && ! awk 'NR > 1 { l[++n] = \$0 }
    END { while (n && l[n] == "") n--
      for (i = 1; i < n; i++) print substr(l[i], 1, 2) == "  " ? substr(l[i], 3) : l[i] }' \
    "\$c.re" | cmp -s - "\$c"; then
  cp "\$c" "\$d/unprinted.\$\$"
fi
mlir-opt-19 --mlir-print-op-generic "\$c" | awk '/"func.func"/ { if (f) print n; f = 1; n = 0; next }
  / = "/ { n++ } END { if (f) print n }' >"\$c.ops"
rm -f "\$c.re"
if [ -f "\$d/sequence" ] && [ -f "\$d/best.ops" ] &&
   [ "\$(wc -l <"\$c.ops")" = "\$(wc -l <"\$d/best.ops")" ] &&
   ! paste "\$c.ops" "\$d/best.ops" | awk '\$1 > \$2 { bad = 1 } END { exit bad }'; then
  cp "\$c" "\$d/grew.\$\$"
fi
if grep -q arith.mulf "\$c" && grep -q arith.subf "\$c"; then
  mv "\$c.ops" "\$d/best.ops"
  exit 0
fi
rm -f "\$c.ops"
exit 1
EOS
chmod +x "$T/test.sh"

for j in 1 2; do
  rm -f "$T"/unprinted.* "$T"/grew.* "$T/best.ops" "$T/sequence"
  [ "$j" = 1 ] && : >"$T/sequence"
  if "$GRED" reduce -j "$j" -o "$T/out$j.mlir" "$T/in.mlir" "$T/test.sh" 2>"$T/err"; then
    pass
  else
    fail "-j $j: gred: $(cat "$T/err")"
    continue
  fi
  n=$(ls "$T" | grep -c '^unprinted\.' || true)
  if [ "$n" -eq 0 ]; then pass; else
    fail "-j $j: $n candidates are not what mlir-opt-19 prints for them, as: $(cat "$(ls -d "$T"/unprinted.* | head -1)")"
  fi
  n=$(ls "$T" | grep -c '^grew\.' || true)
  if [ "$n" -eq 0 ]; then pass; else
    fail "-j $j: $n candidates have a function with more ops than the last accepted one, as: $(cat "$(ls -d "$T"/grew.* | head -1)")"
  fi
  # mlir-opt-19 judges the result: two functions, the mulf and the subf
  # the only ops with results
  ops=$(mlir-opt-19 --mlir-print-op-generic "$T/out$j.mlir" | grep -c '^ *%[^ ]* = "' || true)
  funcs=$(mlir-opt-19 --mlir-print-op-generic "$T/out$j.mlir" | grep -c '"func.func"' || true)
  if [ "$ops" -eq 2 ] && [ "$funcs" -eq 2 ] && grep -q arith.mulf "$T/out$j.mlir" &&
     grep -q arith.subf "$T/out$j.mlir"; then pass; else
    fail "-j $j: want the mulf and the subf alone in two functions, got: $(cat "$T/out$j.mlir")"
  fi
  # one-minimal: without any one line holding an op, it is not interesting
  rm -f "$T/sequence"
  lines=$(grep -n ' = ' "$T/out$j.mlir" | cut -d: -f1)
  for l in $lines; do
    sed "${l}d" "$T/out$j.mlir" >"$T/less.mlir"
    if "$T/test.sh" "$T/less.mlir"; then
      fail "-j $j: line $l of the result can go: $(cat "$T/out$j.mlir")"
    else
      pass
    fi
  done
done
echo "many functions: $(wc -c <"$T/in.mlir") -> $(wc -c <"$T/out1.mlir") bytes (-j 1), $(wc -c <"$T/out2.mlir") (-j 2)"
finish
