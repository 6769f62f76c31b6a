"""Which encoding the bytes of an uploaded CSV or TSV player list are in, and their text.

Pure Python: no Django, no models (`roster_files` calls it and says what goes wrong).

Vocabulary
----------
encoding        the name of a Python codec as this module gives it back (`decoded`): ``utf-8``,
                ``utf-8-sig`` (UTF-8 with a byte order mark, Excel's "CSV UTF-8"), ``utf-16``
                and ``utf-32`` (read by their byte order mark: Excel's "Unicode text"),
                ``gb18030`` (mainland China: Excel saves "CSV" in GBK, which GB18030 contains),
                ``cp950`` (Big5 as Windows has it: Excel in Taiwan and Hong Kong),
                ``big5hkscs`` (Big5 with the Hong Kong characters), ``cp1252`` (Windows-1252,
                Western European; it reads Latin-1 files too), or what charset-normalizer
                found for anything else. `ENCODING_NAMES` says them to a person.
reading         the text the bytes make in one encoding, when they decode at all (strictly).
CJK reading     a reading in one of the Chinese encodings (`CHINESE`). Its *score* is the share
                of its non-ASCII characters that look like Chinese text: a common character
                (the first level of GB2312 or of Big5, some 6,700 characters between them), or
                Chinese punctuation and full-width forms, not glued to a Latin letter on
                either side (a Western file read as Chinese gives single characters stuck inside
                Latin words: "Renée" reads "Ren閑"). Its *surnames* are how many of its runs of
                Chinese characters start with a common Chinese family name.
Latin reading   the Windows-1252 reading; its score is the share of its non-ASCII characters
                that are letters in a word with ASCII letters ("Müller") or the punctuation of
                Western text (curly quotes, dashes, €): a Chinese file read as Western gives
                words with no ASCII letter at all ("çŽ‹"), a Cyrillic one too ("Ñåðãåé").
sample          only the first `SAMPLE` characters of a reading are scored (a player list's
                first thousand rows or so); every reading decodes the whole file, strictly.

The order (`decoded`): a byte order mark says the encoding; then strict UTF-8, so a UTF-8
file is never read as anything else; then the best CJK reading that scores at least
`CJK_ENOUGH` (the higher score wins, then more surnames, then GB18030 before Big5 before
Big5-HKSCS): short files are often valid in several code pages, and a Chinese one is preferred
to a single-byte Western one when the bytes make Chinese text; then the Latin reading, when it
scores at least `LATIN_ENOUGH`; then charset-normalizer's best guess when it is confident (no
mess, a language recognised; never Unicode without its byte order mark, nor a Chinese code page
that scored too low). Otherwise `UnknownEncoding`, which says where the first byte that
is not UTF-8 is.
"""

from __future__ import annotations

import codecs
import itertools
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from scoring.engine.messages import Message
from scoring.engine.messages import Message as _

CHINESE = ("gb18030", "cp950", "big5hkscs")
NOT_GUESSED = frozenset((*CHINESE, "big5", "gbk", "gb2312", "hz"))
SAMPLE = 64 * 1024  # characters of a reading that are scored: a player list's first thousand rows
CJK_ENOUGH = 0.8
LATIN_ENOUGH = 0.8
LATIN_MARKS = frozenset("‘’“”–—…€°·«»´")
BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),  # before UTF-16: it starts with the same two bytes
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
ENCODING_NAMES = {
    "utf-8": _("UTF-8"),
    "utf-8-sig": _("UTF-8 (Excel's 'CSV UTF-8')"),
    "utf-16": _("UTF-16 (Excel's 'Unicode text')"),
    "utf-32": _("UTF-32"),
    "gb18030": _("GB18030 (Simplified Chinese, as saved by Excel in mainland China)"),
    "cp950": _("Big5 (Traditional Chinese, as saved by Excel in Taiwan and Hong Kong)"),
    "big5hkscs": _("Big5-HKSCS (Traditional Chinese with Hong Kong characters)"),
    "cp1252": _("Windows-1252 (Western European)"),
}
# The most common Chinese family names, Simplified then Traditional (a tie-break only).
SURNAMES = frozenset(
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏"
    "魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦方白邹孟熊秦邱江尹薛段雷侯龙史陶黎贺顾毛郝龚邵万"
    "钱严武戴莫孔汤区欧麦关邝冼"
    "張劉陳楊黃趙吳孫馬羅鄭謝許韓馮鄧蕭葉蘇呂鍾譚陸盧賈韋鄒龍賀顧龔萬錢嚴湯區歐麥關鄺"
)


class UnknownEncoding(ValueError):
    """The bytes are in no encoding this module can tell: ``line`` and ``byte`` say where the
    first byte that is not UTF-8 is."""

    def __init__(self, line: int, byte: int):
        super().__init__(line, byte)
        self.line, self.byte = line, byte


@dataclass(frozen=True)
class Decoded:
    text: str
    encoding: str


