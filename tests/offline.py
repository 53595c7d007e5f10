"""Cut the network for a test: nothing structchunk does may fetch anything."""

from __future__ import annotations

import socket
from typing import Any

import pytest

_NO_CACHE = "/nonexistent-structchunk-test-cache"


def block_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every connection attempt fails, and tiktoken's caches point at nothing."""
    def refuse(*_args: Any, **_kwargs: Any) -> Any:
        raise OSError("network unreachable in this test")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", _NO_CACHE)
    monkeypatch.setenv("DATA_GYM_CACHE_DIR", _NO_CACHE)
