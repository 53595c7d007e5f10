"""Enumeration markers: the labels of list items written inline ("1.", "b)", "(iii)", "IV.")."""

from __future__ import annotations

import regex

LABEL = r"(?:\d{1,3}|[a-zA-Z]|[ivxIVX]{2,5})"
MARKER = regex.compile(rf"(?P<open>\()?(?P<label>{LABEL})")
NUMBERED_ITEM = regex.compile(r"\d{1,3}(?:\.\)|[.)])\s")
ROMAN_ONLY = frozenset("ivx")
_ROMAN_VALUES = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100}


def roman(numeral: str) -> int:
    total = 0
    values = [_ROMAN_VALUES[char] for char in numeral.lower()]
    for index, value in enumerate(values):
        following = values[index + 1] if index + 1 < len(values) else 0
        total += -value if value < following else value
    return total


def marker_values(label: str) -> tuple[tuple[str, int], ...]:
    """What a marker label can count as: ('num', 3), ('alpha-lower', 1), ('roman-upper', 2)."""
    if label.isdigit():
        return (("num", int(label)),)
    case = "upper" if label.isupper() else "lower"
    values: list[tuple[str, int]] = []
    if len(label) == 1:
        values.append((f"alpha-{case}", ord(label.lower()) - ord("a") + 1))
    if all(char in "ivxlcIVXLC" for char in label):
        values.append((f"roman-{case}", roman(label)))
    return tuple(values)


def is_item_label(text: str, index: int) -> bool:
    """A single letter or Roman numeral used as a label: 'lit. a', 'Nr. IV', 'lit. b)',
    'No. XXXIII' (a Roman numeral of up to eight letters)."""
    end = index
    while end < len(text) and text[end].isalpha() and end - index < 9:
        end += 1
    label = text[index:end]
    if not label or (end < len(text) and text[end].isalpha()):
        return False
    return len(label) == 1 or all(char in "ivxlcIVXLC" for char in label)
