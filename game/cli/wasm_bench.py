"""``python -m game bench --wasm``: the rules core and the AI, native and in WebAssembly.

Why: the browser runs CPython compiled to WebAssembly, which cannot be started on these machines
with pygbag's own runtime, but the npm package ``pyodide`` (CPython 3.14 in WebAssembly) runs
offline under Node.js.  This command runs the *same* workloads natively (in this process) and in
Pyodide (one Node.js process, started by :func:`run_in_wasm` through ``tests/wasm/run.mjs``) and
prints the figures side by side with their ratio, so the AI's browser budget can be set from
measurements rather than guesses (see ``docs/wasm.md``).

The workload functions below (:func:`workload` and what it calls) are pure Python and are
imported *inside* WebAssembly too: the harness copies ``game/`` (minus the pygame layer
``game/ui``) into Pyodide's file system.  So nothing at module level here may need a process,
a thread or pygame; the native-only helpers import what they need when called.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any, Sequence

from ..usage import Parser

#: The repository root (this file is game/cli/wasm_bench.py).
REPO = Path(__file__).resolve().parents[2]
#: The Node.js harness: package.json, package-lock.json, run.mjs and (after ``npm ci``) node_modules.
HARNESS_DIR = REPO / "tests" / "wasm"
HARNESS = HARNESS_DIR / "run.mjs"


#: The issue's target: the expert's 95th-percentile time per move in WebAssembly.
TARGET_P95_MS = 500.0


class WasmUnavailable(RuntimeError):
    """Node.js or the harness's npm packages are missing; the message says what to install."""


class WasmError(RuntimeError):
    """The code failed inside WebAssembly (or the harness did); the message carries the traceback."""


