"""A cell's value as Excel displays it: its number format applied.

openpyxl gives a cell's stored value (0.01745240643728351, a datetime at 00:00:00) and its
number format code (`0.000`, `mm-dd-yy`) but applies neither. A reader of the sheet sees
0.017 and 03-15-08, and that is what a question quotes, so the derived text shows the value
formatted. The common codes are applied here: sections (positive;negative;zero), digit
placeholders `0 # ?`, thousands separators, percent, scientific notation, quoted and escaped
literals, currency and colour brackets, and the date and time codes. A code this module does
not know (fractions, conditions) falls back to Excel's General format, which shows at most
eleven characters of a number (ten significant digits), as SheetJS's format library does.
"""

from __future__ import annotations

import datetime
import math
from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache

import regex

_DATE_TOKEN = regex.compile(
    r"\"[^\"]*\"|\\.|_.|\*.|\[[^\]]*\]|am/pm|a/p|y+|m+|d+|h+|s+(?:\.0+)?|e|.", regex.IGNORECASE)
_NUMBER_TOKEN = regex.compile(r"\"[^\"]*\"|\\.|_.|\*.|\[[^\]]*\]|[eE][+-]0+|[0#?,.]+|.")
_SECTION = regex.compile(r"\"[^\"]*\"|\\.|\[[^\]]*\]|;|[^\"\\\[;]+")
_ELAPSED = regex.compile(r"\[(h+|m+|s+)\]", regex.IGNORECASE)
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December")
_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def displayed(value: object, number_format: str | None) -> str:
    """`value` (a number, date, time or datetime) shown in `number_format`."""
    code = (number_format or "General").strip()
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return _date(value, _sections(code)[0])
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return str(value)
    if not math.isfinite(value):
        return str(value)
    sections = _sections(code)
    negative = value < 0
    section = sections[0]
    if negative and len(sections) > 1:
        section, value, negative = sections[1], -value, False
    elif value == 0 and len(sections) > 2:
        section = sections[2]
    return _number(float(value), section, negative)


def general(value: float) -> str:
    """Excel's General format: whole numbers as they are below 1e11, others rounded to what
    eleven characters hold, very large or small ones in scientific notation."""
    if value == 0:
        return "0"
    if float(value).is_integer() and abs(value) < 1e11:
        return str(int(value))
    exponent = math.floor(math.log10(abs(value)))
    if -5 < exponent < 0:
        return _trimmed(f"{value:.{10 + exponent}g}")
    if -10 < exponent <= -5:
        text = _trimmed(f"{value:.{9 - exponent}f}")
        if len(text.lstrip("-")) <= 11:
            return text
    if 0 <= exponent < 11:
        return _trimmed(f"{value:.{max(0, 9 - exponent)}f}")
    mantissa, power = f"{value:.5E}".split("E")
    return f"{_trimmed(mantissa)}E{int(power):+03d}"


def _trimmed(text: str) -> str:
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@lru_cache(maxsize=256)
def _sections(code: str) -> list[str]:
    """A format code's sections (positive;negative;zero;text), literals kept whole (kept
    per code: a sheet has few codes and many cells)."""
    sections = [""]
    for part in _SECTION.findall(code):
        if part == ";":
            sections.append("")
        else:
            sections[-1] += part
    return sections


def _literal(token: str) -> str | None:
    """The text a literal token shows (None for a token that is no literal)."""
    if token.startswith('"'):
        return token[1:-1]
    if token.startswith("\\"):
        return token[1:]
    if token.startswith("_"):
        return " "  # room as wide as the next character: a space
    if token.startswith("*"):
        return ""  # repeat to fill the cell: nothing in text
    if token.startswith("["):
        return token[2:].split("-")[0] if token.startswith("[$") else ""
    return None


# Numbers ---------------------------------------------------------------------------------


def _number(value: float, section: str, negative: bool) -> str:
    if not section or section.lower() == "general" or "/" in section or "@" in section \
            and not regex.search(r"[0#?]", section):
        text = general(abs(value) if negative else value)
        return "-" + text if negative and text != "0" else text
    out: list[str] = []
    pattern = ""
    percent = section.count("%") - sum(part.count("%") for part in regex.findall(
        r"\"[^\"]*\"", section))
    for token in _tokens(section):
        literal = _literal(token)
        if literal is not None:
            out.append(literal)
        elif token[0] in "0#?,." or token[0] in "eE" and len(token) > 1:
            if not pattern:
                out.append("\x00")
            pattern += token
        elif token.lower() == "general":
            out.append(general(value))
        else:
            out.append(token)
    if not pattern:
        return "".join(out)
    shown = _digits(abs(value) * 100 ** percent, pattern)
    sign = "-" if negative and any(ch in "123456789" for ch in shown) else ""
    return "".join(out).replace("\x00", sign + shown, 1)


@lru_cache(maxsize=256)
def _tokens(section: str) -> list[str]:
    return list(_NUMBER_TOKEN.findall(section))


@lru_cache(maxsize=256)
def _date_tokens(section: str) -> list[str]:
    return list(_DATE_TOKEN.findall(_ELAPSED.sub(r"\1", section)))


