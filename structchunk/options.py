"""Strict options: an unknown keyword or a value of the wrong type is an `OptionError` naming
the option, the value and what is accepted.

Per-format options are small frozen classes owned by their format's module: a subclass of
`FormatOptions` with a `format` name and typed fields made with `option()`. Defining the class
registers it, so a new format declares its options in its own module and nowhere else; the
parse layer (`structchunk.parse.options_for`) imports the format modules named in its table
and hands each keyword to every format that declares it. This module imports no parser.
"""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, ClassVar

from structchunk.errors import OptionError

Check = Callable[[Any], bool]


def option(default: Any, accepts: str, check: Check) -> Any:
    """A field of a `FormatOptions` class: its default, what it accepts (for the error
    message) and the test a value must pass."""
    return field(default=default, metadata={"accepts": accepts, "check": check})


def is_bool(value: Any) -> bool:
    """True or False only: `legal="no"` is a mistake, not a truthy "on"."""
    return isinstance(value, bool)


def optional(*types: type) -> Check:
    """None or an instance of `types` (a bool is never taken for an int)."""
    def check(value: Any) -> bool:
        return value is None or (isinstance(value, types) and not isinstance(value, bool))
    return check


def one_of(choices: Iterable[str]) -> Check:
    """None or one of the names `choices`."""
    allowed = frozenset(choices)
    return lambda value: value is None or (isinstance(value, str) and value in allowed)


_REGISTRY: dict[str, list[type[FormatOptions]]] = {}


@dataclass(frozen=True)
class FormatOptions:
    """Base of every format's options; a subclass sets `format` and declares its fields with
    `option()`. A value is checked when the object is made, so a wrong one never reaches a
    parser."""

    format: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.format:
            _REGISTRY.setdefault(cls.format, []).append(cls)

    def __post_init__(self) -> None:
        for spec in dataclasses.fields(self):
            value = getattr(self, spec.name)
            check = spec.metadata.get("check")
            if check is not None and not check(value):
                raise OptionError(f"option {spec.name}={value!r} is not accepted by the "
                                  f"{self.format} format; it takes {spec.metadata['accepts']}")

    @classmethod
    def names(cls) -> frozenset[str]:
        return frozenset(spec.name for spec in dataclasses.fields(cls))


def registered_options() -> dict[str, type[FormatOptions]]:
    """The options class of each format whose module has been imported (the last one defined
    for a format wins, so a reloaded module replaces its class)."""
    return {name: classes[-1] for name, classes in _REGISTRY.items()}


@contextmanager
def provisional_registrations() -> Iterator[None]:
    """Options classes defined inside the block are registered only until it ends.

    A format's options register themselves when their class is defined; an example or a
    test that defines a class (docs/extending.md's `HtmlOptions`) uses this so that the
    class does not take over its format for the rest of the process.
    """
    saved = {name: list(classes) for name, classes in _REGISTRY.items()}
    try:
        yield
    finally:
        _REGISTRY.clear()
        _REGISTRY.update(saved)


class ParseOptions(Mapping[str, Any]):
    """The parse options given, checked: one `FormatOptions` object per format, and the flat
    keywords as given (what parsers, sniffers and refinement steps read)."""

    def __init__(self, given: Mapping[str, Any], classes: Mapping[str, type[FormatOptions]],
                 where: str, own: Iterable[str] = ()) -> None:
        known = frozenset().union(*(cls.names() for cls in classes.values()))
        check_keywords(given, known, where, own)
        self._given = dict(given)
        self.by_format: dict[str, FormatOptions] = {
            name: cls(**{key: value for key, value in given.items() if key in cls.names()})
            for name, cls in classes.items()}

    def for_format(self, name: str) -> FormatOptions | None:
        return self.by_format.get(name)

    def __getitem__(self, key: str) -> Any:
        return self._given[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._given)

    def __len__(self) -> int:
        return len(self._given)

    def __repr__(self) -> str:
        return f"ParseOptions({self._given!r})"


def suggestion(name: str, known: Iterable[str]) -> str:
    """"; did you mean 'x'?" for the nearest known name, or nothing."""
    close = difflib.get_close_matches(name, sorted(known), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def check_keywords(given: Mapping[str, Any], allowed: Iterable[str], where: str,
                   extra_known: Iterable[str] = ()) -> None:
    """Raise for the first keyword of `given` not in `allowed`; the suggestion is taken from
    `allowed` and `extra_known` (the caller's own parameters)."""
    allowed = set(allowed)
    for name in given:
        if name not in allowed:
            known = allowed | set(extra_known)
            raise OptionError(f"{where} got an unknown option {name!r}"
                              f"{suggestion(name, known)}")


__all__ = ["FormatOptions", "ParseOptions", "check_keywords",
           "is_bool", "one_of", "option", "optional", "provisional_registrations",
           "registered_options", "suggestion"]
