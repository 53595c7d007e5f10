"""Statutes: the legal grammar (`grammar`), the line parser (`parser`) and the tree builder
(`assemble`). The format table reaches this package through `parse`; refinement steps through
`looks_legal`, `looks_legal_text` and `refine`."""

from structchunk.parse.legal.parser import looks_legal, looks_legal_text, parse, refine

__all__ = ["looks_legal", "looks_legal_text", "parse", "refine"]
