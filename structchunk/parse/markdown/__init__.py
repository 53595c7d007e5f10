"""Markdown: two backends (markdown-it-py, the reference; pyromark, the fast default) that build
one tree, and their options."""
