"""Evaluation of chunkings on a corpus: span checks, retrieval scores, strategy comparison."""
