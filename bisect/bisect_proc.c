/*
** Running the build and the test of one probe, through the process
** module: output captured and logged, SIGINT/SIGTERM/SIGHUP stop it.
*/
#include <string.h>

#include "bisect.h"
#include "proc.h"

int bisect_proc_run(bisect_exit *out, char *const *argv, const char *dir,
	double timeout, gred_buf *output, size_t max_output, int log_fd,
	char *const *extra_env, gred_error *e)
{
	proc_options o;
	proc_result r;
	int err;

	memset(out, 0, sizeof(*out));
	proc_options_init(&o);
	o.argv = argv;
	o.dir = dir;
	o.capture = 1;
	o.capture_max = output ? max_output : 0;
	o.capture_tee_fd = log_fd;
	o.env = extra_env;
	o.timeout = timeout;
	o.catch_signals = 1;
	if ((err = proc_init(e)) < 0)
		return err;
	if ((err = proc_run(&r, output, &o, e)) < 0)
		return err == PROC_CANCELLED ? gred_errorf(e, "interrupted") : err;
	out->timed_out = r.timed_out;
	out->signaled = r.signal != 0;
	out->code = r.signal ? r.signal : r.code;
	return 0;
}
