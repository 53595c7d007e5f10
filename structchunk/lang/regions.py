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

from bisect import bisect_right
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache

from structchunk.lang.detect import (
    DECISIVE,
    MIN_LETTERS,
    MIN_PROBABILITY,
    SAMPLE,
    UNJUDGED,
    Knowledge,
    Verdict,
    dominant,
    judge,
    knowledge,
)
from structchunk.lang.familiar import (
    MIN_WORDS,
    NO_VOCABULARY,
    SPACED_WORD,
    Vocabulary,
    words,
)
from structchunk.lang.grammars import normalize_language
from structchunk.lang.neighbours import neighbours
from structchunk.lang.noise import without_noise
from structchunk.lang.scripts import text_script
from structchunk.tree import Document, Node, NodeKind

# A section or list is judged on its opening, as any region (`structchunk.lang.detect.SAMPLE`
# characters): its blocks are judged one by one. The document: see the module doc.
DOCUMENT_PIECES = 8
PIECE = 200
# The document's vocabulary is read from this much of each opening's block.
VOCABULARY_PIECE = 1000
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
    blocks = document_pieces(document, VOCABULARY_PIECE)
    pieces = [block[:PIECE] for block in blocks]
    weights = _weights(blocks, found)
    if not weights:  # only short openings: judged together, as one text
        return judge("\n".join(pieces), found, least=1, limit=len(pieces) * (PIECE + 1))
    total = sum(weights.values())
    ranked = sorted(weights.items(), key=lambda item: (-item[1], item[0]))[:3]
    # the openings together hold more of a close neighbour's own words than each alone
    return Verdict(None, neighbours().settle(
        "\n".join(pieces), tuple((code, weight / total) for code, weight in ranked)))


def document_pieces(document: Document, length: int = PIECE) -> list[str]:
    """The openings (`length` characters) of up to `DOCUMENT_PIECES` prose blocks spread
    evenly over the document."""
    blocks: list[Node] = []
    _prose_blocks(document.root, blocks)
    step = max(1, len(blocks) // DOCUMENT_PIECES)
    return [document.text[node.start:min(node.end, node.start + length)]
            for node in blocks[::step][:DOCUMENT_PIECES]]


def document_vocabulary(document: Document, language: str | None,
                        found: Knowledge | None = None) -> Vocabulary:
    """The words of the blocks (their first `VOCABULARY_PIECE` characters) whose openings'
    best guess is `language`; kept from finding the dominant language, so this asks the
    identifier nothing new."""
    if language is None:
        return NO_VOCABULARY
    found = found or knowledge()
    blocks = document_pieces(document, VOCABULARY_PIECE)
    verdicts = _openings(tuple(blocks), found)
    texts = [without_noise(block) for block, verdict in zip(blocks, verdicts, strict=True)
             if _names(verdict, MIN_PROBABILITY) == language]
    if not texts:
        return NO_VOCABULARY
    return Vocabulary.of_blocks(language, text_script(texts[0], found.known), texts)


def _names(verdict: Verdict, least: float = DECISIVE) -> str | None:
    """The language a verdict names with at least `least` probability, if any."""
    if verdict.language is not None:
        return verdict.language
    if verdict.guesses and verdict.guesses[0][1] >= least:
        return verdict.guesses[0][0]
    return None


# The openings are judged when the document's language is found and again when its regions
# are: the second time is a look-up.
@lru_cache(maxsize=32)
def _openings(blocks: tuple[str, ...], found: Knowledge) -> tuple[Verdict, ...]:
    """The verdict on each block's opening, in order; an opening in the words of blocks
    before it whose openings are sure of a language takes that language without the
    identifier."""
    sure: dict[str, Vocabulary] = {}

    def place(sample: str, script: str) -> str | None:
        for vocabulary in sure.values():
            placed = vocabulary.place(sample, script)
            if placed is not None:
                return placed
        return None

    verdicts: list[Verdict | None] = [None] * len(blocks)
    # the longest openings first: they are the likeliest to be sure, and their words place
    # the shorter ones
    order = sorted(range(len(blocks)), key=lambda index: -len(blocks[index][:PIECE]))
    weights: dict[str, float] = {}
    for position, index in enumerate(order):
        block = blocks[index]
        if _few_words(block[:PIECE], sure, found):
            verdict = UNJUDGED
        elif _decided(weights, sum(min(len(blocks[rest]), PIECE) for rest in order[position:])):
            # the openings left cannot outweigh the leading language: only placed, not asked
            opening = without_noise(block[:PIECE])
            placed = place(opening, text_script(opening, found.known) or "")
            verdict = Verdict(placed) if placed is not None else UNJUDGED
        else:
            verdict = judge(block, found, limit=PIECE, place=place)
        verdicts[index] = verdict
        _weigh(weights, verdict, block)
        language = _names(verdict)
        if language is not None:
            sample = without_noise(block)
            if language not in sure:
                sure[language] = Vocabulary(language, text_script(sample, found.known), set())
            sure[language].learn(sample)
    return tuple(verdict or UNJUDGED for verdict in verdicts)


def _few_words(opening: str, sure: dict[str, Vocabulary], found: Knowledge) -> bool:
    """Whether an opening has too few words to weigh against the sure openings of its
    script (a heading between paragraphs)."""
    if not sure or len(opening) > SPACED_WORD * len(opening.split()):
        return False  # runs this long are sentences of a script without spaces between words
    if len(words(opening)) >= MIN_WORDS:
        return False
    script = text_script(without_noise(opening), found.known)
    return any(vocabulary.script == script for vocabulary in sure.values())


def _weights(blocks: list[str], found: Knowledge | None) -> dict[str, float]:
    """Each language's weight: its probability in each opening times the opening's length."""
    weights: dict[str, float] = {}
    verdicts = _openings(tuple(blocks), found or knowledge())
    for block, verdict in zip(blocks, verdicts, strict=True):
        _weigh(weights, verdict, block)
    return weights


def _weigh(weights: dict[str, float], verdict: Verdict, block: str) -> None:
    named = ((verdict.language, 1.0),) if verdict.language else verdict.guesses
    for code, probability in named:
        weights[code] = weights.get(code, 0.0) + probability * min(len(block), PIECE)


def _decided(weights: dict[str, float], left: float) -> bool:
    """Whether openings weighing `left` at most can no longer change the leading language."""
    ranked = sorted(weights.values(), reverse=True)
    return bool(ranked) and ranked[0] - (ranked[1] if len(ranked) > 1 else 0.0) > left


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
        if node.kind in _NOT_PROSE:
            regions.append((node.start, node.end, parent))
            return
        descend = node.kind in _DESCEND and bool(node.children)
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
