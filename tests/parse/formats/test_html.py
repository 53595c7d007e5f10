"""HTML pages: main content, boilerplate removed and listed, charsets, tables, code, RTL."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import structchunk
from structchunk import NodeKind
from structchunk.parse.html.charset import declared_charset
from tests.invariants import assert_chunks_valid, assert_units_whole

_MENU = "".join(f'<li><a href="/p{n}">Product {n}</a></li>' for n in range(12))
NAV_HEAVY = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Shop - Returns</title>
<script>var tracking = "script text never shown";</script><style>p {{ color: red }}</style>
</head><body>
<div id="cookie-consent">We use cookies. <button>Accept all</button></div>
<header class="site"><a href="/">Logo</a><nav><ul>{_MENU}</ul></nav></header>
<aside class="sidebar"><h3>Related</h3><p>Other pages you may like.</p></aside>
<main>
  <nav class="toc"><ol><li><a href="#a">Returns</a></li><li><a href="#b">Refunds</a></li></ol></nav>
  <article>
    <h1>Returns policy</h1>
    <p>You can return any item within <a href="/days">30 days</a> of delivery.</p>
    <section><h2>Refunds</h2>
      <p>Refunds reach your account in five days.<br>Card refunds may take longer.</p>
      <p>To start a refund:</p>
      <ol><li>Open your orders.</li><li>Choose the item<ul><li>then press Return</li></ul></li></ol>
      <img src="x.png" alt="A parcel being sent back">
      <aside class="note"><p>Gift cards cannot be refunded.</p></aside>
    </section>
  </article>
</main>
<footer><p>Copyright 2024 Shop Inc.</p><a href="/imprint">Imprint</a></footer>
<svg><text>svg label</text></svg>
</body></html>
"""


def _document(html: str | bytes, **options: object) -> structchunk.Document:
    data = html.encode("utf-8") if isinstance(html, str) else html
    return structchunk.parse(data, format="html", **options)


def test_boilerplate_is_removed_and_listed() -> None:
    document = _document(NAV_HEAVY)
    text = document.text
    for kept in ("Returns policy", "30 days", "Card refunds may take longer",
                 "then press Return", "A parcel being sent back", "Gift cards cannot"):
        assert kept in text
    for removed in ("Product 3", "We use cookies", "Other pages you may like", "Copyright",
                    "script text", "color: red", "svg label", "Logo", "Accept all"):
        assert removed not in text
    reasons = {entry["reason"] for entry in document.metadata["removed"]}
    assert {"navigation", "cookie banner", "header", "sidebar", "footer"} <= reasons
    assert document.metadata["main_content"] == "main"
    assert document.metadata["dropped"]["script"] == 1


def test_structure_headings_lists_and_lead_in() -> None:
    document = _document(NAV_HEAVY)
    chunks = structchunk.split(document, max_size=120)
    assert_chunks_valid(document.text, chunks, 120)
    refunds = next(chunk for chunk in chunks if "Open your orders" in chunk.content)
    assert refunds.heading_path == ("Returns policy", "Refunds")
    assert "To start a refund:\n1. Open your orders.\n2. Choose the item\n   - then press " \
           "Return" in document.text
    lists = [node for node, _ in document.root.walk() if node.kind is NodeKind.LIST]
    assert document.content(lists[0].children[0]) == "To start a refund:"
    assert "Refunds reach your account in five days.\nCard refunds" in document.text


def test_origins_point_at_the_elements_in_the_page() -> None:
    document = _document(NAV_HEAVY)
    chunks = structchunk.split(document, max_size=80)
    holder = next(chunk for chunk in chunks if "30 days" in chunk.content)
    cited = [NAV_HEAVY[start:end] for start, end in
             (origin["html"] for origin in holder.metadata["origin"])]
    assert "<p>You can return any item within <a href=\"/days\">30 days</a> of delivery.</p>" \
        in cited


def test_a_page_of_boilerplate_only_is_kept_whole() -> None:
    document = _document("<html><body><nav><a href='/a'>Only</a> <a href='/b'>links</a>"
                         "</nav><footer>here</footer></body></html>")
    assert "Only" in document.text and "here" in document.text
    assert document.metadata["main_content"].startswith("everything")


def test_link_lists_are_left_out_only_where_the_page_marks_no_main_content() -> None:
    links = "".join(f'<a href="/{n}">Topic {n}</a> ' for n in range(6))
    page = f"<body><div class='menu'>{links}</div><h1>Title</h1><p>Body text.</p></body>"
    document = _document(page)
    assert "Topic 3" not in document.text and "Body text." in document.text
    assert document.metadata["removed"][0]["reason"] == "link list"
    marked = _document(f"<body><main><div>{links}</div><p>Body text.</p></main></body>")
    assert "Topic 3" in marked.text


def test_tables_flatten_spans_and_repeat_their_header() -> None:
    rows = "".join(f"<tr><td rowspan='2'>group {n}</td><td>item {n}a</td><td>{n}</td></tr>"
                   f"<tr><td colspan='2'>item {n}b spanning</td></tr>" for n in range(20))
    page = (f"<h1>Prices</h1><table><thead><tr><th>Group</th><th>Item</th><th>Price</th>"
            f"</tr></thead><tbody>{rows}</tbody></table>")
    document = _document(page)
    assert "| group 3 | item 3b spanning | item 3b spanning |" in document.text
    chunks = structchunk.split(document, max_size=200)
    assert_chunks_valid(document.text, chunks, 200)
    body = [chunk for chunk in chunks if "| group" in chunk.content]
    assert len(body) > 3
    assert all("| Group | Item | Price |\n| --- | --- | --- |" in chunk.text for chunk in body)
    row_spans = [(node.start, node.end) for node, _ in document.root.walk()
                 if node.kind is NodeKind.ROW]
    assert_units_whole(document.text, chunks, row_spans)


