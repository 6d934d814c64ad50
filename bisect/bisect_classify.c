/*
** From how the test ended to good, bad or skip: git bisect run's exit
** codes, crashes count as bad, and --same-crash compares signatures.
*/
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "bisect.h"
#include "triage.h"

/* Signals that mean the program under test crashed. */
static const int crash_signals[] = {
	SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGSYS
};

static int is_crash(int sig)
{
	size_t i;

	for (i = 0; i < sizeof(crash_signals) / sizeof(crash_signals[0]); i++)
		if (crash_signals[i] == sig)
			return 1;
	return 0;
}

/*
** The triage signature of a failing run: the key of the crash report in
** its output, or, for a crash that printed none, the signal alone. NULL
** when there is neither (a plain failing exit).
*/
static char *crash_sig(const bisect_exit *status, const char *output,
	size_t len)
{
	triage_options to;
	triage_sig sig;
	gred_error te;
	char *key = NULL;

	triage_options_init(&to);
	if (len > 0 && triage_sig_compute(&sig, output, len, &to, &te) == 0) {
		if (sig.crashed && sig.key)
			key = xstrdup(sig.key);
		triage_sig_free(&sig);
	}
	if (!key && status->signaled)
		key = xasprintf("signal %s", strsignal(status->code));
	return key;
}

int bisect_classify(bisect_verdict *out, const bisect_exit *status,
	const char *output, size_t len, const char *ref_sig, char **sig_out,
	gred_error *e)
{
	char *sig = NULL;
	int err = 0;

	if (sig_out)
		*sig_out = NULL;
	if (status->timed_out)
		return gred_errorf(e, "the test timed out");
	if (status->signaled && !is_crash(status->code))
		return gred_errorf(e, "the test was killed by signal %d (%s)",
			status->code, strsignal(status->code));
	if (!status->signaled && status->code >= 128)
		return gred_errorf(e, "the test exited with %d (128 or more stops a bisection)",
			status->code);
	if (!status->signaled && status->code == 0) {
		*out = BISECT_GOOD;
		return 0;
	}
	if (!status->signaled && status->code == 125) {
		*out = BISECT_SKIP;
		return 0;
	}
	*out = BISECT_BAD;
	if (!ref_sig && !sig_out)
		return 0;
	sig = crash_sig(status, output, len);
	if (sig_out) {
		if (!sig)
			return gred_errorf(e, "--same-crash: the test fails without a crash "
				"report or signal, so there is no signature to compare");
		*sig_out = sig;
		return 0;
	}
	if (!sig || strcmp(sig, ref_sig))
		*out = BISECT_SKIP;
	free(sig);
	return err;
}