def read_as(encoding: str) -> Message:
    """What a preview says about the encoding it read (a `Message`)."""
    name = ENCODING_NAMES.get(encoding)
    if encoding in ("utf-8", "utf-8-sig"):
        return _("Read as %(encoding)s.", encoding=name)
    return _(
        "Read as %(encoding)s. If any name looks wrong, save the file as 'CSV UTF-8' and upload "
        "it again.",
        encoding=name or encoding.upper(),
    )


def decoded(content: bytes) -> Decoded:
    """The text of ``content`` and the encoding it was read in (see the order above)."""
    for bom, encoding in BOMS:
        if content.startswith(bom):
            try:
                return Decoded(content.decode(encoding), encoding)
            except UnicodeDecodeError as error:
                raise _unknown(content, error.start) from None
    try:
        return Decoded(content.decode("utf-8"), "utf-8")
    except UnicodeDecodeError as error:
        first_bad = error.start
    chinese = []
    for rank, encoding in enumerate(CHINESE):
        text = _reading(content, encoding)
        if text is not None:
            sample = text[:SAMPLE]
            chinese.append((cjk_score(sample), _surnames(sample), -rank, encoding, text))
    if chinese:
        score, _names, _rank, encoding, text = max(chinese)
        if score >= CJK_ENOUGH:
            return Decoded(text, encoding)
    text = _reading(content, "cp1252")
    if text is not None and latin_score(text[:SAMPLE]) >= LATIN_ENOUGH:
        return Decoded(text, "cp1252")
    guess = _normalizer_guess(content)
    if guess is not None:
        return guess
    raise _unknown(content, first_bad)


def _reading(content: bytes, encoding: str) -> str | None:
    try:
        return content.decode(encoding)
    except UnicodeDecodeError:
        return None


def _unknown(content: bytes, position: int) -> UnknownEncoding:
    return UnknownEncoding(content[:position].count(b"\n") + 1, content[position])


@lru_cache(maxsize=1)
def common_characters() -> frozenset[str]:
    """The first levels of GB2312 (3,755 characters) and of Big5 (5,401): the characters
    of everyday Chinese text, Simplified and Traditional."""
    found = set()
    trails = list(itertools.chain(range(0x40, 0x7F), range(0xA1, 0xFF)))
    for codec, leads, lead_trails in (
        ("gb2312", range(0xB0, 0xD8), range(0xA1, 0xFF)),
        ("big5", range(0xA4, 0xC7), trails),
    ):
        for lead in leads:
            for trail in lead_trails:
                try:
                    found.add(bytes((lead, trail)).decode(codec))
                except UnicodeDecodeError:
                    pass
    return frozenset(found)


def _chinese_mark(character: str) -> bool:
    """Chinese punctuation, ideographic space and full-width forms."""
    return "\u3000" <= character <= "\u303f" or "\uff01" <= character <= "\uff5e"


def _latin_letter(character: str) -> bool:
    return character.isascii() and character.isalpha()


def cjk_score(text: str) -> float:
    """The share of the non-ASCII characters of ``text`` that look like Chinese text."""
    common = common_characters()
    wide = good = 0
    for i, character in enumerate(text):
        if character.isascii():
            continue
        wide += 1
        if character in common or _chinese_mark(character):
            before = text[i - 1] if i else ""
            after = text[i + 1] if i + 1 < len(text) else ""
            good += not (_latin_letter(before) or _latin_letter(after))
    return good / wide if wide else 0.0


def latin_score(text: str) -> float:
    """The share of the non-ASCII characters of ``text`` that are letters in a word with ASCII
    letters too, or the punctuation of Western text (curly quotes, dashes, the euro sign)."""
    wide = good = 0
    for word in _words(text):
        if word.isascii():
            continue
        count = sum(1 for c in word if not c.isascii())
        wide += count
        if not word.strip("'’").replace("’", "").isalpha():
            good += count * (word in LATIN_MARKS)
        elif any(_latin_letter(c) for c in word):
            good += count
    return good / wide if wide else 0.0


def _words(text: str):
    """Runs of letters (and apostrophes), and each other character alone."""
    for is_word, run in itertools.groupby(text, key=lambda c: c.isalpha() or c in "'’"):
        if is_word:
            yield "".join(run)
        else:
            yield from run


def _surnames(text: str) -> int:
    runs = 0
    for is_cjk, run in itertools.groupby(text, key=lambda c: "\u4e00" <= c <= "\u9fff"):
        if is_cjk:
            runs += next(run) in SURNAMES
    return runs


def _normalizer_guess(content: bytes) -> Decoded | None:
    """charset-normalizer's best reading, when it has no mess and recognises a language."""
    from charset_normalizer import from_bytes

    best = from_bytes(content).best()
    if best is None or best.chaos > 0.1 or best.coherence <= 0:
        return None
    if best.encoding.startswith("utf") or best.encoding in NOT_GUESSED:
        return None  # Unicode without its byte order mark, or Chinese that did not score
    text = str(best)
    if any(unicodedata.category(c) in ("Co", "Cn") for c in text):
        return None
    return Decoded(text, best.encoding)
