"""Language detection per document and per region, deterministic and offline.

The script decides first: Devanagari text is Hindi or Marathi, told apart by function words,
suffixes and letters only Marathi uses; Latin text is English or German. What tells the
languages of a script apart is data, the `[detection]` table of each language's grammar file
(`grammars/sentences/<code>.toml`, read by `structchunk.lang.profiles`); a file with such a
table adds a language. Where the evidence for one language clearly outweighs the others', it
decides (langdetect is overconfident on short texts: it gives "Jede Open-Source-Community ist
anders." to English with probability 0.99999, and German quotes in HTML asides to English too).
Text without such evidence, Latin or Devanagari, takes the language around it when that is of
its script; langdetect decides only where nothing around it does (a document that opens without
telling words), so a document pays for it once or not at all. langdetect runs through our own
`DetectorFactory` holding only the profiles of the supported languages, built once, with a
fixed seed, so the same text always gets the same answer (langdetect's module-level `detect()`
samples at random and loads every profile it ships). Texts with fewer than `MIN_LETTERS`
letters are too short to judge: they get None and inherit the language around them. Text
in another script (Arabic, Cyrillic, Han, kana, Thai, ...) gets the language its script
names (`structchunk.lang.scripts`).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import regex

from structchunk.lang.grammars import normalize_language
from structchunk.lang.profiles import MARKER_WEIGHT, LanguageProfile, Profiles, language_profiles
from structchunk.lang.scripts import script_language
from structchunk.tree import Document, Node, NodeKind

MIN_LETTERS = 20
SEED = 0
SAMPLE = 4000  # characters of a text that are looked at
# Sections and lists are judged on their opening only: their blocks are judged one by one,
# so reading all of a container again would only repeat that work.
CONTAINER_SAMPLE = 1000

# Counting by deleting runs of everything else is several times faster than findall.
_NOT_LATIN = regex.compile(r"\P{Latin}+")
_NOT_LETTER = regex.compile(r"\P{L}+")
# Text within Latin-1 is counted on its bytes instead; the deletion tables come from the same
# patterns, so both ways count alike.
_LATIN1_NOT_LETTER = bytes(code for code in range(256) if _NOT_LETTER.match(chr(code)))
_LATIN1_NOT_LATIN = bytes(code for code in range(256) if _NOT_LATIN.match(chr(code)))
# Markup and tokens that say nothing about the language: code, tags, URLs, e-mail addresses,
# paths. Matches start only at a token start and the lookahead-backreference pair acts as an
# atomic group, so long runs without spaces stay linear; the standard `re` engine runs this
# pattern several times faster than `regex`.
_NOISE = re.compile(r"```.*?```|`[^`\n]*`|<[^>\n]*>|(?<!\S)(?=([^\s/\\@`<]*))\1[/\\@]\S*",
                    re.DOTALL)
# The two halves of `_NOISE`: spans that open with ` or <, and tokens holding / \ or @. A
# text without the triggers of one half is read by the other alone, which gives the same
# result (a half whose triggers are absent never matches) in a fraction of the time.
_MARKUP = re.compile(r"```.*?```|`[^`\n]*`|<[^>\n]*>", re.DOTALL)
_TOKENS = re.compile(r"(?<!\S)(?=([^\s/\\@`<]*))\1[/\\@]\S*")
_WORDS = regex.compile(r"[\p{L}\p{M}]+")
_LATIN1_WORDS = re.compile("[" + "".join(re.escape(chr(code)) for code in range(256)
                                         if _WORDS.match(chr(code))) + "]+")
# Latin-1 text lowercased as str.lower() does, with every byte outside a word made a space:
# its split() gives the words of `_WORDS`, as bytes, without a regex.
_LATIN1_LOWER_WORDS = bytes(ord(chr(code).lower()) if _WORDS.match(chr(code)) else 32
                            for code in range(256))
def supported_languages() -> tuple[str, ...]:
    """The languages detection can name: those whose grammar file has a [detection] table."""
    return language_profiles().languages


@lru_cache(maxsize=4)
def _factory(profiles: Profiles) -> tuple[Any, dict[str, str]]:
    """langdetect's factory with the profiles of the supported languages only, built once per
    set of languages, and the map from langdetect's codes to ours."""
    from langdetect.detector_factory import PROFILES_DIRECTORY, DetectorFactory

    factory = DetectorFactory()
    ours: dict[str, str] = {}
    texts = []
    for group in profiles.by_script.values():
        for profile in group:
            path = Path(PROFILES_DIRECTORY) / profile.langdetect
            if path.is_file() and profile.langdetect not in ours:
                ours[profile.langdetect] = profile.code
                texts.append(path.read_text(encoding="utf-8"))
    if texts:
        factory.load_json_profile(texts)
    factory.set_seed(SEED)
    return factory, ours


