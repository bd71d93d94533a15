"""``python -m game serve [--port N] [--dir DIR]``: try the browser build on this computer.

Why not any static server at ``http://localhost:8000``: pygbag's package installer (in the
browser) sends every package download to ``http://localhost:8000/cdn/`` when the page's
address starts with ``http://localhost:8`` (``aio/pep0723.py`` of pygbag 0.9.3), where a plain
static server answers 404: pygame-ce is never installed and the canvas stays blank. This server
listens on ``127.0.0.1`` and prints that address, and it redirects a request made to
``localhost`` to ``127.0.0.1``, so the page can never be opened under the address that breaks it.

It serves ``build/web`` (made by ``python -m game build-web``) with the types browsers want,
and no caching (a rebuilt game is picked up on reload). Desktop only; Ctrl+C stops it.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
from pathlib import Path

from ..usage import Parser

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_DIR = ROOT / "build" / "web"
DEFAULT_PORT = 8000
HOST = "127.0.0.1"


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files, never cached; ``localhost`` addresses redirected to 127.0.0.1."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".apk": "application/zip",
        ".gz": "application/gzip",
    }

    def send_head(self):
        host = self.headers.get("Host", "")
        if host.split(":")[0].lower() == "localhost":
            port = self.server.server_address[1]
            self.send_response(302)
            self.send_header("Location", f"http://{HOST}:{port}{self.path}")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        return super().send_head()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002  (argparse's name)
        if getattr(self.server, "quiet", False):
            return
        super().log_message(format, *args)


def make_server(directory: Path, port: int = DEFAULT_PORT, host: str = HOST,
                quiet: bool = False) -> http.server.ThreadingHTTPServer:
    """A server for ``directory`` (not yet serving: call ``serve_forever``). Port 0: any free port."""
    directory = Path(directory)
    if not (directory / "index.html").is_file():
        raise FileNotFoundError(
            f"no index.html in {directory}: build the browser version first (python -m game build-web)")
    server = http.server.ThreadingHTTPServer((host, port), functools.partial(Handler, directory=str(directory)))
    server.quiet = quiet
    return server


def address(server: http.server.ThreadingHTTPServer) -> str:
    host, port = server.server_address[:2]
    return f"http://{host}:{port}/"


def main(argv: list[str] | None = None) -> int:
    parser = Parser(
        prog="python -m game serve",
        description="Serve the browser build (build/web) at http://127.0.0.1:PORT/ to play it locally.",
    )
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0: any free one)")
    parser.add_argument("--dir", type=Path, default=DEFAULT_DIR, help="folder to serve (default: build/web)")
    parser.add_argument("--quiet", action="store_true", help="do not log every request")
    args = parser.parse_args(argv)
    if not 0 <= args.port <= 65535:
        print(f"error: --port must be between 0 and 65535, not {args.port}", file=sys.stderr)
        return 2
    try:
        server = make_server(args.dir, args.port, quiet=args.quiet)
    except FileNotFoundError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"error: cannot listen on {HOST}:{args.port} ({exc.strerror or exc}); try --port 0 for a free port",
              file=sys.stderr)
        return 1
    print(f"Brisca: open {address(server)} in a browser (Ctrl+C stops the server)", flush=True)
    print("  (use this address, not http://localhost:8...: there pygbag looks for its packages on this server)",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("stopped")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
