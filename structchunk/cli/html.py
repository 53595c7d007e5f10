"""`structchunk inspect FILE --html out.html`: one self-contained page to see the chunks.

The source is shown once, cut into segments at every chunk boundary; each segment is shaded in
the colour of its chunk (two alternating shades, boundaries marked). A side list names every
chunk; clicking one scrolls to it and shows its details: heading path, size, kinds, language,
what the embedded text adds to the verbatim content (heading path, table header, fences,
overlap, metadata header) and the context the model reads. Chunk details travel as one JSON
block and are rendered on demand, so a 2 MB document stays a light page. No network, no assets.
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from structchunk.chunk.chunk import Chunk
from structchunk.tree import Document


def write_html(document: Document, chunks: list[Chunk], out: str | Path,
               max_size: int | None = None) -> None:
    Path(out).write_text(render_html(document, chunks, max_size), encoding="utf-8")


_SCRIPT_SAFE = str.maketrans({"<": "\\u003c", ">": "\\u003e", "&": "\\u0026",
                              "\u2028": "\\u2028", "\u2029": "\\u2029"})


def render_html(document: Document, chunks: list[Chunk], max_size: int | None = None) -> str:
    source = document.text
    shown = [c for c in chunks if c.metadata.get("hierarchy") != "parent"]
    segments = _segments(source, shown)
    data = [_chunk_data(document, chunk) for chunk in chunks]
    items = "\n".join(
        f'<li data-index="{c.index}"{_parent_class(c)}><b>#{c.index}</b> '
        f'<span class="size">{c.size}</span> {html.escape(" > ".join(c.heading_path[-2:]) or "-")}'
        "</li>" for c in chunks)
    title = html.escape(document.source.origin)
    strategy = html.escape(str(chunks[0].metadata.get("strategy", "")) if chunks else "")
    # Every `<` escaped, not only `</`: `<!--` and `<script` in a document would move the HTML
    # parser into a script state where `</script>` no longer ends the element. `>` and `&`
    # are escaped alike, and the line separators JavaScript once took for line breaks.
    payload = json.dumps(data, ensure_ascii=False).translate(_SCRIPT_SAFE)
    budget = f" · max size {max_size}" if max_size else ""
    return _PAGE.format(
        title=title, count=len(chunks), strategy=strategy, budget=budget,
        chars=len(source), format=html.escape(document.format), items=items,
        source=segments, payload=payload, style=_STYLE, script=_SCRIPT)


def _parent_class(chunk: Chunk) -> str:
    return ' class="parent"' if chunk.metadata.get("hierarchy") == "parent" else ""


def _segments(source: str, chunks: list[Chunk]) -> str:
    """The source as spans: each stretch belongs to the last chunk that starts at or before
    it and still covers it; the first segment of a chunk carries its anchor id."""
    points = sorted({0, len(source), *(c.start for c in chunks), *(c.end for c in chunks)})
    by_start = sorted(chunks, key=lambda c: (c.start, c.index))
    parts: list[str] = []
    anchored: set[int] = set()
    active: list[Chunk] = []
    position = 0
    for left, right in zip(points, points[1:], strict=False):
        while position < len(by_start) and by_start[position].start <= left:
            active.append(by_start[position])
            position += 1
        active = [c for c in active if c.end > left]
        text = html.escape(source[left:right])
        if not active:
            parts.append(text)
            continue
        chunk = active[-1]
        anchor = ""
        if chunk.index not in anchored and chunk.start == left:
            anchored.add(chunk.index)
            anchor = f' id="c{chunk.index}"'
        boundary = " start" if chunk.start == left else ""
        parts.append(f'<span{anchor} class="k{chunk.index % 2}{boundary}" '
                     f'data-index="{chunk.index}">{text}</span>')
    return "".join(parts)


def _chunk_data(document: Document, chunk: Chunk) -> dict[str, Any]:
    at = chunk.text.find(chunk.content)
    added_before = chunk.text[:at] if at >= 0 else chunk.text
    added_after = chunk.text[at + len(chunk.content):] if at >= 0 else ""
    source = document.source
    return {
        "index": chunk.index, "id": chunk.chunk_id, "path": list(chunk.heading_path),
        "size": chunk.size, "kinds": list(chunk.kinds), "language": chunk.language,
        "start": chunk.start, "end": chunk.end,
        "lines": [source.line_of(chunk.start), source.line_of(max(chunk.start, chunk.end - 1))],
        "before": added_before, "after": added_after,
        "context": chunk.context if chunk.context != chunk.content else None,
        "context_span": [chunk.context_start, chunk.context_end],
        "metadata": {key: value for key, value in chunk.metadata.items()
                     if isinstance(value, (str, int, float, bool, list))},
        "text": chunk.text,
    }


_STYLE = """
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, sans-serif; color: #1d232a; display: grid;
       grid-template-columns: 300px 1fr 420px; grid-template-rows: auto 1fr; height: 100vh; }
