"""The grammar-driven sentence segmenter: one left-to-right scan, one decision per candidate.

A compiled scanner finds every place where a sentence could end or start: a terminator run
(`.`, `?!`, `...`, `. . .`) with the quotes, brackets and footnote marks that close it, a danda
or full-width terminator, a blank line, a bullet, a closing parenthesis that may end an
enumeration marker (`a)`, `(iii)`), and a line break before a capital. Every alternative of the
scanner starts with a fixed set of characters, so the regex engine skips plain text quickly.
Quotation marks are read only when a cut is about to be made, from where the last reading
stopped.

Each candidate is decided in Python from the grammar: the data rules first, then quotations,
abbreviations, initials, enumerations and the shape of the next word. Precision comes first:
when in doubt the segmenter keeps a sentence whole, since a false cut splits a sentence in two
while a missed boundary only makes a piece one sentence longer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import regex

from structchunk.lang.grammars import Rule, SentenceGrammar
from structchunk.lang.markers import (
    LABEL,
    MARKER,
    NUMBERED_ITEM,
    ROMAN_ONLY,
    is_item_label,
    marker_values,
)
from structchunk.lang.quotations import (
    DOUBLE_QUOTES,
    QUOTE_LIMIT,
    SHORT_REACH,
    SINGLE_QUOTES,
    Quotations,
)

Spans = list[tuple[int, int]]

_DASHES = frozenset("-–—―")
_NO_SHAPE: frozenset[str] = frozenset()
_CAPITAL = frozenset({"upper"})
_UPPER = frozenset({"upper", "uncased"})
_CASED = _UPPER | {"lower"}
_TOKEN_LIMIT = 64  # how far back the word before a terminator is looked for
_SINGLE_LETTER = regex.compile(r"\p{L}\p{M}*")
_INITIALISM = regex.compile(r"(?:\p{L}{1,2}\.)+\p{L}{1,2}")
_HAS_LETTER = regex.compile(r"\p{L}")
_WORD_AT = regex.compile(r"[\p{L}\p{M}]+")
# Whitespace as Python's str.isspace() sees it, which also counts the separators \x1c-\x1f.
_NOT_SPACE = regex.compile(r"[^\s\x1c-\x1f]")
_TOKEN_BEFORE = regex.compile(r"(?r)\S*")
_TITLE_WORD = regex.compile(r"[\p{L}\p{M}]{4,}")
_LOWER_WORD = regex.compile(r"(?<![\p{L}\p{M}])\p{Ll}[\p{L}\p{M}]{3,}")
# Typographic quotes that can only close / open a quotation next to another one: "…”“…".
_CLOSING_QUOTES = frozenset("”’»")
_OPENING_QUOTES = frozenset("“‘«„")
_INNER_CAPITAL = regex.compile(r"\p{Ll}+\p{Lu}")
_LINE_SLACK = 3  # characters a line wrapper may leave unused at the end of a line
# A blank line after any line-break convention; "\r\n" is one line break, never two.
_BLANK_BEFORE = regex.compile(r"(?r)(?:\r\n|\r|\n)[^\S\r\n]*(?>\r\n|\r|\n)")
_BLANK_AFTER = regex.compile(r"(?>\r\n|\r|\n)[^\S\r\n]*(?:\r\n|\r|\n)")
# Every character `Quotations` reads as a quotation mark, and those of them in ASCII.
_QUOTE_CHAR = re.compile(f"[{re.escape(DOUBLE_QUOTES + SINGLE_QUOTES)}]")
_ASCII_DOUBLE, _ASCII_SINGLE = (char for char in DOUBLE_QUOTES + SINGLE_QUOTES if char.isascii())
_LATIN1_QUOTES = tuple(char for char in DOUBLE_QUOTES + SINGLE_QUOTES if char <= "\xff")
# `_plain_cut` of a word that never ends a sentence (no shape is called "never")
_NEVER = frozenset({"never"})

def _char_class(chars: frozenset[str] | str) -> str:
    return "".join(regex.escape(char) for char in sorted(chars))


# "Word. Next", "word? next", "1990.) In", 'it. "Next': one terminator after a word of two to
# forty letters and digits that follows whitespace (not ". ", as in a spaced abbreviation) or
# the start, then closing quotes and brackets, one space, up to four opening quotes, brackets
# and dashes (`{2}`: as `RuleSegmenter._candidate` skips them) and a letter (tried first, the
# common case). The scanner reports it as `plain` with the word and its terminator as `word`;
# whether that cuts is decided once per word (`RuleSegmenter._plain_cut`).
_PLAIN = (r"(?P<plain>{0}(?<=(?:^|(?<!\.)\s)(?P<word>[\p{{L}}\p{{N}}]{{2,40}}{0})){1}"
          r"(?=\x20(?:\p{{L}}{2})))")


def _scanner(grammar: SentenceGrammar, plain: str, absent: frozenset[str],
             trailing: bool = True) -> regex.Pattern[str]:
    """The scanner of every place where a sentence could end or start (see the module doc).

    `absent`: characters dropped from the classes, for a scanner of texts known to hold none of
    them; an alternative whose first class is left empty is dropped (an alternative that cannot
    start at a known character would be tried at every position), as are those that start with
    a line break or a closing parenthesis when these are absent. The scanner begins with a
    lookahead for the first characters of all alternatives; when that is a single character,
    the regex engine finds the next one by a fast search instead of testing every character.

    `trailing=False`: a terminator run (with its closing quotes, brackets and marks) followed by
    nothing but whitespace is not reported; it would cut nothing, and the last one of a text
    is the commonest match. The run is matched atomically (as the first match would be) before
    the test, and no other alternative starts at one of its characters.
    """
    def chars(entries: frozenset[str] | str) -> str:
        return _char_class(frozenset(entries) - absent)

    closers = chars(grammar.closers)
    close = f"[{closers}]*" if closers else ""
    first = chars(frozenset(grammar.final) | grammar.always | grammar.bullets | {"\r", "\n", ")"})
    # what may stand between the space and the next word's first letter (see `_PLAIN`)
    skip = chars(frozenset(char for char in grammar.openers | _DASHES
                           if not char.isspace() and not _HAS_LETTER.match(char)))
    lead = rf"|(?:[{skip}]|(?<=[{chars(_DASHES)}])\x20){{1,4}}\p{{L}}" if skip else ""
    plain_chars = chars(plain)
    parts = [_PLAIN.format(f"[{plain_chars}]", close, lead)] if plain_chars else []
    breaks = not {"\r", "\n"} <= absent
    if breaks:
        # a line break is read whole ("\r\n" never as "\r" before a second line break)
        parts.append(r"(?P<blank>(?>\r\n|\r|\n)[^\S\r\n]*(?=[\r\n]))")
    always = chars(grammar.always)
    if always:
        parts.append(rf"(?P<always>[{always}]+(?:\s*\p{{Nd}}+\s*[{always}]+)?)"
                     rf"(?P<aclose>{close})")
    line_bullets = chars(grammar.line_bullets)
    if line_bullets and breaks:
        parts.append(rf"(?P<line_bullet>[\r\n][^\S\r\n]*[{line_bullets}](?=[^\S\r\n]))")
    openers = chars(grammar.openers)
    if breaks:
        parts.append(
            rf"(?P<newline>(?>\r\n|\r|\n)(?<=[\p{{L}}\p{{N}})][^\S\r\n]*(?:\r\n|\r|\n))"
            rf"(?=[^\S\r\n]*[\p{{Lu}}\p{{Nd}}{openers}]))")
    bullets = chars(grammar.bullets)
    if bullets:
        parts.append(rf"(?P<bullet>[{bullets}])")
    if ")" not in absent:
        parts.append(rf"(?P<paren>\)(?<=(?:^|[\s{bullets}])\(?{LABEL}\))(?=\s))")
    final = chars(grammar.final)
    # or a quotation that opens right after the closing quote: “… जाऊ.”“पण …”
    quote_pairs = [rf"(?<=[{closing}])[{opening}]" for closing, opening in (
        (chars(_CLOSING_QUOTES), chars(_OPENING_QUOTES)), (chars("“"), chars("„")))
        if closing and opening]
    if final:
        parts.append(
            ("" if trailing else "(?>")
            # a run is read whole, from its first character: no match starts inside it, and
            # it is never given back (a run followed by a letter costs one look at it, not one
            # per character of it)
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
            + ("" if trailing else r")(?![\s\x1c-\x1f]*\Z)"))
    return regex.compile(f"(?=[{first}])(?:{'|'.join(parts)})")


# `RuleSegmenter._plain_cut`: the shapes before which a word cuts without and with closing
# quotes or brackets, whether it is the last word of an abbreviation, and whether a capital
# after it always cuts.
_PlainCut = tuple[frozenset[str], frozenset[str], bool, bool]


@dataclass(slots=True)
class _State:
    """What one pass over one text remembers: cuts so far, open list and quotation."""

    text: str
    cuts: list[int]
    quotes: Quotations | None  # None for a text without quotation marks
    sentence_start: int = 0
    chain: tuple[str, str, int] | None = None  # (label kind, marker style, next value)
    in_item: bool = False  # the current sentence is an item of an inline enumeration
    block: tuple[int, int, int] | None = None  # lines around the last line break looked at
    lead: tuple[int, int] | None = None  # a run of sentence-start characters: (start, end)

    def cut(self, offset: int | None) -> None:
        if offset is not None and offset > self.sentence_start:
            self.cuts.append(offset)
            self.sentence_start = offset
            self.in_item = False


@dataclass(slots=True)
class _Candidate:
    """A terminator run in context: the word before it and the first letter after it."""

    run_start: int
    run: str
    close_end: int  # after the closing quotes, brackets and footnote marks
    closers: str
    token_start: int  # the word before the run, as delimited by whitespace
    core_start: int  # ... without opening quotes, brackets and bullets
    core: str  # ... and without closing quotes and brackets
    next_start: int  # the next non-space character
    first_index: int  # the next sentence's first letter (after openers and dashes)
    first: str


class RuleSegmenter:
    """Sentence spans of a text by the rules of one `SentenceGrammar`. Thread-safe, reusable.

    `fast=False` turns off the shortcuts that find the same boundaries faster (the scanner's
    plain case, the scanner for texts without rare terminators): every candidate then gets the
    full analysis, a reference to test the shortcuts against.
    """

    def __init__(self, grammar: SentenceGrammar, *, fast: bool = True) -> None:
        self.grammar = grammar
        self._fast = fast
        self._rules: tuple[Rule, ...] = grammar.rules
        # A word that matches no rule's token pattern leaves only the rules without one.
        token_rules = [rule.token.pattern for rule in grammar.rules if rule.token is not None]
        self._any_token = regex.compile("|".join(f"(?:{p})" for p in token_rules)) \
            if token_rules else None
        self._tokenless_rules = tuple(rule for rule in grammar.rules if rule.token is None)
        self._openers = grammar.openers
        self._questions = grammar.questions
        self._closers = grammar.closers
        self._strip = grammar.openers | grammar.bullets
        self._skip_before_first = grammar.openers | _DASHES
        # a capital after the space is the next word's first letter unless it is skipped
        self._upper_skip = any(char.isupper() for char in self._skip_before_first)
        self._starters = grammar.words.get("starters", frozenset())
        self._pronoun_i = grammar.options.get("pronoun_i", False)
        self._lowercase_continues = grammar.options.get("lowercase_continues", False)
        self._quote_reach = SHORT_REACH if grammar.options.get("quoted_sentences", False) \
            else QUOTE_LIMIT
        # The plain case "word. Next" is found by the scanner itself (see `_PLAIN`), for the
        # terminators that no other alternative starts with and no rule without a word
        # pattern applies to.
        others = (grammar.always | grammar.bullets | grammar.line_bullets | grammar.openers
                  | grammar.closers)
        plain = "".join(char for char in ".?!" if fast and char in grammar.final
                        and char not in others
                        and all(rule.terminator is not None
                                and not rule.terminator.fullmatch(char)
                                for rule in self._tokenless_rules))
        # Every proper ending of an abbreviation: "al." of "etal." ("et al."), whose first word
        # is looked up with the word before it.
        self._abbreviation_tails = frozenset(
            spelling[index:] for spelling in grammar.abbreviations
            for index in range(1, len(spelling) - 1))
        # With the shortcuts, no scanner reports the terminator run at the end of a text.
        self._scan = _scanner(grammar, plain, frozenset(), trailing=not fast)
        # Most texts hold none of the terminators and bullets outside ASCII: a scanner whose
        # character classes list fewer characters skips plain text faster and finds the same
        # matches in them.
        rare = frozenset(char for char in grammar.final | grammar.always | grammar.bullets
                         if not char.isascii())
        if not fast:
            rare = frozenset()
        self._plain = plain
        self._rare_chars = rare
        self._rare_above_latin1 = all(char > "\xff" for char in rare)
        self._lean_scan = _scanner(grammar, plain, rare, trailing=False) if rare else self._scan
        self._word_group = self._scan.groupindex.get("word", 0)
        self._rare = re.compile(f"[{re.escape(''.join(sorted(rare)))}]") if rare else None
        # ... and a text that holds some of them (a Hindi text its dandas) gets a scanner
        # without the others, compiled once per set of characters present
        self._scans_by_present: dict[frozenset[str], regex.Pattern[str]] = {}
        self._plain_cuts: dict[str, _PlainCut] = {}
        # Every alternative of the scanner starts with one of these characters; a text with
        # none of them before its closing terminator run has no boundary, and is answered
        # without the scan (the common case of one short sentence per call).
        triggers = set(grammar.final) | set(grammar.always) | set(grammar.bullets) | {
            ")", "\r", "\n"}
        self._trigger = re.compile("[" + "".join(re.escape(char) for char in sorted(triggers))
                                   + "]")
        # Most texts hold no character that starts a match but the full stop (and no rare one):
        # they get a scanner with that one first character, whose next occurrence the regex
        # engine finds by a fast search instead of testing every character against a class.
        self._other_triggers = tuple(sorted(char for char in triggers
                                            if char != "." and char not in rare))
        self._dot_scan = _scanner(grammar, plain, frozenset(triggers) - {"."}, trailing=False) \
            if fast and "." in grammar.final else None
        self._tail = frozenset(grammar.final) | (frozenset(grammar.closers) - {")"})
        self._lead = regex.compile(rf"[\s{_char_class(self._strip | _DASHES)}]*")

    # --- public -----------------------------------------------------------------------

    def __call__(self, text: str) -> Spans:
        stripped = len(text.rstrip())
        return spans_between(text, self._boundaries(text, stripped), stripped)

    def boundaries(self, text: str) -> list[int]:
        """Offsets where one sentence ends and the next begins, in increasing order.

        The scan may cut again in the whitespace after the last sentence (a blank line there);
        no sentence begins after such a cut, so it is no boundary.
        """
        stripped = len(text.rstrip())
        return [cut for cut in self._boundaries(text, stripped) if cut < stripped]

    def _boundaries(self, text: str, stripped: int) -> list[int]:
        """`boundaries`, given the length of `text` without trailing whitespace."""
        tail = stripped
        tail_chars = self._tail
        while tail > 0 and text[tail - 1] in tail_chars:
            tail -= 1
        ascii_only = text.isascii()
        # only characters up to U+00FF (a text CPython stores one byte per character): none of
        # the rare characters if they all lie above, and four quote characters to look for
        latin1 = ascii_only or len(text.encode("latin-1", "ignore")) == len(text)
        scan = None
        if latin1 and (self._rare is None or self._rare_above_latin1):
            scan = self._lean_scan
            if self._dot_scan is not None:
                for char in self._other_triggers:
                    if char in text:
                        break
                else:
                    scan = self._dot_scan
        if scan is not None and scan is self._dot_scan:
            begin = text.find(".", 0, tail)  # the only character that starts a match
        else:
            trigger = self._trigger.search(text, 0, tail)
            begin = trigger.start() if trigger is not None else -1
        if begin < 0:
            return []  # a terminator run (with closers) at the very end cuts nothing
        if scan is None:
            scan = self._scanner_for(text, self._rare) if self._rare is not None \
                else self._lean_scan
            if scan is self._lean_scan and self._dot_scan is not None:
                for char in self._other_triggers:
                    if char in text:
                        break
                else:
                    scan = self._dot_scan
        # str.find is faster than a search for a class
        if ascii_only:
            double, single = text.find(_ASCII_DOUBLE), text.find(_ASCII_SINGLE)
            quote = double if single < 0 or 0 <= double < single else single
        elif latin1:
            quote = _first_of(text, _LATIN1_QUOTES)
        else:
            first_quote = _QUOTE_CHAR.search(text)
            quote = first_quote.start() if first_quote is not None else -1
        state = _State(text, [], Quotations(text, self._openers, quote, self._quote_reach)
                       if quote >= 0 else None)
        length = len(text)
        plain_cuts = self._plain_cuts
        word_group = self._word_group
        quotes = state.quotes
        cuts = state.cuts
        # No match starts before the first character that starts an alternative: the scan
        # starts there (its lookbehinds still see the text before it), after a search in C.
        for match in scan.finditer(text, begin):
            group = match.lastgroup
            position = match.end()
            if group == "plain":
                word = match.group(word_group)
                entry = plain_cuts.get(word)
                if entry is None:
                    entry = self._plain_cut(word)
                if entry[3] and text[position + 1].isupper():
                    if quotes is None or quotes.quiet(position):
                        if position > state.sentence_start:
                            cuts.append(position)
                            state.sentence_start = position
                            state.in_item = False
                    else:
                        state.cut(self._quoted(state, position, position))
                    continue
                start = match.start()
                first = position + 1
                following = text[first]
                skip = self._skip_before_first
                if following in skip:
                    # opening quotes, brackets or dashes before the next word (as `_candidate`
                    # skips them): only a capital starts a sentence after them, as after
                    # closing quotes or brackets
                    limit = min(length, first + 4)
                    while first < limit and (text[first] in skip or (
                            text[first] == " " and text[first - 1] in _DASHES)):
                        first += 1
                    following = text[first] if first < length else ""
                    shapes = entry[1]
                else:
                    # without or with closing quotes or brackets after the terminator
                    shapes = entry[1] if position - start > 1 else entry[0]
                if shapes and ("upper" if following.isupper() else _shape(following)) in shapes \
                        and not (entry[2] and self._abbreviation_of(
                            text, start + 1 - len(word), word[:-1]) is not None):
                    if quotes is not None and not quotes.quiet(position):
                        state.cut(self._quoted(state, position, position))
                    elif position > state.sentence_start:
                        cuts.append(position)
                        state.sentence_start = position
                        state.in_item = False
                    continue
                if shapes is _NEVER:
                    continue
                self._decide(state, start, start + 1, position)
            elif group == "close":
                # `_NOT_SPACE` and `str.isspace` agree on every character: nothing but
                # whitespace follows `stripped`
                if position >= stripped and not (
                        position + 1 < length and text[position] == " "
                        and not text[position + 1].isspace()):
                    continue  # only whitespace follows: the last span ends there anyway
                self._decide(state, match.start(), match.end("final"), position)
            elif group == "blank":
                if state.quotes is not None:
                    state.quotes.forget(position)
                state.cut(match.start())
            elif group in ("always", "aclose"):
                start = match.start()
                decimal = (match.end("always") - start == 1 and start > 0
                           and text[start - 1].isdigit() and position < length
                           and text[position].isdigit())
                if not decimal:  # the danda ends a sentence also inside a quotation
                    if state.quotes is not None:
                        state.quotes.read(position)
                    state.cut(position)
            elif group == "paren":
                self._paren(state, match.start())
            elif group == "newline":
                self._line_break(state, match.start())
            elif group == "line_bullet":
                start = match.start() + 1
                if not self._at_start(state, start):
                    state.cut(start)
            elif group == "bullet":
                start = match.start()
                if (start == 0 or text[start - 1].isspace()) and not self._at_start(state, start):
                    state.cut(start)
        return state.cuts

    def _scanner_for(self, text: str, rare: re.Pattern[str]) -> regex.Pattern[str]:
        """The scanner for a text with the rare characters it holds (see `__init__`)."""
        present = frozenset(rare.findall(text))
        if not present:
            return self._lean_scan
        scan = self._scans_by_present.get(present)
        if scan is None:
            if len(self._scans_by_present) >= 32:
                return self._scan  # an unusual mix: the scanner for every character
            scan = self._scans_by_present[present] = _scanner(
                self.grammar, self._plain, self._rare_chars - present, trailing=False)
        return scan

    def _decide(self, state: _State, run_start: int, run_end: int, close_end: int) -> None:
        """The full analysis of one terminator run `text[run_start:run_end]` whose closing
        quotes, brackets and footnote marks end at `close_end`."""
        candidate = self._candidate(state.text, run_start, run_end, close_end)
        if candidate is not None:
            cut = self._terminator(state, candidate)
            if cut is not None:
                state.cut(self._quoted(state, cut, close_end))

    def _plain_cut(self, word: str) -> _PlainCut:
        """The shapes of the next word's first letter (`_shape`) before which `_terminator`
        cuts after `word` (its last character is the terminator), without and with closing
        quotes or brackets after the terminator (the latter also with opening quotes,
        brackets or dashes before the next word), in the context `_PLAIN` matches: whitespace
        (not after a full stop) or the start before the word, one space and a letter after it.
        Remembered per word, so the common case costs a dictionary look-up.

        The third value: whether the word is the last word of an abbreviation ("al." of "et
        al."); the shapes then hold only when the words before it make no abbreviation with it
        (`_abbreviation_of`). The fourth: whether a capital right after the space cuts in every
        case (both shapes hold it and the word is no such last word): the common boundary,
        checked first.
        """
        cuts = self._plain_cuts
        if len(cuts) > 65536:
            cuts.clear()
        core, terminator = word[:-1], word[-1]
        shapes = closed = _NO_SHAPE
        tail = False
        if len(core) > 1 \
                and not any(char in self._strip or char in self._closers for char in core) \
                and (self._any_token is None or not self._any_token.fullmatch(core)):
            lookup = self.grammar.abbreviations
            # What `_terminator` checks for a full stop: an enumeration marker, an
            # abbreviation, an initial.
            if terminator != "." or (
                    MARKER.fullmatch(core) is None and (core + ".") not in lookup
                    and _SINGLE_LETTER.fullmatch(core) is None):
                # a lowercase word goes on the sentence after "!", after a closing quote or
                # bracket and after a number (`_lowercase_start`)
                lowercase = terminator in ".?" and not self._lowercase_continues \
                    and core.isalpha()
                shapes = _CASED if lowercase else _UPPER
                closed = _UPPER
                tail = terminator == "." and (core + ".") in self._abbreviation_tails
            elif core.isalpha() and core.islower() and not ROMAN_ONLY.issuperset(core) \
                    and (core + ".") not in lookup and (core + ".") not in self._abbreviation_tails:
                shapes = _CAPITAL  # a lowercase word that is no abbreviation
            elif MARKER.fullmatch(core) is None and lookup.get(core + ".") == "prefix":
                shapes = closed = _NEVER  # a title ("Mr."): `_terminator` goes on
        capital = "upper" in shapes and "upper" in closed and not tail and not self._upper_skip
        entry = cuts[word] = (shapes, closed, tail, capital)
        return entry

    # --- candidates -------------------------------------------------------------------

    def _candidate(self, text: str, run_start: int, run_end: int,
                   close_end: int) -> _Candidate | None:
        length = len(text)
        if close_end + 1 < length and text[close_end] == " " \
                and not text[close_end + 1].isspace():
            next_start = close_end + 1  # the usual case: one space
        else:
            following = _NOT_SPACE.search(text, close_end)
            if following is None:
                return None  # end of text: the last span ends there anyway
            next_start = following.start()
        first_index = next_start
        skip = self._skip_before_first
        if text[first_index] in skip:
            limit = min(length, first_index + 4)
            while first_index < limit and (text[first_index] in skip or (
                    text[first_index] == " " and text[first_index - 1] in _DASHES)):
                first_index += 1
        token_start = _TOKEN_BEFORE.match(text, max(0, run_start - _TOKEN_LIMIT),
                                          run_start).start()
        core_start = token_start
        while core_start < run_start and text[core_start] in self._strip:
            core_start += 1
        core_end = run_start
        while core_end > core_start and text[core_end - 1] in self._closers:
            core_end -= 1
        return _Candidate(run_start, text[run_start:run_end], close_end,
                          text[run_end:close_end], token_start, core_start,
                          text[core_start:core_end], next_start, first_index,
                          text[first_index] if first_index < length else "")

    def _at_start(self, state: _State, position: int) -> bool:
        """Whether only whitespace, openers, bullets and dashes precede `position` in its
        sentence."""
        return self._lead_end(state) >= position

    def _lead_end(self, state: _State) -> int:
        """Where the whitespace, openers, bullets and dashes at the start of the current
        sentence end. Remembered: a later sentence that starts inside the same run (after a
        blank line between bullets) ends its run at the same place, so a text of bullets is
        read once, not once per bullet."""
        start = state.sentence_start
        lead = state.lead
        if lead is None or not lead[0] <= start <= lead[1]:
            match = self._lead.match(state.text, start)
            lead = state.lead = (start, match.end() if match is not None else start)
        return lead[1]

    def _rule(self, text: str, candidate: _Candidate) -> bool | None:
        """The first data rule that matches: True to cut, False to keep, None if none does."""
        rules = self._rules
        if self._any_token is not None and not self._any_token.fullmatch(candidate.core):
            rules = self._tokenless_rules
        for rule in rules:
            if (rule.terminator is None or rule.terminator.fullmatch(candidate.run)) \
                    and (rule.token is None or rule.token.fullmatch(candidate.core)) \
                    and (rule.before is None or rule.before.match(text, 0, candidate.core_start)) \
                    and (rule.after is None or rule.after.match(text, candidate.first_index)):
                return rule.breaks
        return None

    # --- quotations and enumerations -------------------------------------------------

    @staticmethod
    def _quoted(state: _State, cut: int, read_to: int) -> int | None:
        """`cut`, unless it falls inside a quotation that closes soon (see `Quotations`)."""
        quotes = state.quotes
        if quotes is None:
            return cut  # a text without quotation marks
        quotes.read(read_to)
        return None if quotes.keeps_whole(cut) else cut

    def _marker(self, state: _State, start: int, label: str, style: str) -> bool | None:
        """An enumeration marker at `start`: True if it opens a new sentence (cut before it),
        False if it is a marker that starts its sentence already, None if it is no marker."""
        values = marker_values(label)
        if self._at_start(state, start):
            first = [kind for kind, value in values if value == 1]
            state.chain = (first[0], style, 2) if first else None
            state.in_item = True
            return False
        chain = state.chain
        if chain is not None and style == chain[1] and not (
                style == "." and chain[0] == "alpha-upper"):  # "A. Smith and B. Jones"
            if (chain[0], chain[2]) in values:
                state.chain = (chain[0], chain[1], chain[2] + 1)
                return True
            if chain[2] > 2 and (chain[0], 1) in values:  # the same kind of list again
                state.chain = (chain[0], chain[1], 2)
                return True
        return None

    def _line_break(self, state: _State, index: int) -> None:
        """A line break alone is no sentence end (hard-wrapped text), with two exceptions.

        It ends the last item of an inline enumeration ("a. one b. two c. three" + line
        break); it ends a line that was broken on purpose (see `_short_line`: a headline, a
        list line), and it ends a title line: two or more words, every word of four or more
        letters capitalised, no terminator ("Putter King Scavenger Hunt Trophy"), when the next
        line starts with a capital, a digit or an opening bracket or quote.
        """
        text = state.text
        if state.in_item:
            following = _NOT_SPACE.search(text, index)
            if following is not None and text[following.start()].isupper():
                state.cut(index)
                return
        floor = max(state.sentence_start, index - 120)
        line_start = max(text.rfind("\n", floor, index), text.rfind("\r", floor, index) + 1,
                         floor)
        if _short_line(state, index):
            state.cut(index)
            return
        if _LOWER_WORD.search(text, line_start, index):
            return  # a lowercase word of four or more letters: running text
        if len(_TITLE_WORD.findall(text, line_start, index)) >= 2:
            state.cut(index)

    def _paren(self, state: _State, index: int) -> None:
        text = state.text
        start = index
        while start > 0 and index - start < 8 and not text[start - 1].isspace():
            start -= 1
        while start < index and text[start] in self.grammar.bullets:
            start += 1
        token = text[start:index]
        marker = MARKER.fullmatch(token)
        if marker is None:
            return
        style = "()" if marker.group("open") else ")"
        if self._marker(state, start, marker.group("label"), style):
            state.cut(start)
            state.in_item = True

    # --- terminators ------------------------------------------------------------------

    def _terminator(self, state: _State, candidate: _Candidate) -> int | None:
        """Cut offset for a terminator run, or None when the sentence goes on."""
        text = state.text
        core = candidate.core
        if len(core) <= 5 and candidate.run == "." and candidate.closers in ("", ")") \
                and MARKER.fullmatch(core):
            style = ".)" if candidate.closers else "."
            is_marker = self._marker(state, candidate.core_start, core, style)
            if is_marker is not None:
                if is_marker and not (style == "." and self._rule(text, candidate) is False):
                    state.cut(candidate.core_start)
                    state.in_item = True
                return None
            if style == ".)":
                return None

        decided = self._rule(text, candidate)
        if decided is not None:
            return candidate.close_end if decided else None
        shape = _shape(candidate.first)
        run = candidate.run
        if shape == "lower" and (
                (self._lowercase_continues and self._continues(state, candidate))
                or not self._lowercase_start(text, candidate)):
            return None
        if not self._questions.isdisjoint(run):
            if shape == "digit" and NUMBERED_ITEM.match(text, candidate.first_index):
                return candidate.close_end
            return candidate.close_end if shape in ("upper", "uncased", "lower") else None
        if len(run) > 1 or "…" in run:
            return self._ellipsis(text, candidate, shape)
        if run != ".":
            # a full stop of another script (Armenian `։`, Urdu `۔`): no abbreviation or
            # initial ends in it
            return candidate.close_end if shape in ("upper", "uncased") else None
        if not core:
            return candidate.close_end if shape in ("upper", "uncased") else None

        klass = self._abbreviation(text, candidate)
        if klass == "prefix":
            return None
        if klass == "numeric":
            if shape == "digit" or candidate.first == "§" \
                    or is_item_label(text, candidate.first_index):
                return None
            klass = None
        if klass == "general" or (klass is None and "." in core and _INITIALISM.fullmatch(core)):
            word = _WORD_AT.match(text, candidate.first_index)
            starts = word is not None and word.group() in self._starters
            return candidate.close_end if starts else None
        if len(core) <= 4 and _SINGLE_LETTER.fullmatch(core) and not (
                self._pronoun_i and core == "I"
                and _previous_word_lower(text, candidate.token_start)):
            return None  # an initial: "Jonas E. Smith", "S. 225"
        if shape in ("upper", "uncased", "lower"):
            return candidate.close_end
        if shape == "digit" and _HAS_LETTER.search(core):
            return candidate.close_end
        return None

    def _lowercase_start(self, text: str, candidate: _Candidate) -> bool:
        """Whether a lowercase word may start the next sentence ("we met there. then ...").

        Only after a full stop or a question mark that directly follows a plain word of two or
        more letters, with no quote or bracket in between and none before the next word:
        "'This is great.' she said", "(... engineer.) at", "Yahoo! in", "say so? -- a bit" and
        abbreviations ("approx. five") go on. Abbreviations and initials are ruled out later.
        """
        return (candidate.run in (".", "?") and not candidate.closers
                and candidate.first_index == candidate.next_start
                and len(candidate.core) > 1 and candidate.core.isalpha())

    def _continues(self, state: _State, candidate: _Candidate) -> bool:
        """Whether a lowercase word after a terminator goes on with the sentence.

        In a language that capitalises the first word of every sentence (German), a lowercase
        word after a terminator continues the sentence: "55 v. Chr. gegründet", "Ludwig XIV.
        ließ", "Was nun? fragte er". Two exceptions: a word with a capital inside ("eBay",
        "iPhone") is a name written that way, and a text whose current sentence itself
        starts in lowercase does not capitalise sentence starts at all.
        """
        text = state.text
        if _INNER_CAPITAL.match(text, candidate.first_index):
            return False
        start = min(self._lead_end(state), candidate.run_start)
        return start >= candidate.run_start or not text[start].islower()

    def _ellipsis(self, text: str, candidate: _Candidate, shape: str) -> int | None:
        run, run_start = candidate.run, candidate.run_start
        if " " in run:
            if run_start == 0 or text[run_start - 1].isspace():
                # ". . ." after a space marks words left out inside the sentence; a fourth
                # period (". . . .") is the full stop of a sentence that ends in an omission.
                return candidate.close_end if run.count(".") >= 4 and shape == "upper" else None
            if run.startswith(". "):
                # "word. . . . Next": the period ends the sentence, the ellipsis opens the next.
                return run_start + 1 if shape == "upper" else None
        return candidate.close_end if shape in ("upper", "uncased") else None

    def _abbreviation(self, text: str, candidate: _Candidate) -> str | None:
        """Class of the abbreviation that ends at the terminator, if any.

        Spaced abbreviations ("z. B.", "i. V. m.") are matched by joining up to three short
        words before the terminator that each end in a period, separated by one space or, in
        hard-wrapped text, one line break; a word glued to the previous sentence
        ("Tuesday.Mr.") or to a compound ("Zimmermann-Str.") is looked up after its last
        period, hyphen or slash as well.
        """
        return self._abbreviation_of(text, candidate.token_start, candidate.core)

    def _abbreviation_of(self, text: str, token_start: int, core: str) -> str | None:
        """`_abbreviation` of the word `core` + "." whose token (with any opening quotes and
        brackets) starts at `token_start`."""
        lookup = self.grammar.abbreviations
        key = core + "."
        if self._fast and key not in lookup and key not in self._abbreviation_tails \
                and "." not in core[:-1] and "-" not in core[:-1] and "/" not in core[:-1]:
            # Every spelling looked up below ends in `key`, and a longer one has it as a
            # proper ending: none can be an abbreviation (the common case, decided at once).
            return None
        parts = [key]
        start = token_start
        for _ in range(3):
            gap = _gap_before(text, start)
            if gap == start or gap < 2 or text[gap - 1] != ".":
                break
            word_start = gap - 1
            while word_start > 0 and not text[word_start - 1].isspace() \
                    and start - word_start < 10:
                word_start -= 1
            while word_start < gap - 1 and text[word_start] in self._strip:
                word_start += 1
            parts.insert(0, text[word_start:gap])
            start = word_start
        for index in range(len(parts)):
            klass = lookup.get("".join(parts[index:]))
            if klass is not None:
                return klass
        start = token_start
        gap = _gap_before(text, start)
        if gap != start and gap >= 1 and text[gap - 1].isalpha():
            # an abbreviation whose first word has no period: "et al."
            word = _TOKEN_BEFORE.match(text, max(0, gap - _TOKEN_LIMIT), gap)
            klass = lookup.get(text[word.start():gap] + core + ".") if word else None
            if klass is not None:
                return klass
        for separator in ".-/":
            if separator in core[:-1]:
                tail = core.rsplit(separator, 1)[1]
                if tail and tail[0].isalpha() and (tail + ".") in lookup:
                    return lookup[tail + "."]
        return None


def _first_of(text: str, chars: tuple[str, ...]) -> int:
    """The offset of the first of `chars` in `text`, -1 if none: one `str.find` per character,
    each up to the first found so far (for a few characters, faster than a search for a
    class)."""
    first = -1
    for char in chars:
        found = text.find(char, 0, first) if first >= 0 else text.find(char)
        if found >= 0:
            first = found
    return first


def _gap_before(text: str, start: int) -> int:
    """Where the one space or line break (LF, CR or CR LF) right before `start` begins;
    `start` itself when there is none."""
    if start >= 2 and text[start - 1] == "\n" and text[start - 2] == "\r":
        return start - 2
    if start >= 1 and text[start - 1] in " \n\r":
        return start - 1
    return start


def _short_line(state: _State, index: int) -> bool:
    """Whether the line that ends at `index` was broken on purpose, not by wrapping.

    A line wrapper breaks a line only when the next word does not fit. So when the line, a
    space and the next line's first word would still fit within the widest line of the block
    (the text between blank lines), with a few characters to spare, the author ended the line:
    a headline or a list line without a full stop. A line that ends in a short lowercase word
    ("am", "the", "of") is a sentence broken off, however short it is.
    """
    text = state.text
    block = state.block
    if block is None or not block[0] <= index < block[1]:
        block = state.block = _block_around(text, index)
    line_start = max(text.rfind("\n", block[0], index), text.rfind("\r", block[0], index)) + 1
    line_start = max(line_start, block[0])
    line = text[line_start:index].rstrip()
    last = line.rsplit(None, 1)[-1] if line.strip() else ""
    if not last or (last.islower() and len(last) <= 3):
        return False
    following = _NOT_SPACE.search(text, index, block[1])
    if following is None:
        return False
    word_end = following.start()
    while word_end < block[1] and not text[word_end].isspace():
        word_end += 1
    slack = max(_LINE_SLACK, block[2] // 8)
    if len(line) + 1 + (word_end - following.start()) + slack > block[2]:
        return False
    if len(line.split()) > 1:
        return True
    # A single word ("Andere" broken off a PDF line) ends a line of its own only in a list of
    # short lines: the next line must not reach the width of the block either.
    next_end = text.find("\n", following.start(), block[1])
    next_line = text[following.start():block[1] if next_end < 0 else next_end].rstrip()
    return len(next_line) + slack <= block[2]


def _block_around(text: str, index: int) -> tuple[int, int, int]:
    """(start, end, width) of the lines around `index` up to blank lines; width is the length
    of the longest line."""
    before = _BLANK_BEFORE.search(text, 0, index)
    start = before.end() if before is not None else 0
    after = _BLANK_AFTER.search(text, index)
    end = after.start() if after is not None else len(text)
    width = max((len(line.rstrip()) for line in text[start:end].splitlines()), default=0)
    return start, end, width


def _shape(char: str) -> str:
    if not char:
        return ""
    if char.islower():
        return "lower"
    if char.isupper():
        return "upper"
    if char.isdigit():
        return "digit"
    if char.isalpha():
        return "uncased"
    return "other"


def _previous_word_lower(text: str, token_start: int) -> bool:
    index = token_start - 1
    while index >= 0 and text[index].isspace():
        index -= 1
    end = index + 1
    while index >= 0 and text[index].isalpha():
        index -= 1
    word = text[index + 1:end]
    return bool(word) and word.islower()


def spans_between(text: str, cuts: list[int], stripped: int | None = None) -> Spans:
    """Split `text` at `cuts` and trim whitespace; empty pieces are dropped.

    `cuts` are increasing offsets inside the text. `stripped`, the length of `text` without
    trailing whitespace, saves computing it again.
    """
    spans: Spans = []
    start = 0
    for end in cuts:
        # A printable ASCII character is no whitespace by any definition: the usual piece
        # starts right there or after one space, found without a search.
        char = text[start] if start < end else ""
        if "!" <= char <= "~":
            piece_start = start
        elif char == " " and start + 1 < end and "!" <= text[start + 1] <= "~":
            piece_start = start + 1
        else:
            first = _NOT_SPACE.search(text, start, end)
            if first is None:
                start = end
                continue
            piece_start = first.start()
        if text[end - 1].isspace():
            spans.append((piece_start, piece_start + len(text[piece_start:end].rstrip())))
        else:
            spans.append((piece_start, end))  # the usual cut, right after a terminator
        start = end
    if stripped is None:
        stripped = len(text.rstrip())
    if start < stripped:  # the last piece holds some non-whitespace
        char = text[start]
        if "!" <= char <= "~":
            piece_start = start
        elif char == " " and "!" <= text[start + 1] <= "~":
            piece_start = start + 1
        else:
            piece_start = _NOT_SPACE.search(text, start).start()
        spans.append((piece_start, stripped))
    return spans
