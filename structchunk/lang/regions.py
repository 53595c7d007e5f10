"""Languages of a document and of its regions: `Document.language` and the per-offset map.

A document's language is its dominant one: the languages of the openings (`PIECE`
characters) of up to `DOCUMENT_PIECES` prose blocks spread evenly over it, each judged alone
and weighed by its length; `parse()` sets it (`with_language`) unless one is given. Each
section, then each block in it (paragraph, list item, table row, ...), is judged on its own
text, lazily, and a region too short to judge, or code, takes the language of what encloses it
(see `structchunk.lang.detect` for when the language around wins). A region, or an opening,
mostly in the words of openings sure of a language takes it without the identifier
(`structchunk.lang.familiar`): on corpus/docs that halves the identifier's calls.
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache

from structchunk.lang.detect import (
    DECISIVE,
    SAMPLE,
    Knowledge,
    Verdict,
    dominant,
    judge,
    knowledge,
)
from structchunk.lang.familiar import NO_VOCABULARY, Vocabulary
from structchunk.lang.grammars import normalize_language
from structchunk.lang.neighbours import neighbours
from structchunk.lang.noise import without_noise
from structchunk.lang.scripts import text_script
from structchunk.tree import Document, Node, NodeKind

# A section or list is judged on its opening, as any region (`structchunk.lang.detect.SAMPLE`
# characters): its blocks are judged one by one. The document: see the module doc.
DOCUMENT_PIECES = 8
PIECE = 200
# Where a detected `Document.language` is recorded, so that it is not taken as forced.
DETECTED = "detected_language"

# Node kinds whose text is not prose in a natural language.
_NOT_PROSE = frozenset({NodeKind.CODE, NodeKind.FRONT_MATTER, NodeKind.HTML, NodeKind.BREAK})
# Kinds whose children are judged one by one.
_DESCEND = frozenset({NodeKind.DOCUMENT, NodeKind.SECTION, NodeKind.LIST, NodeKind.QUOTE,
                      NodeKind.TABLE})


def with_language(document: Document) -> Document:
    """`document` with its dominant language set, unless one was given or found before."""
    if document.language:
        return document
    language = dominant(document_verdict(document))
    return replace(document, language=language,
                   metadata={**document.metadata, DETECTED: language})


def document_verdict(document: Document, found: Knowledge | None = None) -> Verdict:
    """The verdict on the openings of the document's prose blocks, spread over all of it.

    Each opening is judged alone and weighs by its length and the probability of each guess,
    so that the language of most of the text wins (one call on the openings joined would let
    a language whose words the identifier is surer of outweigh a longer one). Openings too
    short to judge are judged together in a document that has nothing longer: a document
    has a language whenever it has a letter.
    """
    pieces = document_pieces(document)
    weights = _weights(pieces, found)
    if not weights:  # only short openings: judged together, as one text
        return judge("\n".join(pieces), found, least=1, limit=len(pieces) * (PIECE + 1))
    total = sum(weights.values())
    ranked = sorted(weights.items(), key=lambda item: (-item[1], item[0]))[:3]
    # the openings together hold more of a close neighbour's own words than each alone
    return Verdict(None, neighbours().settle(
        "\n".join(pieces), tuple((code, weight / total) for code, weight in ranked)))


def document_pieces(document: Document) -> list[str]:
    """The openings of up to `DOCUMENT_PIECES` prose blocks spread evenly over the document."""
    blocks: list[Node] = []
    _prose_blocks(document.root, blocks)
    step = max(1, len(blocks) // DOCUMENT_PIECES)
    return [document.text[node.start:min(node.end, node.start + PIECE)]
            for node in blocks[::step][:DOCUMENT_PIECES]]


def document_vocabulary(document: Document, language: str | None,
                        found: Knowledge | None = None) -> Vocabulary:
    """The words of the document's openings sure to be in `language` (kept from finding the
    dominant language: this asks the identifier nothing new)."""
    if language is None:
        return NO_VOCABULARY
    _verdicts, vocabularies = _openings(tuple(document_pieces(document)), found or knowledge())
    return vocabularies.get(language, NO_VOCABULARY)


def _names(verdict: Verdict) -> str | None:
    """The language a verdict is sure of, if any."""
    if verdict.language is not None:
        return verdict.language
    if verdict.guesses and verdict.guesses[0][1] >= DECISIVE:
        return verdict.guesses[0][0]
    return None


# The openings are judged when the document's language is found and again when its regions
# are: the second time is a look-up.
@lru_cache(maxsize=32)
def _openings(pieces: tuple[str, ...], found: Knowledge,
              ) -> tuple[tuple[Verdict, ...], dict[str, Vocabulary]]:
    """Each opening's verdict, in order, and the vocabulary of the openings sure of each
    language; an opening in the words of sure openings before it takes their language
    without the identifier."""
    known: dict[str, Vocabulary] = {}

    def place(sample: str, script: str) -> str | None:
        for vocabulary in known.values():
            placed = vocabulary.place(sample, script)
            if placed is not None:
                return placed
        return None

    verdicts: list[Verdict] = []
    for piece in pieces:
        verdict = judge(piece, found, limit=PIECE, place=place)
        verdicts.append(verdict)
        language = _names(verdict)
        if language is not None:
            sample = without_noise(piece)
            if language not in known:
                known[language] = Vocabulary(language, text_script(sample, found.known), set())
            known[language].learn(sample)
    return tuple(verdicts), {language: vocabulary.frozen() for language, vocabulary
                             in known.items()}


def _weights(pieces: list[str], found: Knowledge | None) -> dict[str, float]:
    weights: dict[str, float] = {}
    verdicts, _vocabularies = _openings(tuple(pieces), found or knowledge())
    for piece, verdict in zip(pieces, verdicts, strict=True):
        named = ((verdict.language, 1.0),) if verdict.language else verdict.guesses
        for code, probability in named:
            weights[code] = weights.get(code, 0.0) + probability * len(piece)
    return weights


def _prose_blocks(node: Node, blocks: list[Node]) -> None:
    if node.kind in _NOT_PROSE:
        return
    if node.kind in _DESCEND and node.children:
        for child in node.children:
            _prose_blocks(child, blocks)
    elif node.end > node.start:
        blocks.append(node)


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
    Spans, parents and regions are kept in `array` columns of machine integers: a table row
    is a region and a scope, and tuples of boxed integers took about 10 bytes per character
    of a Markdown file with a small table in every section.
    """

    def __init__(self, document: Document) -> None:
        self.text = document.text
        self.found = knowledge()
        self.span_starts = array("q", [-1])  # scope 0, the document, is judged whole
        self.span_ends = array("q", [-1])
        self.parents = array("q", [-1])
        self.verdicts: list[Verdict | None] = [
            Verdict(document.language) if document.language else None]
        self.document = document
        self.languages: list[str | None] = [None]
        self.settled: list[bool] = [False]
        self.vocabulary: Vocabulary | None = None
        self.starts, self.ends, self.scopes = array("q"), array("q"), array("q")
        self._collect(document.root, 0)
        starts = self.starts
        if any(starts[index] > starts[index + 1] for index in range(len(starts) - 1)):
            order = sorted(range(len(starts)), key=starts.__getitem__)  # stable, as before
            self.starts = array("q", (starts[index] for index in order))
            self.ends = array("q", (self.ends[index] for index in order))
            self.scopes = array("q", (self.scopes[index] for index in order))

    def _collect(self, node: Node, parent: int) -> None:
        if node.kind in _NOT_PROSE:
            self._region(node, parent)
            return
        descend = node.kind in _DESCEND and bool(node.children)
        if node.kind is NodeKind.DOCUMENT:
            scope = 0
        else:
            scope = len(self.parents)
            self.span_starts.append(node.start)
            self.span_ends.append(node.end)
            self.parents.append(parent)
            self.verdicts.append(None)
            self.languages.append(None)
            self.settled.append(False)
        if descend:
            for child in node.children:
                self._collect(child, scope)
        else:
            self._region(node, scope)

    def _region(self, node: Node, scope: int) -> None:
        self.starts.append(node.start)
        self.ends.append(node.end)
        self.scopes.append(scope)

    def language_at(self, offset: int) -> str | None:
        index = bisect_right(self.starts, offset) - 1
        if index >= 0 and offset < self.ends[index]:
            return self.language(self.scopes[index])
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
            start = self.span_starts[scope]
            verdict = document_verdict(self.document, self.found) if not scope else judge(
                self.text[start:min(self.span_ends[scope], start + SAMPLE)], self.found,
                place=self._place)
            self.verdicts[scope] = verdict
        return verdict

    def _place(self, sample: str, script: str) -> str | None:
        """The dominant language for a sample in the document's own words (built once, when
        the identifier would first be asked)."""
        if self.vocabulary is None:
            self.vocabulary = document_vocabulary(self.document, self.language(0), self.found)
        return self.vocabulary.place(sample, script)
