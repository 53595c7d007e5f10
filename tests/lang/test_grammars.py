"""The grammar loader: resolution, inheritance, variants, caching and validation errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from structchunk.errors import GrammarError
from structchunk.lang.grammars import (
    available_languages,
    load_sentence_grammar,
    normalize_language,
    resolve_language,
)
from structchunk.lang.segmenter import RuleSegmenter
from structchunk.lang.sentences import sentence_spans
from structchunk.resources import grammar_path

BASE = """
[grammar]
name = "base"
inherits = []

[terminators]
final = [".", "!", "?"]
closers = ['"', ")"]
openers = ['"', "("]
"""


def write(folder: Path, name: str, body: str) -> None:
    (folder / f"{name}.toml").write_text(body, encoding="utf-8")


def grammar_folder(tmp_path: Path, body: str, name: str = "xx") -> Path:
    write(tmp_path, "base", BASE)
    write(tmp_path, name, body)
    return tmp_path


def test_grammar_path_finds_the_sentence_grammars() -> None:
    assert (grammar_path("sentences") / "base.toml").is_file()
    assert grammar_path("sentences", "de.toml").is_file()


def test_languages_with_files_resolve_to_themselves() -> None:
    assert set(available_languages()) >= {"de", "en", "hi", "mr"}
    assert resolve_language("de-DE") == "de"
    assert resolve_language("EN_us") == "en"


def test_unknown_languages_get_the_neutral_default() -> None:
    assert resolve_language("gd") == "und"
    assert resolve_language("zz") == "und"
    assert resolve_language(None) == "und"
    assert normalize_language("") == "und"


def test_grammars_are_cached() -> None:
    assert load_sentence_grammar("de") is load_sentence_grammar("de")
    assert load_sentence_grammar("de-AT") is load_sentence_grammar("de")


def test_languages_inherit_base_and_script_data() -> None:
    german = load_sentence_grammar("de")
    assert german.files[0] == "base"
    assert {"latin", "de"} <= set(german.files)
    assert "." in german.final and "।" in german.always
    marathi = load_sentence_grammar("mr")
    assert "devanagari" in marathi.files
    assert {"।", "॥"} <= marathi.always


def test_default_grammar_has_latin_devanagari_and_cjk_terminators() -> None:
    default = load_sentence_grammar(None)
    assert {"।", "॥", "。", "！", "？"} <= default.always
    assert {".", "!", "?"} <= default.final


def test_spaced_and_unspaced_abbreviations_are_one_entry() -> None:
    german = load_sentence_grammar("de")
    assert german.abbreviation_class("z.B.") == "prefix"
    assert german.abbreviation_class("i.V.m.") == "prefix"
    assert german.abbreviation_class("Z.B.") == "prefix"  # capitalised at a sentence start
    assert german.abbreviation_class("Abs.") == "numeric"
    assert german.abbreviation_class("usw.") == "general"


def test_case_variants_are_generated() -> None:
    english = load_sentence_grammar("en")
    assert english.abbreviation_class("INC.") == "general"
    assert english.abbreviation_class("rs.") == "numeric"
    assert english.abbreviation_class("Mr.") == "prefix"


def test_straight_quotes_stand_for_typographic_ones() -> None:
    grammar = load_sentence_grammar("en")
    assert {'"', "”", "“", "'", "’"} <= grammar.closers
    assert {'"', "“", "„", "'", "‘", "‚"} <= grammar.openers


def _ordinal_before_months(months: str) -> str:
    """A language file whose one rule keeps a number before a word of its month list."""
    return f"""
[grammar]
name = "xx"
inherits = ["base"]

[words]
months = {months}

