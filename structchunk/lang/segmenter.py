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
from collections.abc import Callable

import regex

from structchunk.lang.candidates import DASHES, State, char_shape, first_of
from structchunk.lang.decisions import TerminatorRules, skip_openers
from structchunk.lang.grammars import Rule, SentenceGrammar
from structchunk.lang.quotations import (
    DOUBLE_QUOTES,
    QUOTE_LIMIT,
    SHORT_REACH,
    SINGLE_QUOTES,
    Quotations,
)
from structchunk.lang.scanner import ROWS, build_scanner, char_class, spaced_openers, triggers
from structchunk.lang.spans import Spans, spans_between
from structchunk.lang.word_kinds import NEVER, PlainCut

__all__ = ["RuleSegmenter", "Spans", "spans_between"]

# Every character `Quotations` reads as a quotation mark, and those of them in ASCII.
_QUOTE_CHAR = re.compile(f"[{re.escape(DOUBLE_QUOTES + SINGLE_QUOTES)}]")
_ASCII_DOUBLE, _ASCII_SINGLE = (char for char in DOUBLE_QUOTES + SINGLE_QUOTES if char.isascii())
_LATIN1_QUOTES = tuple(char for char in DOUBLE_QUOTES + SINGLE_QUOTES if char <= "\xff")


