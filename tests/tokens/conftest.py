"""Token tests run with the network unreachable: nothing may be fetched."""

from __future__ import annotations

import pytest

from tests.offline import block_network


@pytest.fixture(autouse=True)
def offline(monkeypatch: pytest.MonkeyPatch) -> None:
    block_network(monkeypatch)
