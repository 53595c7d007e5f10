"""Sentence spans from spaCy (the `spacy` extra); spaCy is imported lazily.

A trained pipeline is used when one for the language is installed (`en_core_web_sm`, ...,
whichever of `PIPELINES` loads first): its parser or senter sets the boundaries. Otherwise a
blank pipeline with the rule-based `sentencizer` is used, with the danda and double danda added
to the tokenizer's suffix rules so that a danda glued to a word is split off and seen. Nothing
is ever downloaded.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from structchunk.errors import MissingDependencyError, install_hint
from structchunk.lang.grammars import normalize_language
from structchunk.lang.segmenter import Spans

# Trained pipelines tried in order, by language; the first one installed is used.
PIPELINES: dict[str, tuple[str, ...]] = {
    "en": ("en_core_web_sm", "en_core_web_md", "en_core_web_lg", "en_core_web_trf"),
    "de": ("de_core_news_sm", "de_core_news_md", "de_core_news_lg", "de_dep_news_trf"),
    "xx": ("xx_sent_ud_sm",),
}
EXTRA_TERMINATORS = ("।", "॥")


def spacy_missing() -> MissingDependencyError:
    """The error for the spaCy backend without spaCy installed, naming the extra."""
    return MissingDependencyError(
        f"the spaCy sentence backend needs spaCy: {install_hint('spacy')}")


def _spacy() -> Any:
    try:
        import spacy
    except ImportError as err:
        raise spacy_missing() from err
    return spacy


@cache
def _pipeline(language: str) -> Any:
    spacy = _spacy()
    for name in PIPELINES.get(language, ()):
        try:
            return spacy.load(name, exclude=["ner", "lemmatizer", "textcat"])
        except OSError:  # not installed
            continue
    try:
        nlp = spacy.blank(language)
    except ImportError:  # spaCy has no language data for this code
        nlp = spacy.blank("xx")
    from spacy.pipeline.sentencizer import Sentencizer
    from spacy.util import compile_infix_regex, compile_suffix_regex

    # A danda glued to a word ("धर्म॥", "है।वह") must become a token of its own, or the sentencizer,
    # which looks at whole tokens, never sees it.
    suffixes = list(nlp.Defaults.suffixes or ()) + list(EXTRA_TERMINATORS)
    infixes = list(nlp.Defaults.infixes or ()) + list(EXTRA_TERMINATORS)
    nlp.tokenizer.suffix_search = compile_suffix_regex(suffixes).search
    nlp.tokenizer.infix_finditer = compile_infix_regex(infixes).finditer
    characters = list(Sentencizer.default_punct_chars) + [
        char for char in EXTRA_TERMINATORS if char not in Sentencizer.default_punct_chars]
    nlp.add_pipe("sentencizer", config={"punct_chars": characters})
    return nlp


class SpacySplitter:
    """A `SentenceSplitter` backed by a spaCy pipeline for one language."""

    def __init__(self, language: str | None = None) -> None:
        code = normalize_language(language)
        self.language = "xx" if code == "und" else code
        self.nlp = _pipeline(self.language)

    def __call__(self, text: str) -> Spans:
        doc = self.nlp(text)
        return [(sentence.start_char, sentence.end_char) for sentence in doc.sents]


def spacy_splitter(language: str | None = None) -> SpacySplitter:
    return SpacySplitter(language)