class RuleSegmenter(TerminatorRules):
    """Sentence spans of a text by the rules of one `SentenceGrammar`. Thread-safe, reusable.

    `fast=False` turns off the shortcuts that find the same boundaries faster (the scanner's
    plain case, the scanner for texts without rare terminators): every candidate then gets the
    full analysis, a reference to test the shortcuts against.
    """

    def __init__(self, grammar: SentenceGrammar, *, fast: bool = True) -> None:
        self.grammar = grammar
        self._fast = fast
        self._read_grammar(grammar)
        plain = self._plain_terminators(grammar) if fast else ""
        self._plain = plain
        self._plain_cuts: dict[str, PlainCut] = {}
        self._word_kinds: dict[str, str] = {}
        # With the shortcuts, no scanner reports the terminator run at the end of a text.
        self._scan = build_scanner(grammar, plain, frozenset(), trailing=not fast)
        self._word_group = self._scan.groupindex.get("word", 0)
        # Every alternative of the scanner starts with one of these characters; a text with
        # none of them before its closing terminator run has no boundary, and is answered
        # without the scan (the common case of one short sentence per call).
        starts = triggers(grammar)
        self._trigger = re.compile(f"[{re.escape(''.join(sorted(starts)))}]")
        # Most texts hold none of the triggers outside ASCII: a scanner whose classes list
        # fewer characters skips plain text faster and finds the same matches in them ...
        rare = frozenset(char for char in starts if not char.isascii()) if fast else frozenset()
        self._rare_chars = rare
        self._rare_above_latin1 = all(char > "\xff" for char in rare)
        self._lean_scan = build_scanner(grammar, plain, rare, trailing=False) if rare \
            else self._scan
        self._rare = re.compile(f"[{re.escape(''.join(sorted(rare)))}]") if rare else None
        # ... and a text that holds some of them (a Hindi text its dandas) gets a scanner
        # without the others, compiled once per set of characters present.
        self._scans_by_present: dict[frozenset[str], regex.Pattern[str]] = {}
        # Most texts hold no trigger but the full stop (and no rare one): they get a scanner
        # with that one first character, whose next occurrence the regex engine finds by a
        # fast search instead of testing every character against a class.
        self._other_triggers = tuple(sorted(char for char in starts
                                            if char != "." and char not in rare))
        self._dot_scan = build_scanner(grammar, plain, starts - {"."}, trailing=False) \
            if fast and "." in grammar.final else None
        self._handlers: dict[str, Callable[[State, regex.Match[str]], None]] = {
            group: getattr(self, row.handler)
            for row in ROWS for group in row.groups or (row.name,)}

    def _read_grammar(self, grammar: SentenceGrammar) -> None:
        """The grammar's sets and switches, as the decisions read them."""
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
        self._skip_before_first = grammar.openers | DASHES
        self._spaced_skip = spaced_openers(grammar)
        # a capital after the space is the next word's first letter unless it is skipped
        self._upper_skip = any(char.isupper() for char in self._skip_before_first)
        self._starters = grammar.words.get("starters", frozenset())
        self._pronoun_i = grammar.options.get("pronoun_i", False)
        self._lowercase_continues = grammar.options.get("lowercase_continues", False)
        self._quote_reach = SHORT_REACH if grammar.options.get("quoted_sentences", False) \
            else QUOTE_LIMIT
        # Every proper ending of an abbreviation: "al." of "etal." ("et al."), whose first word
        # is looked up with the word before it.
        self._abbreviation_tails = frozenset(
            spelling[index:] for spelling in grammar.abbreviations
            for index in range(1, len(spelling) - 1))
        # ... and every first part of an abbreviation of several words: "EE." of "EE.UU."
        heads: dict[str, list[str]] = {}
        for spelling in grammar.abbreviations:
            for index, char in enumerate(spelling[:-1]):
                if char == ".":
                    heads.setdefault(spelling[:index + 1], []).append(spelling)
        self._abbreviation_heads = {head: tuple(sorted(spellings))
                                    for head, spellings in heads.items()}
        self._tail = frozenset(grammar.final) | (frozenset(grammar.closers) - {")"})
        self._lead = regex.compile(rf"[\s{char_class(self._strip | DASHES)}]*")

    def _plain_terminators(self, grammar: SentenceGrammar) -> str:
        """The terminators of the plain case "word. Next", found by the scanner itself (see
        `scanner.PLAIN`): those no other alternative starts with (nor a quote, bracket or
        line bullet) and no rule without a word pattern applies to."""
        others = (triggers(grammar, without=("plain", "final", "glued")) | grammar.line_bullets
                  | grammar.openers | grammar.closers)
        return "".join(char for char in ".?!" if char in grammar.final and char not in others
                       and all(rule.terminator is not None
                               and not rule.terminator.fullmatch(char)
                               for rule in self._tokenless_rules))

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

    # --- the scan ---------------------------------------------------------------------

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
        lean = latin1 and (self._rare is None or self._rare_above_latin1)
        scan = self._lean_or_dot(text) if lean else None
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
            if scan is self._lean_scan:
                scan = self._lean_or_dot(text)
        # the first quote character: str.find is faster than a search for a class
        if ascii_only:
            double, single = text.find(_ASCII_DOUBLE), text.find(_ASCII_SINGLE)
            quote = double if single < 0 or 0 <= double < single else single
        elif latin1:
            quote = first_of(text, _LATIN1_QUOTES)
        else:
            found = _QUOTE_CHAR.search(text)
            quote = found.start() if found is not None else -1
        state = State(text, [], Quotations(text, self._openers, quote, self._quote_reach)
                      if quote >= 0 else None, stripped=stripped)
        # No match starts before the first character that starts an alternative: the scan
        # starts there (its lookbehinds still see the text before it), after a search in C.
        handlers = self._handlers
        on_plain = self._on_plain
        for match in scan.finditer(text, begin):
            group = match.lastgroup
            if group == "plain":  # the common case, without a look-up
                on_plain(state, match)
            elif group is not None:
                handlers[group](state, match)
        return state.cuts

    def _lean_or_dot(self, text: str) -> regex.Pattern[str]:
        """The lean scanner, or the full-stop scanner for a text with no other trigger."""
        if self._dot_scan is not None:
            for char in self._other_triggers:
                if char in text:
                    return self._lean_scan
            return self._dot_scan
        return self._lean_scan

    def _scanner_for(self, text: str, rare: re.Pattern[str]) -> regex.Pattern[str]:
        """The scanner for a text with the rare characters it holds (see `__init__`)."""
        present = frozenset(rare.findall(text))
        if not present:
            return self._lean_scan
        scan = self._scans_by_present.get(present)
        if scan is None:
            if len(self._scans_by_present) >= 32:
                return self._scan  # an unusual mix: the scanner for every character
            scan = self._scans_by_present[present] = build_scanner(
                self.grammar, self._plain, self._rare_chars - present, trailing=False)
        return scan

    # --- one handler per scanner row (`scanner.ROWS`) -----------------------------------

    def _on_plain(self, state: State, match: regex.Match[str]) -> None:
        """"word. Next": decided once per word (`_plain_cut`) and by the next letter."""
        text = state.text
        position = match.end()
        word = match.group(self._word_group)
        entry = self._plain_cuts.get(word)
        if entry is None:
            entry = self._plain_cut(word)
        quotes = state.quotes
        if entry[3] and text[position + 1].isupper():
            if quotes is None or quotes.quiet(position):
                state.cut(position)
            else:
                state.cut(self._quoted(state, position, position))
            return
        start = match.start()
        first = position + 1
        following = text[first]
        skip = self._skip_before_first
        if following in skip:
            # opening quotes, brackets or dashes before the next word (as `_candidate` skips
            # them): only a capital starts a sentence after them, as after closing quotes or
            # brackets
            first = skip_openers(text, first, skip, self._spaced_skip)
            following = text[first] if first < len(text) else ""
            shapes = entry[1]
        else:
            # without or with closing quotes or brackets after the terminator
            shapes = entry[1] if position - start > 1 else entry[0]
        if shapes and ("upper" if following.isupper() else char_shape(following)) in shapes \
                and not (entry[2] and self._abbreviation_of(
                    text, start + 1 - len(word), word[:-1]) is not None):
            if quotes is not None and not quotes.quiet(position):
                state.cut(self._quoted(state, position, position))
            else:
                state.cut(position)
            return
        if shapes is not NEVER:
            self._decide(state, start, start + 1, position)

    def _on_final(self, state: State, match: regex.Match[str]) -> None:
        """Any other terminator run, with its closing quotes, brackets and footnote marks."""
        text, position = state.text, match.end()
        # `NOT_SPACE` and `str.isspace` agree on every character: nothing but whitespace
        # follows `stripped`
        if position >= state.stripped and not (
                position + 1 < len(text) and text[position] == " "
                and not text[position + 1].isspace()):
            return  # only whitespace follows: the last span ends there anyway
        self._decide(state, match.start(), match.end("final"), position)

    def _on_blank(self, state: State, match: regex.Match[str]) -> None:
        """A blank line ends every sentence and quotation."""
        if state.quotes is not None:
            state.quotes.forget(match.end())
        state.cut(match.start())

    def _on_always(self, state: State, match: regex.Match[str]) -> None:
        """A danda or full-width terminator: a cut wherever it stands, but in a number."""
        text, start, position = state.text, match.start(), match.end()
        decimal = (match.end("always") - start == 1 and start > 0
                   and text[start - 1].isdigit() and position < len(text)
                   and text[position].isdigit())
        if not decimal:  # the danda ends a sentence also inside a quotation
            if state.quotes is not None:
                state.quotes.read(position)
            state.cut(position)

    def _on_glued(self, state: State, match: regex.Match[str]) -> None:
        """A full stop glued to the next sentence ("жағдайы.XVIII"): decided as any other."""
        self._decide(state, match.start(), match.end(), match.end())

    def _on_title(self, state: State, match: regex.Match[str]) -> None:
        """A title in its marks ("《摔跤吧！爸爸》"): read whole, it ends no sentence."""

    def _on_ending(self, state: State, match: regex.Match[str]) -> None:
        """A sentence-final verb ending before a space: a cut unless a quotation goes on."""
        state.cut(self._quoted(state, match.end(), match.end()))

    def _on_space(self, state: State, match: regex.Match[str]) -> None:
        """A space between two letters of a script without sentence punctuation (Thai)."""
        state.cut(self._quoted(state, match.start(), match.start()))

    def _on_line_bullet(self, state: State, match: regex.Match[str]) -> None:
        start = match.start() + 1
        if not self._at_start(state, start):
            state.cut(start)

    def _on_bullet(self, state: State, match: regex.Match[str]) -> None:
        text, start = state.text, match.start()
        if (start == 0 or text[start - 1].isspace()) and not self._at_start(state, start):
            state.cut(start)

