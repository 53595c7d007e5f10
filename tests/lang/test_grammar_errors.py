"""Every refusal of the sentence-grammar loader, named in full: the file, the entry, the rule.

A new language is one grammar file written by someone who has not read the loader; each
mistake must be reported with the file's path and the entry in words they can act on, never
as a dependency's traceback and never silently ignored.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import regex

from structchunk.errors import GrammarError
from structchunk.lang.grammars import load_sentence_grammar
from tests.lang.test_grammars import grammar_folder

HEAD = '[grammar]\nname = "xx"\ninherits = ["base"]\n'
RULE = '[[rules]]\nname = "r"\n'


def refusal(tmp_path: Path, body: str) -> str:
    folder = grammar_folder(tmp_path, body)
    with pytest.raises(GrammarError) as raised:
        load_sentence_grammar("xx", folders=[folder])
    prefix = f"{tmp_path / 'xx.toml'}: "
    message = str(raised.value)
    assert message.startswith(prefix)
    assert raised.value.origin == str(tmp_path / "xx.toml")
    return message[len(prefix):]


@pytest.mark.parametrize(("body", "message"), [
    # sections
    ('rules = "r"\n' + HEAD, "rules: must be an array of tables ([[rules]])"),
    ('words = ["a"]\n' + HEAD, "words: must be a table"),
    (HEAD + '[words]\nmonths = "Mai"\n', "words.months: must be a list of strings"),
    (HEAD + '[words]\nmonths = ["Mai", "Mai"]\n', "words.months: 'Mai' is listed twice"),
    (HEAD + '[words]\nmonths = ["Mai  Juni"]\n',
     "words.months: 'Mai  Juni' is not a word (letters, digits, apostrophes, hyphens, "
     "single spaces)"),
    (HEAD + '[words]\nmonths = ["Mai", "Juni!"]\n',
     "words.months: 'Juni!' is not a word (letters, digits, apostrophes, hyphens, "
     "single spaces)"),
    (HEAD + '[extra]\nx = 1\n',
     "unknown section [extra] (known: rules, words, grammar, terminators, abbreviations, "
     "options, detection)"),
    ('options = true\n' + HEAD, "options: must be a table"),
    ('grammar = "xx"\n', "grammar: must be a table"),
    (HEAD + '[options]\npronoun = true\n',
     "options.pronoun: unknown entry (known: pronoun_i, lowercase_continues, "
     "quoted_sentences)"),
    (HEAD + '[terminators]\nenders = ["."]\n',
     "terminators.enders: unknown entry (known: final, questions, always, closers, openers, "
     "bullets, line_bullets, titles)"),
    (HEAD + '[terminators]\ntitles = ["《"]\n',
     "terminators.titles: '《' must be two characters, not whitespace"),
    (HEAD + '[terminators]\nfinal = ["《》"]\n',
     "terminators.final: '《》' must be one character, not whitespace"),
    (HEAD.replace('inherits', 'parents'),
     "grammar.parents: unknown entry (known: name, description, inherits, disable_rules)"),
    # the header
    ('[terminators]\nfinal = ["."]\n', "missing [grammar] table"),
    ('[grammar]\nname = "yy"\n', "grammar.name: 'yy' must be the file name 'xx'"),
    ('[grammar]\ninherits = ["base"]\n', "grammar.name: None must be the file name 'xx'"),
    ('[grammar]\nname = "xx"\ninherits = "base"\n', "grammar.inherits: must be a list of strings"),
    (HEAD + 'disable_rules = "r"\n', "grammar.disable_rules: must be a list of strings"),
    (HEAD + 'disable_rules = ["r", ""]\n', "grammar.disable_rules: empty string"),
    # terminators: every list, one character each
    *[(HEAD + f'[terminators]\n{key} = ["..."]\n',
       f"terminators.{key}: '...' must be one character, not whitespace")
      for key in ("final", "always", "closers", "openers", "bullets", "line_bullets")],
    (HEAD + '[terminators]\nfinal = [".", " "]\n',
     "terminators.final: ' ' must be one character, not whitespace"),
    (HEAD + '[terminators]\nbullets = "•"\n', "terminators.bullets: must be a list of strings"),
    # abbreviations: every class
    *[(HEAD + f'[abbreviations]\n{klass} = ["etc"]\n',
       f"abbreviations.{klass}: 'etc' is not an abbreviation (letter groups separated by a "
       "period or one space, a period at the end)")
      for klass in ("prefix", "numeric", "general")],
    (HEAD + '[abbreviations]\ngeneral = ["etc.", "z.  B."]\n',
     "abbreviations.general: 'z.  B.' is not an abbreviation (letter groups separated by a "
     "period or one space, a period at the end)"),
    (HEAD + '[abbreviations]\nnumeric = "Nr."\n',
     "abbreviations.numeric: must be a list of strings"),
    (HEAD + '[abbreviations]\nprefix = ["z. B."]\ngeneral = ["z.B."]\n',
     "abbreviations.general: 'z.B.' is already listed as prefix"),
    (HEAD + '[abbreviations]\nprefix = ["Dr."]\nnumeric = ["Nr.", "N r."]\n',
     "abbreviations.numeric: 'N r.' is already listed as numeric"),
    # options
    (HEAD + '[options]\npronoun_i = true\nlowercase_continues = 1\n',
     "options.lowercase_continues: must be true or false"),
    # disabling an inherited rule
    (HEAD + 'disable_rules = ["ghost"]\n', "grammar.disable_rules: no inherited rule 'ghost'"),
    # rules
    (HEAD + '[[rules]]\ntoken = "x"\naction = "keep"\n', "rules: every rule needs a name"),
    (HEAD + '[[rules]]\nname = ""\ntoken = "x"\naction = "keep"\n',
     "rules: every rule needs a name"),
    (HEAD + '[[rules]]\nname = 7\ntoken = "x"\naction = "keep"\n',
     "rules: every rule needs a name"),
    (HEAD + RULE + 'token = "x"\naction = "keep"\n' + RULE + 'token = "y"\naction = "break"\n',
     "rules.r: a rule with this name exists already"),
    (HEAD + RULE + 'token = "x"\naction = "keep"\ncolour = "red"\n',
     "rules.r.colour: unknown entry"),
    (HEAD + RULE + 'token = "x"\n', "rules.r.action: must be one of keep, break"),
    (HEAD + RULE + 'token = "x"\naction = "cut"\n', "rules.r.action: must be one of keep, break"),
    *[(HEAD + RULE + f'{key} = ""\naction = "keep"\n',
       f"rules.r.{key}: must be a non-empty string")
      for key in ("terminator", "token", "before", "after")],
    (HEAD + RULE + 'token = 3\naction = "keep"\n', "rules.r.token: must be a non-empty string"),
    (HEAD + RULE + 'action = "keep"\ndescription = "nothing to match"\n',
     "rules.r: needs at least one of terminator, token, before, after"),
    (HEAD + '[words]\nmonths = ["Mai"]\n' + RULE
     + 'token = "x"\nafter = \'\\L<months> \\L<days>\'\naction = "keep"\n',
     "rules.r.after: no word list 'days' ([words])"),
])
def test_each_refusal_names_the_file_and_the_entry_in_full(tmp_path: Path, body: str,
                                                           message: str) -> None:
    assert refusal(tmp_path, body) == message


@pytest.mark.parametrize("key", ["terminator", "token", "before", "after"])
def test_a_pattern_that_does_not_compile_is_quoted_with_the_reason(tmp_path: Path,
                                                                   key: str) -> None:
    with pytest.raises(regex.error) as reason:
        regex.compile("(unclosed")
    message = refusal(tmp_path, HEAD + RULE + f"{key} = '(unclosed'\naction = \"keep\"\n")
    assert message == f"rules.r.{key}: '(unclosed' does not compile: {reason.value}"


def test_an_error_in_a_parent_names_the_parent(tmp_path: Path) -> None:
    folder = grammar_folder(tmp_path, '[grammar]\nname = "xx"\ninherits = ["mid"]\n')
    (folder / "mid.toml").write_text('[grammar]\nname = "mid"\ninherits = ["base"]\n'
                                     '[terminators]\nfinal = ["!!"]\n', encoding="utf-8")
    with pytest.raises(GrammarError) as raised:
        load_sentence_grammar("xx", folders=[folder])
    assert str(raised.value) == (f"{tmp_path / 'mid.toml'}: terminators.final: '!!' must be "
                                 "one character, not whitespace")


def test_a_rule_error_names_the_file_that_holds_the_rule(tmp_path: Path) -> None:
    # the rule comes from base.toml; the language file that inherits it is not to blame
    folder = grammar_folder(tmp_path, HEAD)
    (folder / "base.toml").write_text('[grammar]\nname = "base"\n' + RULE + 'action = "keep"\n',
                                      encoding="utf-8")
    with pytest.raises(GrammarError) as raised:
        load_sentence_grammar("xx", folders=[folder])
    assert str(raised.value) == (f"{tmp_path / 'base.toml'}: rules.r: needs at least one of "
                                 "terminator, token, before, after")


def test_a_rule_disabled_by_a_child_may_be_redefined_by_it(tmp_path: Path) -> None:
    folder = grammar_folder(tmp_path, HEAD + 'disable_rules = ["r"]\n'
                            + RULE + 'token = "y"\naction = "break"\n')
    (folder / "base.toml").write_text('[grammar]\nname = "base"\n' + RULE
                                      + 'token = "x"\naction = "keep"\n', encoding="utf-8")
    rules = load_sentence_grammar("xx", folders=[folder]).rules
    assert [(rule.name, rule.action, rule.origin) for rule in rules] == [
        ("r", "break", str(tmp_path / "xx.toml"))]
    assert rules[0].breaks and rules[0].token is not None and rules[0].token.pattern == "y"
