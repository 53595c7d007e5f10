"""How a front-matter title's value is read: escaped quotes inside double quotes, a quote
never closed, and a comment after a plain value."""

from __future__ import annotations

import pytest

from structchunk.parse.titles import front_matter_title


@pytest.mark.parametrize("fence", ["---", "+++"])
def test_escaped_double_quotes_are_kept_as_quotes(fence: str) -> None:
    key = "title:" if fence == "---" else "title ="
    block = f'{fence}\n{key} "Say \\"ahoy\\" twice"\n{fence}\n'
    assert front_matter_title(block) == 'Say "ahoy" twice'


def test_a_double_quote_never_closed_is_dropped_and_the_rest_kept() -> None:
    assert front_matter_title('---\ntitle: "Tide tables\nauthor: Port office\n---\n') == (
        "Tide tables")


def test_a_comment_after_a_plain_value_is_not_part_of_the_title() -> None:
    assert front_matter_title("---\ntitle: Harbour rules   # draft of May\n---\n") == (
        "Harbour rules")
    assert front_matter_title("---\ntitle: Harbour rules\t# draft\n---\n") == "Harbour rules"
