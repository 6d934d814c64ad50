/*
** `gred gen`: the command line of the graph generator.
*/
#include "cli.h"

int gen_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return cli_fail("gen: not implemented yet");
}
