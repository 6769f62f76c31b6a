"""The archive's checks of a record's fields: each of the kind it must be.

Pure: no Django. Vocabulary (and see `.checks`): a *record* is one object of the file; its
*fields* name each key's kind (`INT`, `OPT_INT`: a whole number or null, `OPT_STR`, or any type);
a check appends its sentences to *problems* and says whether the record may be read further.
"""

from __future__ import annotations


def typed(record, fields: dict, where: str, problems: list[str]) -> bool:
    """Whether ``record`` is an object with every field of its kind (a bool is not a number);
    each field that is not says so in ``problems``."""
    if not isinstance(record, dict):
        problems.append(f"{where} is not an object.")
        return False
    ok = True
    for name, kind in fields.items():
        value = record.get(name)
        nullable = isinstance(kind, tuple) and type(None) in kind
        if value is None and nullable:
            continue
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            problems.append(f"{where}: {name!r} is missing or of the wrong kind.")
            ok = False
        elif isinstance(value, bool) and kind in (int, (int, type(None))):
            problems.append(f"{where}: {name!r} is missing or of the wrong kind.")
            ok = False
    return ok


INT = int
OPT_INT = (int, type(None))
OPT_STR = (str, type(None))


def is_count(value, least: int = 0) -> bool:
    """A whole number (not a bool) of at least ``least``."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


def known_user(username, officials: set[str], where: str, problems: list[str]) -> None:
    """A username the file names must be one of its officials (or none)."""
    if username is not None and username not in officials:
        problems.append(f"{where} names {username!r}, who is not among the officials.")
