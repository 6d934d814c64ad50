#!/bin/sh
# interesting iff the file still names foo.crash_here and still has a func
grep -q 'foo.crash_here' "$1" && grep -q 'func.func' "$1"
