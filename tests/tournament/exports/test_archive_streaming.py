"""The archive is written as it is read: the streamed text is the canonical text, byte for byte
(for any archive), its pieces come one session or audit line at a time, and writing a mid-size
event's archive holds a fraction of the file in memory, not the file and its dict."""

import json
import tracemalloc

import pytest
from django.core.management import call_command
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournament.builders import make_scored_event
from tournament.exports.archive.text import Stream, archive_chunks, archive_dumps
from tournament.exports.selectors import streams as selectors
from tournament.exports.selectors.archive import tournament_archive, tournament_archive_chunks

TEXT = st.text(st.characters(codec="utf-8"), max_size=8) | st.sampled_from(
    ["", "\n", 'quote " and \\ slash', "line\nbreak", "中文", "é\u2028\t", "\x00\x1f"]
)
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=24,
)
# Each top-level value with whether it is given as a stream (lists only).
PARTS = st.dictionaries(TEXT, st.tuples(VALUES | st.lists(VALUES, max_size=5), st.booleans()))


@settings(max_examples=300, deadline=None)
@given(PARTS)
def test_the_streamed_text_is_the_canonical_text(parts):
    plain = {key: value for key, (value, _) in parts.items()}
    streamed = {
        key: Stream(iter(value)) if as_stream and isinstance(value, list) else value
        for key, (value, as_stream) in parts.items()
    }
    assert "".join(archive_chunks(streamed)) == archive_dumps(plain)


def test_a_stream_is_read_one_item_per_piece():
    read = []

    def items():
        for number in range(1, 6):
            read.append(number)
            yield {"number": number}

    pieces = archive_chunks({"audit": Stream(items()), "version": 2})
    assert next(pieces).endswith('"number": 1\n  }') and read == [1]
    assert next(pieces).endswith('"number": 2\n  }') and read == [1, 2]
    rest = list(pieces)
    assert json.loads('{"audit": [{"number": 1}, {"number": 2}' + "".join(rest))["version"] == 2


@pytest.mark.django_db
def test_the_export_comes_a_session_or_an_audit_line_at_a_time(monkeypatch):
    monkeypatch.setattr(selectors, "SESSIONS_PER_READ", 3)  # several reads of sessions
    event = make_scored_event(16, 2, 4)
    pieces = list(tournament_archive_chunks(event))
    archive = tournament_archive(event)
    assert "".join(pieces) == archive_dumps(archive)
    assert len(archive["sessions"]) == 8 and len(archive["audit"]) == 32
    assert len(pieces) > len(archive["sessions"]) + len(archive["audit"])
    assert max(len(piece) for piece in pieces) < len("".join(pieces)) / 8


def _export_peak(tournament, path) -> int:
    """The most memory Python held while ``export_tournament`` wrote the archive to ``path``."""
    tracemalloc.start()
    try:
        call_command("export_tournament", tournament.slug, "-o", str(path))
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.django_db
def test_an_archive_twice_the_size_is_written_in_about_the_same_memory(tmp_path, monkeypatch):
    """Held whole, an archive's dict and text took about ten times its file, so twice the
    rounds took twice the memory; written as it is read, the most held at once is one read of
    sessions or of audit lines, whatever the size of the event."""
    monkeypatch.setattr(selectors, "SESSIONS_PER_READ", 10)
    monkeypatch.setattr(selectors, "AUDIT_LINES_PER_READ", 100)
    short, long = make_scored_event(40, 4, 16), make_scored_event(40, 8, 16, seed=2)
    call_command("export_tournament", short.slug, "-o", str(tmp_path / "warm.json"))
    peaks, sizes = {}, {}
    for name, event in (("short", short), ("long", long)):
        path = tmp_path / f"{name}.json"
        peaks[name] = _export_peak(event, path)
        sizes[name] = path.stat().st_size
    assert sizes["long"] > 2_000_000 and sizes["long"] > 1.9 * sizes["short"]
    grown, more = peaks["long"] - peaks["short"], sizes["long"] - sizes["short"]
    assert grown < more / 4, f"{grown:,} bytes more held for {more:,} bytes more written"
    assert peaks["long"] < sizes["long"] * 0.75, f"{peaks['long']:,} held for {sizes['long']:,}"
