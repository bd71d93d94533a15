"""Desktop-only parts of the interface: never imported when ``sys.platform == "emscripten"``.

Why a package of its own: the browser build must not set display flags, write files or start
processes (tests/test_browser_safety.py). The resizable window and full-screen key, the autoplay
director that saves screenshots, and the benchmark (which spawns a ``python`` to time start-up)
are desktop features, so they live here and are imported only off the browser.
"""