header { grid-column: 1 / 4; padding: 8px 14px; background: #24313f; color: #fff; }
header b { font-size: 15px; } header span { margin-left: 14px; opacity: .85; }
#list { margin: 0; padding: 0; list-style: none; overflow: auto; border-right: 1px solid #ccd; }
#list li { padding: 4px 10px; border-bottom: 1px solid #eef; cursor: pointer; white-space: nowrap;
           overflow: hidden; text-overflow: ellipsis; }
#list li:hover { background: #eef3ff; } #list li.selected { background: #cfe0ff; }
#list li.parent { color: #6b4e00; } .size { color: #556; font-variant-numeric: tabular-nums; }
#source { margin: 0; padding: 12px 16px; overflow: auto; white-space: pre-wrap;
          font: 13px/1.5 ui-monospace, monospace; }
#source .k0 { background: #e3f0e0; } #source .k1 { background: #e0e8f6; }
#source .start { border-left: 3px solid #c0392b; }
#source .selected { background: #ffe9a8; outline: 1px solid #d4a000; }
#details { overflow: auto; padding: 10px 14px; border-left: 1px solid #ccd; background: #fafbfd; }
#details h2 { font-size: 15px; margin: 4px 0 8px; } #details dt { font-weight: 600; margin-top: 6px; }
#details dd { margin: 0 0 0 8px; } #details pre { white-space: pre-wrap; background: #fff;
  border: 1px solid #dde; padding: 6px; font: 12px/1.4 ui-monospace, monospace; }
.added { background: #fff3d6; }
"""

_SCRIPT = """
const chunks = JSON.parse(document.getElementById('chunk-data').textContent);
const list = document.getElementById('list');
const source = document.getElementById('source');
const details = document.getElementById('details');
let selected = null;
function esc(text) { const d = document.createElement('div'); d.textContent = text; return d.innerHTML; }
function show(index, scroll) {
  const chunk = chunks[index];
  if (selected !== null) {
    document.querySelectorAll('[data-index="' + selected + '"]').forEach(e => e.classList.remove('selected'));
  }
  selected = index;
  document.querySelectorAll('[data-index="' + index + '"]').forEach(e => e.classList.add('selected'));
  const anchor = document.getElementById('c' + index);
  if (scroll && anchor) { anchor.scrollIntoView({block: 'center'}); }
  let body = '<h2>Chunk #' + chunk.index + '</h2><dl>' +
    '<dt>heading path</dt><dd>' + esc(chunk.path.join(' > ') || '-') + '</dd>' +
    '<dt>size</dt><dd>' + chunk.size + '</dd>' +
    '<dt>kinds</dt><dd>' + esc(chunk.kinds.join(', ')) + '</dd>' +
    '<dt>language</dt><dd>' + esc(chunk.language || '-') + '</dd>' +
    '<dt>span</dt><dd>[' + chunk.start + ':' + chunk.end + '] lines ' + chunk.lines[0] + '-' + chunk.lines[1] + '</dd>' +
    '<dt>id</dt><dd>' + esc(chunk.id) + '</dd>';
  if (chunk.before) body += '<dt>prepended to the content (embedded only)</dt><dd><pre class="added">' + esc(chunk.before) + '</pre></dd>';
  if (chunk.after) body += '<dt>appended to the content (embedded only)</dt><dd><pre class="added">' + esc(chunk.after) + '</pre></dd>';
  body += '<dt>context the model reads</dt><dd>' + (chunk.context === null ? 'the content itself' :
    '[' + chunk.context_span[0] + ':' + chunk.context_span[1] + ']<pre>' + esc(chunk.context) + '</pre>') + '</dd>';
  body += '<dt>metadata</dt><dd><pre>' + esc(JSON.stringify(chunk.metadata, null, 1)) + '</pre></dd>';
  body += '<dt>embedded text</dt><dd><pre>' + esc(chunk.text) + '</pre></dd></dl>';
  details.innerHTML = body;
}
list.addEventListener('click', event => {
  const item = event.target.closest('li');
  if (item) show(Number(item.dataset.index), true);
});
source.addEventListener('click', event => {
  const span = event.target.closest('span[data-index]');
  if (span) {
    show(Number(span.dataset.index), false);
    const item = list.querySelector('li[data-index="' + span.dataset.index + '"]');
    if (item) item.scrollIntoView({block: 'nearest'});
  }
});
if (chunks.length) show(0, false);
"""

_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>{title}: chunks</title><style>{style}</style></head>
<body>
<header><b>{title}</b><span><span id="chunk-count">{count}</span> chunks</span>
<span>strategy {strategy}{budget}</span><span>{chars} characters · {format}</span></header>
<ul id="list">{items}</ul>
<pre id="source">{source}</pre>
<aside id="details"></aside>
<script type="application/json" id="chunk-data">{payload}</script>
<script>{script}</script>
</body></html>
"""


__all__ = ["render_html", "write_html"]
