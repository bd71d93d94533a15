"""The word catalogues: one module per language, named by its code (``es.py``, ``en.py``).

Each module holds two plain literals:

* ``NAME``: the language's own name, as the settings list it ("Español", "English");
* ``WORDS``: a dict from key to text; ``{name}`` fields are filled by ``Words.t(key, name=...)``.

Every catalogue has exactly the keys of ``es.py`` (tests/test_ui_words.py checks, with the same
``{fields}``).  To add words, add one line with the new key to every catalogue, anywhere in the
dict (keys are grouped by their prefix only for reading: ``menu.``, ``opt.``, ``play.``, ...).
A part of the interface may keep its words in a folder here, one module per language with
``WORDS`` only (``backup/es.py``): they are merged into that language's catalogue.
Dropping a new module with every key into this folder adds a language to the game:
``game.ui.i18n.languages()`` finds it and the settings offer it.  ``game.ui.i18n`` is the
loader; scenes use its ``Words``.
"""