# --------------------------------------------------------------------------------------------
# Native side: start the harness.
# --------------------------------------------------------------------------------------------
def unavailable_reason() -> str | None:
    """Why WebAssembly runs are impossible here, or None when node and the packages are present."""
    import shutil

    if shutil.which("node") is None:
        return "node (Node.js) is not installed; scripts/test.sh installs it from Debian (nodejs, npm)"
    if not HARNESS.is_file():
        return f"the harness {HARNESS} is missing"
    if not (HARNESS_DIR / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        return (f"the npm package pyodide is not installed in {HARNESS_DIR}; "
                f"run: (cd {HARNESS_DIR} && npm ci)")
    return None


def run_in_wasm(code: str, modules: Sequence[str | os.PathLike] = (), timeout: float = 900.0) -> dict:
    """Run ``code`` in Pyodide with ``game/`` importable and return the harness's JSON answer.

    ``modules`` are extra Python files made importable by their base name.  What the code
    leaves in its global ``result`` comes back as ``answer["result"]``; ``answer["run_ms"]`` is
    the time the code took inside WebAssembly, ``answer["startup_ms"]`` the runtime's start.
    Raises :class:`WasmUnavailable` when node or the packages are missing and
    :class:`WasmError` (with the Python traceback) when the code fails.
    """
    import subprocess

    reason = unavailable_reason()
    if reason:
        raise WasmUnavailable(reason)
    cmd = ["node", str(HARNESS), "--repo", str(REPO)]
    for m in modules:
        cmd += ["--module", str(m)]
    try:
        proc = subprocess.run(cmd, input=code, capture_output=True, text=True, timeout=timeout,
                              cwd=HARNESS_DIR)
    except subprocess.TimeoutExpired:
        raise WasmError(f"the WebAssembly run took longer than {timeout:.0f} s") from None
    lines = proc.stdout.strip().splitlines()
    try:
        answer = json.loads(lines[-1]) if lines else None
    except json.JSONDecodeError:
        answer = None
    if not isinstance(answer, dict):
        raise WasmError(f"the harness exited with status {proc.returncode} and no JSON answer:\n"
                        f"{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}")
    if not answer.get("ok"):
        raise WasmError(f"WebAssembly run failed: {answer.get('error')}\n{answer.get('stderr', '')}")
    return answer


# --------------------------------------------------------------------------------------------
# Workloads: identical code natively and in WebAssembly.
# --------------------------------------------------------------------------------------------
def cpu_clock() -> float:
    """Seconds of CPU time used by this process (natively) or by Node.js (in WebAssembly).

    Why CPU time and not wall time: the machine is shared (2 cores, several engineers), and a
    process waiting for a core loses wall time that says nothing about the runtime's speed.
    CPU time is what an unloaded machine would show as wall time.  Inside Pyodide
    ``time.process_time`` is the wall clock, so the Node.js process's own count is asked
    through the ``js`` module (it includes V8's compiler and GC threads: a little on the
    WebAssembly side, which makes its figures, if anything, pessimistic).
    """
    if sys.platform == "emscripten":
        try:
            import js  # type: ignore[import-not-found]

            usage = js.process.cpuUsage()
            return (usage.user + usage.system) / 1e6
        except (ImportError, AttributeError):  # a browser has no process: wall time then
            return time.perf_counter()
    return time.process_time()


def hand_rates(players: int, api: int, fast: int, repeat: int, seed: int) -> dict:
    """Random hands per second (of CPU time) through the public API and the fast path, played
    by the very functions of ``python -m game bench`` (game/cli/random_hands.py).

    The best of ``repeat`` runs (each on the same seeds in both runtimes): interference from
    other processes only ever makes a run slower (caches, memory bandwidth), so the fastest
    run is the one closest to the runtime's own speed.
    """
    from game.cli.random_hands import api_hands, fast_hands

    def best_rate(play, hands: int) -> float:
        best = None
        for r in range(repeat):
            t0 = cpu_clock()
            play(players, hands, seed + r)
            rate = hands / max(cpu_clock() - t0, 1e-9)
            best = rate if best is None else max(best, rate)
        return best

    out = {}
    if api:
        out["api"] = best_rate(api_hands, api)
    if fast:
        out["fast"] = best_rate(fast_hands, fast)
    return out


def warm_up(seconds: float, seed: int) -> int:
    """Play random hands for ``seconds`` before measuring.

    Why: V8 first runs WebAssembly through its baseline compiler and recompiles the hot
    functions (the interpreter loop) with its optimising one a little later; the first second
    of a Pyodide run is measurably slower than the rest.  A browser game is past that after its
    first moves, so the figures are taken after it.  Natively it does no harm.
    """
    from game.cli.random_hands import api_hands

    end = time.perf_counter() + seconds
    runs = 0
    while time.perf_counter() < end:
        api_hands(2 + runs % 3, 100, seed + runs)
        runs += 1
    return runs


def positions(count: int, seed: int, players_cycle: Sequence[int] = (2, 3, 4)) -> list[dict]:
    """A fixed, seeded set of decision points: game records cut before a move.

    Hands are dealt from ``seed`` and played by random moves; from each hand a few cut points
    spread over its length (opening, middle, the last cards) are taken, so the set covers the
    cheap and the expensive parts of a hand alike.  Players cycle through ``players_cycle``.
    """
    from game.hand import Hand
    from game.record import to_record
    from game.rules import Rules

    rng = random.Random(seed)
    out: list[dict] = []
    i = 0
    while len(out) < count:
        players = players_cycle[i % len(players_cycle)]
        hand = Hand.deal(Rules(players=players), i % players, rng)
        i += 1
        moves = []
        while not hand.over:
            move = rng.choice(hand.legal_moves())
            moves.append(move)
            hand.play(move)
        record = to_record(hand)
        total = len(record["moves"])
        for cut in sorted(rng.sample(range(total), 4)):
            if len(out) < count:
                out.append({**record, "moves": record["moves"][:cut]})
    return out


def lead_solves(obs) -> int:
    """The most deals-times-cards the leads' exact check (``exact_lead``: hard and expert, three
    players, the stock out; :func:`game.ai.search.three_dominant_steps`) can solve at ``obs``,
    whatever card the search chose: it solves every card on a deal, and stops at the first deal
    on which no card beats the search's under both readings."""
    from game.ai.knowledge import knowledge_of
    from game.ai.search import beats_both, deal_states, solve_three
    from game.fast import from_move

    cards = sorted({from_move(m) for m in obs.legal_moves})
    per = [solve_three(st, obs.seat, cards) for st in deal_states(obs, knowledge_of(obs))]
    most = 0
    for than in cards:
        alive, solved = [c for c in cards if c != than], 0
        for v in per:
            solved += 1 + len(alive)
            alive = [c for c in alive if beats_both(v[c], v[than])]
            if not alive:
                break
        most = max(most, solved)
    return most


def lead_positions(count: int, seed: int, hands: int | None = None) -> list[dict]:
    """The ``count`` three-player leads after the stock (a choice of cards) where the leads' exact
    check can solve the most (:func:`lead_solves`; each record carries it as ``"solves"``), out of
    every such lead of ``hands`` (default ``10 * count``) seeded hands of normal self-play.  Native
    only: the records are handed to WebAssembly, which times the same positions."""
    from game.ai import make_player
    from game.hand import Hand
    from game.record import to_record
    from game.rules import Rules

    found = []
    for i in range(10 * count if hands is None else hands):
        hand = Hand.deal(Rules(players=3), i % 3, random.Random(f"lead-{seed}-{i}"))
        players = [make_player("normal", random.Random(f"lead-{seed}-{i}-{s}")) for s in range(3)]
        while not hand.over:
            obs = hand.observation(hand.turn)
            if hand.stock_count == 0 and not obs.table and len(obs.hand) > 1:
                found.append({**to_record(hand), "solves": lead_solves(obs)})
            hand.play(players[hand.turn].choose(obs))
    found.sort(key=lambda r: -r["solves"])   # (stable: ties in the order played)
    return found[:count]


def expert_times(records: Sequence[dict], level: str, budget: Any, seed: int, repeat: int = 1) -> dict:
    """Time the AI ``level`` choosing one move at each position (milliseconds of CPU time).

    Each position is timed ``repeat`` times with a player seeded the same way (so the very
    same work) and the fastest time is kept, for the reason given in :func:`hand_rates`.
    """
    from game.record import from_record

    times = []
    moves = []
    deals = []  # sampled deals the search used at each position
    for k, record in enumerate(records):
        hand = from_record(record)
        obs = hand.observation(hand.turn)
        best = float("inf")
        for _ in range(repeat):
            player = _make_player(level, random.Random(seed * 7919 + k), budget)
            t0 = cpu_clock()
            move = player.choose(obs)
            best = min(best, (cpu_clock() - t0) * 1000.0)
        times.append(best)
        moves.append(str(move))
        deals.append(getattr(player, "last_samples", 0))
    return {"ms": times, "moves": moves, "deals": deals,
            "players": [record["rules"]["players"] for record in records]}


def _make_player(level: str, rng: random.Random, budget: Any):
    """``game.ai.make_player`` with an explicit budget when one is given."""
    from game.ai import make_player

    return make_player(level, rng, **(budget or {}))


def budget_label(level: str, budget: dict | None) -> str:
    """How a budget is named in the table: the level and the options it really runs with."""
    from game.ai import DESKTOP_BUDGET, level_key

    key = level_key(level)
    if budget is None:
        return f"{key}, desktop budget {json.dumps(DESKTOP_BUDGET.get(key, {}))}"
    return f"{key} {json.dumps(budget)}"


def workload(spec: dict) -> dict:
    """Run every measurement named in ``spec``; the same call natively and in WebAssembly."""
    out: dict = {}
    warm_up(spec.get("warmup", 0.0), spec["seed"])
    for players in spec["players"]:
        rates = hand_rates(players, spec["api_hands"], spec["fast_hands"], spec["repeat"], spec["seed"])
        for kind, rate in rates.items():
            out[f"{kind}_{players}"] = rate
    groups = [("", positions(spec["positions"], spec["seed"]) if spec["positions"] else [])]
    groups.append((LEAD_LABEL, spec.get("lead_records", [])))
    for label, records in groups:
        for budget in spec["budgets"] if records else ():
            times = expert_times(records, spec["level"], budget, spec["seed"], spec["repeat"])
            if label:
                times["solves"] = [r["solves"] for r in records]
            out[f"ai {label}{budget_label(spec['level'], budget)}"] = times
    return out


#: How the timings at :func:`lead_positions` are named (``--lead-positions``).
LEAD_LABEL = "three-player leads after the stock, "


# --------------------------------------------------------------------------------------------
# The command.
# --------------------------------------------------------------------------------------------
def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0..100) by linear interpolation between order statistics."""
    data = sorted(values)
    if not data:
        return float("nan")
    pos = (len(data) - 1) * q / 100.0
    lo = int(pos)
    hi = min(lo + 1, len(data) - 1)
    return data[lo] + (data[hi] - data[lo]) * (pos - lo)


def default_budgets(level: str) -> list:
    """The budgets timed by default: the level's desktop budget (what the arena measured) and,
    if it differs, the browser's (``game.ai.browser_budget``)."""
    from game.ai import browser_budget

    browser = browser_budget(level)
    return [None, browser] if browser else [None]


