"""A document's dominant language, from the openings of its prose blocks, and its vocabulary.

The openings (`PIECE` characters) of up to `DOCUMENT_PIECES` prose blocks spread evenly over
the document are judged alone, the longest first, and weighed by their length and the
probability of each guess, so that the language of most of the text wins (one call on the
openings joined would let a language whose words the identifier is surer of outweigh a
longer one). The identifier is asked as little as the answer allows:

- an opening mostly in the words of the blocks of openings sure of a language before it takes
  that language (`structchunk.lang.familiar`);
- a heading (a few words in the script of a sure opening) weighs nothing;
- once the openings left weigh less than the leading language's lead, they are only placed.

The words of the blocks (their first `VOCABULARY_PIECE` characters) whose openings' best guess
is a language make that language's vocabulary, which sorts the document's regions
(`structchunk.lang.regions`). Each block's words are split once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from structchunk.lang.detect import (
    DECISIVE,
    MIN_LETTERS,
    MIN_PROBABILITY,
    UNJUDGED,
    Knowledge,
    Verdict,
    judge,
    judge_sample,
    knowledge,
)
from structchunk.lang.familiar import MIN_WORDS, NO_VOCABULARY, SPACED_WORD, Vocabulary, words
from structchunk.lang.noise import without_noise
from structchunk.lang.scripts import text_script
from structchunk.tree import Document, Node, NodeKind

DOCUMENT_PIECES = 8
PIECE = 200
# Characters of an opening asked of the identifier once an opening before it is sure.
SURE_PIECE = 140
# The document's vocabulary is read from this much of each opening's block.
VOCABULARY_PIECE = 1000

# Node kinds whose text is not prose in a natural language.
NOT_PROSE = frozenset({NodeKind.CODE, NodeKind.FRONT_MATTER, NodeKind.HTML, NodeKind.BREAK})
# Kinds whose children are judged one by one.
DESCEND = frozenset({NodeKind.DOCUMENT, NodeKind.SECTION, NodeKind.LIST, NodeKind.QUOTE,
                     NodeKind.TABLE})


@dataclass(frozen=True, eq=False)
class Openings:
    """The verdict on each opening, in order, and the vocabulary of each language named."""

    verdicts: tuple[Verdict, ...]
    vocabularies: Mapping[str, Vocabulary]


def document_verdict(document: Document, found: Knowledge | None = None) -> Verdict:
    """The verdict on the openings of the document's prose blocks (see the module doc).

    Openings too short to judge are judged together in a document that has nothing longer: a
    document has a language whenever it has a letter.
    """
    found = found or knowledge()
    blocks = document_pieces(document, VOCABULARY_PIECE)
    pieces = [block[:PIECE] for block in blocks]
    weights: dict[str, float] = {}
    for block, verdict in zip(blocks, openings(tuple(blocks), found).verdicts, strict=True):
        _weigh(weights, verdict, block)
    if not weights:  # only short openings: judged together, as one text
        return judge("\n".join(pieces), found, least=1, limit=len(pieces) * (PIECE + 1))
    total = sum(weights.values())
    ranked = sorted(weights.items(), key=lambda item: (-item[1], item[0]))[:3]
    # the openings together hold more of a close neighbour's own words than each alone
    return Verdict(None, found.neighbours.settle(
        "\n".join(pieces), tuple((code, weight / total) for code, weight in ranked)))


def document_pieces(document: Document, length: int = PIECE) -> list[str]:
    """The openings (`length` characters) of up to `DOCUMENT_PIECES` prose blocks spread
    evenly over the document."""
    return [document.text[node.start:min(node.end, node.start + length)]
            for node in _spread_blocks(document.root)]


# The blocks `_spread_blocks` found last, with the root of their tree: a document's pieces
# are asked for when its language is found and again when its regions are judged.
_last: tuple[Node, list[Node]] | None = None


def _spread_blocks(root: Node) -> list[Node]:
    """Up to `DOCUMENT_PIECES` prose blocks spread evenly over the tree under `root`."""
    global _last
    last = _last  # one read: another thread may replace it
    if last is not None and last[0] is root:
        return last[1]
    blocks = _prose_blocks(root)
    step = max(1, len(blocks) // DOCUMENT_PIECES)
    spread = blocks[::step][:DOCUMENT_PIECES]
    _last = (root, spread)
    return spread


def document_vocabulary(document: Document, language: str | None,
                        found: Knowledge | None = None) -> Vocabulary:
    """The vocabulary of `language` in the document (kept from finding the dominant language:
    this asks the identifier nothing new)."""
    if language is None:
        return NO_VOCABULARY
    found_openings = openings(tuple(document_pieces(document, VOCABULARY_PIECE)), found)
    return found_openings.vocabularies.get(language, NO_VOCABULARY)


def openings(blocks: tuple[str, ...], found: Knowledge | None = None) -> Openings:
    return _openings(blocks, found or knowledge())


# The openings are judged when the document's language is found and again when its regions
# are: the second time is a look-up.
@lru_cache(maxsize=32)
def _openings(blocks: tuple[str, ...], found: Knowledge) -> Openings:
    reading = _Reading(blocks, found)
    order = sorted(range(len(blocks)), key=lambda index: -len(blocks[index][:PIECE]))
    left = sum(min(len(block), PIECE) for block in blocks)
    for index in order:
        reading.read(index, left)
        left -= min(len(blocks[index]), PIECE)
    return reading.result()


class _Reading:
    """The openings of one document as they are judged, longest first (see the module doc):
    each block is freed of noise, and its words split, at most once."""

    def __init__(self, blocks: tuple[str, ...], found: Knowledge) -> None:
        self.blocks = blocks
        self.found = found
        self.cleaned = [without_noise(block) for block in blocks]
        self.split: dict[int, list[str]] = {}
        self.scripts: dict[int, str | None] = {}
        self.sure: dict[str, Vocabulary] = {}
        self.weights: dict[str, float] = {}
        self.verdicts: list[Verdict] = [UNJUDGED] * len(blocks)

    def words_of(self, index: int) -> list[str]:
        if index not in self.split:
            self.split[index] = words(self.cleaned[index])
        return self.split[index]

    def script_of(self, index: int) -> str | None:
        """The script of block `index` freed of noise, found once."""
        if index not in self.scripts:
            self.scripts[index] = text_script(self.cleaned[index], self.found.known)
        return self.scripts[index]

    def place(self, found_words: list[str], script: str | None) -> str | None:
        """The language of a sure vocabulary that holds the opening's words, if any."""
        for vocabulary in self.sure.values():
            placed = vocabulary.place_words(found_words, script)
            if placed is not None:
                return placed
        return None

    def read(self, index: int, left: int) -> None:
        """Judge opening `index`, with openings weighing `left` still to come (itself too)."""
        block = self.blocks[index]
        opening = block[:PIECE]
        sample = without_noise(opening)
        script = text_script(sample, self.found.known)
        # the opening's words serve only to weigh it against sure openings, and to place it
        # in their vocabularies: before any is sure (the longest opening), none are split
        found_words = words(sample) if self.sure else []
        if self.sure and len(block) <= PIECE:
            self.split[index] = found_words  # the whole block: its words are the sample's
        if _few_words(opening, found_words, script, self.sure):
            verdict = UNJUDGED
        elif _decided(self.weights, left):
            # the openings left cannot outweigh the leading language: only placed, not asked
            placed = self.place(found_words, script or "")
            verdict = Verdict(placed) if placed is not None else UNJUDGED
        elif len(block) < MIN_LETTERS:
            verdict = UNJUDGED  # too short to judge (as `judge` says)
        else:
            # once an opening is sure, a later one only confirms it or names another
            # language: a shorter sample tells that at a fraction of the model's work
            judged = sample[:SURE_PIECE] if self.sure else sample
            verdict = judge_sample(judged, script, self.found, place=lambda _text, _script:
                                   self.place(found_words, script))
        self.verdicts[index] = verdict
        _weigh(self.weights, verdict, block)
        language = _names(verdict)
        if language is not None:
            if language not in self.sure:
                self.sure[language] = Vocabulary.building(language, self.script_of(index))
            self.sure[language].learn_words(self.words_of(index))

    def result(self) -> Openings:
        named: dict[str, list[int]] = {}
        for index, verdict in enumerate(self.verdicts):
            best = _names(verdict, MIN_PROBABILITY)
            if best is not None:
                named.setdefault(best, []).append(index)
        cleaned, known = self.cleaned, self.found.known
        return Openings(tuple(self.verdicts), MappingProxyType({
            language: Vocabulary.of_blocks(
                language, self.script_of(indices[0]), [cleaned[index] for index in indices],
                [self.words_of(index) for index in indices], known)
            for language, indices in named.items()}))