def _langdetect(text: str, candidates: tuple[str, ...]) -> str | None:
    """The most probable of `candidates` (languages of one script) by langdetect."""
    from langdetect.lang_detect_exception import LangDetectException

    factory, ours = _factory(language_profiles())
    if not ours:
        return None
    detector = factory.create()
    detector.set_max_text_length(SAMPLE)
    detector.append(text)
    try:
        ranked = detector.get_probabilities()
    except LangDetectException:
        return None
    for guess in ranked:
        code = ours.get(str(guess.lang))
        if code in candidates:
            return code
    return None


def _find_words(text: str) -> list[str]:
    try:
        text.encode("latin-1")
    except UnicodeEncodeError:
        if len(text.encode("utf-16-le", "surrogatepass")) == 2 * len(text):
            return _bmp_words().findall(text)  # no character outside the BMP
        return _WORDS.findall(text)
    return _LATIN1_WORDS.findall(text)


@lru_cache(maxsize=1)
def _bmp_words() -> re.Pattern[str]:
    """`_WORDS` within the Basic Multilingual Plane as a `re` class, which finds words about
    twice as fast; the class is read off `_WORDS` itself, so both find the same words."""
    plane = "".join(map(chr, range(0xD800))) + "".join(map(chr, range(0xE000, 0x10000)))
    ranges = "".join(re.escape(run[0]) + ("-" + re.escape(run[-1]) if len(run) > 1 else "")
                     for run in _WORDS.findall(plane))
    return re.compile(f"[{ranges}]+")


class _Evidence:
    """Counts the evidence of each language of one script in a list of words.

    Without word endings to test, a word counts where it is one of a language's own words.
    With them, each distinct word is judged once (its endings tested) and filed into the set
    of every language it counts for; a text is then counted against those sets at C speed.
    The sets are bounded: past `_MAX_JUDGED` words they start again, replaced as one object so
    that a thread counting meanwhile keeps a consistent pair.
    """

    def __init__(self, profiles: Profiles, group: Sequence[LanguageProfile]) -> None:
        self.group = tuple(group)
        self.own = tuple(profiles.own_words[profile.code] for profile in group)
        self.deferred = tuple(tuple(other for other in group if other.code in profile.defer_to)
                              for profile in group)
        self.by_ending = any(profile.suffixes for profile in group)
        self.own_latin1 = tuple(frozenset(word.encode("latin-1") for word in own
                                          if _is_latin1(word)) for own in self.own)
        self.judged = self._fresh()

    def _fresh(self) -> tuple[set[str], tuple[set[str], ...]]:
        """No word judged yet; each language's set starts with its own words."""
        return set(), tuple(set(own) for own in self.own)

    def counts_in(self, text: str) -> list[int]:
        """The evidence of each language among the words of `text`."""
        try:
            narrow = text.encode("latin-1")
        except UnicodeEncodeError:
            return self.counts(_find_words(text.lower()))
        words = narrow.translate(_LATIN1_LOWER_WORDS).split()
        if self.by_ending:
            return self.counts([word.decode("latin-1") for word in words])
        return [sum(map(own.__contains__, words)) for own in self.own_latin1]

    def counts(self, words: list[str]) -> list[int]:
        if not self.by_ending:
            return [sum(map(own.__contains__, words)) for own in self.own]
        judged, counting = self.judged
        if len(judged) >= _MAX_JUDGED:
            self.judged = judged, counting = self._fresh()
        for word in set(words).difference(judged):
            for index in self._hits(word):
                counting[index].add(word)
            judged.add(word)  # after its sets: a word seen as judged is filed everywhere
        return [sum(map(found.__contains__, words)) for found in counting]

    def _hits(self, word: str) -> tuple[int, ...]:
        """The languages a lowercase word is evidence for."""
        return tuple(index for index, profile in enumerate(self.group)
                     if word in self.own[index] or (
                         bool(profile.suffixes) and word.endswith(profile.suffixes)
                         and not any(other.counts(word) for other in self.deferred[index])))


