"""Build hook: the hot modules compiled with mypyc, where a C compiler is present.

The pure-Python modules stay the source of truth and the fallback. A wheel build
(`pip install .`, `python -m build`, cibuildwheel) compiles the modules listed under
`[tool.structchunk.compiled]` in pyproject.toml and ships each extension beside its `.py`
file, which Python then imports first. Where mypyc or a C compiler is missing, or the build
fails, the same package is built without them (a warning says so) and imports and chunks
identically. An editable install never compiles: a developer's edits must take effect.

The same compilation runs by hand, for a checkout:

    python hatch_build.py --inplace   # compile the listed modules next to their sources
    python hatch_build.py --clean     # remove them again (back to the pure-Python build)

Set STRUCTCHUNK_PURE=1 to build a pure wheel on a machine that could compile.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent
EXTENSION_SUFFIX = sysconfig.get_config_var("EXT_SUFFIX") or ".so"

# Run in a child process: setuptools' setup() reads sys.argv and keeps global state, and a
# failing compiler must not take the build front end down with it.
_COMPILE = """
import sys
from setuptools import setup
from mypyc.build import mypycify
modules, build_lib, build_temp, inplace = sys.argv[1].split(","), *sys.argv[2:5]
arguments = ["build_ext", "--build-lib", build_lib, "--build-temp", build_temp]
if inplace == "1":
    arguments.append("--inplace")
setup(name="structchunk-compiled", py_modules=[], packages=[],
      ext_modules=mypycify(modules, opt_level="3", target_dir=build_temp + "/mypyc"),
      script_args=arguments)
"""


def compiled_module_paths(root: Path = ROOT) -> list[str]:
    """The source files to compile, as pyproject.toml lists them (paths from the root)."""
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    return list(project["tool"]["structchunk"]["compiled"]["modules"])


def compile_modules(build_lib: Path, *, inplace: bool = False, root: Path = ROOT) -> list[Path]:
    """Compile the listed modules; return the extension files built under `build_lib`.

    Raises `subprocess.CalledProcessError` (or `OSError`) when compiling is not possible.
    """
    modules = compiled_module_paths(root)
    with tempfile.TemporaryDirectory(prefix="structchunk-mypyc-") as temp:
        subprocess.run(
            [sys.executable, "-c", _COMPILE, ",".join(modules), str(build_lib), temp,
             "1" if inplace else "0"],
            cwd=root, check=True, stdout=subprocess.DEVNULL if not inplace else None,
            # mypy must find this tree's package first, not another one installed in editable
            # mode or named on PYTHONPATH: its imports would be checked against that copy.
            # The rest of PYTHONPATH stays: a build front end may put the build's own
            # requirements (mypy) there.
            env={**os.environ, "PYTHONPATH": os.pathsep.join(
                filter(None, [str(root), os.environ.get("PYTHONPATH", "")]))})
    found = root if inplace else build_lib
    return sorted(path for path in found.rglob(f"*{EXTENSION_SUFFIX}")
                  if _is_ours(path.relative_to(found)))


def _is_ours(relative: Path) -> bool:
    """An extension of the package, or mypyc's shared runtime beside it (`*__mypyc.*`)."""
    return relative.parts[0] == "structchunk" or (
        len(relative.parts) == 1 and "__mypyc" in relative.name)


def clean(root: Path = ROOT) -> list[Path]:
    """Remove in-place extensions, so the checkout imports its pure-Python modules again."""
    removed = [path for path in [*root.glob(f"*__mypyc*{EXTENSION_SUFFIX}"),
                                 *(root / "structchunk").rglob(f"*{EXTENSION_SUFFIX}")]]
    for path in removed:
        path.unlink()
    shutil.rmtree(root / "build", ignore_errors=True)
    return removed


try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # run as a script without hatchling
    BuildHookInterface = object  # type: ignore[assignment,misc]


class CompiledModulesHook(BuildHookInterface):  # type: ignore[misc,valid-type]
    """Adds the compiled extensions to a wheel, or leaves the wheel pure when it cannot."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable" \
                or os.environ.get("STRUCTCHUNK_PURE"):
            return
        build_lib = Path(self.directory) / ".structchunk-compiled"
        shutil.rmtree(build_lib, ignore_errors=True)
        try:
            built = compile_modules(build_lib, root=Path(self.root))
        except (ImportError, OSError, subprocess.CalledProcessError) as error:
            self.app.display_warning(
                f"structchunk: compiled modules not built ({error}); building the "
                "pure-Python package, which chunks identically")
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        for path in built:
            build_data["force_include"][str(path)] = str(path.relative_to(build_lib))

    def finalize(self, version: str, build_data: dict[str, Any], artifact: str) -> None:
        shutil.rmtree(Path(self.directory) / ".structchunk-compiled", ignore_errors=True)


def main(argv: list[str]) -> int:
    if argv == ["--clean"]:
        for path in clean():
            print(f"removed {path.relative_to(ROOT)}")
        return 0
    if argv == ["--inplace"]:
        clean()
        built = compile_modules(ROOT / "build" / "compiled", inplace=True)
        shutil.rmtree(ROOT / "build", ignore_errors=True)
        for path in built:
            print(f"compiled {path.relative_to(ROOT)}")
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
