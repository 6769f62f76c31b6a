"""The plain sheets behind the downloads: a streamed CSV is the CSV tablib would write, in
pieces, and the standings download is streamed."""

from __future__ import annotations

import tablib
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.exports.sheets import ROWS_PER_CHUNK, Sheet

cell = st.one_of(st.integers(-10_000, 10_000), st.text(max_size=12))


@settings(max_examples=60, deadline=None)
@given(
    width=st.integers(1, 5),
    data=st.data(),
    note=st.sampled_from(["", "Provisional: 1 session(s) not reconciled."]),
)
def test_the_streamed_csv_is_the_csv_tablib_writes(width, data, note):
    rows = data.draw(st.lists(st.lists(cell, min_size=width, max_size=width), max_size=450))
    header = [f"H{i}" for i in range(width)]
    sheet = Sheet("Standings", header, rows, note)
    chunks = list(sheet.csv_chunks())
    expected = tablib.Dataset(headers=header)
    for cells in list(sheet.safe_rows(for_csv=True))[1:]:
        expected.append(cells)
    assert "".join(chunks) == expected.export("csv")
    lines = 1 + len(rows) + bool(note)
    assert len(chunks) == -(-lines // ROWS_PER_CHUNK)  # written as it goes, not all at once


def test_the_standings_csv_is_streamed(client, demo):
    response = client.get(reverse("exports:standings_export", args=[demo.slug, "csv"]))
    assert response.streaming
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    xlsx = client.get(reverse("exports:standings_export", args=[demo.slug, "xlsx"]))
    assert xlsx["Content-Type"].startswith("application/vnd.openxmlformats")
