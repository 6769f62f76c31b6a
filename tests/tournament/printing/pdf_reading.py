"""Reading a PDF back for the tests: page count and text (poppler's pdfinfo / pdftotext), the
words with their boxes (pdftotext -bbox), pages as pictures (pdftoppm), the QR codes on a page
and their boxes (zxing-cpp), and ink outside the printable area.

Vocabulary
----------
box             (left, top, right, bottom) on the page in points (1/72 inch), from its top left.
printable area  the page minus a 5 mm band along every edge, which office printers cannot
                print; `ink_outside` finds any non-white pixel in that band.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from PIL import Image

POPPLER = shutil.which("pdftotext") and shutil.which("pdftoppm") and shutil.which("pdfinfo")
needs_poppler = pytest.mark.skipif(not POPPLER, reason="poppler-utils are not installed")
MARGIN_MM = 5.0


def _run(*args: str, data: bytes) -> bytes:
    with tempfile.TemporaryDirectory() as directory:
        source = Path(directory) / "in.pdf"
        source.write_bytes(data)
        return subprocess.run(
            [*args, str(source), "-"], capture_output=True, check=True, timeout=120
        ).stdout


def page_count(data: bytes) -> int:
    with tempfile.TemporaryDirectory() as directory:
        source = Path(directory) / "in.pdf"
        source.write_bytes(data)
        info = subprocess.run(
            ["pdfinfo", str(source)], capture_output=True, text=True, check=True
        ).stdout
    return int(next(line for line in info.splitlines() if line.startswith("Pages:")).split()[1])


def text(data: bytes, page: int | None = None) -> str:
    pages = ["-f", str(page), "-l", str(page)] if page else []
    return _run("pdftotext", "-layout", *pages, data=data).decode()


def words(data: bytes, page: int = 1) -> list[tuple[str, tuple[float, float, float, float]]]:
    """The words of a page in reading order, each with its box."""
    import html
    import re

    page_text = _run("pdftotext", "-bbox", "-f", str(page), "-l", str(page), data=data).decode()
    pattern = re.compile(
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>'
    )
    return [
        (html.unescape(word), (float(x0), float(y0), float(x1), float(y1)))
        for x0, y0, x1, y1, word in pattern.findall(page_text)
    ]


def pictures(data: bytes, dpi: int = 50, first: int = 1, last: int | None = None):
    """The pages as greyscale PIL images."""
    with tempfile.TemporaryDirectory() as directory:
        source = Path(directory) / "in.pdf"
        source.write_bytes(data)
        span = ["-f", str(first)] + (["-l", str(last)] if last else [])
        subprocess.run(
            ["pdftoppm", "-r", str(dpi), "-gray", "-png", *span, str(source), f"{directory}/p"],
            check=True,
            timeout=300,
        )
        return [Image.open(path).convert("L") for path in sorted(Path(directory).glob("p-*.png"))]


def ink_outside(image: Image.Image, dpi: int, margin_mm: float = MARGIN_MM) -> list[tuple]:
    """Pixels darker than near-white within ``margin_mm`` of an edge (up to 5 of them)."""
    band = max(1, round(margin_mm / 25.4 * dpi))
    width, height = image.size
    pixels = image.load()
    found = []
    for y in range(height):
        inner_row = band <= y < height - band
        for x in range(width) if not inner_row else [*range(band), *range(width - band, width)]:
            if pixels[x, y] < 235:
                found.append((x, y))
                if len(found) >= 5:
                    return found
    return found


def qr_codes(data: bytes, page: int = 1, dpi: int = 150) -> list[str]:
    import zxingcpp

    (picture,) = pictures(data, dpi=dpi, first=page, last=page)
    return [result.text for result in zxingcpp.read_barcodes(picture)]


def qr_boxes(data: bytes, page: int = 1, dpi: int = 150) -> list[tuple[float, ...]]:
    """The box of every QR code read on a page."""
    import zxingcpp

    (picture,) = pictures(data, dpi=dpi, first=page, last=page)
    boxes = []
    for result in zxingcpp.read_barcodes(picture):
        corners = [result.position.top_left, result.position.top_right]
        corners += [result.position.bottom_left, result.position.bottom_right]
        xs, ys = [c.x * 72 / dpi for c in corners], [c.y * 72 / dpi for c in corners]
        boxes.append((min(xs), min(ys), max(xs), max(ys)))
    return boxes
