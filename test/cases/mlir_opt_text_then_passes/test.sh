#!/bin/sh
# interesting iff an x.keep op sits inside an x.outer op's region, and the
# file parses for a compiler that knows foo's syntax (here: without it)
tr -d '\n' <"$1" | grep -q '"x.outer"() ({.*"x.keep"' || exit 1
grep -v 'foo\.' "$1" | mlir-opt-19 --allow-unregistered-dialect -o /dev/null 2>/dev/null
