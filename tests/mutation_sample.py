"""Print a fixed sample of mutmut's mutant names for one area, for `mutmut run`.

A whole area (`structchunk.chunk`: 3,600 mutants) takes hours on two cores; a sample of a
few hundred gives its score to within a few points in minutes. The sample is the N names
with the smallest SHA-256, so it is the same on every machine and changes only where the
code changed. Run from the folder that holds `mutants/` (after one `mutmut run` has
generated them):

    mutmut run $(python tests/mutation_sample.py structchunk.chunk 300)
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys


def mutant_names(mutmut: str) -> list[str]:
    listing = subprocess.run([mutmut, "results", "--all", "true"], capture_output=True,
                             text=True, check=True).stdout
    return [line.split(":")[0].strip() for line in listing.splitlines() if ":" in line]


def sample(names: list[str], prefix: str, size: int) -> list[str]:
    chosen = [name for name in names if name.startswith(prefix + ".")]
    chosen.sort(key=lambda name: hashlib.sha256(name.encode("utf-8")).hexdigest())
    return sorted(chosen[:size])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("prefix", help="module or area, e.g. structchunk.lang")
    parser.add_argument("size", type=int, help="how many mutants")
    parser.add_argument("--mutmut", default="mutmut", help="the mutmut command")
    args = parser.parse_args()
    names = sample(mutant_names(args.mutmut), args.prefix, args.size)
    if not names:
        sys.exit(f"no mutants under {args.prefix!r}: run `mutmut run` once to generate them")
    print("\n".join(names))


if __name__ == "__main__":
    main()
