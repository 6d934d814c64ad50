# Python failures of distinct kinds, one per mode, for gred triage's
# crash corpus.
import sys


class ShapeError(Exception):
    pass


class ConfigError(Exception):
    pass


def lookup(cfg):
    return cfg["shape"]


def mean(xs):
    return sum(xs) / len(xs)


def parse_dims(s):
    return [int(d) for d in s.split("x")]


def validate(rank):
    if rank > 4:
        raise ShapeError(f"rank {rank} unsupported")
    return rank


def depth(n):
    return depth(n + 1) + 1


def load_config(text):
    try:
        return int(text)
    except ValueError as e:
        raise ConfigError("bad config") from e


def main(mode, arg):
    if mode == "key":
        return lookup({"dims": arg})
    if mode == "zerodiv":
        return mean([])
    if mode == "value":
        return parse_dims(arg)
    if mode == "shape":
        return validate(int(arg))
    if mode == "recursion":
        return depth(int(arg))
    if mode == "chained":
        return load_config(arg)


main(sys.argv[1], sys.argv[2])
