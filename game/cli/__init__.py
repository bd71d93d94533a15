"""Command-line tools behind ``python -m game``."""
