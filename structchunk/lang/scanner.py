"""The scanner: one compiled pattern for every place where a sentence could end or start.

See `build_scanner`. Every alternative starts with a fixed set of characters, so the regex
engine skips plain text quickly.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import regex

from structchunk.lang.candidates import DASHES
from structchunk.lang.grammars import SentenceGrammar
from structchunk.lang.markers import LABEL

_HAS_LETTER = regex.compile(r"\p{L}")
# Typographic quotes that can only close / open a quotation next to another one: "…”“…".
_CLOSING_QUOTES = frozenset("”’»")
_OPENING_QUOTES = frozenset("“‘«„")


def char_class(chars: frozenset[str] | str) -> str:
    return "".join(regex.escape(char) for char in sorted(chars))


# "Word. Next", "word? next", "1990.) In", 'it. "Next': one terminator after a word of two to
# forty letters and digits that follows whitespace (not ". ", as in a spaced abbreviation) or
# the start, then closing quotes and brackets, one space, up to four opening quotes, brackets
# and dashes (`{2}`: as `RuleSegmenter._candidate` skips them) and a letter (tried first, the
# common case). The scanner reports it as `plain` with the word and its terminator as `word`;
# whether that cuts is decided once per word (`RuleSegmenter._plain_cut`).
PLAIN = (r"(?P<plain>{0}(?<=(?:^|(?<!\.)\s)(?P<word>[\p{{L}}\p{{N}}]{{2,40}}{0})){1}"
          r"(?=\x20(?:\p{{L}}{2})))")


@dataclass(frozen=True)
class Classes:
    """The character classes of one scanner: the grammar's characters without the absent ones
    (each a class body for `[...]`, empty when nothing is left)."""

    grammar: SentenceGrammar
    absent: frozenset[str]
    plain: str
    trailing: bool

    def of(self, entries: frozenset[str] | str) -> str:
        return char_class(frozenset(entries) - self.absent)

    @property
    def close(self) -> str:
        closers = self.of(self.grammar.closers)
        return f"[{closers}]*" if closers else ""


@dataclass(frozen=True)
class ScannerRow:
    """One alternative of the scanner: the group it reports, the characters a match of it
    starts with, how its pattern is written, and the `RuleSegmenter` method that handles it
    (for every group name a match of the row may end with, `groups`)."""

    name: str
    first: Callable[[SentenceGrammar, str], frozenset[str]]
    pattern: Callable[[Classes], str | None]
    handler: str
    groups: tuple[str, ...] = ()


_BREAKS = frozenset("\r\n")


def spaced_openers(grammar: SentenceGrammar) -> frozenset[str]:
    """The characters before the next word after which one space may stand too: dashes, and
    the marks that only open ("« Je", ",, Ik"; a quote that also closes, `''`, may close the
    sentence before the space)."""
    return DASHES | (grammar.openers - grammar.closers)


def _plain_pattern(c: Classes) -> str:
    # what may stand between the space and the next word's first letter (see `PLAIN`, and
    # `decisions.skip_openers`, which reads the same)
    skip = c.of(frozenset(char for char in c.grammar.openers | DASHES
                          if not char.isspace() and not _HAS_LETTER.match(char)))
    spaced = c.of(spaced_openers(c.grammar))
    lead = rf"|(?:[{skip}]|(?<=[{spaced}])\x20){{1,4}}\p{{L}}" if skip else ""
    return PLAIN.format(f"[{c.of(c.plain)}]", c.close, lead)


def _always_pattern(c: Classes) -> str:
    always = c.of(c.grammar.always)
    return (rf"(?P<always>[{always}]+(?:\s*\p{{Nd}}+\s*[{always}]+)?)"
            rf"(?P<aclose>{c.close})")


def _line_bullet_pattern(c: Classes) -> str | None:
    line_bullets = c.of(c.grammar.line_bullets)
    if not line_bullets:
        return None
    return rf"(?P<line_bullet>[\r\n][^\S\r\n]*[{line_bullets}](?=[^\S\r\n]))"


def _newline_pattern(c: Classes) -> str:
    return (rf"(?P<newline>(?>\r\n|\r|\n)(?<=[\p{{L}}\p{{N}})][^\S\r\n]*(?:\r\n|\r|\n))"
            rf"(?=[^\S\r\n]*[\p{{Lu}}\p{{Nd}}{c.of(c.grammar.openers)}]))")


def _endings(grammar: SentenceGrammar) -> list[str]:
    return sorted(grammar.words.get("sentence_endings", ()), key=lambda e: (-len(e), e))


def _anchor(ending: str) -> tuple[str, str]:
    """An ending as its last two characters, where the scanner's match starts, and the part
    before them, which a lookbehind checks: the first characters of the endings may be many
    and common ("습니까", "합니까", ...), their last but one few ("니")."""
    return ending[:-2], ending[-2:]


def _ending_pattern(c: Classes) -> str | None:
    endings = [ending for ending in _endings(c.grammar) if _anchor(ending)[1][0] not in c.absent]
    if not endings:
        return None
    # a word that ends in a sentence-final ending, then one space and the next word; the
    # endings with the same last two characters share one lookbehind
    heads: dict[str, list[str]] = {}
    for head, anchor in map(_anchor, endings):
        heads.setdefault(anchor, []).append(head)
    alternatives = [
        ("" if "" in before else
         f"(?<=(?:{'|'.join(regex.escape(head) for head in before)}))") + regex.escape(anchor)
        for anchor, before in sorted(heads.items())]
    return rf"(?P<ending>(?:{'|'.join(alternatives)})(?=\x20[\p{{L}}\p{{N}}]))"


def _space_pattern(c: Classes) -> str | None:
    scripts = sorted(c.grammar.words.get("space_scripts", ()))
    if not scripts or " " in c.absent:
        return None
    letters = "".join(rf"\p{{{script}}}" for script in scripts)
    # a space or a single line break between two letters of a script that writes no sentence
    # punctuation (Thai, Lao): what separates its sentences
    return rf"(?<=[{letters}])(?P<space>\x20|\r\n|\r|\n)(?=[{letters}])"


def _title_pattern(c: Classes) -> str | None:
    # a title in its marks, read whole so that no terminator inside it is reported: a short
    # one on one line ("《摔跤吧！爸爸》"); a longer one is taken for unbalanced marks
    pairs = sorted(pair for pair in c.grammar.titles if pair[0] not in c.absent)
    if not pairs:
        return None
    return "(?P<title>" + "|".join(
        rf"{regex.escape(pair[0])}[^{regex.escape(pair)}\r\n]{{1,40}}{regex.escape(pair[1])}"
        for pair in pairs) + ")"


def _glued_pattern(c: Classes) -> str | None:
    scripts = sorted(c.grammar.words.get("glued_scripts", ()))
    if not scripts or "." in c.absent:
        return None
    # a full stop with no space after it, between two lowercase letters of a script in which
    # no identifier is written with a period and a capital: a sentence glued to the next one
    # ("жағдайы.XVIII ғасырдың"); whether it cuts is decided as at any full stop
    letters = "".join(rf"\p{{{script}}}" for script in scripts)
    return (rf"(?<=(?=[{letters}])\p{{Ll}}(?=[{letters}])\p{{Ll}})(?P<glued>\.)"
            rf"(?=\p{{Lu}}\p{{L}})")


def _final_pattern(c: Classes) -> str:
    final, closers, close = c.of(c.grammar.final), c.of(c.grammar.closers), c.close
    # or a quotation that opens right after the closing quote: “… जाऊ.”“पण …”
    quote_pairs = [rf"(?<=[{closing}])[{opening}]" for closing, opening in (
        (c.of(_CLOSING_QUOTES), c.of(_OPENING_QUOTES)), (c.of("“"), c.of("„")))
        if closing and opening]
    return (
        ("" if c.trailing else "(?>")
        # a run is read whole, from its first character: no match starts inside it, and it is
        # never given back (a run followed by a letter costs one look at it, not one per
        # character of it)
        + rf"(?<![{final}])(?P<final>(?>[{final}]+)(?:\x20\.(?=[\s{closers}]|\Z))*)"
        rf"(?P<close>{close}(?:\[\d{{1,3}}\]{close})*"
        # a footnote number glued to the full stop: "... consultation.11 12 Take"
        # (the digit tried before the lookbehind, which most candidates would fail later)
        rf"(?:(?=\d)(?<=[\p{{Ll}})\]][.!?])\d{{1,3}}(?:\x20\d{{1,3}})*(?=\s+\p{{Lu}}))?"
        # a citation after a space belongs to the sentence it cites for: "... research. [1
        # - 3] Sociologists", "... species. [10]" + line break
        rf"(?:\x20\[\d{{1,3}}(?:\x20?[-–,]\x20?\d{{1,3}})*\]"
        rf"(?=\s*\Z|\s*[\r\n]|\x20\p{{Lu}}))?)"
        rf"(?=\s|\Z{''.join('|' + pair for pair in quote_pairs)})"
        + ("" if c.trailing else r")(?![\s\x1c-\x1f]*\Z)"))


# The alternatives in the order they are tried. `plain` reports the common "word. Next"
# (see `PLAIN`); `final` every other terminator run, with its closing quotes, brackets and
# footnote marks (its last group is `close`).
ROWS: tuple[ScannerRow, ...] = (
    ScannerRow("plain", lambda g, plain: frozenset(plain), _plain_pattern, "_on_plain"),
    # a line break is read whole ("\r\n" never as "\r" before a second line break)
    ScannerRow("blank", lambda g, plain: _BREAKS,
               lambda c: r"(?P<blank>(?>\r\n|\r|\n)[^\S\r\n]*(?=[\r\n]))", "_on_blank"),
    ScannerRow("always", lambda g, plain: g.always, _always_pattern, "_on_always",
               ("always", "aclose")),
    ScannerRow("line_bullet", lambda g, plain: _BREAKS, _line_bullet_pattern, "_on_line_bullet"),
    ScannerRow("newline", lambda g, plain: _BREAKS, _newline_pattern, "_line_break"),
    ScannerRow("bullet", lambda g, plain: g.bullets,
               lambda c: rf"(?P<bullet>[{c.of(c.grammar.bullets)}])", "_on_bullet"),
    ScannerRow("paren", lambda g, plain: frozenset(")"),
               lambda c: rf"(?P<paren>\)(?<=(?:^|[\s{c.of(c.grammar.bullets)}])\(?{LABEL}\))"
                         rf"(?=\s))", "_paren"),
    ScannerRow("final", lambda g, plain: g.final, _final_pattern, "_on_final", ("close",)),
    # titles in their marks (`[terminators] titles`: "《》"), passed over whole
    ScannerRow("title", lambda g, plain: frozenset(pair[0] for pair in g.titles),
               _title_pattern, "_on_title"),
    # languages that end a sentence with a verb ending and may write no terminator after it
    # (Korean `-니다`): the `[words] sentence_endings` of the grammar
    ScannerRow("ending", lambda g, plain: frozenset(_anchor(e)[1][0] for e in _endings(g)),
               _ending_pattern, "_on_ending"),
    # a sentence glued to the next in a script without such identifiers (`[words]
    # glued_scripts`: Cyrillic); never where `plain` or `final` match (no space after it)
    ScannerRow("glued", lambda g, plain: frozenset(".") if g.words.get("glued_scripts")
               else frozenset(), _glued_pattern, "_on_glued"),
    # scripts that write no sentence punctuation (`[words] space_scripts`: Thai, Lao)
    ScannerRow("space", lambda g, plain: frozenset(" \r\n") if g.words.get("space_scripts")
               else frozenset(), _space_pattern, "_on_space"),
)


def triggers(grammar: SentenceGrammar, *, without: tuple[str, ...] = ()) -> frozenset[str]:
    """Every character a match of the scanner can start with; `without`: leave out the rows
    of these names."""
    return frozenset().union(*(row.first(grammar, "") for row in ROWS
                               if row.name not in without))


def build_scanner(grammar: SentenceGrammar, plain: str, absent: frozenset[str],
                  trailing: bool = True) -> regex.Pattern[str]:
    """The scanner of every place where a sentence could end or start: the rows of `ROWS`.

    `plain`: the terminators the `plain` row reports. `absent`: characters dropped from the
    classes, for a scanner of texts known to hold none of them; a row whose first characters
    are all absent is dropped (an alternative that cannot start at a known character would be
    tried at every position). The scanner begins with a lookahead for the first characters of
    all rows; when that is a single character, the regex engine finds the next one by a fast
    search instead of testing every character.

    `trailing=False`: a terminator run (with its closing quotes, brackets and marks) followed by
    nothing but whitespace is not reported; it would cut nothing, and the last one of a text
    is the commonest match. The run is matched atomically (as the first match would be) before
    the test, and no other alternative starts at one of its characters.
    """
    classes = Classes(grammar, absent, plain, trailing)
    first: set[str] = set()
    parts = []
    for row in ROWS:
        starts = row.first(grammar, plain) - absent
        pattern = row.pattern(classes) if starts else None
        if pattern is not None:
            parts.append(pattern)
            first |= starts
    return regex.compile(f"(?=[{char_class(frozenset(first))}])(?:{'|'.join(parts)})")
