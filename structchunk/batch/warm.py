"""Imported by the worker pool's fork server, never by library code: it loads the grammars,
language profiles and parsers once, so every worker forked from the server starts warm
instead of paying for them on its first file."""

from __future__ import annotations

from structchunk.api import split_text

_SAMPLES = (
    ("# Title\n\nThe first sentence. A second one follows.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n",
     None),
    ("# Titel\n\nDer erste Satz, z. B. hier. Ein zweiter folgt.\n", None),
    ("# शीर्षक\n\nयह पहला वाक्य है। दूसरा वाक्य भी है।\n", None),
    ("# शीर्षक\n\nहे पहिले वाक्य आहे. दुसरे वाक्य आहे.\n", None),
    ("§ 1 Geltung\n\n(1) Dieses Gesetz gilt.\n(2) Es gilt weiter.\n\n§ 2 Begriffe\n\n(1) Ein "
     "Begriff.\n\n§ 3 Ende\n\n(1) Ende.\n", None),
    ("def f(x):\n    return x\n", "python"),
)


def _warm() -> None:
    """Best effort: a failure here must never stop the pool, it only costs the warm start."""
    for text, code_language in _SAMPLES:
        try:
            if code_language:
                split_text(text, max_size=200, code_language=code_language)
            else:
                split_text(text, max_size=200)
        except Exception:  # noqa: BLE001, S112
            continue


_warm()
