/*
** `gred triage`: the command line of crash deduplication.
*/
#include "cli.h"

int triage_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return cli_fail("triage: not implemented yet");
}
