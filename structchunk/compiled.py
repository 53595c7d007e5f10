"""Which of structchunk's modules run compiled, and a guard against stale compiled files.

A wheel built where a C compiler is present ships some hot modules compiled with mypyc
beside their `.py` sources (see hatch_build.py); Python imports the compiled file first. The
sources stay the reference: both builds give identical chunks. In a checkout compiled in
place (`python hatch_build.py --inplace`), an extension older than its edited source would
silently run the old code, so importing structchunk warns about it.
"""

from __future__ import annotations

import sys
import warnings
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path


def is_native_class(cls: type, field: str) -> bool:
    """Whether mypyc compiled `cls` into a native class, told by one of its fields: a native
    class's field is a getset descriptor, an interpreted one a member descriptor (a slot), its
    default or absent. A class with a written-out constructor asks this once at import, to
    store its fields natively where it can (an assignment in the class's own compiled code
    bypasses the frozen `__setattr__`) and to fill its slots or dictionary where it cannot."""
    return type(vars(cls).get(field)).__name__ == "getset_descriptor"


def compiled_modules() -> tuple[str, ...]:
    """The names of the loaded structchunk modules that run from a compiled extension."""
    names = []
    for name, module in list(sys.modules.items()):
        if name == "structchunk" or name.startswith("structchunk."):
            location = getattr(module, "__file__", None) or ""
            if location.endswith(tuple(EXTENSION_SUFFIXES)):
                names.append(name)
    return tuple(sorted(names))


def stale_extensions() -> tuple[Path, ...]:
    """Compiled extensions of loaded modules whose `.py` source changed after they were built."""
    stale = []
    for name in compiled_modules():
        extension = Path(sys.modules[name].__file__ or "")
        source = extension.with_name(extension.name.split(".", 1)[0] + ".py")
        if source.is_file() and source.stat().st_mtime > extension.stat().st_mtime:
            stale.append(extension)
    return tuple(stale)


def warn_if_stale() -> None:
    stale = stale_extensions()
    if stale:
        names = ", ".join(path.name for path in stale)
        warnings.warn(
            f"structchunk: compiled modules older than their sources ({names}); rebuild them "
            "with `python hatch_build.py --inplace` or remove them with `--clean`",
            RuntimeWarning, stacklevel=2)
