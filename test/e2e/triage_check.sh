# ctest-labels: asan
# `gred triage check`: exit 0 iff the command crashes (with the given
# signature), as an interestingness test.
. "$(dirname "$0")/../lib/e2e.sh"
cat >"$T/crash.c" <<'C'
#include <stdlib.h>
#include <string.h>
static void first(char *p) { p[0] = 1; }
static void second(char *p) { abort(); (void)p; }
int main(int argc, char **argv) {
	if (argc > 1 && !strcmp(argv[1], "segv")) first(NULL);
	if (argc > 1 && !strcmp(argv[1], "abort")) second(NULL);
	return 0;
}
C
cc -g -O0 -o "$T/crash" "$T/crash.c"
segv=$("$GRED" triage check -- "$T/crash" segv | sed -n 's/^signature //p')
abrt=$("$GRED" triage check -- "$T/crash" abort | sed -n 's/^signature //p')
if [ -n "$segv" ] && [ -n "$abrt" ] && [ "$segv" != "$abrt" ]; then pass; else fail "signatures '$segv' '$abrt'"; fi
if "$GRED" triage check --sig "$segv" -- "$T/crash" segv >/dev/null; then pass; else fail "same crash not matched"; fi
if "$GRED" triage check --sig "$segv" -- "$T/crash" abort >/dev/null; then fail "other crash matched"; else pass; fi
if "$GRED" triage check -- "$T/crash" none >/dev/null; then fail "clean run counted as a crash"; else pass; fi
expect_error "no command" "no command after" "$GRED" triage check --
finish