[[rules]]
name = "ordinal"
token = '\\d{{1,2}}'
after = '\\L<months>'
action = "keep"
"""


def test_rules_compile_with_word_lists(tmp_path: Path) -> None:
    folder = grammar_folder(tmp_path, _ordinal_before_months('["Mai", "Juni"]'))
    grammar = load_sentence_grammar("xx", folders=[folder])
    assert [rule.name for rule in grammar.rules] == ["ordinal"]
    rule = grammar.rules[0]
    assert rule.after is not None and rule.after.match("Juni")


def test_an_empty_word_list_matches_nothing_until_a_child_fills_it(tmp_path: Path) -> None:
    # A file others inherit declares the list its rule reads; empty, the rule matches nothing
    # (the regex module alone would match the empty string, so the rule would fire always).
    folder = grammar_folder(tmp_path, _ordinal_before_months("[]"))
    write(folder, "yy", '[grammar]\nname = "yy"\ninherits = ["xx"]\n\n[words]\nmonths = ["Mai"]\n')
    empty = load_sentence_grammar("xx", folders=[folder]).rules[0]
    assert empty.after is not None and empty.after.match("Mai") is None
    assert empty.after.match("") is None
    filled = load_sentence_grammar("yy", folders=[folder]).rules[0]
    assert filled.after is not None and filled.after.match("Mai")
    text = "Am 3. Mai kam er."
    assert len(RuleSegmenter(load_sentence_grammar("xx", folders=[folder]))(text)) == 2
    assert len(RuleSegmenter(load_sentence_grammar("yy", folders=[folder]))(text)) == 1


def test_a_language_may_disable_an_inherited_rule(tmp_path: Path) -> None:
    write(tmp_path, "base", BASE + """
[[rules]]
name = "inherited"
token = 'x'
action = "keep"
""")
    write(tmp_path, "xx", """
[grammar]
name = "xx"
inherits = ["base"]
disable_rules = ["inherited"]
""")
    assert load_sentence_grammar("xx", folders=[tmp_path]).rules == ()


@pytest.mark.parametrize(("body", "message"), [
    ("""[grammar]
name = "xx"
inherits = ["base"]
[[rules]]
name = "broken"
token = '(unclosed'
action = "keep"
""", "rules.broken.token"),
    ("""[grammar]
name = "xx"
inherits = ["base"]
[abbreviations]
prefix = ["z. B.", "z.B."]
""", "already listed"),
    ("""[grammar]
name = "xx"
inherits = ["base"]
[abbreviations]
general = ["etc"]
""", "abbreviations.general: 'etc'"),
    ("""[grammar]
name = "xx"
inherits = ["base"]
[abbreviations]
general = ["usw.", "usw."]
""", "listed twice"),
    ("""[grammar]
name = "xx"
inherits = ["base"]
[terminators]
final = ["..."]
""", "terminators.final"),
    ("""[grammar]
name = "xx"
inherits = ["base"]
[terminators]
enders = ["."]
""", "terminators.enders: unknown entry"),
    ("""[grammar]
name = "xx"
inherits = ["base"]
[[rules]]
name = "needs-list"
after = '\\L<nowhere>'
action = "keep"
""", "no word list 'nowhere'"),
    ("""[grammar]
name = "xx"
inherits = ["base"]
[[rules]]
name = "no-action"
token = 'x'
action = "maybe"
""", "rules.no-action.action"),
    ("""[grammar]
name = "yy"
inherits = ["base"]
""", "must be the file name"),
    ("""[grammar]
name = "xx"
inherits = ["base"]
disable_rules = ["ghost"]
""", "no inherited rule 'ghost'"),
    ("""[grammar
name = "xx"
""", "not valid TOML"),
])
def test_malformed_grammars_name_the_file_and_the_entry(tmp_path: Path, body: str,
                                                        message: str) -> None:
    folder = grammar_folder(tmp_path, body)
    with pytest.raises(GrammarError) as caught:
        load_sentence_grammar("xx", folders=[folder])
    assert message in str(caught.value)
    assert "xx.toml" in str(caught.value)


def test_inheritance_cycles_are_errors(tmp_path: Path) -> None:
    write(tmp_path, "aa", '[grammar]\nname = "aa"\ninherits = ["bb"]\n')
    write(tmp_path, "bb", '[grammar]\nname = "bb"\ninherits = ["aa"]\n')
    with pytest.raises(GrammarError, match="cycle"):
        load_sentence_grammar("aa", folders=[tmp_path])


def test_a_missing_parent_is_an_error(tmp_path: Path) -> None:
    write(tmp_path, "xx", '[grammar]\nname = "xx"\ninherits = ["nowhere"]\n')
    with pytest.raises(GrammarError,
                       match="xx.toml: inherits 'nowhere', which has no sentence grammar file"):
        load_sentence_grammar("xx", folders=[tmp_path])


def test_every_shipped_grammar_loads_and_segments() -> None:
    for path in sorted(grammar_path("sentences").glob("*.toml")):
        grammar = load_sentence_grammar(path.stem, folders=[path.parent])
        assert grammar.final or grammar.always or path.stem != "und"
    for language in (*available_languages(), None):
        assert sentence_spans("One. Two.", language) == [(0, 4), (5, 9)]
