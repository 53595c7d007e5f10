"""Mutation testing of one area with that area's own tests, whole or as a fixed sample.

Each area (a module or package under `structchunk/`) is mutated in a scratch copy of the
checkout under `.mutation/<area>/`, with mutmut's `[tool.mutmut]` narrowed to that area and
to the tests that exercise it, so a run of a few hundred mutants takes minutes on two cores
instead of hours. The score is the share of mutants killed (a timeout counts as killed; a
mutant no test reaches counts as surviving).

    python tests/mutation_run.py decode               # every decode.py mutant
    python tests/mutation_run.py batch --sample 100   # areas: see AREAS below
    python tests/mutation_run.py chunk --sample 300   # a fixed sample of chunk/'s mutants
    python tests/mutation_run.py chunk --report       # the last run's score and survivors

Needs `mutmut` (and structchunk's test dependencies) on PATH in an environment where
structchunk itself is not installed in editable mode, and STRUCTCHUNK_CORPUS for the
corpus tests. The sample is the N mutants with the smallest SHA-256 of their names: the
same on every machine, changing only where the code changed.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

# area -> (files mutated, tests run against them)
AREAS: dict[str, tuple[list[str], list[str]]] = {
    "decode": (["structchunk/decode.py"], [
        "tests/decode/test_decode.py", "tests/decode/test_boms.py", "tests/decode/test_errors.py",
        "tests/decode/test_lines.py", "tests/test_input.py", "tests/chunk/test_ids.py",
        "tests/hardening/test_errors.py"]),
    "chunk": (["structchunk/chunk/*"], [
        "tests/chunk", "tests/golden", "tests/test_spans.py",
        "tests/hardening/test_heading_path_budget.py", "tests/hardening/test_lines.py",
        "tests/hardening/test_errors.py", "tests/tokens"]),
    "doc_summary": (["structchunk/chunk/doc_summary.py"], [
        "tests/chunk/test_doc_summary.py", "tests/chunk/test_framed_fits.py",
        "tests/chunk/test_documented_definitions.py", "tests/parse/code/test_chunks.py"]),
    "lang": (["structchunk/lang/*"], ["tests/lang", "tests/test_extending.py"]),
    "legal": (["structchunk/parse/legal/*"], [
        "tests/parse/legal", "tests/test_extending.py",
        "tests/parse/pdf/test_lettered_divisions_pdf.py"]),
    "pdf": (["structchunk/parse/pdf/*"], ["tests/parse/pdf"]),
    # Without the corpus-wide token budget run.
    "tokens": (["structchunk/tokens/*"], [
        "tests/tokens/test_tokenizers.py", "tests/tokens/test_windowed_count.py",
        "tests/tokens/test_generic_counters.py", "tests/tokens/test_backend_choice.py",
        "tests/properties/test_token_properties.py", "tests/chunk/test_strategy_edges.py"]),
    # Without the fault-injection runs (child processes mutmut cannot follow) and Ray.
    "batch": (["structchunk/batch/*"], [
        "tests/batch/test_append.py", "tests/batch/test_append_removed_files.py",
        "tests/batch/test_collection.py", "tests/batch/test_discover.py",
        "tests/batch/test_discover_wide_text.py", "tests/batch/test_run_details.py",
        "tests/batch/test_input_details.py"]),
    "evaluate": (["structchunk/evaluate/*"], ["tests/evaluate"]),
    "paired": (["structchunk/evaluate/paired.py"], ["tests/evaluate/test_paired.py"]),
    "integrations": (["structchunk/integrations/*"], [
        "tests/integrations", "tests/docs/test_integrations_doc.py"]),
    "cli": (["structchunk/cli/*"], ["tests/cli", "tests/evaluate/test_evaluation.py"]),
    "titles": (["structchunk/parse/titles.py"], [
        "tests/parse/test_document_titles.py", "tests/parse/test_front_matter_titles.py",
        "tests/parse/test_front_matter_title_values.py", "tests/parse/test_title_markup.py"]),
    "markdown": (["structchunk/parse/markdown/*"], [
        "tests/parse/markdown", "tests/properties/test_markdown_properties.py"]),
}
COPIED = ["structchunk/", "grammars/", "corpus_samples/", "tests/", "docs/", "benchmarks/"]
KILLED = {"killed", "timeout"}


def scratch(area: str) -> Path:
    return REPO / ".mutation" / area


def prepare(area: str) -> Path:
    """A fresh copy of the tracked files, keeping the mutants mutmut generated before."""
    folder = scratch(area)
    folder.mkdir(parents=True, exist_ok=True)
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True,
                             check=True).stdout.decode("utf-8").split("\0")
    for name in filter(None, tracked):
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if (REPO / name).is_file():
            shutil.copy2(REPO / name, target)
    mutated, tests = AREAS[area]
    config = (folder / "pyproject.toml").read_text(encoding="utf-8")
    config = _set(config, "only_mutate", mutated)
    config = _set(config, "pytest_add_cli_args_test_selection", tests)
    config = _set(config, "also_copy", COPIED)
    (folder / "pyproject.toml").write_text(config, encoding="utf-8")
    # Which test reaches which function is recorded once; tests change, so record it anew.
    (folder / "mutants" / "mutmut-stats.json").unlink(missing_ok=True)
    return folder


def _set(config: str, key: str, values: list[str]) -> str:
    listed = "[" + ", ".join(f'"{value}"' for value in values) + "]"
    pattern = re.compile(rf"^{key} = \[.*?\]$", re.MULTILINE | re.DOTALL)
    if not pattern.search(config):
        sys.exit(f"pyproject.toml: [tool.mutmut] has no {key}")
    return pattern.sub(lambda _match: f"{key} = {listed}", config, count=1)


def results(folder: Path) -> dict[str, str]:
    listing = subprocess.run(["mutmut", "results", "--all", "true"], cwd=folder,
                             capture_output=True, text=True, check=True).stdout
    found = {}
    for line in listing.splitlines():
        name, _, status = line.strip().rpartition(": ")
        if name:
            found[name] = status
    return found


def sample(names: list[str], size: int) -> list[str]:
    return sorted(sorted(names, key=lambda n: hashlib.sha256(n.encode()).hexdigest())[:size])


def report(folder: Path, chosen: list[str] | None) -> None:
    status = results(folder)
    names = chosen if chosen is not None else list(status)
    counts = Counter(status.get(name, "not checked") for name in names)
    tried = sum(n for key, n in counts.items() if key != "not checked")
    killed = sum(counts[key] for key in KILLED)
    print(f"{killed} of {tried} killed ({100 * killed / max(tried, 1):.1f}%); "
          + ", ".join(f"{key} {n}" for key, n in sorted(counts.items())))
    survivors = Counter(name.split("__mutmut_")[0] for name in names
                        if status.get(name) not in KILLED | {"not checked"})
    for function, n in survivors.most_common():
        print(f"{n:5d}  {function}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("area", choices=sorted(AREAS))
    parser.add_argument("--sample", type=int, help="run a fixed sample of this many mutants")
    parser.add_argument("--children", type=int, default=2, help="parallel test processes")
    parser.add_argument("--report", action="store_true", help="only report the last run")
    args = parser.parse_args()
    folder = scratch(args.area) if args.report else prepare(args.area)
    chosen_file = folder / "sample.txt"
    if not args.report:
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
        if not (folder / "mutants").is_dir():  # generate once to know the names
            subprocess.run(["mutmut", "run", "--max-children", str(args.children),
                            "__none__"], cwd=folder, env=env, check=False)
        # Every mutant is named on the command line: mutmut re-runs only the mutants it is
        # given by name and otherwise keeps a cached verdict, which new tests never revisit.
        names = list(results(folder))
        if args.sample:
            names = sample(names, args.sample)
            chosen_file.write_text("\n".join(names), encoding="utf-8")
        elif chosen_file.exists():
            chosen_file.unlink()
        subprocess.run(["mutmut", "run", "--max-children", str(args.children), *names],
                       cwd=folder, env=env, check=False)
    chosen = chosen_file.read_text(encoding="utf-8").split() if chosen_file.exists() else None
    report(folder, chosen)


if __name__ == "__main__":
    main()
