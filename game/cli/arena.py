"""``python -m game arena A B --deals N --players P --seed S [--rules JSON] [--jobs K]``

Pits two AI levels on duplicate deals and prints each side's score.  Why duplicate deals:
the cards decide much of a hand, so every deal is played again with the seats exchanged
(three players: A takes each seat in turn, B the other two), and the luck of the deal cancels.
Games from one deal are correlated, so the 95% confidence intervals are bootstrapped over
deals, not games.  Players are driven through the public ``Hand`` and its observations, the
same path the interface uses, so the figures are what a player gets.

The last output line is one JSON object: a, b, players, deals, games, score_a (wins + ½ void),
ci_a, point_diff_a (A's side points minus B's; three players: minus the B seats' mean),
point_diff_ci_a, ms_p50 {a, b}, ms_p95 {a, b}, and more.  Progress goes to stderr.  Stopped with
Ctrl-C or SIGTERM, it prints the summary of the deals that finished (``"partial": true``).
``--resume`` with ``--deal-log F`` plays only the deals F does not hold yet and appends them: a stopped
run goes on where it stopped (every deal's players are seeded by the deal's number, so the games are
those the whole run would have played); the scores cover every deal, the times only the new ones.
A last line cut short by a killed run is removed (and said); any other line that is not a deal of
this run is refused: each line names its run (``"run"``: a digest of the levels, their options, the
players, the seed, the rules and the señas), so a log of other levels, seed or rules is not mixed in.

Times: ``ms_p50``/``ms_p95`` are the CPU time of one move on one core (``time.thread_time``),
which is what the targets speak of and does not grow when other programs share the machine;
``wall_ms_p50``/``wall_ms_p95`` are the wall-clock times of the same moves.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import re
import sys
import time

from ..usage import refuse
from .jsonl import complete_lines, open_to_append

__all__ = ["main", "play_deal", "read_deal_log", "run_arena", "run_key"]


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # a clear message and exit status 2
        raise _UsageError(message)


def _levels() -> str:
    """Every name the arena takes for a side, from the AI's own tables (so --help never lags them)."""
    from game.ai import _ALIASES, LEVELS, SPARRING  # noqa: PLC0415

    return (f"{', '.join(LEVELS)}; the sparring partners {' and '.join(SPARRING)} (net: two players only, "
            "the network net-a; another with --a-opts '{\"network\": \"net-b\"}' or \"net-c\", its best "
            "card with '{\"greedy\": true}'); also " + ", ".join(_ALIASES))


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m game arena", description="Pit two AI levels on duplicate deals.")
    p.add_argument("a", help=f"level of side A: {_levels()}")
    p.add_argument("b", help="level of side B (the same names)")
    p.add_argument("--deals", type=int, default=200, help="number of deals (each played 2 or 3 times; default 200)")
    p.add_argument("--players", type=int, default=2, choices=(2, 3, 4), help="2, 3 or 4 (default 2)")
    p.add_argument("--seed", type=int, default=1, help="the deals' seed (default 1)")
    p.add_argument("--rules", default=None, help='rules as JSON, e.g. \'{"swap_timing": "own_turn"}\'')
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--senas", type=float, default=0.3,
                   help="pairs: chance that each opponent catches a seña (negative: no señas)")
    p.add_argument("--a-opts", default=None, help='options for A\'s players as JSON, e.g. \'{"samples": 50}\'')
    p.add_argument("--b-opts", default=None, help="options for B's players as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    p.add_argument("--deal-log", default=None,
                   help="append one JSON line per finished deal to this file (for paired comparisons)")
    p.add_argument("--resume", action="store_true",
                   help="with --deal-log: play only the deals the log does not hold yet (go on with a stopped run)")
    p.add_argument("--sprt", type=float, default=None, metavar="P1",
                   help="sequential test: stop once A's score is shown to be 0.5 or P1 (alpha = beta = 0.05)")
    return p


