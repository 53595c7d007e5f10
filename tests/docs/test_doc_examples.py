"""Every example in README.md and docs/*.md runs as written, offline: the python blocks of a
page in order in one namespace, the `structchunk` command lines through the installed entry
point, from a folder that has the repository's `corpus_samples/` and `docs/`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.docs.examples import PAGES, REPO, Example, all_examples, examples
from tests.offline import block_network

# Pages whose python examples change process-wide registries run in their own test module.
RUN_ELSEWHERE = {"docs/extending.md": "tests/test_extending_code.py"}
# Every block that is not run, and why; a new exclusion is a reviewed change to this list.
NOT_RUN = {
    ("README.md", "installs packages into a new environment (.ci/run runs the second)"),
    ("README.md", "a synopsis, with placeholders for its arguments"),
    ("docs/integrations.md", "installs packages from the package index"),
    ("docs/scale.md", "needs a Ray cluster and an object store (s3://)"),
    ("docs/scale.md", "needs a Ray cluster"),
}
ENTRY_POINT = "from structchunk.cli.main import main; sys.exit(main())"


def _name(page: Path) -> str:
    return page.relative_to(REPO).as_posix()


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder where the docs' relative paths resolve and their output files land."""
    for folder in ("corpus_samples", "docs"):
        (tmp_path / folder).symlink_to(REPO / folder, target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_every_exclusion_is_marked_in_its_page_and_listed_here() -> None:
    marked = {(_name(example.page), example.not_run) for example in all_examples()
              if example.not_run is not None}
    assert marked == NOT_RUN


def test_the_pages_have_examples_of_both_kinds() -> None:
    runnable = [example for example in all_examples() if example.not_run is None]
    assert sum(example.lang == "python" for example in runnable) >= 10
    assert sum(len(example.commands()) for example in runnable) >= 4


def test_pages_run_elsewhere_are_read_there() -> None:
    for page, module in RUN_ELSEWHERE.items():
        assert Path(page).name in (REPO / module).read_text(encoding="utf-8")


@pytest.mark.parametrize("page", [page for page in PAGES if _name(page) not in RUN_ELSEWHERE],
                         ids=_name)
def test_python_examples_of_the_page_run(page: Path, workdir: Path,
                                         monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    block_network(monkeypatch)
    namespace: dict[str, object] = {"__name__": "doc_example"}
    for example in examples(page):
        if example.lang == "python" and example.not_run is None:
            exec(compile(example.body, example.label, "exec"), namespace)  # noqa: S102
    capsys.readouterr()


def _shim(folder: Path) -> dict[str, str]:
    """An environment whose `structchunk` is this checkout's command line."""
    bin_dir = folder / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "structchunk"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -c "import sys; {ENTRY_POINT}" "$@"\n',
                    encoding="utf-8")
    shim.chmod(0o755)
    return {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
            "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}


COMMANDS = [(example, command) for example in all_examples() if example.not_run is None
            for command in example.commands()]


@pytest.mark.parametrize(("example", "command"), COMMANDS,
                         ids=[f"{example.label} {command[:50]}" for example, command in COMMANDS])
def test_command_example_runs(example: Example, command: str, workdir: Path) -> None:
    result = subprocess.run(["bash", "-c", f"set -o pipefail; {command}"], cwd=workdir,
                            env=_shim(workdir), capture_output=True, text=True, timeout=300,
                            check=False)
    assert result.returncode == 0, f"{example.label}: {command}\n{result.stderr[-2000:]}"
