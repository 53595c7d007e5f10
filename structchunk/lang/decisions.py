"""The decision at one terminator run: does a sentence end here?

`TerminatorRules` is the part of `RuleSegmenter` that decides candidates from the grammar:
the data rules first, then quotations, abbreviations, initials, enumerations and the shape of
the next word. Precision comes first: when in doubt a sentence is kept whole.
What the word before the terminator is (an ordinary word, an abbreviation, ...) is read
from `word_kinds`, as the plain-word path reads it.
"""

from __future__ import annotations

import regex

from structchunk.lang.candidates import (
    TOKEN_BEFORE,
    TOKEN_LIMIT,
    Candidate,
    State,
    char_shape,
    gap_before,
    previous_word_lower,
)
from structchunk.lang.grammars import Rule
from structchunk.lang.layout import LayoutRules
from structchunk.lang.markers import MARKER, NUMBERED_ITEM, is_item_label
from structchunk.lang.spans import NOT_SPACE
from structchunk.lang.word_kinds import (
    ELISIONS,
    PREFIX,
    WORD,
    WORD_SEPARATORS,
    WordKinds,
    is_initial,
    lowercase_may_follow,
)

_INITIALISM = regex.compile(r"(?:\p{L}{1,2}\.)+\p{L}{1,2}")
_HAS_LETTER = regex.compile(r"\p{L}")
_WORD_AT = regex.compile(r"[\p{L}\p{M}]+")
_INNER_CAPITAL = regex.compile(r"\p{Ll}+\p{Lu}")
# an ellipsis glued to the next word, which it opens ("...en toen barste de hel los")
_OPENING_ELLIPSIS = regex.compile(r"(?:\.{3}|…)\p{L}")

def skip_openers(text: str, first: int, skip: frozenset[str], spaced: frozenset[str]) -> int:
    """Where the next word's first letter is, after up to four opening quotes, brackets and
    dashes that start at `first`, and a space after one of `spaced` (a dash, or a mark that
    only opens: French "« Je", Dutch ",, Ik"); as `scanner.PLAIN` reads them."""
    limit = min(len(text), first + 4)
    while first < limit and (text[first] in skip or (
            text[first] == " " and text[first - 1] in spaced)):
        first += 1
    return first