def _names(verdict: Verdict, least: float = DECISIVE) -> str | None:
    """The language a verdict names with at least `least` probability, if any."""
    if verdict.language is not None:
        return verdict.language
    if verdict.guesses and verdict.guesses[0][1] >= least:
        return verdict.guesses[0][0]
    return None


def _few_words(opening: str, found_words: list[str], script: str | None,
               sure: dict[str, Vocabulary]) -> bool:
    """Whether an opening (`found_words` and `script` once freed of noise: a line of links
    is no prose) has too few words to weigh against the sure openings of its script (a
    heading between paragraphs)."""
    if not sure or len(found_words) >= MIN_WORDS:
        return False
    if len(opening) > SPACED_WORD * len(opening.split()):
        return False  # runs this long are sentences of a script without spaces between words
    return any(vocabulary.script == script for vocabulary in sure.values())


def _weigh(weights: dict[str, float], verdict: Verdict, block: str) -> None:
    """Add an opening's weight: each guess's probability times the opening's length."""
    named = ((verdict.language, 1.0),) if verdict.language else verdict.guesses
    for code, probability in named:
        weights[code] = weights.get(code, 0.0) + probability * min(len(block), PIECE)


def _decided(weights: dict[str, float], left: float) -> bool:
    """Whether openings weighing `left` at most can no longer change the leading language."""
    ranked = sorted(weights.values(), reverse=True)
    return bool(ranked) and ranked[0] - (ranked[1] if len(ranked) > 1 else 0.0) > left


def _prose_blocks(root: Node) -> list[Node]:
    """The document's prose blocks in order (a loop, not a call per node)."""
    blocks: list[Node] = []
    stack = [root]
    while stack:
        node = stack.pop()
        kind = node.kind
        if kind in NOT_PROSE:
            continue
        if kind in DESCEND and node.children:
            stack.extend(reversed(node.children))
        elif node.end > node.start:
            blocks.append(node)
    return blocks
