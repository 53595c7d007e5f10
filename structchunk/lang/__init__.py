"""Language knowledge: sentence segmentation and language detection, driven by grammars/."""