class TerminatorRules(WordKinds, LayoutRules):
    """The decisions at terminator runs (see the module doc)."""

    _fast: bool
    _rules: tuple[Rule, ...]
    _tokenless_rules: tuple[Rule, ...]
    _openers: frozenset[str]
    _questions: frozenset[str]
    _skip_before_first: frozenset[str]
    _spaced_skip: frozenset[str]
    _starters: frozenset[str]
    _pronoun_i: bool

    def _decide(self, state: State, run_start: int, run_end: int, close_end: int) -> None:
        """The full analysis of one terminator run `text[run_start:run_end]` whose closing
        quotes, brackets and footnote marks end at `close_end`."""
        candidate = self._candidate(state.text, run_start, run_end, close_end)
        if candidate is not None:
            cut = self._terminator(state, candidate)
            if cut is not None:
                state.cut(self._quoted(state, cut, close_end))

    def _candidate(self, text: str, run_start: int, run_end: int,
                   close_end: int) -> Candidate | None:
        length = len(text)
        if close_end + 1 < length and text[close_end] == " " \
                and not text[close_end + 1].isspace():
            next_start = close_end + 1  # the usual case: one space
        else:
            following = NOT_SPACE.search(text, close_end)
            if following is None:
                return None  # end of text: the last span ends there anyway
            next_start = following.start()
        first_index = next_start
        if text[first_index] in self._skip_before_first:
            first_index = skip_openers(text, first_index, self._skip_before_first,
                                       self._spaced_skip)
        token_start = TOKEN_BEFORE.match(text, max(0, run_start - TOKEN_LIMIT),
                                          run_start).start()
        core_start = token_start
        while core_start < run_start and text[core_start] in self._strip:
            core_start += 1
        core_end = run_start
        while core_end > core_start and text[core_end - 1] in self._closers:
            core_end -= 1
        return Candidate(run_start, text[run_start:run_end], close_end,
                          text[run_end:close_end], token_start, core_start,
                          text[core_start:core_end], next_start, first_index,
                          text[first_index] if first_index < length else "")

    def _rule(self, text: str, candidate: Candidate) -> bool | None:
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

    @staticmethod
    def _quoted(state: State, cut: int, read_to: int) -> int | None:
        """`cut`, unless it falls inside a quotation that closes soon (see `Quotations`)."""
        quotes = state.quotes
        if quotes is None:
            return cut  # a text without quotation marks
        quotes.read(read_to)
        return None if quotes.keeps_whole(cut) else cut

    def _enumeration(self, state: State, candidate: Candidate) -> bool:
        """Whether the terminator ends an enumeration marker ("3.", "b)"), decided here: a
        marker opens a sentence before it (unless a data rule keeps it) and ends none."""
        core = candidate.core
        if not (len(core) <= 5 and candidate.run == "." and candidate.closers in ("", ")")
                and MARKER.fullmatch(core)):
            return False
        style = ".)" if candidate.closers else "."
        is_marker = self._marker(state, candidate.core_start, core, style)
        if is_marker is None:
            return style == ".)"
        if is_marker and not (style == "." and self._rule(state.text, candidate) is False):
            state.cut(candidate.core_start)
            state.in_item = True
        return True

    def _terminator(self, state: State, candidate: Candidate) -> int | None:
        """Cut offset for a terminator run, or None when the sentence goes on."""
        if self._enumeration(state, candidate):
            return None
        text = state.text
        core = candidate.core
        decided = self._rule(text, candidate)
        if decided is not None:
            return candidate.close_end if decided else None
        shape = char_shape(candidate.first)
        if shape == "other" and _OPENING_ELLIPSIS.match(text, candidate.first_index):
            shape = "upper"  # a sentence that takes up an omitted start: "raak. ...en toen"
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
            # initial ends in it, and no number is written with it ("۔ 5 سال")
            return candidate.close_end if shape in ("upper", "uncased", "digit") else None
        if not core:
            return candidate.close_end if shape in ("upper", "uncased") else None
        return self._full_stop(text, candidate, shape)

    def _full_stop(self, text: str, candidate: Candidate, shape: str) -> int | None:
        """`_terminator` for a full stop after a word: abbreviations, initials, numbers."""
        core = candidate.core
        kind = self._word_kind(core + ".")
        if kind == WORD:
            return candidate.close_end if shape in ("upper", "uncased", "lower") or (
                shape == "digit" and _HAS_LETTER.search(core)) else None
        klass = "prefix" if kind == PREFIX else self._abbreviation(text, candidate)
        if klass == "prefix":
            return None
        if klass is None and self._opens_abbreviation(text, candidate):
            return None  # "EE." of "EE. UU.": decided after its last word
        if klass == "numeric":
            # before a number, a label or a lowercase word ("2,3 proc. w Singapurze", "Núm. de
            # tel") it goes on; before anything else it is an ordinary word
            if shape in ("digit", "lower") or candidate.first == "§" or (
                    is_item_label(text, candidate.first_index)
                    and not self._starter_follows(text, candidate)):
                return None
            klass = None
        if klass == "general" or (klass is None and "." in core and _INITIALISM.fullmatch(core)):
            return candidate.close_end if self._starter_follows(text, candidate) else None
        if is_initial(core) and not (
                self._pronoun_i and core == "I"
                and previous_word_lower(text, candidate.token_start)):
            return None  # an initial: "Jonas E. Smith", "S. 225"
        if shape in ("upper", "uncased", "lower"):
            return candidate.close_end
        if shape == "digit" and _HAS_LETTER.search(core):
            return candidate.close_end
        return None

    def _starter_follows(self, text: str, candidate: Candidate) -> bool:
        """Whether the next word is a typical first word of a sentence (`[words] starters`):
        also a word of one letter ("W", "Η"), which is then no label."""
        word = _WORD_AT.match(text, candidate.first_index)
        return word is not None and word.group() in self._starters

    def _lowercase_start(self, text: str, candidate: Candidate) -> bool:
        """Whether a lowercase word may start the next sentence ("we met there. then ...").

        Only after a full stop or a question mark that directly follows a plain word of two or
        more letters, with no quote or bracket in between and none before the next word:
        "'This is great.' she said", "(... engineer.) at", "Yahoo! in", "say so? -- a bit" and
        abbreviations ("approx. five") go on. Abbreviations and initials are ruled out later.
        """
        return (not candidate.closers and candidate.first_index == candidate.next_start
                and lowercase_may_follow(candidate.run, candidate.core))

    def _continues(self, state: State, candidate: Candidate) -> bool:
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

    def _ellipsis(self, text: str, candidate: Candidate, shape: str) -> int | None:
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

    def _abbreviation(self, text: str, candidate: Candidate) -> str | None:
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
                and not any(separator in core[:-1] for separator in WORD_SEPARATORS):
            # Every spelling looked up below ends in `key`, and a longer one has it as a
            # proper ending: none can be an abbreviation (the common case, decided at once).
            return None
        parts = [key]
        start = token_start
        for _ in range(3):
            gap = gap_before(text, start)
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
        gap = gap_before(text, start)
        if gap != start and gap >= 1 and text[gap - 1].isalpha():
            # an abbreviation whose first word has no period: "et al."
            # ("(ad es." is "ad es." after a bracket)
            word = TOKEN_BEFORE.match(text, max(0, gap - TOKEN_LIMIT), gap)
            first = text[word.start():gap].lstrip("".join(self._strip)) if word else ""
            klass = lookup.get(first + core + ".") if first else None
            if klass is not None:
                return klass
        for separator in WORD_SEPARATORS:
            if separator in core[:-1]:
                tail = core.rsplit(separator, 1)[1]
                if separator in ELISIONS and len(tail) < 2:
                    continue  # a clitic ("geht's.", "don't."), not an abbreviation
                if tail and tail[0].isalpha() and (tail + ".") in lookup:
                    return lookup[tail + "."]
        return None

    def _opens_abbreviation(self, text: str, candidate: Candidate) -> bool:
        """Whether the word is the first of an abbreviation of several ("EE." of "EE. UU.")
        whose other words follow it."""
        spellings = self._abbreviation_heads.get(candidate.core + ".")
        if not spellings:
            return False
        squeezed = "".join(text[candidate.core_start:candidate.core_start + 48].split())
        return any(squeezed.startswith(spelling) for spelling in spellings)
