"""The terminal demo's words (``python -m game demo``, ``game/cli/demo.py``), one module per
language, part of that language's catalogue (``game.ui.i18n``): kept apart so that each catalogue
file stays under the 600 lines a source file may have. Every language has every key here, as in
the catalogues (tests/test_ui_words.py checks the merged catalogues)."""