_MAX_JUDGED = 200_000


def _is_latin1(word: str) -> bool:
    try:
        word.encode("latin-1")
    except UnicodeEncodeError:
        return False
    return True


@lru_cache(maxsize=16)
def _evidence(profiles: Profiles, script: str) -> _Evidence | None:
    group = profiles.by_script.get(script, ())
    return _Evidence(profiles, group) if group else None


def vote(text: str, script: str, profiles: Profiles | None = None) -> str | None:
    """The language of `script` whose evidence decides `text`, or None without a clear lead.

    Evidence is what the language's `[detection]` table lists: function words, words with its
    endings, and letters only it uses (each counting as `MARKER_WEIGHT` words). A language
    decides when it has at least its `min_words` and, against every other language of the
    script, more evidence and at least `ratio` times as much.
    """
    evidence = _evidence(profiles or language_profiles(), script)
    if evidence is None:
        return None
    group = evidence.group
    counts = evidence.counts_in(text)
    for index, profile in enumerate(group):
        if profile.marker_letters:
            counts[index] += MARKER_WEIGHT * sum(text.count(letter)
                                                 for letter in profile.marker_letters)
    for index, profile in enumerate(group):
        count = counts[index]
        others = counts[:index] + counts[index + 1:]
        if count >= profile.min_words and all(
                count > other and count >= profile.ratio * other for other in others):
            return profile.code
    return None


def detect_language(text: str, prior: str | None = None) -> str | None:
    """Language code of `text` ('en', 'de', 'hi', 'mr') or None when unknown or too short.

    `prior` is the language around the text. When the script matches it and the text gives no
    clear sign of another language (no Marathi or Hindi markers; for a short Latin text, no
    telling function words), the prior is kept rather than asking langdetect, which guesses
    poorly on such texts.
    """
    return _judge(text).settle(prior, inherit=False)


@dataclass(frozen=True, slots=True)
class _Verdict:
    """What a text says about its language before the language around it is known.

    `language` is set when the text decides alone. Otherwise, with `script` set, the prior
    decides if it is one of the script's languages and langdetect on `sample` if not; with no
    script, the text has nothing to say.
    """

    language: str | None = None
    script: tuple[str, ...] = ()
    sample: str = ""

    @property
    def needs_prior(self) -> bool:
        return self.language is None

    def settle(self, prior: str | None, inherit: bool) -> str | None:
        """The language given the prior; with `inherit`, None falls back to the prior."""
        language = self.language
        if language is None and self.script:
            language = prior if prior in self.script else _langdetect(self.sample, self.script)
        return language or prior if inherit else language


_UNJUDGED = _Verdict()


def _without_noise(text: str) -> str:
    markup = "`" in text or "<" in text
    tokens = "/" in text or "\\" in text or "@" in text
    if markup:
        return (_NOISE if tokens else _MARKUP).sub(" ", text)
    return _TOKENS.sub(" ", text) if tokens else text


def _judge(text: str, profiles: Profiles | None = None) -> _Verdict:
    """What `text` says about its language; `profiles` saves looking the search path up
    again when one caller judges many texts."""
    if len(text) < MIN_LETTERS:
        return _UNJUDGED
    sample = _without_noise(text[:SAMPLE])
    try:
        narrow: bytes | None = sample.encode("latin-1")
    except UnicodeEncodeError:
        narrow = None
    counted = None if narrow is not None else _byte_counts(sample)
    if narrow is not None:  # no Devanagari in it
        letters = len(narrow.translate(None, _LATIN1_NOT_LETTER))
        devanagari = 0
    elif counted is not None:
        letters, devanagari = counted[0], counted[2]
    else:
        # str.isalpha is exactly \p{L}, and twice as fast as deleting the rest.
        letters = sum(map(str.isalpha, sample))
        devanagari = _devanagari_count(sample) if letters >= MIN_LETTERS else 0
    if letters < MIN_LETTERS:
        return _UNJUDGED
    if devanagari * 3 >= letters:  # Hindi or Marathi, perhaps with English terms
        profiles = profiles or language_profiles()
        marked = vote(sample, "Devanagari", profiles)
        return (_Verdict(marked) if marked
                else _Verdict(None, profiles.script_languages("Devanagari"), sample))
    latin = len(narrow.translate(None, _LATIN1_NOT_LATIN)) if narrow is not None \
        else counted[1] if counted is not None else len(_NOT_LATIN.sub("", sample))
    if latin * 2 >= letters:
        profiles = profiles or language_profiles()
        voted = vote(sample, "Latin", profiles)
        if voted:
            return _Verdict(voted)
        # No clear function words: the language around decides, as for Devanagari text
        # without markers; langdetect only where nothing around is of this script.
        return _Verdict(None, profiles.script_languages("Latin"), sample)
    # Other scripts: langdetect holds no profiles for them, the script names the language.
    return _Verdict(script_language(sample, letters)) if narrow is None else _UNJUDGED