def _deck_for(seed: int, i: int, rules) -> list:
    rng = random.Random(f"arena-{seed}-{i}")
    order = list(rules.deck())
    rng.shuffle(order)
    return order


def play_deal(i: int, cfg: dict) -> dict:
    """Play deal ``i`` with every seat arrangement; return A's results and move times."""
    from game.ai import catch_senas, make_player
    from game.hand import Hand
    from game.rules import Rules

    rules = Rules.from_json(cfg["rules"])
    n = rules.players
    seed = cfg["seed"]
    deck = _deck_for(seed, i, rules)
    dealer = i % n
    if n == 3:
        arrangements = [[s == k for s in range(3)] for k in range(3)]  # True = A's seat
    elif n == 4:
        arrangements = [[s % 2 == 0 for s in range(4)], [s % 2 == 1 for s in range(4)]]
    else:
        arrangements = [[True, False], [False, True]]
    scores, diffs, wins = [], [], 0
    times = {"a": [], "b": []}
    wall = {"a": [], "b": []}
    for g, is_a in enumerate(arrangements):
        hand = Hand.from_deck(rules, dealer, deck)
        players = [make_player(cfg["a"] if is_a[s] else cfg["b"],
                               random.Random(f"p-{seed}-{i}-{g}-{s}"),
                               **(cfg["a_opts"] if is_a[s] else cfg["b_opts"]))
                   for s in range(n)]
        sena_rng = random.Random(f"s-{seed}-{i}-{g}")
        while not hand.over:
            seat = hand.turn
            if n == 4 and cfg["senas"] >= 0:
                for card in players[seat].senas_to_give(hand.observation(seat)):
                    hand.give_sena(seat, card, catch_senas(sena_rng, cfg["senas"], seat))
            obs = hand.observation(seat)
            w0, t0 = time.perf_counter(), time.thread_time()
            move = players[seat].choose(obs)
            side = "a" if is_a[seat] else "b"
            times[side].append(time.thread_time() - t0)
            wall[side].append(time.perf_counter() - w0)
            hand.play(move)
        pts = hand.points
        if n == 3:
            a_seat = is_a.index(True)
            res = hand.result
            score = 0.5 if res.void else (1.0 if res.winner_side == a_seat else 0.0)
            wins += (not res.void and res.winner_side == a_seat)
            diff = pts[a_seat] - sum(p for s, p in enumerate(pts) if s != a_seat) / 2
        else:
            a_pts = sum(p for s, p in enumerate(pts) if is_a[s])
            b_pts = 120 - a_pts
            score = 1.0 if a_pts > b_pts else (0.5 if a_pts == b_pts else 0.0)
            wins += a_pts > b_pts
            diff = a_pts - b_pts
        scores.append(score)
        diffs.append(diff)
    return {"deal": i, "scores": scores, "diffs": diffs, "wins": wins, "times": times, "wall": wall}


def _bootstrap(values: list[float], seed: int, reps: int = 2000) -> list[float]:
    """95% percentile interval of the mean, resampling deals."""
    rng = random.Random(f"boot-{seed}")
    k = len(values)
    means = []
    for _ in range(reps):
        s = 0.0
        for _ in range(k):
            s += values[int(rng.random() * k)]
        means.append(s / k)
    means.sort()
    return [means[int(0.025 * reps)], means[int(0.975 * reps) - 1]]


