"""Token tests run with the network unreachable: nothing may be fetched."""

from __future__ import annotations

import socket
from typing import Any

import pytest


@pytest.fixture(autouse=True)
def offline(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: Any, **_kwargs: Any) -> Any:
        raise OSError("network unreachable in this test")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    # tiktoken would read a cache here before fetching; point it at nothing.
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", "/nonexistent-structchunk-test-cache")
    monkeypatch.setenv("DATA_GYM_CACHE_DIR", "/nonexistent-structchunk-test-cache")
