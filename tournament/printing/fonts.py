"""The fonts the PDFs are set in: the product's own CJK font, embedded in every printout.

Vocabulary
----------
shipped font    Noto Sans CJK (Regular, SIL Open Font License), from the pinned PyPI package
                ``noto-cjk-sans-otc`` that ``pip install -e .`` (the README's set-up) installs:
                one OpenType collection whose faces cover Simplified and Traditional Chinese
                (and Japanese, Korean). The printing style sheet names it ``CJK_FAMILY`` through
                an ``@font-face`` rule with a file URL (`font_face_css`), so WeasyPrint reads it
                from the package, not from the host's fontconfig, and embeds a subset of it:
                only the glyphs a printout uses. The glyphs' regional forms follow the page's
                ``lang`` (``zh-Hant``/``zh-Hans``: the font's ``locl`` feature).
CJK font        any font covering Chinese: the shipped one, else one the host has
                (``fc-list :lang=zh``). Without either, Chinese characters would print as
                empty boxes, so the printouts leave their Chinese column out and say so
                (`CJK_MISSING`).
font stack      the ``font-family`` lists in ``static/tournament/printing.css``: DejaVu Sans
                (Latin, Greek, Cyrillic, Arabic, many symbols) first, then ``CJK_FAMILY``, then
                the host's CJK fonts.
"""

from __future__ import annotations

import functools
import logging
import shutil
import subprocess
from pathlib import Path

from django.utils.translation import gettext_lazy

logger = logging.getLogger(__name__)

CJK_FAMILY = "ZJ Noto Sans CJK"

CJK_MISSING = gettext_lazy(
    "No Chinese (CJK) font is installed on the server: the Chinese names are left out of the "
    "printouts. Reinstall the site (pip install -e ., which brings the noto-cjk-sans-otc "
    "package), or install a system font such as Debian's fonts-wqy-zenhei, and restart."
)


def shipped_font_path() -> Path | None:
    """The shipped Noto Sans CJK collection, or None when its package is not installed."""
    try:
        import noto_cjk_sans_otc
    except ImportError:
        return None
    path = Path(str(noto_cjk_sans_otc.FONT_PATH))
    return path if path.is_file() else None


def font_face_css() -> str:
    """The ``@font-face`` rule naming the shipped font ``CJK_FAMILY`` ("" without it)."""
    path = shipped_font_path()
    if path is None:
        return ""
    return f'@font-face {{ font-family: "{CJK_FAMILY}"; src: url("{path.as_uri()}"); }}\n'


def _host_cjk_font() -> bool:
    fc_list = shutil.which("fc-list")
    if fc_list is None:
        logger.warning("fc-list not found: cannot tell whether a CJK font is installed.")
        return False
    try:
        found = subprocess.run(
            [fc_list, ":lang=zh", "family"], capture_output=True, text=True, timeout=10
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        found = ""
    return bool(found)


@functools.cache
def cjk_font_available() -> bool:
    """True when the shipped font is there, or else the host has a font covering Chinese;
    asked once per process."""
    available = shipped_font_path() is not None or _host_cjk_font()
    if not available:
        logger.warning(str(CJK_MISSING))
    return available
