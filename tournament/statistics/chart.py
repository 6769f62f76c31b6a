"""The statistics' charts drawn on the server as SVG geometry: plain figures in, the shapes a
template draws out. No JavaScript is needed to see them; each page gives the same numbers as a
table beside the chart.

Vocabulary
----------
plot area   the box inside the margins; bars stand on its bottom edge.
bar chart   `BarChart`: one bar per value bin (`figures.ValueBin`), its height the count.
rank chart  `RankChart`: a player's place after each round, first place at the top.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .figures import ValueBin

WIDTH, HEIGHT = 480, 240  # narrow enough that its words stay legible on a 390 px phone
LEFT, RIGHT, TOP, BOTTOM = 44, 8, 12, 36


@dataclass(frozen=True)
class Bar:
    x: float
    y: float
    width: float
    height: float
    label: str
    count: int
    row: int = 0  # the label's line under the axis: neighbours alternate, so wide ones fit

    @property
    def middle(self) -> float:
        return self.x + self.width / 2


@dataclass(frozen=True)
class BarChart:
    width: int
    height: int
    bars: tuple[Bar, ...]
    y_labels: tuple[tuple[float, int], ...]

    @property
    def bottom(self) -> int:
        return self.height - BOTTOM

    @property
    def right(self) -> int:
        return self.width - RIGHT


def bar_chart(bins: Sequence[ValueBin]) -> BarChart:
    """One bar per bin; the scale runs from 0 to the first round tick at or above the tallest."""
    step = _step(max([bin_.count for bin_ in bins] + [1]))
    most = -(-max([bin_.count for bin_ in bins] + [1]) // step) * step
    span_x, span_y = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    slot = span_x / max(len(bins), 1)
    bars = tuple(
        Bar(
            x=LEFT + slot * index + slot * 0.1,
            y=TOP + span_y * (1 - bin_.count / most),
            width=slot * 0.8,
            height=span_y * bin_.count / most,
            label=bin_.label,
            count=bin_.count,
            row=index % 2,
        )
        for index, bin_ in enumerate(bins)
    )
    ticks = range(0, most + 1, step)
    y_labels = tuple((TOP + span_y * (1 - tick / most), tick) for tick in ticks)
    return BarChart(WIDTH, HEIGHT, bars, y_labels)


def _step(most: int) -> int:
    """A round step giving about four ticks up to ``most``."""
    raw = most / 4
    magnitude = 10 ** max(len(str(int(raw))) - 1, 0)
    return next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)


@dataclass(frozen=True)
class RankChart:
    width: int
    height: int
    points: tuple[tuple[float, float, int, int], ...]  # x, y, round, place
    x_labels: tuple[tuple[float, int], ...]
    y_labels: tuple[tuple[float, int], ...]

    @property
    def polyline(self) -> str:
        return " ".join(f"{x:.1f},{y:.1f}" for x, y, _, _ in self.points)

    @property
    def bottom(self) -> int:
        return self.height - BOTTOM

    @property
    def right(self) -> int:
        return self.width - RIGHT


def rank_chart(ranks: Sequence[tuple[int, int]], players: int) -> RankChart:
    """A player's place after each round (``ranks``: (round, place)); ``players`` fixes the
    bottom of the scale (the last place)."""
    last_round = max([number for number, _ in ranks] + [1])
    last_place = max([players, *(place for _, place in ranks), 2])
    span_x, span_y = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x_of(number: int) -> float:
        return LEFT + span_x * (number - 1) / max(last_round - 1, 1)

    def y_of(place: int) -> float:
        return TOP + span_y * (place - 1) / (last_place - 1)

    step = max(1, last_round // 10)
    step_ = _step(last_place)
    places = sorted({1, *range(step_, last_place + 1, step_)})
    return RankChart(
        WIDTH,
        HEIGHT,
        tuple((x_of(number), y_of(place), number, place) for number, place in ranks),
        tuple((x_of(n), n) for n in range(1, last_round + 1, step)),
        tuple((y_of(place), place) for place in places),
    )
