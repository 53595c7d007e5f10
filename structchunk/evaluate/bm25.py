"""BM25 over chunk texts with the bm25s library; tokens are lowercased runs of letters, marks
and digits, so Devanagari words keep their vowel signs. Chinese and Japanese write no spaces
between words, so a run of Han or kana becomes its character bigrams (a lone character
itself): a query then shares terms with the chunk that answers it, without a segmenter."""

from __future__ import annotations

from collections.abc import Sequence

import regex

from structchunk.errors import MissingDependencyError, install_hint

_CJK = r"\p{Han}\p{Hiragana}\p{Katakana}\u30fc"
_TOKEN = regex.compile(rf"(?P<cjk>[{_CJK}]+)|(?:(?![{_CJK}])[\p{{L}}\p{{M}}\p{{N}}])+")


def tokens(text: str) -> list[str]:
    result: list[str] = []
    for match in _TOKEN.finditer(text):
        run = match.group().lower()
        if match.group("cjk") is None or len(run) == 1:
            result.append(run)
        else:
            result.extend(run[i:i + 2] for i in range(len(run) - 1))
    return result


class BM25Index:
    """Okapi BM25 (bm25s defaults: k1 1.5, b 0.75, Lucene idf) over a fixed list of texts."""

    def __init__(self, texts: Sequence[str]) -> None:
        try:
            import bm25s
        except ImportError:
            raise MissingDependencyError(
                f"BM25 retrieval needs the bm25s library: {install_hint('eval')}") from None
        self._size = len(texts)
        self._retriever = bm25s.BM25()
        corpus = [tokens(text) or [""] for text in texts]
        self._retriever.index(corpus, show_progress=False)
        self._vocabulary = set(self._retriever.vocab_dict)

    def search(self, query: str, k: int) -> list[int]:
        """Indices of the best `k` texts, best first; texts that share no term are left out."""
        terms = [term for term in tokens(query) if term in self._vocabulary]
        if not terms or not self._size:
            return []
        documents, scores = self._retriever.retrieve([terms], k=min(k, self._size),
                                                     show_progress=False)
        return [int(number) for number, score in zip(documents[0], scores[0], strict=True)
                if score > 0]


__all__ = ["BM25Index", "tokens"]
