"""Language detection per document and per region, deterministic and offline.

The script decides first: Devanagari text is Hindi or Marathi, told apart by function words,
suffixes and letters only Marathi uses; Latin text is English or German. Where the function
words of one of them clearly outnumber the other's, they decide (langdetect is overconfident on
short texts: it gives "Jede Open-Source-Community ist anders." to English with probability
0.99999); otherwise langdetect decides, and it also settles Devanagari text that has no Marathi
or Hindi marker. langdetect runs through our own `DetectorFactory` holding only the profiles
of the supported languages, built once, with a fixed seed, so the same text always gets the
same answer (langdetect's module-level `detect()` samples at random and loads every profile it
ships). Texts with fewer than `MIN_LETTERS` letters are too short to judge: they get None and
inherit the language around them.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

import regex

from structchunk.lang.grammars import normalize_language
from structchunk.tree import Document, Node, NodeKind

SUPPORTED = ("en", "de", "hi", "mr")
LATIN_LANGUAGES = ("en", "de")
DEVANAGARI_LANGUAGES = ("hi", "mr")
MIN_LETTERS = 20
SEED = 0
SAMPLE = 4000  # characters of a text that are looked at
# Sections and lists are judged on their opening only: their blocks are judged one by one,
# so reading all of a container again would only repeat that work.
CONTAINER_SAMPLE = 1000
SHORT_TEXT = 80  # letters; below this langdetect alone does not overrule the language around

# Counting by deleting runs of everything else is several times faster than findall.
_NOT_LATIN = regex.compile(r"\P{Latin}+")
_NOT_DEVANAGARI = regex.compile(r"\P{Devanagari}+")
_NOT_LETTER = regex.compile(r"\P{L}+")
# Markup and tokens that say nothing about the language: code, tags, URLs, e-mail addresses,
# paths. Matches start only at a token start and the lookahead-backreference pair acts as an
# atomic group, so long runs without spaces stay linear; the standard `re` engine runs this
# pattern several times faster than `regex`.
_NOISE = re.compile(r"```.*?```|`[^`\n]*`|<[^>\n]*>|(?<!\S)(?=([^\s/\\@`<]*))\1[/\\@]\S*",
                    re.DOTALL)
_WORDS = regex.compile(r"[\p{L}\p{M}]+")
# Marathi and Hindi share the script; their function words and Marathi's ळ tell them apart.
# (Words both languages use, such as का, एक, होते, ही, जी, are in neither list.)
_MARATHI = frozenset({
    "आहे", "आहेत", "आहोत", "आणि", "नाही", "नाहीत", "केले", "करा", "करावे", "मध्ये", "त्या",
    "त्याच्या", "त्यांच्या", "तुम्ही", "आम्ही", "आपण", "आपल्या", "म्हणून", "म्हणजे", "किंवा", "असे",
    "असते", "असतात", "याचा", "याची", "हा", "व", "तर", "पण", "सर्व", "काही", "येथे", "कसे",
    "कोणत्या", "साठी", "देखील", "तसेच", "वापरून", "काय", "झाले", "घेणे",
})
_HINDI = frozenset({
    "है", "हैं", "और", "की", "के", "में", "नहीं", "यह", "वह", "था", "थे", "थी", "गया", "किया",
    "करें", "करना", "लिए", "से", "को", "भी", "आप", "हम", "कि", "जाता", "जाती", "सकते", "रहा",
    "रही", "इसे", "उसे", "इसका", "जैसे", "द्वारा", "सकता", "होगा",
})
# Letters Marathi uses and Hindi does not: ळ, and the eyelash ra (ऱ्).
_MARATHI_LETTERS = ("ळ", "ऱ")
# Marathi endings: genitive (-च्या, -ाची), 3rd person plural present (-तात), infinitive (-णे),
# past participle plural (-ल्या), postpositions glued to the noun (-साठी "for", -मध्ये "in").
_MARATHI_SUFFIX = regex.compile(r"(?:च्या|ाची|ाचे|ाचा|ांची|ांचे|ांचा|तात|णे|ल्या|साठी|मध्ये)$")
_ENGLISH = frozenset({
    "the", "a", "and", "or", "of", "to", "is", "are", "were", "be", "it", "this", "that", "for",
    "with", "on", "as", "you", "your", "we", "they", "he", "she", "not", "have", "has", "do",
    "does", "can", "will", "if", "at", "by", "from", "what", "how", "which", "there", "their",
})
_GERMAN = frozenset({
    "der", "die", "das", "den", "dem", "des", "und", "oder", "ist", "sind", "war", "ein", "eine",
    "einen", "einem", "einer", "nicht", "mit", "für", "auf", "zu", "von", "sich", "es", "ich",
    "du", "sie", "wir", "ihr", "wenn", "auch", "als", "wie", "jede", "jeder", "jedes", "kann",
    "wird", "werden", "bei", "nach", "aus", "im", "am", "zum", "zur", "dass", "noch", "nur",
})


@lru_cache(maxsize=1)
def _factory() -> Any:
    """langdetect's factory with the profiles of the supported languages only; built once."""
    from langdetect.detector_factory import PROFILES_DIRECTORY, DetectorFactory

    factory = DetectorFactory()
    profiles = [(Path(PROFILES_DIRECTORY) / code).read_text(encoding="utf-8")
                for code in SUPPORTED]
    factory.load_json_profile(profiles)
    factory.set_seed(SEED)
    return factory


