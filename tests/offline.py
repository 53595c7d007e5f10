"""Cut the network for a test: nothing structchunk does may fetch anything."""

from __future__ import annotations

import socket
from typing import Any

import pytest

_NO_CACHE = "/nonexistent-structchunk-test-cache"


def block_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every network connection fails, and tiktoken's caches point at nothing.

    Local (AF_UNIX) sockets still connect: worker processes (`jobs=2`) reach their parent
    through one, and that is not the network.
    """
    def refuse(*_args: Any, **_kwargs: Any) -> Any:
        raise OSError("network unreachable in this test")

    local_connect = socket.socket.connect

    def connect_locally(self: socket.socket, address: Any) -> Any:
        if getattr(socket, "AF_UNIX", None) is not None and self.family == socket.AF_UNIX:
            return local_connect(self, address)
        return refuse()

    monkeypatch.setattr(socket.socket, "connect", connect_locally)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", _NO_CACHE)
    monkeypatch.setenv("DATA_GYM_CACHE_DIR", _NO_CACHE)
