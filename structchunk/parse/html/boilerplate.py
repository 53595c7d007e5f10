"""What of a page is its content: the main region, and the boilerplate left out of it.

Browsers show a page's navigation, banner, footer, sidebars, cookie notices and table of
contents on every page of a site; in chunks they are noise that matches every query. The main
content is `<main>` (or `role="main"`), else the one `<article>`, else the body; inside it,
these are left out and listed in the document's metadata (`removed`), each with its element,
id or class and first words:

- `<nav>`, `<footer>`, and `role` navigation, banner, contentinfo, search;
- a page `<header>` (one outside `<article>`/`<section>`), keeping its headings: the page
  title is often the `<h1>` in it;
- an `<aside>` outside the main content (one inside an article or section is a note of the
  text, kept as a quote);
- cookie and consent banners and tables of contents, known by id or class;
- without a `<main>` or `<article>`, blocks outside any article or section that are mostly
  link text (four links or more, four fifths of the words in links): the menus of pages that
  mark nothing.

Never all of the page: `parse` falls back to keeping everything when this would leave no text.
Elements that are no visible text at all (`<script>`, `<style>`, `<svg>`, `<template>`,
form controls, hidden elements) are dropped and counted in `metadata["dropped"]`.
"""

from __future__ import annotations

from collections.abc import Callable

import regex
from selectolax.lexbor import LexborHTMLParser, LexborNode

NOT_TEXT = frozenset({"script", "style", "noscript", "template", "svg", "math", "canvas",
                      "iframe", "object", "embed", "video", "audio", "select", "button",
                      "input", "textarea", "head", "link", "meta", "map", "dialog"})
_ROLES = {"navigation": "navigation", "banner": "banner", "contentinfo": "footer",
          "search": "search", "complementary": "sidebar"}
_BANNER = regex.compile(r"(?i)(?:^|[-_\s])(?:cookie|consent|gdpr|cc-banner|cookiebar)")
_TOC = regex.compile(r"(?i)(?:^|[-_\s])(?:toc|table-of-contents|tableofcontents|toc-wrapper)"
                     r"(?:$|[-_\s])")
_HIDDEN_STYLE = regex.compile(r"(?i)display\s*:\s*none|visibility\s*:\s*hidden")
_SECTIONING = frozenset({"article", "section"})
_LINKY_CONTAINERS = frozenset({"div", "ul", "ol", "p", "dl", "menu"})


def main_content(tree: LexborHTMLParser) -> tuple[LexborNode | None, str]:
    """The element holding the page's main content and how it was found."""
    for selector, how in (("main", "main"), ("[role=main]", "role=main")):
        found = tree.css_first(selector)
        if found is not None and _has_words(found):
            return found, how
    articles = [node for node in tree.css("article") if _has_words(node)]
    if len(articles) == 1:
        return articles[0], "article"
    return tree.body, "body"


def outside(main: LexborNode, words: Callable[[LexborNode], str]) -> list[dict[str, str]]:
    """What the page holds beside its main content (the siblings of `main` and of each of
    its ancestors), each described with the reason it is boilerplate, when it has text."""
    entries = []
    node = main
    while node.parent is not None and node.tag not in ("body", "html"):
        for sibling in node.parent.iter():
            if sibling.mem_id == node.mem_id or sibling.tag in NOT_TEXT:
                continue
            text = words(sibling)
            if text:
                reason = boilerplate(sibling, True, False) or "outside the main content"
                entries.append(described(sibling, reason, text))
        node = node.parent
    return entries


def not_text(tree: LexborHTMLParser) -> dict[str, int]:
    """How many elements of each kind that is no visible text the page holds."""
    counts = {}
    for tag in sorted(NOT_TEXT - {"head", "link", "meta"}):
        found = len(tree.css(tag))
        if found:
            counts[tag] = found
    return counts


def is_hidden(node: LexborNode, attrs: dict[str, str | None] | None = None) -> bool:
    """Hidden by the `hidden` attribute, `aria-hidden` or an inline `display: none`."""
    if attrs is None:
        attrs = node.attributes
    if "hidden" in attrs or attrs.get("aria-hidden") == "true":
        return True
    style = attrs.get("style")
    return bool(style and _HIDDEN_STYLE.search(style))


def boilerplate(node: LexborNode, marked_main: bool, inside_section: bool,
                attrs: dict[str, str | None] | None = None) -> str | None:
    """Why an element is boilerplate ("navigation", "footer", ...), or None for content.

    `marked_main`: the page marked its main content, so link density is not judged;
    `inside_section`: the element is inside an `<article>` or `<section>`.
    """
    tag = node.tag
    if attrs is None:
        attrs = node.attributes
    role = _ROLES.get((attrs.get("role") or "").strip().lower())
    if tag == "nav":
        return "navigation"
    if tag == "footer" and not inside_section:
        return "footer"
    if tag == "header" and not inside_section:
        return "header"
    if tag == "aside" and not inside_section:
        return "sidebar"
    if role is not None and not (role == "sidebar" and inside_section):
        return role
    marks = " ".join(filter(None, (attrs.get("id"), attrs.get("class"))))
    if marks:
        if _BANNER.search(marks):
            return "cookie banner"
        if _TOC.search(marks):
            return "table of contents"
    if not marked_main and not inside_section and tag in _LINKY_CONTAINERS \
            and _mostly_links(node):
        return "link list"
    return None


def described(node: LexborNode, reason: str, words: str) -> dict[str, str]:
    """An entry of `metadata["removed"]`: reason, element, id or class, first `words`."""
    entry = {"reason": reason, "element": node.tag or ""}
    for key in ("id", "class"):
        value = node.attributes.get(key)
        if value:
            entry[key] = value
    words = " ".join(words.split())
    if words:
        entry["text"] = words if len(words) <= 80 else words[:79] + "…"
    return entry


def _has_words(node: LexborNode) -> bool:
    return bool((node.text(deep=True) or "").strip())


def _mostly_links(node: LexborNode) -> bool:
    links = node.css("a")
    if len(links) < 4:
        return False
    words = len((node.text(deep=True, separator=" ") or "").split())
    linked = sum(len((link.text(deep=True, separator=" ") or "").split()) for link in links)
    return words > 0 and linked >= 0.8 * words