def _langdetect(text: str, candidates: tuple[str, ...]) -> str | None:
    """The most probable of `candidates` (languages of one script) by langdetect."""
    from langdetect.lang_detect_exception import LangDetectException

    detector = _factory().create()
    detector.set_max_text_length(SAMPLE)
    detector.append(text)
    try:
        ranked = detector.get_probabilities()
    except LangDetectException:
        return None
    for guess in ranked:
        if guess.lang in candidates:
            return str(guess.lang)
    return None


def hindi_or_marathi(text: str) -> str | None:
    """'mr' or 'hi' by function words, Marathi suffixes and ळ; None without evidence."""
    marathi = hindi = 0
    for word in _WORDS.findall(text):
        if word in _MARATHI or _MARATHI_SUFFIX.search(word):
            marathi += 1
        elif word in _HINDI:
            hindi += 1
    marathi += 2 * sum(text.count(letter) for letter in _MARATHI_LETTERS)
    if marathi == hindi:
        return None
    return "mr" if marathi > hindi else "hi"


def english_or_german(text: str) -> str | None:
    """'en' or 'de' when the function words of one clearly outnumber the other's, else None."""
    english = german = 0
    for word in _WORDS.findall(text.lower()):
        if word in _ENGLISH:
            english += 1
        elif word in _GERMAN:
            german += 1
    if english >= 2 and english >= 3 * german:
        return "en"
    if german >= 2 and german >= 3 * english:
        return "de"
    return None


def detect_language(text: str, prior: str | None = None) -> str | None:
    """Language code of `text` ('en', 'de', 'hi', 'mr') or None when unknown or too short.

    `prior` is the language around the text. When the script matches it and the text gives no
    clear sign of another language (no Marathi or Hindi markers; for a short Latin text, no
    telling function words), the prior is kept rather than asking langdetect, which guesses
    poorly on such texts.
    """
    if len(text) < MIN_LETTERS:
        return None
    sample = _NOISE.sub(" ", text[:SAMPLE])
    letters = len(_NOT_LETTER.sub("", sample))
    if letters < MIN_LETTERS:
        return None
    devanagari = len(_NOT_DEVANAGARI.sub("", sample))
    latin = len(_NOT_LATIN.sub("", sample))
    if devanagari * 3 >= letters:  # Hindi or Marathi, perhaps with English terms
        marked = hindi_or_marathi(sample)
        if marked or prior in DEVANAGARI_LANGUAGES:
            return marked or prior
        return _langdetect(sample, DEVANAGARI_LANGUAGES)
    if latin * 2 >= letters:
        voted = english_or_german(sample)
        if voted or (prior in LATIN_LANGUAGES and letters < SHORT_TEXT):
            return voted or prior
        return _langdetect(sample, LATIN_LANGUAGES)
    return None


# Node kinds whose text is not prose in a natural language.
_NOT_PROSE = frozenset({NodeKind.CODE, NodeKind.FRONT_MATTER, NodeKind.HTML, NodeKind.BREAK})
# Kinds whose children are judged one by one.
_DESCEND = frozenset({NodeKind.DOCUMENT, NodeKind.SECTION, NodeKind.LIST, NodeKind.QUOTE,
                      NodeKind.TABLE})


def language_map(document: Document) -> Callable[[int], str | None]:
    """Return a function from a character offset to the language of the region around it.

    A forced `document.language` holds everywhere. Otherwise the document gets a language,
    then each section, then each block in it (paragraph, list item, table row, ...); a region
    too short to judge, or code, inherits the language of what encloses it.
    """
    if document.language:
        forced = normalize_language(document.language)
        return lambda offset: forced
    text = document.text
    default = detect_language(text)
    regions: list[tuple[int, int, str | None]] = []
    _collect(document.root, text, default, regions)
    regions.sort(key=lambda region: region[0])
    starts = [start for start, _end, _language in regions]

    def language_at(offset: int) -> str | None:
        index = bisect_right(starts, offset) - 1
        if index >= 0:
            start, end, language = regions[index]
            if start <= offset < end:
                return language
        return default

    return language_at


def _collect(node: Node, text: str, inherited: str | None,
             regions: list[tuple[int, int, str | None]]) -> None:
    if node.kind in _NOT_PROSE:
        regions.append((node.start, node.end, inherited))
        return
    descend = node.kind in _DESCEND and bool(node.children)
    end = min(node.end, node.start + CONTAINER_SAMPLE) if descend else node.end
    own = detect_language(text[node.start:end], inherited) \
        if node.kind is not NodeKind.DOCUMENT else None
    language = own or inherited
    if descend:
        for child in node.children:
            _collect(child, text, language, regions)
    else:
        regions.append((node.start, node.end, language))