# The Devanagari block's code points as UTF-8 start with these bytes; the dandas (U+0964,
# U+0965) and the Vedic stress marks (U+0951-U+0954) in it belong to other scripts.
_DEVANAGARI_LEADS = (b"\xe0\xa4", b"\xe0\xa5")
_NOT_DEVANAGARI_IN_BLOCK = tuple(chr(code).encode("utf-8")
                                 for code in (0x951, 0x952, 0x953, 0x954, 0x964, 0x965))


def _sequences(first: int, last: int, test: Callable[[str], bool]) -> tuple[bytes, ...]:
    """UTF-8 encodings of the code points first..last that pass `test`."""
    return tuple(chr(code).encode("utf-8") for code in range(first, last + 1)
                 if test(chr(code)))


def _is_latin(char: str) -> bool:
    return not _NOT_LATIN.match(char)


_HIGH_BYTES = bytes(range(128, 256))
_ASCII_NOT_LETTER = bytes(code for code in range(256) if not chr(code).isalpha() or code > 127)
_ASCII_NOT_LATIN = bytes(code for code in range(256) if not _is_latin(chr(code)) or code > 127)
# Latin-1 above ASCII: U+0080-U+00BF are C2 xx in UTF-8, U+00C0-U+00FF are C3 xx.
_C2_LETTERS = _sequences(0x80, 0xBF, str.isalpha)
_C3_NOT_LETTERS = _sequences(0xC0, 0xFF, lambda char: not char.isalpha())
_C2_LATIN = _sequences(0x80, 0xBF, _is_latin)
_C3_NOT_LATIN = _sequences(0xC0, 0xFF, lambda char: not _is_latin(char))
# General punctuation U+2000-U+203F (E2 80 xx): dashes, quotes, spaces, bullets; no letters.
_PUNCTUATION_LETTERS = _sequences(0x2000, 0x203F, lambda char: char.isalpha() or _is_latin(char))
# A Devanagari-block character E0 A4 xx or E0 A5 xx as one byte: xx, with bit 6 set for A5
# (xx is 80-BF, so bit 6 is free).
_A5_BIT = bytes(0x40 if code == 0xA5 else 0 for code in range(256))
_ASCII_AND_E0 = bytes(range(128)) + b"\xe0"


def _block_key(code: int) -> int:
    data = chr(code).encode("utf-8")
    return data[2] | (0x40 if data[1] == 0xA5 else 0)


_BLOCK_NOT_LETTER = bytes(_block_key(code) for code in range(0x900, 0x980)
                          if not chr(code).isalpha())
_BLOCK_NOT_DEVANAGARI = bytes(_block_key(code) for code in (0x951, 0x952, 0x953, 0x954, 0x964,
                                                             0x965))


