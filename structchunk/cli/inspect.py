"""The human-readable inspection layout: the tree, then each chunk with its path and span."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.tree import Tree

from structchunk.chunk.chunk import Chunk
from structchunk.decode import Source
from structchunk.tree import Document, Node

_MAX_TREE_NODES = 400
DEFAULT_CHUNK_LIMIT = 50
"""Chunks shown on a terminal: a long law has thousands; `--limit 0` shows all."""


def render_inspection(document: Document, chunks: list[Chunk], max_size: int,
                      console: Console | None = None, *, max_nodes: int = _MAX_TREE_NODES,
                      tree: bool = True, limit: int = DEFAULT_CHUNK_LIMIT) -> None:
    """The tree (at most `max_nodes` nodes; `tree=False` leaves it out), then the chunks (at
    most `limit`, 0 for all)."""
    console = console or Console()
    source = document.source
    console.print(f"[bold]{escape(source.origin)}[/]  format={document.format}  "
                  f"chars={len(source.text)}  lines={source.line_count}  "
                  f"encoding={source.encoding}")
    for warning in document.warnings:
        console.print(f"[yellow]warning:[/] {escape(warning)}")
    if tree:
        console.print(_tree(document, max_nodes))
    else:
        console.print(f"[dim]tree not shown: {_count_nodes(document)} nodes (--no-tree)[/]")
    console.print(f"\n[bold]{len(chunks)} chunks[/] (max size {max_size})")
    shown = chunks if limit <= 0 else chunks[:limit]
    for chunk in shown:
        _print_chunk(console, source, chunk)
    if len(shown) < len(chunks):
        console.print(f"[dim]… {len(chunks) - len(shown)} more chunks not shown; --limit 0 "
                      f"shows all, --limit N the first N, --json every one as data[/]")


def _print_chunk(console: Console, source: Source, chunk: Chunk) -> None:
    """One chunk as a panel: index, size, lines, span, language and flags; its text."""
    path = " > ".join(chunk.heading_path) or "(no heading)"
    first = source.line_of(chunk.start)
    last = source.line_of(max(chunk.start, chunk.end - 1))
    flags = " [red]oversized[/]" if chunk.metadata.get("oversized") else ""
    pages = chunk.metadata.get("pages")
    if pages:
        flags += f"  pages {pages[0]}" + (f"-{pages[-1]}" if len(pages) > 1 else "")
    title = (f"#{chunk.index}  size {chunk.size}  lines {first}-{last}  "
             f"[{chunk.start}:{chunk.end}]  {chunk.language or '-'}{flags}")
    body = escape(_clip(chunk.text))
    if (chunk.context_start, chunk.context_end) != (chunk.start, chunk.end):
        body += (f"\n[dim]context [{chunk.context_start}:{chunk.context_end}] "
                 f"({len(chunk.context)} chars):[/]\n" + escape(_clip(chunk.context, 300)))
    console.print(Panel(body, title=title, subtitle=escape(path), title_align="left",
                        subtitle_align="left"))


def _count_nodes(document: Document) -> int:
    return sum(1 for _ in document.root.walk()) - 1


def _tree(document: Document, max_nodes: int = _MAX_TREE_NODES) -> Tree:
    root = Tree(_label(document, document.root))
    stack: list[tuple[Node, Tree]] = [(child, root) for child in reversed(document.root.children)]
    shown = 0
    while stack and shown < max_nodes:
        node, parent = stack.pop()
        branch = parent.add(_label(document, node))
        shown += 1
        stack.extend((child, branch) for child in reversed(node.children))
    if stack:
        # The pending subtrees are disjoint, so their spans add up to what is left out.
        hidden = sum(sum(1 for _ in node.walk()) for node, _ in stack)
        characters = sum(node.end - node.start for node, _ in stack)
        root.add(f"[dim]… {hidden} more nodes ({characters} characters) not shown; "
                 f"--max-nodes N shows more, --no-tree none[/]")
    return root


def _label(document: Document, node: Node) -> str:
    if node.title:
        text = f"[bold]{escape(node.title)}[/]"
    else:
        flat = " ".join(document.content(node).split())
        text = f"[dim]{escape(flat[:60] + ('…' if len(flat) > 60 else ''))}[/]"
    return (f"[cyan]{node.kind.value}[/] L{node.start_line}-{node.end_line} "
            f"[{node.start}:{node.end}] {text}")


def _clip(text: str, limit: int = 600) -> str:
    return text if len(text) <= limit else text[:limit] + f"\n… ({len(text) - limit} more)"
