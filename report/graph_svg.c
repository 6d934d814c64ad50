/*
** Pictures of graphs for reports (see graph_svg.h).
*/
#include "graph_svg.h"

int report_graph_svg(gred_buf *out, const char *path, gred_error *e)
{
	(void)out;
	return gred_errorf(e, "%s: cannot draw graphs yet", path);
}
