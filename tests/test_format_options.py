"""Per-format options: each format's frozen class, filled in by its module, and every wrong
name or type an `OptionError` naming the option, the value and what is accepted."""

from __future__ import annotations

import dataclasses

import pytest

import structchunk
from structchunk import FormatOptions, OptionError
from structchunk.options import option, optional, provisional_registrations, registered_options
from structchunk.parse import option_classes

PLAIN = "Just a plain sentence. And another one without any markup.\n"


class _Wrong:
    """A value no option accepts."""

    def __repr__(self) -> str:
        return "<wrong value>"


def _every_option() -> list[tuple[str, str]]:
    return [(name, spec.name) for name, cls in sorted(option_classes().items())
            for spec in dataclasses.fields(cls)]


def test_every_format_with_options_has_its_class() -> None:
    classes = option_classes()
    assert {"markdown", "pdf", "code", "legal"} <= set(classes)
    assert classes["pdf"].__module__ == "structchunk.parse.pdf"
    # owned by their format: in its module, or a module of options beside its parser
    assert classes["markdown"].__module__.startswith("structchunk.parse.markdown.")
    for cls in classes.values():
        assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen  # type: ignore[attr-defined]


@pytest.mark.parametrize(("format_name", "name"), _every_option())
def test_each_option_of_each_format_refuses_a_wrong_type(format_name: str, name: str) -> None:
    with pytest.raises(OptionError) as raised:
        structchunk.split_text(PLAIN, **{name: _Wrong()})
    message = str(raised.value)
    assert name in message and "<wrong value>" in message and "takes" in message
    with pytest.raises(OptionError, match=name):
        option_classes()[format_name](**{name: _Wrong()})


@pytest.mark.parametrize(("keywords", "accepted"), [
    ({"code_language": 5}, "programming language"),
    ({"jurisdiction": 7}, "jurisdiction code"),
    ({"legal": "no"}, "True or False"),
    ({"markdown_backend": "bogus"}, "pyromark, markdown-it"),
    ({"short_titles": 1}, "True or False"),
    ({"strict": None}, "True or False"),
])
def test_values_that_escaped_before_are_option_errors(keywords: dict[str, object],
                                                      accepted: str) -> None:
    """Each of these was a bare AttributeError or TypeError, a silent "on", or accepted
    whenever the text was not Markdown."""
    for call in (structchunk.parse_text, structchunk.split_text):
        with pytest.raises(OptionError, match=accepted):
            call(PLAIN, **keywords)


def test_good_values_still_work() -> None:
    assert structchunk.parse_text("def f():\n    pass\n", code_language="python").format == "code"
    assert structchunk.parse_text(PLAIN, legal=False, markdown_backend="markdown-it").format \
        == "text"
    path_root = option_classes()["code"](path_root=".")
    assert path_root.path_root == "."


def test_an_unknown_name_suggests_the_nearest_known_one() -> None:
    with pytest.raises(OptionError, match="unknown option 'jurisdicton'.*'jurisdiction'"):
        structchunk.parse_text(PLAIN, jurisdicton="de")


def test_a_new_format_declares_its_options_in_its_own_module() -> None:
    """Defining the class is the registration: no list elsewhere names the option."""
    with provisional_registrations():

        @dataclasses.dataclass(frozen=True)
        class SlidesOptions(FormatOptions):
            format = "slides"
            speaker_notes: str | None = option(None, "a string", optional(str))

        assert registered_options()["slides"] is SlidesOptions
        assert SlidesOptions(speaker_notes="keep").speaker_notes == "keep"
        with pytest.raises(OptionError, match=r"speaker_notes=3 .*slides format.*a string"):
            SlidesOptions(speaker_notes=3)  # type: ignore[arg-type]
    assert "slides" not in registered_options()
