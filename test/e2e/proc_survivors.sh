# No process gred starts outlives it: after a timeout, Ctrl-C (SIGINT) or
# kill -9 of gred, no descendant is left and gred's temp dirs are gone.
# Stages: reduce with a script test, reduce --same-crash and --match (the
# compiler hangs), triage run, bisect (the build hangs). Every hanging
# command leaves a grandchild (`sleep 300 &`) behind, and gred is killed
# only once the hang has begun (a marker file), never by a guessed delay.
# Descendants are found by a variable set only in gred's environment,
# which every process it starts inherits.
# ctest-labels: asan
. "$(dirname "$0")/../lib/e2e.sh"
FIXTURE=${GRED_BUILD:?}/test/unit/bisect/bisect_fixture
[ -x "$FIXTURE" ] || { echo "missing $FIXTURE (build the bisect_fixture target)"; exit 1; }
. "$(dirname "$0")/../lib/marks.sh"

# A command that hangs: it makes a temp file, leaves a grandchild, says it
# has started, and waits.
cat >"$T/hang.sh" <<EOF
#!/bin/sh
mktemp >/dev/null
sleep 300 &
touch "$T/started"
sleep 301
EOF
# A reduce test: the first run (the input) is interesting, all later
# ones hang, two at a time with -j 2; with hang-all, the first one too.
cat >"$T/test.sh" <<EOF
#!/bin/sh
if [ ! -e "$T/hang-all" ] && mkdir "$T/first" 2>/dev/null; then exit 0; fi
exec sh "$T/hang.sh"
EOF
chmod +x "$T/hang.sh" "$T/test.sh"
cd "$T"
cp "$GRED_SRC/test/cases/mulf_feeds_addf/input.mlir" "$T/in.mlir"

# A repository of four commits for bisect; the build or test hangs.
R=$T/repo
"$FIXTURE" init "$R"
for i in 1 2 3 4; do printf '@@commit c%s\n@@file f.txt\nversion %s\n' $i $i; done >"$T/history"
"$FIXTURE" bundle "$R" "$T/history" >"$T/ids"
GOOD=$(sed -n 1p "$T/ids")
BAD=$(sed -n 4p "$T/ids")

# run_case NAME SCENARIO WANT-RC GRED-ARGS...: runs gred with a fresh
# TMPDIR; SCENARIO timeout and done let it end by itself (by a timeout,
# or normally), int and kill9 send SIGINT or SIGKILL once the hang has
# begun. WANT-RC "-" checks nothing.
run_case() {
  name=$1; scen=$2; want=$3; shift 3
  rm -rf "$T/started" "$T/first" "$T/tmp" "$T/out.mlir" "$T/db"
  mkdir "$T/tmp"
  env --default-signal=INT,TERM,HUP GRED_TEST_MARK="$MARK-$name-$scen" \
    TMPDIR="$T/tmp" "$GRED" "$@" >"$T/gred.out" 2>"$T/gred.err" &
  pid=$!
  if [ "$scen" != timeout ] && [ "$scen" != done ]; then
    if ! wait_until test -e "$T/started"; then
      fail "$name $scen: the hang never began: $(cat "$T/gred.err")"
    fi
    if [ "$scen" = int ]; then kill -INT $pid 2>/dev/null || true
    else kill -9 $pid 2>/dev/null || true; fi
  fi
  if ! wait_until exited $pid; then
    fail "$name $scen: gred still runs"
    kill -9 $pid 2>/dev/null || true
  fi
  set +e; wait $pid; rc=$?; set -e
  # The watchdog may take a moment after gred's end; it carries the mark
  # too, so once nothing marked is left it has finished as well.
  wait_until none_left "$name-$scen" || true
  left=$(count "$name-$scen")
  echo "$name $scen: exit $rc, $left survivors"
  if [ "$left" -eq 0 ]; then pass
  else fail "$name $scen: $left processes outlived gred: $(ps -o pid,pgid,args -p "$(marked "$name-$scen" | paste -sd,)")"; fi
  # gred's own temp dirs never stay; nor does anything a reduce test left
  # (its TMPDIR is private). Other commands' files are their own.
  case $name in script|match) leftover=$(ls -A "$T/tmp");; *) leftover=$(ls -A "$T/tmp" | grep '^gred-' || true);; esac
  if [ -z "$leftover" ]; then pass; else fail "$name $scen: left in TMPDIR: $leftover"; fi
  if [ "$want" = - ] || [ "$rc" -eq "$want" ]; then pass
  else fail "$name $scen: exit $rc, want $want: $(cat "$T/gred.err")"; fi
  for p in $(marked "$name-$scen"); do kill -9 "$p" 2>/dev/null || true; done
}

for scen in timeout int kill9; do
  case $scen in timeout) rc_reduce=1 rc_triage=1;; int) rc_reduce=130 rc_triage=130;; kill9) rc_reduce=137 rc_triage=137;; esac
  # A timeout long enough that a loaded machine still reaches the hang
  # before it, except where the timeout itself is what ends gred.
  if [ $scen = timeout ]; then to=1; else to=120; fi
  # Timeouts: the reduce test hangs on the input itself.
  if [ $scen = timeout ]; then touch "$T/hang-all"; else rm -f "$T/hang-all"; fi
  run_case script $scen $rc_reduce reduce -j 2 --timeout $to -o "$T/out.mlir" "$T/in.mlir" "$T/test.sh"
  run_case same-crash $scen $rc_reduce reduce -j 2 --timeout $to -o "$T/out.mlir" "$T/in.mlir" --same-crash -- "$T/hang.sh"
  run_case match $scen $rc_reduce reduce -j 2 --timeout $to -o "$T/out.mlir" "$T/in.mlir" --match crash -- "$T/hang.sh"
  run_case triage-run $scen $rc_triage triage run --db "$T/db" --timeout $to -- "$T/hang.sh"
  rm -rf "$R/.git/gred-bisect.state"
  if [ $scen = timeout ]; then
    run_case bisect $scen 1 bisect --repo "$R" --good "$GOOD" --bad "$BAD" --build true --timeout 1 -- sh "$T/hang.sh"
  else
    run_case bisect $scen - bisect --repo "$R" --good "$GOOD" --bad "$BAD" --build "sh $T/hang.sh" -- true
  fi
  "$GRED" bisect --reset --repo "$R" >/dev/null 2>&1 || true
done

# A test that ends but leaves a daemon in a session of its own, which no
# group kill reaches: gred, its subreaper, kills it once no test runs.
cat >"$T/daemon.sh" <<EOF
#!/bin/sh
setsid sleep 300 &
touch "$T/started"
grep -q arith.mulf "\$1"
EOF
chmod +x "$T/daemon.sh"
run_case daemon done 0 reduce -j 2 -o "$T/out.mlir" "$T/in.mlir" "$T/daemon.sh"
finish