def _byte_counts(text: str) -> tuple[int, int, int] | None:
    """Letters, Latin letters and Devanagari characters of `text` (as `str.isalpha`,
    `_NOT_LATIN` and `_devanagari_count` count them), counted on its UTF-8 bytes where it is
    made of ASCII, Latin-1 and general punctuation, or of ASCII and the Devanagari block, as
    most text is; None for any other text. Counting bytes avoids a Python step per character.
    """
    if _PUNCTUATION_LETTERS:
        return None  # a Unicode version with letters there: count the slow way
    data = text.encode("utf-8", "surrogatepass")
    plain = len(data.translate(None, _HIGH_BYTES))
    block = data.count(b"\xe0\xa4") + data.count(b"\xe0\xa5")
    supplement = data.count(b"\xc2") + data.count(b"\xc3")
    punctuation = data.count(b"\xe2\x80")
    if block and plain + block == len(text):
        pairs = data.translate(None, _ASCII_AND_E0)  # A4|A5, xx for each block character
        keys = (int.from_bytes(pairs[0::2].translate(_A5_BIT), "big")
                | int.from_bytes(pairs[1::2], "big")).to_bytes(block, "big")
        letters = len(data.translate(None, _ASCII_NOT_LETTER)) + len(
            keys.translate(None, _BLOCK_NOT_LETTER))
        latin = len(data.translate(None, _ASCII_NOT_LATIN))
        return letters, latin, len(keys.translate(None, _BLOCK_NOT_DEVANAGARI))
    if block or plain + supplement + punctuation != len(text):
        return None
    letters = (len(data.translate(None, _ASCII_NOT_LETTER)) + sum(map(data.count, _C2_LETTERS))
               + data.count(b"\xc3") - sum(map(data.count, _C3_NOT_LETTERS)))
    latin = (len(data.translate(None, _ASCII_NOT_LATIN)) + sum(map(data.count, _C2_LATIN))
             + data.count(b"\xc3") - sum(map(data.count, _C3_NOT_LATIN)))
    return letters, latin, 0


def _devanagari_count(text: str) -> int:
    """Characters of the Devanagari script (block U+0900-U+097F), counted on UTF-8 bytes."""
    data = text.encode("utf-8", "surrogatepass")
    count = data.count(_DEVANAGARI_LEADS[0]) + data.count(_DEVANAGARI_LEADS[1])
    return count - sum(map(data.count, _NOT_DEVANAGARI_IN_BLOCK))


# Node kinds whose text is not prose in a natural language.
_NOT_PROSE = frozenset({NodeKind.CODE, NodeKind.FRONT_MATTER, NodeKind.HTML, NodeKind.BREAK})
# Kinds whose children are judged one by one.
_DESCEND = frozenset({NodeKind.DOCUMENT, NodeKind.SECTION, NodeKind.LIST, NodeKind.QUOTE,
                      NodeKind.TABLE})


def language_map(document: Document) -> Callable[[int], str | None]:
    """Return a function from a character offset to the language of the region around it.

    A forced `document.language` holds everywhere. Otherwise the document gets a language,
    then each section, then each block in it (paragraph, list item, table row, ...); a region
    too short to judge, or code, inherits the language of what encloses it. Regions are judged
    only when asked for, and an enclosing region only when the inner one needs its language.
    """
    if document.language:
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
        self.profiles = language_profiles()
        self.spans: list[tuple[int, int] | None] = [(0, len(self.text))]
        self.parents: list[int] = [-1]
        self.verdicts: list[_Verdict | None] = [None]
        self.languages: list[str | None] = [None]
        self.settled: list[bool] = [False]
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
        end = min(node.end, node.start + CONTAINER_SAMPLE) if descend else node.end
        scope = len(self.spans)
        self.spans.append((node.start, end) if node.kind is not NodeKind.DOCUMENT else None)
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
        chain: list[tuple[int, _Verdict]] = []
        while scope >= 0 and not self.settled[scope]:
            verdict = self._verdict(scope)
            chain.append((scope, verdict))
            if not verdict.needs_prior:
                break
            scope = self.parents[scope]
        prior = self.languages[scope] if scope >= 0 and self.settled[scope] else None
        for index, verdict in reversed(chain):
            # The document's own language has no prior and does not fall back to one.
            prior = verdict.settle(prior, inherit=index > 0)
            self.languages[index] = prior
            self.settled[index] = True
        return prior

    def _verdict(self, scope: int) -> _Verdict:
        verdict = self.verdicts[scope]
        if verdict is None:
            span = self.spans[scope]
            # Only the first SAMPLE characters are read, so only those are copied.
            verdict = _UNJUDGED if span is None else _judge(
                self.text[span[0]:min(span[1], span[0] + SAMPLE)], self.profiles)
            self.verdicts[scope] = verdict
        return verdict
