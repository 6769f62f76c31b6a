"""Which fonts the PDFs can count on (asked of fontconfig, the library WeasyPrint uses).

Vocabulary
----------
CJK font    a font that covers Chinese (``fc-list :lang=zh``). Without one, Chinese characters
            would print as empty boxes, so the printouts leave their Chinese column out and say
            so (`CJK_MISSING`); Debian's ``fonts-wqy-zenhei`` is the one ``make test`` installs.
font stack  the ``font-family`` list in ``static/tournament/printing.css``: DejaVu Sans (Latin,
            Greek, Cyrillic, Arabic, many symbols) first, then the CJK fonts.
"""

from __future__ import annotations

import functools
import logging
import shutil
import subprocess

logger = logging.getLogger(__name__)

CJK_MISSING = (
    "No Chinese (CJK) font is installed on the server: the Chinese names are left out of the "
    "printouts. Install one, e.g. Debian's fonts-wqy-zenhei, and restart."
)


@functools.cache
def cjk_font_available() -> bool:
    """True when fontconfig knows a font covering Chinese; asked once per process."""
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
    if not found:
        logger.warning(CJK_MISSING)
    return bool(found)
