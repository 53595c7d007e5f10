"""How the files of a sentence grammar merge: what a child adds, overrides and removes.

A language is one file on top of shared ones, so the merge is the contract a grammar author
relies on: lists are unioned, a child's abbreviation class and options win, rules are appended
in inheritance order, and spelling variants are generated without overriding listed entries.
"""

from __future__ import annotations

from pathlib import Path

import regex

from structchunk.lang.grammars import load_sentence_grammar, words_in_any_language
from tests.lang.test_grammars import BASE, write

MID = """
[grammar]
name = "mid"
inherits = ["base"]

[terminators]
always = ["।"]
bullets = ["•"]
line_bullets = ["-"]
closers = ["»", "!"]
openers = ["«", "।"]

[abbreviations]
numeric = ["Nr."]
general = ["usw."]

[words]
months = ["Mai"]

[options]
pronoun_i = true
lowercase_continues = true

[[rules]]
name = "first"
token = 'a'
action = "keep"
"""

CHILD = """
[grammar]
name = "xx"
inherits = ["mid"]

[abbreviations]
prefix = ["Nr.", "vgl."]
general = ["Vgl.", "Ma'am."]
numeric = ["Bd."]

[words]
months = ["Juni"]
days = ["Montag"]

[options]
pronoun_i = false

[[rules]]
name = "second"
before = 'x'
action = "break"
"""


def _grammar(tmp_path: Path):  # type: ignore[no-untyped-def]
    write(tmp_path, "base", BASE)
    write(tmp_path, "mid", MID)
    write(tmp_path, "xx", CHILD)
    return load_sentence_grammar("xx", folders=[tmp_path])


def test_terminator_lists_are_unioned_and_terminators_are_no_quotes(tmp_path: Path) -> None:
    grammar = _grammar(tmp_path)
    assert grammar.language == "xx"
    assert grammar.files == ("base", "mid", "xx")
    assert grammar.final == frozenset(".!?")
    assert grammar.always == frozenset("।")
    assert grammar.bullets == frozenset("•") and grammar.line_bullets == frozenset("-")
    # "!" ends sentences, so it closes none; "।" always ends one, so it opens none
    assert grammar.closers == frozenset('"”“)»')
    assert grammar.openers == frozenset('"“„(«')


def test_a_child_overrides_classes_and_options_and_unions_word_lists(tmp_path: Path) -> None:
    grammar = _grammar(tmp_path)
    assert dict(grammar.abbreviations) == {
        # the child's class wins over the parent's, for the entry and its variants
        "Nr.": "prefix",
        "vgl.": "prefix", "Vgl.": "general", "VGL.": "general",
        "usw.": "general", "Usw.": "general", "USW.": "general",
        "Ma'am.": "general", "Ma’am.": "general", "MA'AM.": "general",
        "Bd.": "numeric", "BD.": "numeric", "bd.": "numeric",
    }
    assert grammar.abbreviation_class("Vgl.") == "general"
    assert grammar.abbreviation_class("vgl") is None
    assert dict(grammar.words) == {"months": frozenset({"Mai", "Juni"}),
                                   "days": frozenset({"Montag"})}
    assert dict(grammar.options) == {"pronoun_i": False, "lowercase_continues": True}


def test_rules_are_appended_parents_first_with_their_files(tmp_path: Path) -> None:
    rules = _grammar(tmp_path).rules
    assert [(rule.name, rule.action, rule.breaks) for rule in rules] == [
        ("first", "keep", False), ("second", "break", True)]
    assert [rule.origin for rule in rules] == [str(tmp_path / "mid.toml"),
                                               str(tmp_path / "xx.toml")]
    first, second = rules
    assert first.token is not None and first.token.pattern == "a"
    assert (first.terminator, first.before, first.after) == (None, None, None)
    # `before` is matched backwards from a candidate: it is compiled in reverse
    assert second.before is not None and second.before.flags & regex.REVERSE
    assert second.before.match("box", 0, 3) is not None  # "x" right before offset 3
    assert second.before.match("xbo", 0, 3) is None


def test_word_lists_of_every_language_and_their_parents(tmp_path: Path) -> None:
    write(tmp_path, "base", BASE + '[words]\npage = ["p."]\n')
    write(tmp_path, "xx", '[grammar]\nname = "xx"\ninherits = ["base"]\n'
          '[words]\npage = ["seite"]\npage_of = ["von"]\n')
    write(tmp_path, "yy", '[grammar]\nname = "yy"\ninherits = ["base"]\n[words]\npage = ["page"]\n')
    # a shared file that no language inherits is no language: its words are not taken
    write(tmp_path, "shared", '[grammar]\nname = "shared"\ninherits = ["base"]\n'
          '[words]\npage = ["pagina"]\n')
    assert words_in_any_language("page", [tmp_path]) == frozenset({"p.", "seite", "page"})
    assert words_in_any_language("page_of", [tmp_path]) == frozenset({"von"})
    assert words_in_any_language("nothing", [tmp_path]) == frozenset()
