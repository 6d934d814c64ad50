# Counting the processes gred leaves alive (sourced after e2e.sh). A test
# starts gred with GRED_TEST_MARK="$MARK-CASE" in its environment, which
# every process gred starts inherits; what still carries it afterwards
# outlived gred. On exit every marked process is killed.
MARK="$(basename "$0" .sh)-$$-$(od -An -N8 -tx8 /dev/urandom | tr -d ' ')"
trap 'for p in $(marked all); do kill -9 "$p" 2>/dev/null; done; rm -rf "$T"' EXIT

# marked CASE: pids of live processes carrying CASE's mark (all: any case).
marked() {
  if [ "$1" = all ]; then pat="GRED_TEST_MARK=$MARK-"; else pat="GRED_TEST_MARK=$MARK-$1\$"; fi
  grep -lz -- "^$pat" /proc/[0-9]*/environ 2>/dev/null |
    sed 's,^/proc/\([0-9]*\)/environ$,\1,' | grep -vx "$$" || true
}
count() { marked "$1" | wc -l; }

# wait_until CONDITION...: polls (60 s at most); fails if never true.
wait_until() {
  n=0
  while ! "$@"; do
    n=$((n + 1))
    [ $n -lt 600 ] || return 1
    sleep 0.1
  done
}
exited() { ! grep -qs '^[0-9]* ([^)]*) [^Z]' "/proc/$1/stat"; }
none_left() { [ "$(count "$1")" -eq 0 ]; }
