"""A player's cumulative score by round as an SVG line chart, drawn on the server.

Pure Python: plain (round number, cumulative points) pairs in, the geometry a template draws
out (`Chart`). No JavaScript is needed to see it.

Vocabulary
----------
plot area   the box inside the margins where the line runs; x is the round, y the points.
zero line   the horizontal line at 0 points, drawn when 0 lies inside the range.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

WIDTH, HEIGHT = 640, 240
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 16, 32


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    points: tuple[tuple[float, float, int, int], ...]  # x, y, round, cumulative points
    x_labels: tuple[tuple[float, int], ...]
    y_labels: tuple[tuple[float, int], ...]
    zero_y: float | None

    @property
    def polyline(self) -> str:
        return " ".join(f"{x:.1f},{y:.1f}" for x, y, _, _ in self.points)

    @property
    def bottom(self) -> int:
        return self.height - BOTTOM

    @property
    def right(self) -> int:
        return self.width - RIGHT


def cumulative_chart(series: Sequence[tuple[int, int]], rounds: int | None = None) -> Chart:
    """The chart of ``series``; ``rounds`` fixes the x axis length (default: the last round)."""
    last = max([rounds or 0, *(number for number, _ in series), 1])
    values = [0, *(points for _, points in series)]
    low, high = min(values), max(values)
    if low == high:
        low, high = low - 1, high + 1
    span_x = WIDTH - LEFT - RIGHT
    span_y = HEIGHT - TOP - BOTTOM

    def x_of(number: int) -> float:
        return LEFT + span_x * number / last

    def y_of(points: int) -> float:
        return TOP + span_y * (high - points) / (high - low)

    points = ((x_of(0), y_of(0), 0, 0),) + tuple(
        (x_of(number), y_of(total), number, total) for number, total in series
    )
    step = max(1, last // 10)
    x_labels = tuple((x_of(n), n) for n in range(0, last + 1, step))
    y_labels = tuple((y_of(v), v) for v in _nice_ticks(low, high))
    return Chart(
        width=WIDTH,
        height=HEIGHT,
        points=points,
        x_labels=x_labels,
        y_labels=y_labels,
        zero_y=y_of(0) if low <= 0 <= high else None,
    )


def _nice_ticks(low: int, high: int, count: int = 5) -> list[int]:
    raw = (high - low) / count
    magnitude = 10 ** max(len(str(int(raw))) - 1, 0)
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    start = (low // step) * step
    return [v for v in range(int(start), int(high) + step, int(step)) if low <= v <= high]
