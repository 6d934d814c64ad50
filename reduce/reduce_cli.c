/*
** `gred reduce`: the command line of the reducer.
*/
#include "cli.h"

int reduce_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return cli_fail("reduce: not implemented yet");
}
