"""metadata_aware headers carry each document's own front matter fields, the option only
where a document has none."""

from __future__ import annotations

import pytest

from structchunk.api import split_text
from structchunk.errors import StrategyError


def _document(category: str, owner: str) -> str:
    return (f"---\ntitle: Handbook\ncategory: {category}\nowner: \"{owner}\"\n---\n\n"
            f"# Leave\n\nEvery employee has twenty days of paid leave per year.\n")


def _headers(text: str, **options: object) -> set[str]:
    chunks = split_text(text, strategy="metadata_aware", max_size=400,
                        strategy_options=options)
    return {chunk.metadata["header"] for chunk in chunks}


def test_two_documents_get_their_own_category() -> None:
    hr = _headers(_document("hr", "Ann"), category="general")
    legal = _headers(_document("legal", "Bo"), category="general")
    assert all("category: hr" in header for header in hr)
    assert all("category: legal" in header for header in legal)


def test_the_option_is_the_fallback_for_a_document_without_the_key() -> None:
    plain = "# Leave\n\nEvery employee has twenty days of paid leave per year.\n"
    assert all("category: general" in header
               for header in _headers(plain, category="general"))


def test_front_matter_keys_the_caller_names() -> None:
    headers = _headers(_document("hr", "Ann"), front_matter=["owner", "category"])
    assert all("owner: Ann" in header and "category: hr" in header for header in headers)
    assert not any("owner" in header for header in _headers(_document("hr", "Ann")))


def test_front_matter_must_name_keys() -> None:
    with pytest.raises(StrategyError, match="front_matter names keys"):
        split_text("# T\n\nx\n", strategy="metadata_aware", strategy_options={
            "front_matter": [3]})
