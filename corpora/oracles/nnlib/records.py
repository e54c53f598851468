"""Nested records of arrays, joined along their first axis field by field."""
import numpy as np


class Record:
    def __init__(self, **fields):
        for name, value in fields.items():
            setattr(self, name, value)

    @staticmethod
    def cat(records):
        first = records[0]
        joined = {}
        for name, value in vars(first).items():
            if isinstance(value, Record):
                joined[name] = Record.cat([getattr(r, name) for r in records])
            else:
                joined[name] = np.concatenate([getattr(r, name) for r in records])
        return Record(**joined)
