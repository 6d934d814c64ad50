#!/bin/sh
# gred fuzz --bisect: the target is a script in a git repository that
# starts to abort on Softmax ops at one commit. Each reduced case is
# bisected with its bucket's test, and the report names that commit.
#
#   c1 -- c2 -- c3 -- c4
#   ok    ok    bug   bug      first bad: c3
. "$GRED_SRC/test/lib/e2e.sh"
need_cmd git

R=$T/repo
mkdir -p "$R"
cd "$R"
git init -q
git config user.email t@example.com
git config user.name t
commit() { git add -A && git commit -qm "$1" && git rev-parse HEAD; }
printf '#!/bin/sh\nexit 0\n' >target.sh
chmod +x target.sh
c1=$(commit "c1: the target")
echo "notes" >README
c2=$(commit "c2: notes")
cat >target.sh <<'EOF'
#!/bin/sh
if grep -q Softmax "$1"; then echo "target: Assertion \`softmax' failed." >&2; kill -ABRT $$; fi
exit 0
EOF
c3=$(commit "c3: the bug")
echo "more notes" >>README
c4=$(commit "c4: more notes")
cd "$T"

"$GRED" fuzz --target "cmd:$R/target.sh {}" -n 4 --seed 2 --ops Softmax,Relu,Add --nodes 3 \
  --bisect "$R:$c1:$c4:true" --out "$T/run" >"$T/out" 2>"$T/err" ||
  fail "campaign: exit $?: $(tail -3 "$T/err")"
n=$(ls "$T/run/buckets" | wc -l)
[ "$n" -eq 1 ] && pass || fail "$n buckets, want 1"
for b in "$T"/run/buckets/*; do
  [ "$(cat "$b/first_bad.txt" 2>/dev/null)" = "$c3" ] && pass ||
    fail "first bad commit '$(cat "$b/first_bad.txt" 2>/dev/null)', want c3 $c3"
  grep -A3 "^## First bad commit" "$b/report.md" | grep -q "$c3" && pass ||
    fail "report.md does not name c3 as the first bad commit"
done
[ "$(git -C "$R" rev-parse HEAD)" = "$c4" ] && pass || fail "the repository was left at another commit"

finish
