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
from collections.abc import Callable, Sequence
from dataclasses import replace
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
    """The scopes of the tree, found and judged lazily, each at most once.

    A scope is a node judged on its own text (scope of the document: the root); the scopes
    around it are those whose language it inherits. A look-up descends from the root to the
    region holding the offset, by bisection among each node's children, so a document is
    read only where its chunks start: a map built in full read every node of the tree (about
    an eighth of the judgement's Python on corpus/docs) for a few look-ups per section. A
    region is a leaf: a node of no prose (code, HTML, ...) is decided by the scope around
    it, a prose block is a scope of its own, and an offset outside every region (the blank
    between blocks) takes the document's language.
    """

    def __init__(self, document: Document) -> None:
        self.text = document.text
        self.found = knowledge()
        self.ascii_script = text_script("a", self.found.known)  # that of every ASCII text
        self.document = document
        self.vocabulary: Vocabulary | None = None
        # by node identity: the tree outlives the map, and a compiled node has no hash of
        # its own to spare
        self.verdicts: dict[int, Verdict] = {}
        if document.language:
            self.verdicts[id(document.root)] = Verdict(document.language)
        # A scope's language once settled (None is a language: none found).
        self.languages: dict[int, str | None] = {}
        self.children: dict[int, tuple[list[int], Sequence[Node]]] = {}
        self.firsts: dict[int, Node | None] = {}
        self.rows: dict[tuple[int, int], Node] = {}

    def language_at(self, offset: int) -> str | None:
        return self.language(self.scopes_at(offset))

    def scopes_at(self, offset: int) -> list[Node]:
        """The scopes around `offset`, the document's first and the one deciding it last."""
        root = self.document.root
        chain = [root]
        node = root
        while node.kind in DESCEND and node.children:
            starts, children = self._sorted_children(node)
            index = bisect_right(starts, offset) - 1
            if index < 0:
                return chain[:1]  # before every region: the document's language
            node = self._child(node, children, index)
            if offset >= node.end:
                return chain[:1]  # between regions: the document's language
            if node.kind in NOT_PROSE:
                return chain  # decided by the scope around it
            chain.append(node)
        return chain

    def _sorted_children(self, node: Node) -> tuple[list[int], Sequence[Node]]:
        """A node's children ordered by start (stable: in order but for rare trees), with
        their starts, found once per node."""
        found = self.children.get(id(node))
        if found is None:
            children = node.children
            starts = [child.start for child in children]
            if not all(map(le, starts, starts[1:])):
                children = tuple(sorted(children, key=_start))
                starts = [child.start for child in children]
            found = self.children[id(node)] = (starts, children)
        return found

    def _child(self, parent: Node, children: Sequence[Node], index: int) -> Node:
        """`children[index]`, the same node at every look-up: a table's rows are made anew
        at each read (`TableRows`), and verdicts are kept by node identity, so a row freed
        after its look-up could leave its id, and its verdict, to another row. Only the rows
        looked up are kept, not the whole table."""
        if type(children) is tuple:
            return children[index]
        key = (id(parent), index)
        node = self.rows.get(key)
        if node is None:
            node = self.rows[key] = children[index]
        return node

    def language(self, chain: list[Node]) -> str | None:
        """Judge the last scope of `chain`, and the scopes around it only as far as their
        language matters."""
        key = id(chain[-1])
        if key in self.languages:
            return self.languages[key]
        named = self._verdict(chain, len(chain) - 1).language
        if named is not None:  # most regions: named by their script or the vocabulary
            self.languages[key] = named
            return named
        judged: list[tuple[int, Verdict]] = []
        level = len(chain) - 1
        while level >= 0 and id(chain[level]) not in self.languages:
            verdict = self._verdict(chain, level)
            judged.append((level, verdict))
            if not verdict.needs_prior:
                break
            level -= 1
        prior = self.languages.get(id(chain[level])) if level >= 0 else None
        for index, verdict in reversed(judged):
            # The document's own language has no prior: it is its dominant one.
            prior = verdict.settle(prior, inherit=True) if index else dominant(verdict)
            self.languages[id(chain[index])] = prior
        return prior

    def _verdict(self, chain: list[Node], level: int) -> Verdict:
        node = chain[level]
        verdict = self.verdicts.get(id(node))
        if verdict is None:
            if not level:
                verdict = document_verdict(self.document, self.found)
            else:
                first = self._first_prose(node)
                verdict = UNJUDGED if first is None else self._judge(
                    self.text[first.start:min(node.end, first.start + SAMPLE)], chain, level)
            self.verdicts[id(node)] = verdict
        return verdict

    def _first_prose(self, node: Node) -> Node | None:
        """The first prose block at or under `node` (a scope is judged on its words, not on
        the code, HTML or front matter it opens with), or None under a scope of no prose,
        which takes the language around it (a section of a translator's comment alone);
        found once per node."""
        key = id(node)
        if key not in self.firsts:
            self.firsts[key] = _first_prose(node)
        return self.firsts[key]

    def _judge(self, sample: str, chain: list[Node], level: int) -> Verdict:
        """A region's verdict: sorted by the document's vocabulary where it can be
        (`structchunk.lang.familiar`), judged otherwise. A heading that opens its scope, in
        the vocabulary's script and not sorted, takes the language of the scope it opens:
        a few words tell languages apart less well than the heading and the text after it
        (on corpus/docs, 169 such headings were asked alone, none of them sure of a
        language other than their guide's)."""
        if len(sample) < MIN_LETTERS:
            return UNJUDGED
        if self.vocabulary is None:
            self.vocabulary = document_vocabulary(self.document, self.language(chain[:1]),
                                                  self.found)
        script = self.ascii_script if sample.isascii() else text_script(sample, self.found.known)
        sorted_out = self.vocabulary.sort(sample, script)
        if sorted_out is not None:
            return sorted_out
        if self._opens(chain, level) and self.vocabulary.writes(script):
            return UNJUDGED
        return judge(sample, self.found)

    def _opens(self, chain: list[Node], level: int) -> bool:
        """Whether the scope at `level` is a heading that is the first prose block of the
        scope around it (not the document)."""
        node = chain[level]
        return (node.kind is NodeKind.HEADING and level > 1
                and self._first_prose(chain[level - 1]) is node)


def _start(node: Node) -> int:
    return node.start


def _first_prose(node: Node) -> Node | None:
    """The first prose block at or under `node`, in order (a loop, not a call per node)."""
    stack = [node]
    while stack:
        node = stack.pop()
        kind = node.kind
        if kind in NOT_PROSE:
            continue
        if kind in DESCEND and node.children:
            stack.extend(reversed(node.children))
        else:
            return node
    return None
