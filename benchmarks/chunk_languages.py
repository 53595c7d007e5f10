"""The labels `split()` gives the guides of corpus/docs, and how many texts reach the model.

Prints, for `split()` of every `.md` file under corpus/docs (default options, detection on):

- the texts asked of fastText's lid.176 in one process (its answers kept for repeated texts,
  as in use): a count, so free of the machine's load;
- the share of the guides' text in chunks labelled with the guide's language (the folder
  names it; `zh-hans` and `zh-hant` are `zh`; translations keep some English passages, so 1.0
  is not the aim);
- the documents whose `Document.language` is not their folder's.

With `--save FILE` the labels (each document's language and each chunk's span and language)
are written as JSON; with `--against FILE` they are compared with labels saved before, by
another checkout or before a change: the chunks whose language changed, and the documents
whose `Document.language` did:

    python benchmarks/chunk_languages.py --save /tmp/before.json     # in the other checkout
    python benchmarks/chunk_languages.py --against /tmp/before.json  # in this one
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from _common import corpus_root

import structchunk
from structchunk.decode import from_text
from structchunk.lang import identifier


def _counting_model() -> list[int]:
    """Count the texts that reach the model (the answers kept for repeated texts are not)."""
    calls = [0]
    model = identifier._model()

    class Counted:
        def predict(self, *arguments: Any) -> Any:
            calls[0] += 1
            return model.f.predict(*arguments)

    class Wrapper:
        f = Counted()

    identifier._model = lambda: Wrapper()  # type: ignore[assignment]
    return calls


def labels(root: Path) -> dict[str, Any]:
    """Each guide's `Document.language` and its chunks' spans and languages."""
    found: dict[str, Any] = {}
    for path in sorted((root / "docs").rglob("*.md")):
        name = str(path.relative_to(root / "docs"))
        source = from_text(path.read_text(encoding="utf-8"))
        document = structchunk.parse(source, format="markdown")
        chunks = structchunk.split(document)
        found[name] = {"language": document.language,
                       "chunks": [[chunk.start, chunk.end, chunk.language] for chunk in chunks]}
    return found


def folder_language(name: str) -> str:
    return name.split("/")[0].split("-")[0]


def share_labelled(found: dict[str, Any]) -> float:
    """The share of the chunks' characters labelled with their guide's language."""
    right = total = 0
    for name, record in found.items():
        for start, end, language in record["chunks"]:
            total += end - start
            right += (end - start) if language == folder_language(name) else 0
    return right / max(1, total)


def compare(found: dict[str, Any], before: dict[str, Any]) -> None:
    changed = characters = chunks = 0
    documents = []
    for name, record in found.items():
        old = before.get(name)
        if old is None:
            continue
        if old["language"] != record["language"]:
            documents.append(f"{name}: {old['language']} -> {record['language']}")
        old_labels = {(start, end): language for start, end, language in old["chunks"]}
        for start, end, language in record["chunks"]:
            chunks += 1
            if (start, end) in old_labels and old_labels[start, end] != language:
                changed += 1
                characters += end - start
                print(f"  {name} [{start}, {end}): {old_labels[start, end]} -> {language}")
    print(f"\nagainst the saved labels: {changed} of {chunks:,} chunks ({characters:,} "
          f"characters) changed language; Document.language changed on {len(documents)} "
          f"documents; share labelled with the guide's language before: "
          f"{share_labelled(before):.4f}")
    for line in documents:
        print(f"  {line}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--save", type=Path)
    parser.add_argument("--against", type=Path)
    args = parser.parse_args()
    calls = _counting_model()
    found = labels(corpus_root())
    wrong = [f"{name} ({record['language']})" for name, record in found.items()
             if record["language"] != folder_language(name)]
    print(f"{len(found)} guides; {calls[0]:,} texts asked of the model; share of the text "
          f"in chunks labelled with the guide's language: {share_labelled(found):.4f}; "
          f"Document.language not the folder's: {', '.join(wrong) or 'none'}")
    if args.save is not None:
        args.save.write_text(json.dumps(found), encoding="utf-8")
    if args.against is not None:
        compare(found, json.loads(args.against.read_text(encoding="utf-8")))


if __name__ == "__main__":
    main()
