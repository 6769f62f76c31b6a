"""The standings as a django-tables2 table for export (CSV, Excel) through tablib.

`SafeTableExport` is django-tables2's `TableExport` whose every cell goes through
`tournament.event.spreadsheet.cell_escape` (the CSV's rank column through `rank_cell`), and which
ends with a line saying the standings are provisional when they are.
"""

from __future__ import annotations

import django_tables2 as tables
from django_tables2.export import TableExport

from ..event.spreadsheet import cell_escape, rank_cell
from ..standings.ranking import number_text


class RoundColumn(tables.Column):
    def __init__(self, number: int):
        self.number = number
        super().__init__(verbose_name=f"R{number}", empty_values=())

    def value(self, record, **kwargs):
        return record.points_by_round().get(self.number, "")


class StandingsExportTable(tables.Table):
    rank = tables.Column()
    name = tables.Column(accessor="label", verbose_name="Player")
    country = tables.Column(accessor="entrant__country")
    club = tables.Column(accessor="entrant__club")
    ema_number = tables.Column(accessor="entrant__ema_number", verbose_name="EMA number")
    status = tables.Column(empty_values=())
    sessions_played = tables.Column(verbose_name="Sessions")
    match_points = tables.Column(verbose_name="Match points")
    hand_points = tables.Column(verbose_name="Hand points")
    penalty_points = tables.Column(verbose_name="Penalties")
    carried = tables.Column(verbose_name="Carried", empty_values=())
    total = tables.Column()

    def __init__(self, data, *, rounds: list[int], match_points: bool, carried: bool = False):
        extra = [(f"round_{n}", RoundColumn(n)) for n in rounds]
        exclude = (() if match_points else ("match_points",)) + (() if carried else ("carried",))
        super().__init__(data, extra_columns=extra, exclude=exclude)

    def value_status(self, record):
        marks = []
        if record.entrant.withdrawn:
            marks.append("withdrawn")
        if record.entrant.substitute:
            marks.append("substitute")
        if record.cut_after_round:
            marks.append(f"out after round {record.cut_after_round}")
        return ", ".join(marks)

    def value_carried(self, record):
        return "" if record.cut_after_round else record.carried

    def value_match_points(self, value):
        return number_text(value)


class SafeTableExport(TableExport):
    """`TableExport` with formula-safe cells and an optional closing note."""

    def __init__(self, export_format, table, *, note: str = "", title: str = "Standings"):
        self.note = note
        super().__init__(export_format, table, dataset_kwargs={"title": title[:31]})

    def table_to_dataset(self, table, exclude_columns, dataset_kwargs=None):
        dataset = super().table_to_dataset(table, exclude_columns, dataset_kwargs)
        safe = type(dataset)(title=dataset.title)
        safe.headers = [cell_escape(str(h)) for h in dataset.headers]
        # In a CSV a shared rank stays "=3"; an XLSX cell starting with "=" would be a formula.
        columns = getattr(table, "columns", None)  # the EMA export's table has none
        rank = None
        if self.format == "csv" and columns is not None and "rank" in columns:
            rank = str(columns["rank"].header)
        for row in dataset:
            safe.append(
                [
                    rank_cell(cell) if header == rank else cell_escape(cell)
                    for header, cell in zip(dataset.headers, row, strict=True)
                ]
            )
        if self.note:
            safe.append([self.note] + [""] * (len(safe.headers) - 1))
        return safe
