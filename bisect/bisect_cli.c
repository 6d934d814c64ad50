/*
** `gred bisect`: the command line of regression bisection.
*/
#include "cli.h"

int bisect_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return cli_fail("bisect: not implemented yet");
}
