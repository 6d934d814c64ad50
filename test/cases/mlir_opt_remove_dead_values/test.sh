#!/bin/sh
# Interesting iff mlir-opt-19 --remove-dead-values crashes in
# CallOpInterface::getArgOperands (a real bug of MLIR 19). Run with a clean
# environment and no address randomisation, so the crash is stable.
env -i setarch -R mlir-opt-19 --allow-unregistered-dialect --remove-dead-values \
  < "$1" > /dev/null 2> log.txt
grep -q 'CallOpInterface::getArgOperands' log.txt
