"""``python -m game bench``: complete random hands per second on one core.

Two figures per player count: through the public API (``Hand.deal`` then ``legal_moves`` +
``play`` until the end, a uniformly random legal move each time) and through the AI's fast
path (``game.fast.play_random_hand``), both in ``game/cli/random_hands.py``.  Each figure is the
median of ``--repeat`` runs, in CPU time of this process (one core; robust to other load on a
shared machine).
``--wasm`` also runs the same measurements in WebAssembly (Pyodide) and prints the ratio.
"""

from __future__ import annotations

import statistics

from ..usage import Parser
from . import at_least_one
from .random_hands import api_hands, fast_hands


def main(argv: list[str]) -> int:
    if "--wasm" in argv:  # wasm_bench parses every option itself (it has more: AI positions, budgets)
        from . import wasm_bench

        return wasm_bench.main(argv)
    parser = Parser(
        prog="python -m game bench", description=__doc__.splitlines()[0],
        epilog="With --wasm the options are those of `python -m game bench --wasm --help`: also "
               "--positions N (seeded positions the AI is timed on; default 100, 0: none), --level and "
               "--budget JSON (the AI's level and search options timed there), --api-hands, --fast-hands, "
               "--warmup and --json; --repeat is then the runs per rate and per AI position, the best kept "
               "(default 3), and --hands defaults to 1000 (API) and 5000 (fast path). --wasm needs Node.js and "
               "the npm packages of tests/wasm: run (cd tests/wasm && npm ci) once first.")
    parser.add_argument("--hands", type=at_least_one, default=20000, help="hands per run (default 20000)")
    parser.add_argument("--repeat", type=at_least_one, default=5,
                        help="runs per figure; the median is printed (default 5; with --wasm, see below)")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), action="append",
                        help="player count (repeatable; default 2, 3 and 4)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--wasm", action="store_true",
                        help="also measure in WebAssembly (Pyodide under Node.js; first: (cd tests/wasm && npm ci))")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    if args.wasm:
        from . import wasm_bench

        return wasm_bench.main(argv)
    for players in args.players or (2, 3, 4):
        api = statistics.median(api_hands(players, args.hands, args.seed + r) for r in range(args.repeat))
        fast = statistics.median(fast_hands(players, args.hands, args.seed + r) for r in range(args.repeat))
        print(f"players={players} api_hands_per_s={api:.0f} fast_hands_per_s={fast:.0f}", flush=True)
    return 0
