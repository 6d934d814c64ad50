/*
** `gred demo`: the whole pipeline on a bundled model.
*/
#include "cli.h"

int demo_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return cli_fail("demo: not implemented yet");
}
