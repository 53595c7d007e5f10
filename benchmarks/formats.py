"""Formats beyond Markdown, text and PDF: throughput per format and text kept against each
format's reference reader. The office formats are measured by `office_formats.py`.

    python benchmarks/formats.py [--repeat 3] [--format docx ...]
"""

from __future__ import annotations

import argparse

import office_formats
from _common import corpus_root


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--format", action="append", choices=office_formats.FORMATS)
    args = parser.parse_args()
    folder = corpus_root() / "formats"
    office_formats.report(folder, args.format or list(office_formats.FORMATS), args.repeat)


if __name__ == "__main__":
    main()