def main(argv: list[str] | None = None) -> int:
    """Parse arguments, run the workloads natively then in WebAssembly, print the comparison."""
    parser = Parser(prog="python -m game bench --wasm",
                    description="Native and WebAssembly (Pyodide) figures side by side.",
                    epilog="It needs Node.js and the npm packages of tests/wasm (Pyodide): run "
                           "(cd tests/wasm && npm ci) once first (docs/wasm.md).")
    parser.add_argument("--wasm", action="store_true", help="accepted, as `python -m game bench --wasm` passes it")
    parser.add_argument("--players", type=int, nargs="+", action="extend", choices=(2, 3, 4),
                        help="player counts for the random-hand figures (repeatable; default 2, 3 and 4)")
    parser.add_argument("--hands", type=int, default=None,
                        help="random hands per run, both paths (default: 1000 API, 5000 fast path)")
    parser.add_argument("--api-hands", type=int, default=None, help="random hands per run, public API")
    parser.add_argument("--fast-hands", type=int, default=None, help="random hands per run, fast path")
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs per rate and per AI position; the best is kept (default 3)")
    parser.add_argument("--warmup", type=float, default=2.0,
                        help="seconds of random hands before measuring (default 2)")
    parser.add_argument("--positions", type=int, default=100,
                        help="seeded positions (2, 3 and 4 players) timed for the AI (default 100; 0: none)")
    parser.add_argument("--lead-positions", type=int, default=0,
                        help="also time the AI at the N three-player leads after the stock where the leads' exact "
                             "check (exact_lead) can solve the most, of 10 x N seeded hands of normal self-play "
                             "(default 0: none; docs/wasm.md)")
    parser.add_argument("--level", default="expert", help="AI level timed per move (default expert)")
    parser.add_argument("--budget", action="append", type=json.loads, default=None,
                        help='AI options as JSON, e.g. \'{"samples": 60}\' (repeatable; "null" = the '
                             "desktop budget; default: desktop and browser budgets)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--json", action="store_true", help="also print the raw figures as one JSON line")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    api = args.api_hands if args.api_hands is not None else (args.hands if args.hands is not None else 1000)
    fast = args.fast_hands if args.fast_hands is not None else (args.hands if args.hands is not None else 5000)
    if min(api, fast, args.positions, args.lead_positions) < 0 or args.repeat < 1:
        print("error: hand and position counts must be >= 0 and --repeat >= 1", file=sys.stderr)
        return 2
    if not 0 <= args.warmup < float("inf"):   # (NaN fails too; inf would warm up for ever)
        print(f"error: --warmup is the seconds of random hands before measuring, 0 or more, not {args.warmup:g}",
              file=sys.stderr)
        return 2
    for b in args.budget or ():
        if b is not None and not isinstance(b, dict):
            print(f"error: --budget must be a JSON object or null, not {b!r}", file=sys.stderr)
            return 2
    try:
        timed = args.positions or args.lead_positions
        budgets = args.budget or (default_budgets(args.level) if timed else [])
        if timed:
            for b in budgets:  # a bad level or option fails here, before any measuring
                _make_player(args.level, random.Random(0), b)
    except (ValueError, TypeError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    spec = {"players": args.players or [2, 3, 4], "api_hands": api, "fast_hands": fast,
            "repeat": args.repeat, "positions": args.positions, "level": args.level,
            "budgets": budgets, "seed": args.seed, "warmup": args.warmup}

    missing = unavailable_reason()
    if missing is not None:   # (not after minutes of native figures measured for nothing)
        print(f"error: WebAssembly unavailable: {missing}", file=sys.stderr)
        return 2
    if args.lead_positions:
        print(f"finding the {args.lead_positions} three-player leads...", flush=True)
        spec["lead_records"] = lead_positions(args.lead_positions, args.seed)
    print(f"native: CPython {sys.version.split()[0]}, measuring...", flush=True)
    native = workload(spec)
    print("WebAssembly: starting Pyodide under Node.js, measuring...", flush=True)
    try:
        answer = run_in_wasm("import json\nfrom game.cli.wasm_bench import workload\n"
                             f"result = workload(json.loads({json.dumps(spec)!r}))\n")
    except WasmUnavailable as exc:
        print(f"error: WebAssembly unavailable: {exc}", file=sys.stderr)
        return 2
    except WasmError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    wasm = answer["result"]
    print(f"WebAssembly: Pyodide {answer.get('pyodide')} (CPython {answer['python'].split()[0]}) "
          f"under Node.js, runtime start {answer['startup_ms'] / 1000:.1f} s\n")
    report(native, wasm)
    if args.json:
        print(json.dumps({"spec": spec, "native": native, "wasm": wasm}))
    return 0


def report(native: dict, wasm: dict) -> None:
    """Print the side-by-side table."""
    bases = [k for k in native if k.startswith("ai ") and "desktop budget" in k]
    print(f"{'measure (CPU time)':<52} {'native':>10} {'wasm':>10} {'slowdown':>9}")
    for key, n in native.items():
        w = wasm[key]
        if not key.startswith("ai "):
            kind, players = key.split("_")
            label = f"random hands/s, {'public API' if kind == 'api' else 'fast path'}, {players} players"
            print(f"{label:<52} {n:>10.0f} {w:>10.0f} {n / w:>8.2f}x")
            continue
        count = len(n["ms"])
        print(f"{key[3:]}, ms per move over {count} positions:")
        for name, q in (("median", 50), ("p95", 95), ("max", 100)):
            pn, pw = percentile(n["ms"], q), percentile(w["ms"], q)
            print(f"{'  ' + name:<52} {pn:>10.1f} {pw:>10.1f} {pw / pn if pn else float('nan'):>8.2f}x")
        by_players = []
        for p in sorted(set(n["players"])):
            sel = [i for i, q in enumerate(n["players"]) if q == p]
            by_players.append(f"{p}p {percentile([n['ms'][i] for i in sel], 95):.0f}/"
                              f"{percentile([w['ms'][i] for i in sel], 95):.0f}")
        print(f"  p95 by player count, native/wasm ms: {', '.join(by_players)}")
        p95 = percentile(w["ms"], 95)
        verdict = "met" if p95 <= TARGET_P95_MS else "NOT met"
        print(f"  target p95 <= {TARGET_P95_MS:.0f} ms in WebAssembly: {verdict} ({p95:.0f} ms)")
        same = sum(a == b for a, b in zip(n["moves"], w["moves"]))
        print(f"  same move chosen natively and in WebAssembly: {same}/{count}")
        if "solves" in n:
            print(f"  the exact check's most solves there (deals x cards), median / max: "
                  f"{percentile(n['solves'], 50):.0f} / {max(n['solves'])}")
        lead = key.startswith("ai " + LEAD_LABEL)   # (the desktop budget's timing of the same positions)
        base = next((b for b in bases if b.startswith("ai " + LEAD_LABEL) == lead), None)
        if any(n["deals"]):
            mean_n, mean_w = (sum(r["deals"]) / count for r in (n, w))
            print(f"{'  sampled deals per move (mean)':<52} {mean_n:>10.1f} {mean_w:>10.1f}")
            if base and key != base:  # fewer deals than the desktop budget used: cut by time
                cut_n, cut_w = (sum(a < b for a, b in zip(r[key]["deals"], r[base]["deals"]))
                                for r in (native, wasm))
                print(f"{'  searches cut short (fewer deals than desktop)':<52} {cut_n:>10} {cut_w:>10}")
    print("(slowdown: how many times longer WebAssembly takes than native CPython for the same work)")


if __name__ == "__main__":
    sys.exit(main())
