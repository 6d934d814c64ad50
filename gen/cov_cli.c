/*
** `gred cov`: coverage metrics over a set of models.
*/
#include "cli.h"

int cov_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return cli_fail("cov: not implemented yet");
}
