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

from bisect import bisect_right
from collections.abc import Callable
from dataclasses import replace

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
    """

    def __init__(self, document: Document) -> None:
        self.text = document.text
        self.found = knowledge()
        self.spans: list[tuple[int, int] | None] = [None]
        self.parents: list[int] = [-1]
        self.verdicts: list[Verdict | None] = [
            Verdict(document.language) if document.language else None]
        self.document = document
        self.languages: list[str | None] = [None]
        self.settled: list[bool] = [False]
        self.vocabulary: Vocabulary | None = None
        regions: list[tuple[int, int, int]] = []
        self._collect(document.root, 0, regions)
        regions.sort(key=lambda region: region[0])
        self.starts = [start for start, _end, _scope in regions]
        self.regions = regions

    def _collect(self, node: Node, parent: int, regions: list[tuple[int, int, int]]) -> None:
        if node.kind in NOT_PROSE:
            regions.append((node.start, node.end, parent))
            return
        descend = node.kind in DESCEND and bool(node.children)
        if node.kind is NodeKind.DOCUMENT:
            scope = 0
        else:
            scope = len(self.spans)
            self.spans.append((node.start, node.end))
            self.parents.append(parent)
            self.verdicts.append(None)
            self.languages.append(None)
            self.settled.append(False)
        if descend:
            for child in node.children:
                self._collect(child, scope, regions)
        else:
            regions.append((node.start, node.end, scope))

    def language_at(self, offset: int) -> str | None:
        index = bisect_right(self.starts, offset) - 1
        if index >= 0:
            start, end, scope = self.regions[index]
            if start <= offset < end:
                return self.language(scope)
        return self.language(0)

    def language(self, scope: int) -> str | None:
        """Judge the scope, and its enclosing scopes only as far as their language matters."""
        chain: list[tuple[int, Verdict]] = []
        while scope >= 0 and not self.settled[scope]:
            verdict = self._verdict(scope)
            chain.append((scope, verdict))
            if not verdict.needs_prior:
                break
            scope = self.parents[scope]
        prior = self.languages[scope] if scope >= 0 and self.settled[scope] else None
        for index, verdict in reversed(chain):
            # The document's own language has no prior: it is its dominant one.
            prior = verdict.settle(prior, inherit=True) if index else dominant(verdict)
            self.languages[index] = prior
            self.settled[index] = True
        return prior

    def _verdict(self, scope: int) -> Verdict:
        verdict = self.verdicts[scope]
        if verdict is None:
            span = self.spans[scope]
            verdict = document_verdict(self.document, self.found) if span is None else (
                self._judge(self.text[span[0]:min(span[1], span[0] + SAMPLE)]))
            self.verdicts[scope] = verdict
        return verdict

    def _judge(self, sample: str) -> Verdict:
        """A region's verdict: sorted by the document's vocabulary where it can be
        (`structchunk.lang.familiar`), judged otherwise."""
        if len(sample) < MIN_LETTERS:
            return UNJUDGED
        if self.vocabulary is None:
            self.vocabulary = document_vocabulary(self.document, self.language(0), self.found)
        sorted_out = self.vocabulary.sort(sample, text_script(sample, self.found.known))
        return sorted_out if sorted_out is not None else judge(sample, self.found)
