"""Language detection per text, deterministic and offline, for every language known.

A text is judged on its opening (`SAMPLE` characters, markup and links removed,
`structchunk.lang.noise`). Its script comes first (`structchunk.lang.scripts`, data in
`grammars/detection/scripts.toml`): a script written for one language names it (Hangul `ko`,
Thai `th`, Greek `el`, ...), and so does a script that only a language file's `[detection]`
table declares (`structchunk.lang.profiles`). Text in the scripts the compiled identifier
knows (Latin, Cyrillic, Arabic, Devanagari, Han, kana, ...) is asked of it
(`structchunk.lang.identifier`: fastText's lid.176, 176 languages, ISO 639-1 codes), and
where its best guess has a close neighbour (Slovak and Czech, Malay and Indonesian), the
letters and words only one of them writes decide (`structchunk.lang.neighbours`).

The language around a text (its prior) is kept where the identifier is not sure and still
counts the prior among its candidates: a short English line in a German page stays German, a
German paragraph in an English page (the identifier sure of it) is `de`. Texts with fewer than
`MIN_LETTERS` letters are too short to judge: they inherit the language around them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache

from structchunk.lang.counting import letters
from structchunk.lang.grammars import DEFAULT_LANGUAGE
from structchunk.lang.identifier import Guesses, identify, known_languages
from structchunk.lang.neighbours import Neighbours, neighbours
from structchunk.lang.noise import without_noise
from structchunk.lang.profiles import Profiles, language_profiles
from structchunk.lang.scripts import ScriptData, script_data, share_of, text_script

MIN_LETTERS = 20
SAMPLE = 200  # characters of a text that are judged
# A guess at least this probable decides whatever the language around the text.
DECISIVE = 0.9
# The language around is kept when the identifier gives it at least this probability...
CANDIDATE = 0.03
# ... and a guess below this probability says nothing: the language around decides.
MIN_PROBABILITY = 0.25


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a text says about its language before the language around it is known.

    `language` is set where the script decides; `guesses` are the identifier's otherwise.
    """

    language: str | None = None
    guesses: Guesses = ()

    @property
    def needs_prior(self) -> bool:
        """Whether the language around the text can change the answer."""
        return self.language is None and (not self.guesses or self.guesses[0][1] < DECISIVE)

    def settle(self, prior: str | None, inherit: bool) -> str | None:
        """The language given the prior; with `inherit`, no answer falls back to the prior."""
        if self.language is not None:
            return self.language
        fallback = prior if inherit else None
        if not self.guesses:
            return fallback
        best, probability = self.guesses[0]
        if prior is not None and probability < DECISIVE and any(
                code == prior and share >= CANDIDATE for code, share in self.guesses):
            return prior
        return best if probability >= MIN_PROBABILITY else fallback


UNJUDGED = Verdict()


@lru_cache(maxsize=512)
def named_verdict(language: str) -> Verdict:
    """The verdict naming `language`, made once (most regions get one)."""
    return Verdict(language)


@dataclass(frozen=True, eq=False)
class Knowledge:
    """What judging needs from the grammar search path, gathered once per path."""

    scripts: ScriptData
    profiles: Profiles
    known: tuple[str, ...]  # every script named, in the order a letter is tested against
    neighbours: Neighbours

    def named(self, script: str) -> str | None:
        """The language a script names alone, or None where the identifier decides."""
        if script in self.scripts.identified:
            return None
        declared = self.profiles.script_languages(script)
        return self.scripts.main.get(script) or (declared[0] if declared else None)


def knowledge() -> Knowledge:
    return _knowledge(script_data(), language_profiles(), neighbours())


@lru_cache(maxsize=16)
def _knowledge(scripts: ScriptData, profiles: Profiles, table: Neighbours) -> Knowledge:
    known = dict.fromkeys([*scripts.identified, *scripts.main, *profiles.by_script])
    return Knowledge(scripts, profiles, tuple(known), table)


def supported_languages() -> tuple[str, ...]:
    """Every language detection can name: the identifier's, those scripts name, and those
    whose grammar file has a [detection] table; sorted."""
    found = knowledge()
    return tuple(sorted({*known_languages(), *found.scripts.main.values(),
                         *found.profiles.languages}))


# Called with every sample judged (see `judging`).
_WATCHERS: list[Callable[[str], object]] = []


@contextmanager
def judging(watcher: Callable[[str], object]) -> Iterator[None]:
    """Call `watcher` with every sample judged (cut, freed of noise, long enough to count
    its letters) while the block runs: benchmarks collect the texts a run judges through
    this seam, on the pure and the compiled build alike (see `identifier.watching`)."""
    _WATCHERS.append(watcher)
    try:
        yield
    finally:
        _WATCHERS.remove(watcher)


def judge(text: str, found: Knowledge | None = None, *, least: int = MIN_LETTERS,
          limit: int = SAMPLE, place: Callable[[str, str], str | None] | None = None,
          ) -> Verdict:
    """What the first `limit` characters of `text` say about its language, judged when they
    hold at least `least` letters; `found` saves looking the search path up again when one
    caller judges many texts. `place`, where given, is asked before the identifier: given
    the sample and its script, it names the language of a text it recognizes
    (`structchunk.lang.familiar`)."""
    if len(text) < least:
        return UNJUDGED
    found = found or knowledge()
    sample = without_noise(text[:limit])
    return judge_sample(sample, text_script(sample, found.known), found, least=least,
                        place=place)


def judge_sample(sample: str, script: str | None, found: Knowledge, *,
                 least: int = MIN_LETTERS,
                 place: Callable[[str, str], str | None] | None = None) -> Verdict:
    """`judge` of a sample already cut and freed of noise, whose script is known (a caller
    that has them saves finding them again)."""
    for watcher in _WATCHERS:
        watcher(sample)
    count = letters(sample)
    if count < max(1, least):
        return UNJUDGED
    if script is None:
        return UNJUDGED  # a script no data names: the identifier would only guess
    named = found.named(script)
    if named is not None and share_of(script, sample, count) >= found.scripts.share:
        return named_verdict(named)
    placed = place(sample, script) if place is not None else None
    if placed is not None:
        return named_verdict(placed)
    # a few letters of such a script decide nothing; close neighbours the identifier confuses
    # are told apart by their own letters and words (`structchunk.lang.neighbours`)
    return Verdict(None, found.neighbours.settle(sample, identify(sample)))


def detect_language(text: str, prior: str | None = None) -> str | None:
    """Language code of `text` ('en', 'de', 'bg', 'zh', ...) or None when too short or
    unknown; `prior`, the language around the text, is kept where the text does not clearly
    say otherwise."""
    return judge(text).settle(prior, inherit=False)


def dominant(verdict: Verdict) -> str:
    """The language a document's verdict names, however unsure (a document has a language
    whenever it has words), or `und` (undetermined) for one without."""
    if verdict.language is not None:
        return verdict.language
    return verdict.guesses[0][0] if verdict.guesses else DEFAULT_LANGUAGE
