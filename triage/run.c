/*
** `gred triage run`: one command with its stdout and stderr captured
** into one bounded buffer, through the process module.
*/
#include <string.h>

#include "proc.h"
#include "run.h"

int triage_run(triage_run_result *res, gred_buf *out, char **argv,
	double timeout, size_t max_bytes, gred_error *e)
{
	proc_options o;
	proc_result r;
	int err;

	memset(res, 0, sizeof(*res));
	proc_options_init(&o);
	o.argv = argv;
	o.capture = 1;
	o.capture_max = max_bytes;
	o.timeout = timeout;
	if ((err = proc_init(e)) < 0 || (err = proc_run(&r, out, &o, e)) < 0)
		return err;
	res->exited = r.exited;
	res->status = r.code;
	res->signal = r.signal;
	res->timed_out = r.timed_out;
	res->truncated = r.truncated;
	return 0;
}
