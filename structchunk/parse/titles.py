"""Titles for heading paths: headings cleaned of markup, and a document title from front matter.

A heading path is read by people and embedded with the chunk, so it holds the words of a
heading, not its syntax: anchors (`{#id}`, MDX `{/*id*/}`, attribute lists `{.class}`), links
(their text stays), emphasis, code ticks, HTML tags and backslash escapes are removed. The
chunk's verbatim content keeps all of it.
"""

from __future__ import annotations

import regex

# Trailing heading anchors and attribute lists: "{#install}", "{/*the-root*/}", "{#id .cls}".
_ANCHOR = regex.compile(r"\s*\{(?:#[^}\s]*|/\*.*?\*/|[#.][^}]*)\}\s*")
_IMAGE_OR_LINK = regex.compile(r"!?\[((?:[^\[\]]|\[[^\]]*\])*)\](?:\([^)]*\)|\[[^\]]*\])")
_AUTOLINK = regex.compile(r"<((?:https?|ftp|mailto):[^>\s]+)>")
_HTML_TAG = regex.compile(r"</?[A-Za-z][\w:-]*(?:\s[^<>]*)?/?>|<!--.*?-->")
_CODE = regex.compile(r"(`+)(.+?)\1")
_STRONG_EMPHASIS = regex.compile(
    r"(?<![\w*])(\*{1,3})(?=\S)(.+?)(?<=\S)\1(?![\w*])"
    r"|(?<![\w_])(_{1,3})(?=\S)(.+?)(?<=\S)\3(?![\w_])"
    r"|~~(?=\S)(.+?)(?<=\S)~~")
_ESCAPE = regex.compile(r"\\([!-/:-@\[-`{-~])")
_MARKUP = regex.compile(r"[\\{\[<`*_~\x00\x01]")


def clean_title(raw: str) -> str:
    """The words of a heading's inline text, markup removed, whitespace collapsed."""
    if not _MARKUP.search(raw):  # most titles: no pattern below could match
        return " ".join(raw.split())
    escaped: list[str] = []

    def hold_escape(match: regex.Match[str]) -> str:
        escaped.append(match.group(1))
        return f"\x01{len(escaped) - 1}\x01"

    text = _ESCAPE.sub(hold_escape, raw)
    text = _ANCHOR.sub(" ", text)
    text = _AUTOLINK.sub(r"\1", text)
    for _ in range(3):  # nested links and emphasis, innermost last
        text = _IMAGE_OR_LINK.sub(lambda match: match.group(1), text)
    text = _HTML_TAG.sub("", text)
    codes: list[str] = []

    def keep_code(match: regex.Match[str]) -> str:
        codes.append(match.group(2).strip())
        return f"\x00{len(codes) - 1}\x00"

    text = _CODE.sub(keep_code, text)
    for _ in range(3):
        text = _STRONG_EMPHASIS.sub(
            lambda match: match.group(2) or match.group(4) or match.group(5) or "", text)
    text = regex.sub(r"\x00(\d+)\x00", lambda match: codes[int(match.group(1))], text)
    text = regex.sub(r"\x01(\d+)\x01", lambda match: escaped[int(match.group(1))], text)
    return " ".join(text.split())


_YAML_TITLE = regex.compile(r"^title[ \t]*:[ \t]*(?P<value>.*)$",
                            regex.MULTILINE | regex.IGNORECASE)
_TOML_TITLE = regex.compile(r"^title[ \t]*=[ \t]*(?P<value>.*)$", regex.MULTILINE)
_FENCES = {"---": _YAML_TITLE, "+++": _TOML_TITLE}


def front_matter_title(front_matter: str) -> str | None:
    """The `title` of a YAML (`---`) or TOML (`+++`) front matter block, if it has one.

    Only a top-level key counts (an indented `title:` belongs to a nested table); quotes are
    removed, a YAML block scalar (`title: >`) is joined from its indented lines.
    """
    lines = front_matter.strip().splitlines()
    fence = lines[0].strip() if lines else ""
    pattern = _FENCES.get(fence, _YAML_TITLE)
    body = "\n".join(lines[1:])
    match = pattern.search(body)
    if match is None:
        return None
    value = match.group("value").strip()
    if pattern is _YAML_TITLE and value in ("|", ">", "|-", ">-", "|+", ">+"):
        following = body[match.end():].split("\n")[1:]
        block = []
        for line in following:
            if line and not line[0].isspace():
                break
            block.append(line.strip())
        value = " ".join(part for part in block if part)
    elif value[:1] == '"':
        quoted = regex.match(r'"((?:[^"\\]|\\.)*)"', value)
        value = (quoted.group(1) if quoted else value[1:]).replace('\\"', '"')
    elif value[:1] == "'":
        quoted = regex.match(r"'((?:[^']|'')*)'", value)
        value = (quoted.group(1) if quoted else value[1:]).replace("''", "'")
    else:
        value = regex.sub(r"\s+#.*$", "", value)  # a comment after the value
    title = clean_title(value)
    return title or None