def test_code_keeps_its_language_and_is_cut_at_definitions() -> None:
    functions = "\n\n".join(f"def f{n}(x):\n    return x + {n}" for n in range(30))
    page = f'<h2>Code</h2><pre><code class="language-python">{functions}</code></pre>'
    document = _document(page)
    chunks = structchunk.split(document, max_size=150)
    assert_chunks_valid(document.text, chunks, 150)
    assert all(chunk.metadata.get("code_language") == "python" for chunk in chunks)
    assert all(chunk.text.count("def f") == chunk.content.count("def f") for chunk in chunks)
    assert all(chunk.text.splitlines()[2] == "```python" for chunk in chunks)


def test_right_to_left_pages_keep_their_text_in_logical_order() -> None:
    page = ('<html lang="ar" dir="rtl"><head><meta charset="utf-8"></head><body>'
            "<h1>مقدمة</h1><p>هذا نص عربي. وهذه جملة ثانية.</p></body></html>")
    document = _document(page)
    assert document.metadata["direction"] == "rtl"
    assert document.metadata["lang"] == "ar"
    assert document.text == "# مقدمة\n\nهذا نص عربي. وهذه جملة ثانية."
    chunks = structchunk.split(document, max_size=100)
    assert chunks[0].heading_path == ("مقدمة",)
    assert chunks[0].language == "ar"


@pytest.mark.parametrize("head,encoding", [
    ('<meta charset="ISO-8859-1">', "cp1252"),
    ('<meta http-equiv="Content-Type" content="text/html; charset=windows-1251">', "cp1251"),
    ("", None),
])
def test_declared_charsets_are_honoured(head: str, encoding: str | None) -> None:
    text = "Grüße" if encoding != "cp1251" else "Привет"
    data = f"<html><head>{head}</head><body><p>{text}</p></body></html>".encode(
        encoding or "utf-8")
    assert declared_charset(data) == encoding
    assert _document(data).text == text


def test_xhtml_with_an_xml_declaration() -> None:
    data = ('<?xml version="1.0" encoding="iso-8859-1"?>\n<html xmlns="http://www.w3.org/1999/'
            'xhtml"><body><h1>Caf\xe9</h1><p>Cr\xe8me br\xfbl\xe9e</p></body></html>'
            ).encode("latin-1")
    assert declared_charset(data) == "cp1252"
    document = _document(data)
    assert document.text == "# Café\n\nCrème brûlée"


def test_title_roots_paths_only_without_an_h1() -> None:
    untitled = _document("<title>The page</title><h2>Part</h2><p>Text here.</p>")
    assert untitled.metadata["title"] == "The page"
    assert structchunk.split(untitled)[0].heading_path == ("The page", "Part")
    assert "title" not in _document(NAV_HEAVY).metadata


def test_definition_lists_and_quotes() -> None:
    page = ("<dl><dt>Goal</dt><dd>Reduce mistakes.</dd><dt>Why</dt><dd>Users recover.</dd>"
            "</dl><blockquote><p>Quoted one.</p><p>Quoted two.</p></blockquote>")
    document = _document(page)
    assert document.text == ("Goal\n: Reduce mistakes.\nWhy\n: Users recover.\n\n"
                             "> Quoted one.\n>\n> Quoted two.")


_TAGS = ["p", "div", "h2", "ul", "li", "table", "tr", "td", "th", "pre", "code", "nav",
         "a", "b", "blockquote", "dl", "dt", "dd", "br", "script", "section", "aside"]
_PIECE = st.one_of(
    st.sampled_from([f"<{tag}>" for tag in _TAGS] + [f"</{tag}>" for tag in _TAGS]),
    st.text(alphabet="ab |:-<>&\n", min_size=1, max_size=8))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_PIECE, max_size=40), st.integers(min_value=30, max_value=300))
def test_any_tag_soup_chunks_within_the_invariants(pieces: list[str], max_size: int) -> None:
    page = "".join(pieces)
    document = _document(page)
    chunks = structchunk.split(document, max_size=max_size)
    assert_chunks_valid(document.text, chunks, max_size, repaired=True)
    assert structchunk.split(_document(page), max_size=max_size) == chunks


def test_options_reach_the_parser() -> None:
    full = structchunk.split(NAV_HEAVY.encode(), format="html", main_content=False)
    assert any("Copyright 2024" in chunk.content for chunk in full)


def test_an_h1_in_a_nested_section_ranks_below_the_heading_it_follows() -> None:
    document = _document(
        "<body><h1>Guide</h1><p>Intro.</p>"
        "<section><h1>Install</h1><p>Run it.</p><h2>Linux</h2><p>Use apt.</p>"
        "<section><h1>Debian</h1><p>Use apt-get.</p></section></section>"
        "<section><h1>Usage</h1><p>Call it.</p></section>"
        "<section><h2>Help</h2><p>Ask.</p></section></body>")
    levels = {node.title: node.attrs["level"] for node, _ in document.root.walk()
              if node.kind is NodeKind.HEADING}
    assert levels == {"Guide": 1, "Install": 2, "Linux": 3, "Debian": 4, "Usage": 2,
                      "Help": 2}
    chunks = structchunk.split(document, max_size=40)
    debian = next(chunk for chunk in chunks if "apt-get" in chunk.content)
    assert debian.heading_path == ("Guide", "Install", "Linux", "Debian")