def _digits(value: float, pattern: str) -> str:
    """A non-negative number shown by a run of placeholders (`#,##0.00`, `0.00E+00`)."""
    parts = regex.split(r"[eE][+-]", pattern, maxsplit=1)
    mantissa, exponent = parts[0], parts[1] if len(parts) > 1 else ""
    while mantissa.endswith(",") and regex.search(r"[0#?]", mantissa):
        mantissa, value = mantissa[:-1], value / 1000  # a trailing comma scales by 1000
    whole, _, fraction = mantissa.partition(".")
    places = sum(1 for ch in fraction if ch in "0#?")
    required = sum(1 for ch in fraction if ch == "0")
    if exponent:
        power = math.floor(math.log10(value)) if value else 0
        text = f"{value / 10 ** power:.{places}f}"
        sign = "-" if power < 0 else "+"
        return _pad(text, whole, fraction, places, required, False) + "E" + sign + \
            str(abs(power)).rjust(exponent.count("0"), "0")
    return _pad(_fixed(value, places), whole, fraction, places, required, "," in whole)


def _fixed(value: float, places: int) -> str:
    """`value` with `places` decimals, a half rounded away from zero as Excel does (Python's
    format rounds a half to even: 5716.5 would show as 5716)."""
    exact = Decimal(repr(value))  # the shortest text of the float, as Excel stores 15 digits
    return str(exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))


def _pad(text: str, whole: str, fraction: str, places: int, required: int,
         thousands: bool) -> str:
    integer, _, decimals = text.partition(".")
    if places > required:
        decimals = decimals.rstrip("0").ljust(required, "0")
    minimum = whole.count("0")
    integer = integer.lstrip("0").rjust(minimum, "0") if integer else "0" * minimum
    if thousands and integer:
        integer = f"{int(integer):,}"
    if decimals or "." in fraction or (places and not decimals and fraction):
        return f"{integer}.{decimals}" if decimals or places else integer
    return integer


# Dates and times -------------------------------------------------------------------------


def _date(value: datetime.date | datetime.time, section: str) -> str:
    if not section or section.lower() == "general" or not regex.search(
            r"[ymdhs]", _strip_literals(section), regex.IGNORECASE):
        return _iso(value)
    tokens = _date_tokens(section)
    twelve = any(token.lower() in ("am/pm", "a/p") for token in tokens)
    fraction = max((len(token.split(".")[1]) for token in tokens
                    if token[:1] in "sS" and "." in token), default=0)
    moment = _rounded(value, fraction)
    out: list[str] = []
    for index, token in enumerate(tokens):
        literal = _literal(token) if token[:1] in '"\\_*[' else None
        if literal is not None:
            out.append(literal)
            continue
        out.append(_date_part(moment, token, tokens, index, twelve))
    return "".join(out)


def _strip_literals(section: str) -> str:
    return regex.sub(r"\"[^\"]*\"|\\.|\[\$[^\]]*\]", "", section)


def _iso(value: datetime.date | datetime.time) -> str:
    if isinstance(value, datetime.datetime):
        return value.date().isoformat() if value.time() == datetime.time() else \
            value.isoformat(sep=" ")
    return value.isoformat()


def _rounded(value: datetime.date | datetime.time, places: int) -> datetime.datetime:
    """The value as a datetime rounded to the seconds' places shown (Excel rounds)."""
    if isinstance(value, datetime.datetime):
        moment = value
    elif isinstance(value, datetime.date):
        moment = datetime.datetime(value.year, value.month, value.day)
    else:
        moment = datetime.datetime.combine(datetime.date(1900, 1, 1), value)
    step = 10 ** (6 - places)
    micro = round(moment.microsecond / step) * step
    return moment.replace(microsecond=0) + datetime.timedelta(microseconds=micro)


def _date_part(moment: datetime.datetime, token: str, tokens: list[str], index: int,
               twelve: bool) -> str:
    lower = token.lower()
    kind = lower[0]
    if lower in ("am/pm", "a/p"):
        upper = token[0].isupper()
        mark = ("AM" if moment.hour < 12 else "PM") if lower == "am/pm" else (
            "A" if moment.hour < 12 else "P")
        return mark if upper else mark.lower()
    if kind == "y" or kind == "e":
        return str(moment.year) if len(lower) > 2 or kind == "e" else f"{moment.year % 100:02d}"
    if kind == "m":
        if len(lower) <= 2 and _is_minute(tokens, index):
            return f"{moment.minute:0{len(lower)}d}"
        return _month(moment.month, len(lower))
    if kind == "d":
        if len(lower) >= 3:
            name = _DAYS[moment.weekday()]
            return name if len(lower) > 3 else name[:3]
        return f"{moment.day:0{len(lower)}d}"
    if kind == "h":
        hour = (moment.hour % 12 or 12) if twelve else moment.hour
        return f"{hour:0{len(lower)}d}"
    if kind == "s":
        whole, _, places = lower.partition(".")
        text = f"{moment.second:0{len(whole)}d}"
        return text + ("." + f"{moment.microsecond:06d}"[:len(places)] if places else "")
    return token


def _month(month: int, width: int) -> str:
    name = _MONTHS[month - 1]
    if width >= 5:
        return name[0]
    if width == 4:
        return name
    if width == 3:
        return name[:3]
    return f"{month:0{width}d}"


def _is_minute(tokens: list[str], index: int) -> bool:
    """`m`/`mm` is minutes right after an hour or right before seconds (literals between)."""
    for step, kinds in ((-1, "h"), (1, "s")):
        at = index + step
        while 0 <= at < len(tokens):
            kind = tokens[at][:1].lower()
            if kind in "ymdhse" and tokens[at][:1] not in '"\\_*[':
                if kind in kinds:
                    return True
                break
            at += step
    return False


__all__ = ["displayed", "general"]
