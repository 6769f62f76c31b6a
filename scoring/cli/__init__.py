"""The command line's parts (``python -m scoring``, see `scoring.__main__`); needs no Django.

Modules:
- `entries`: one JSON entry of ``score``'s input read as a `Hand`, and who pays for it.
- `results`: the JSON result of one entry, as a dict and as the text ``score`` writes.
- `commands`: the ``score`` and ``explain`` commands.
"""