def sprt(per_deal: list[float], p1: float, p0: float = 0.5, alpha: float = 0.05,
         beta: float = 0.05, min_deals: int = 30) -> dict:
    """Sequential probability ratio test on per-deal scores, H0 "A scores p0" against H1 "A
    scores p1", with the normal approximation (the deals' own variance).  Cheap gate for "is
    the new version better": it usually decides long before a fixed-length run would.
    Returns the log-likelihood ratio, its bounds and the decision (``"H1"``, ``"H0"`` or
    ``None`` while undecided; never before ``min_deals``, whose variance is too rough)."""
    lower, upper = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
    k = len(per_deal)
    llr = 0.0
    if k >= 2:
        mean = math.fsum(per_deal) / k
        var = math.fsum((x - mean) ** 2 for x in per_deal) / (k - 1)
        if var > 0:
            llr = (p1 - p0) / var * (math.fsum(per_deal) - k * (p0 + p1) / 2)
    decision = None
    if k >= min_deals:
        decision = "H1" if llr >= upper else ("H0" if llr <= lower else None)
    return {"p0": p0, "p1": p1, "llr": round(llr, 3), "bounds": [round(lower, 3), round(upper, 3)],
            "decision": decision}


def _pct(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def run_key(cfg: dict) -> str:
    """What makes two runs play the same games, as a short digest: the levels and their options,
    the players, the seed, the rules and the señas (not the number of deals: a run may be lengthened)."""
    ident = {k: cfg.get(k) for k in ("a", "b", "players", "seed", "rules", "senas", "a_opts", "b_opts")}
    return hashlib.sha256(json.dumps(ident, sort_keys=True).encode()).hexdigest()[:16]


def _side_diff(x: object) -> bool:
    """A deal log's point difference: a finite number of at most 120 either way."""
    return type(x) in (int, float) and math.isfinite(x) and abs(x) <= 120


def read_deal_log(path: str, deals: int, players: int, warn=None, run: str | None = None) -> list[dict]:
    """The finished deals of a deal log, as results without times (for ``--resume``).  Raises
    ValueError, naming the line, on a line that is not one of this run's deals (``run``:
    :func:`run_key`; another run's deal, a deal twice, a score or difference out of range).  A last line
    cut short (no newline at its end, not JSON: the run was killed while writing it) is the
    one exception: it is cut off the file, that deal is played again, and ``warn`` (if given)
    is told."""
    games = 3 if players == 3 else 2
    out: dict[int, dict] = {}
    said = None if warn is None else (lambda n: warn(f"arena: {path}, line {n} was cut short (a killed run); "
                                                    "removed, its deal is played again"))
    try:
        lines = complete_lines(path, said)
    except UnicodeDecodeError as exc:
        raise ValueError(f"{path}: not a deal log (not UTF-8 text: {exc.reason} at byte {exc.start})") from None
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            i, scores, diffs = row["deal"], row["scores"], row["diffs"]
            ok = (type(i) is int and 0 <= i < deals and len(scores) == games == len(diffs)
                  and all(type(s) in (int, float) and s in (0, 0.5, 1) for s in scores)
                  and all(_side_diff(d) for d in diffs))
        except (json.JSONDecodeError, KeyError, TypeError, ValueError, RecursionError):   # (nested too deep)
            ok = False
        if not ok:
            raise ValueError(f"{path}, line {n}: not a deal of this run ({deals} deals, {players} players)")
        if run is not None and row.get("run") != run:
            raise ValueError(f"{path}, line {n}: a deal of another run (other levels, options, seed, rules or "
                             "señas; or a log written before deals named their run): give a new --deal-log")
        if i in out:
            raise ValueError(f"{path}, line {n}: deal {i} is in the log twice")
        out[i] = {"deal": i, "scores": scores, "diffs": diffs, "wins": sum(s == 1 for s in scores),
                  "times": {"a": [], "b": []}, "wall": {"a": [], "b": []}}
    return [out[i] for i in sorted(out)]


def run_arena(cfg: dict, jobs: int = 1, progress=None) -> dict:
    """Play ``cfg["deals"]`` deals and summarise them (the JSON of the last output line).
    ``cfg["done"]`` (optional): results already played (``read_deal_log``), not played again."""
    deals = cfg["deals"]
    results = list(cfg.get("done") or [])
    done = {r["deal"] for r in results}
    todo = [i for i in range(deals) if i not in done]
    start = time.perf_counter()
    last = [start]

    def tick(done: int) -> None:
        now = time.perf_counter()
        if progress is not None and (now - last[0] > 10 or done == deals):
            last[0] = now
            sc = [sum(r["scores"]) / len(r["scores"]) for r in results]
            progress(f"arena: {done}/{deals} deals, score_a so far {sum(sc) / len(sc):.3f}, "
                     f"{now - start:.0f}s")

    log = open_to_append(cfg["deal_log"]) if cfg.get("deal_log") else None
    key = run_key(cfg)
    p1 = cfg.get("sprt")

    def record(r: dict) -> bool:
        """Keep a finished deal; True when the sequential test has decided."""
        results.append(r)
        if log is not None:
            log.write(json.dumps({"deal": r["deal"], "scores": r["scores"], "diffs": r["diffs"], "run": key}) + "\n")
            log.flush()
        tick(len(results))
        if p1 is None:
            return False
        return sprt([sum(x["scores"]) / len(x["scores"]) for x in results], p1)["decision"] is not None

    partial_run = False
    try:
        if jobs > 1:
            import multiprocessing as mp
            from functools import partial

            with mp.get_context("fork").Pool(jobs) as pool:
                for r in pool.imap_unordered(partial(play_deal, cfg=cfg), todo, chunksize=2):
                    if record(r):
                        break
        else:
            for i in todo:
                if record(play_deal(i, cfg)):
                    break
    except KeyboardInterrupt:
        # Stopped early (Ctrl-C or SIGTERM): summarise the deals that finished.
        partial_run = True
        if not results:
            raise
        if progress is not None:
            progress(f"arena: stopped after {len(results)} deals; summary of those follows")
    finally:
        if log is not None:
            log.close()
    results.sort(key=lambda r: r["deal"])
    deals = len(results)
    per_deal = [sum(r["scores"]) / len(r["scores"]) for r in results]
    per_diff = [sum(r["diffs"]) / len(r["diffs"]) for r in results]
    games = sum(len(r["scores"]) for r in results)
    ta = [t for r in results for t in r["times"]["a"]]
    tb = [t for r in results for t in r["times"]["b"]]
    wa = [t for r in results for t in r["wall"]["a"]]
    wb = [t for r in results for t in r["wall"]["b"]]
    return {
        "a": cfg["a"], "b": cfg["b"], "players": cfg["players"], "deals": deals, "games": games,
        "score_a": round(sum(per_deal) / deals, 4),
        "ci_a": [round(x, 4) for x in _bootstrap(per_deal, cfg["seed"])],
        "point_diff_a": round(sum(per_diff) / deals, 2),
        "point_diff_ci_a": [round(x, 2) for x in _bootstrap(per_diff, cfg["seed"] + 1)],
        "won_a": round(sum(r["wins"] for r in results) / games, 4),
        "ms_p50": {"a": round(_pct(ta, 0.5) * 1000, 2), "b": round(_pct(tb, 0.5) * 1000, 2)},
        "ms_p95": {"a": round(_pct(ta, 0.95) * 1000, 2), "b": round(_pct(tb, 0.95) * 1000, 2)},
        "wall_ms_p50": {"a": round(_pct(wa, 0.5) * 1000, 2), "b": round(_pct(wb, 0.5) * 1000, 2)},
        "wall_ms_p95": {"a": round(_pct(wa, 0.95) * 1000, 2), "b": round(_pct(wb, 0.95) * 1000, 2)},
        "moves": {"a": len(ta), "b": len(tb)},
        "rules": cfg["rules"], "seed": cfg["seed"], "senas": cfg["senas"],
        "seconds": round(time.perf_counter() - start, 1),
        "partial": partial_run,
        **({"sprt": sprt(per_deal, p1)} if p1 is not None else {}),
    }


def _json_object(flag: str, text: str | None) -> dict:
    """The JSON object an option gives ({} when the option is absent); '' (an unset shell
    variable) is an error, not the default."""
    if text is None:
        return {}
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _UsageError(f"{flag} is not valid JSON: {exc}") from None
    if not isinstance(value, dict):
        raise _UsageError(f"{flag} must be a JSON object")
    return value


def main(argv: list[str]) -> int:
    from game.ai import level_key
    from game.rules import Rules, RulesError

    try:
        args = _parser().parse_args(argv)
        a, b = level_key(args.a), level_key(args.b)
        if args.deals < 1:
            raise _UsageError("--deals must be at least 1")
        if args.jobs < 1:
            raise _UsageError("--jobs must be at least 1")
        if args.sprt is not None and not 0.5 < args.sprt < 1:
            raise _UsageError("--sprt is the score of H1, between 0.5 and 1 (e.g. 0.55)")
        if not args.senas <= 1:   # (NaN is not a chance either)
            raise _UsageError("--senas is a chance between 0 and 1 (negative: no señas)")
        if args.resume and not args.deal_log:
            raise _UsageError("--resume goes on with the run in --deal-log F: give --deal-log")
        rules_json = _json_object("--rules", args.rules)
        if "players" in rules_json and rules_json["players"] != args.players:
            raise _UsageError("--rules says players differently from --players")
        rules_json = dict(rules_json, players=args.players)
        rules = Rules.from_json(rules_json)
        opts = {"a": _json_object("--a-opts", args.a_opts), "b": _json_object("--b-opts", args.b_opts)}
        # Fail on bad player options now, not inside a worker.
        from game.ai import make_player
        for level, side in ((a, "a"), (b, "b")):
            try:
                player = make_player(level, random.Random(0), **opts[side])
            except TypeError as exc:   # an option the level does not have
                unknown = re.search(r"keyword argument '(\w+)'", str(exc))
                raise _UsageError(f"--{side}-opts: {level} has no option {unknown.group(1)!r} (docs/ai.md "
                                  "lists each level's options)" if unknown else f"--{side}-opts: {exc}") from None
            only = getattr(player, "only_players", None)
            if only is not None and args.players not in only:
                raise _UsageError(f"{level} plays only {' or '.join(map(str, only))}-player hands")
    except _UsageError as exc:
        return refuse("python -m game arena", str(exc))
    except (ValueError, TypeError, RulesError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    cfg = {"a": a, "b": b, "players": args.players, "deals": args.deals, "seed": args.seed,
           "rules": rules.to_json(), "senas": args.senas, "a_opts": opts["a"], "b_opts": opts["b"],
           "deal_log": args.deal_log, "sprt": args.sprt}
    if args.deal_log:
        try:   # fail now, not after the first deal; appending nothing changes nothing
            open(args.deal_log, "a", encoding="utf-8").close()
        except OSError as exc:
            print(f"error: cannot write the deal log: {exc}", file=sys.stderr)
            return 2
    if args.resume:
        try:
            cfg["done"] = read_deal_log(args.deal_log, args.deals, args.players,
                                        warn=lambda msg: print(msg, file=sys.stderr, flush=True), run=run_key(cfg))
        except (OSError, ValueError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
    progress = None if args.quiet else (lambda msg: print(msg, file=sys.stderr, flush=True))
    import signal

    def _stop(signum, frame):  # SIGTERM ends the run like Ctrl-C: print what was played
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, _stop)
    try:
        out = run_arena(cfg, jobs=args.jobs, progress=progress)
    except KeyboardInterrupt:
        print("arena: stopped before any deal finished", file=sys.stderr)
        return 130
    print(f"{a} vs {b}, {args.players} players, {out['games']} games on {out['deals']} deals: "
          f"score_a {out['score_a']:.3f} {out['ci_a']}, point diff {out['point_diff_a']:+.1f} "
          f"{out['point_diff_ci_a']}")
    print(json.dumps(out, ensure_ascii=False))
    return 0
