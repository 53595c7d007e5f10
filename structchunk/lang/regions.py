"""Languages of a document and of its regions: `Document.language` and the per-offset map.

A document's language is its dominant one, found from the openings of its prose blocks
(`structchunk.lang.openings`); `parse()` sets it (`with_language`) unless one is given. Each
section, then each block in it (paragraph, list item, table row, ...), is judged on its own
text, lazily, and a region too short to judge, or code, takes the language of what encloses it
(see `structchunk.lang.detect` for when the language around wins). A region is first sorted
by the document's vocabulary (`structchunk.lang.familiar`): on corpus/docs two regions in
three then take their language without the identifier.
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import replace
from itertools import repeat
from operator import le

from structchunk.lang.detect import (
    MIN_LETTERS,
    SAMPLE,
    UNJUDGED,
    Verdict,
    dominant,
    judge,
    knowledge,
)
from structchunk.lang.familiar import Vocabulary
from structchunk.lang.grammars import normalize_language
from structchunk.lang.openings import (
    DESCEND,
    NOT_PROSE,
    document_verdict,
    document_vocabulary,
)
from structchunk.lang.scripts import text_script
from structchunk.tree import Document, Node, NodeKind

# The language of a scope not settled yet: no language code, and one list of languages holds
# both (a second list of flags took 8 bytes per scope).
_UNSETTLED = "\x00unsettled"

# Where a detected `Document.language` is recorded, so that it is not taken as forced.
DETECTED = "detected_language"


def with_language(document: Document) -> Document:
    """`document` with its dominant language set, unless one was given or found before."""
    if document.language:
        return document
    language = dominant(document_verdict(document))
    return replace(document, language=language,
                   metadata={**document.metadata, DETECTED: language})


def is_forced(document: Document) -> bool:
    """Whether `document.language` was given rather than detected."""
    return bool(document.language) and document.metadata.get(DETECTED) != document.language


def language_map(document: Document) -> Callable[[int], str | None]:
    """Return a function from a character offset to the language of the region around it.

    A forced `document.language` holds everywhere. Otherwise the document has its dominant
    language, then each section, then each block in it gets its own; a region too short to
    judge, or code, inherits the language of what encloses it. Regions are judged only when
    asked for, and an enclosing region only when the inner one needs its language.
    """
    if is_forced(document):
        forced = normalize_language(document.language)
        return lambda offset: forced
    return _LanguageMap(document).language_at


class _LanguageMap:
    """Regions of the tree, each judged lazily and at most once.

    A scope is a span judged on its own text; its parent is the scope whose language it
    inherits. Scope 0 is the whole document. Each region maps to the scope that decides it.
    Spans, parents and regions are kept in `array` columns of machine integers, 4 bytes each
    below 2**31 characters, and collected straight into arrays: a table row is a region and a
    scope, and lists of boxed integers took about 10 bytes per character of a Markdown file
    with a small table in every section while the map was built (a compiled node boxes a new
    integer at each read of an offset).
    """

    def __init__(self, document: Document) -> None:
        self.text = document.text
        self.found = knowledge()
        self.ascii_script = text_script("a", self.found.known)  # that of every ASCII text
        self.document = document
        self.vocabulary: Vocabulary | None = None
        spans, regions, openers = _collect(document.root, _typecode(len(self.text)))
        self.openers = frozenset(openers)
        count = len(spans) // 3
        self.span_starts = spans[0::3]  # scope 0, the document, is judged whole
        self.span_ends = spans[1::3]
        self.parents = spans[2::3]
        del spans
        self.verdicts: list[Verdict | None] = [None] * count
        if document.language:
            self.verdicts[0] = Verdict(document.language)
        # A scope's language once settled (None is a language: none found); _UNSETTLED before.
        self.languages: list[str | None] = [_UNSETTLED] * count
        starts = regions[0::3]
        if not all(map(le, starts, starts[1:])):  # a C loop: in order but for rare trees
            order = sorted(range(len(starts)), key=starts.__getitem__)  # stable, as before
            regions = array(regions.typecode, (
                value for index in order for value in regions[3 * index:3 * index + 3]))
            starts = regions[0::3]
        self.starts = starts
        self.ends = regions[1::3]
        self.scopes = regions[2::3]

    def language_at(self, offset: int) -> str | None:
        index = bisect_right(self.starts, offset) - 1
        if index >= 0 and offset < self.ends[index]:
            return self.language(self.scopes[index])
        return self.language(0)

    def language(self, scope: int) -> str | None:
        """Judge the scope, and its enclosing scopes only as far as their language matters."""
        settled = self.languages[scope]
        if settled is not _UNSETTLED:
            return settled
        named = self._verdict(scope).language
        if named is not None:  # most regions: named by their script or the vocabulary
            self.languages[scope] = named
            return named
        chain: list[tuple[int, Verdict]] = []
        while scope >= 0 and self.languages[scope] is _UNSETTLED:
            verdict = self._verdict(scope)
            chain.append((scope, verdict))
            if not verdict.needs_prior:
                break
            scope = self.parents[scope]
        prior = self.languages[scope] if scope >= 0 else None
        prior = None if prior is _UNSETTLED else prior
        for index, verdict in reversed(chain):
            # The document's own language has no prior: it is its dominant one.
            prior = verdict.settle(prior, inherit=True) if index else dominant(verdict)
            self.languages[index] = prior
        return prior

    def _verdict(self, scope: int) -> Verdict:
        verdict = self.verdicts[scope]
        if verdict is None:
            start = self.span_starts[scope]
            verdict = document_verdict(self.document, self.found) if not scope else (
                self._judge(self.text[start:min(self.span_ends[scope], start + SAMPLE)],
                            scope))
            self.verdicts[scope] = verdict
        return verdict

    def _judge(self, sample: str, scope: int) -> Verdict:
        """A region's verdict: sorted by the document's vocabulary where it can be
        (`structchunk.lang.familiar`), judged otherwise. A heading that opens its scope, in
        the vocabulary's script and not sorted, takes the language of the scope it opens:
        a few words tell languages apart less well than the heading and the text after it
        (on corpus/docs, 169 such headings were asked alone, none of them sure of a
        language other than their guide's)."""
        if len(sample) < MIN_LETTERS:
            return UNJUDGED
        if self.vocabulary is None:
            self.vocabulary = document_vocabulary(self.document, self.language(0), self.found)
        script = self.ascii_script if sample.isascii() else text_script(sample, self.found.known)
        sorted_out = self.vocabulary.sort(sample, script)
        if sorted_out is not None:
            return sorted_out
        if scope in self.openers and self.vocabulary.writes(script):
            return UNJUDGED
        return judge(sample, self.found)


def _typecode(length: int) -> str:
    """The array type of offsets into a text of `length` characters: 4 bytes where they fit."""
    return "i" if length < 2**31 - 1 else "q"


def _collect(root: Node, typecode: str = "q") -> tuple[array[int], array[int], list[int]]:
    """The scopes and regions of the tree, in order: (start, end, parent) of each scope, the
    document first with span (-1, -1), and (start, end, scope) of each region, flat, in
    arrays of `typecode`. One loop over the nodes, not a call per node.

    A scope's start is that of its first prose block: a section is judged on its words, not
    on the code, HTML or front matter it opens with (a scope of no prose keeps its own).
    The third value lists the scopes of headings that are the first prose block of the scope
    around them (see `_LanguageMap._judge`)."""
    spans = array(typecode, (-1, -1, -1))
    regions = array(typecode)
    unset: list[int] = []  # scopes opened whose first prose block is still to come
    openers: list[int] = []
    stack = [(root, 0)]
    while stack:
        node, parent = stack.pop()
        kind = node.kind
        if kind in NOT_PROSE:
            regions.extend((node.start, node.end, parent))
            continue
        scope = 0
        if kind is not NodeKind.DOCUMENT:
            scope = len(spans) // 3
            spans.extend((node.start, node.end, parent))
            unset.append(scope)
        if kind in DESCEND and node.children:
            stack.extend(zip(reversed(node.children), repeat(scope)))
        else:
            regions.extend((node.start, node.end, scope))
            if kind is NodeKind.HEADING and parent in unset:
                openers.append(scope)
            for waiting in unset:  # this scope and those around it still without prose
                spans[3 * waiting] = node.start
            unset.clear()
    return spans, regions, openers
