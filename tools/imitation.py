"""Imitation of the expert (development tool, not shipped logic).

``collect`` plays the expert against itself (two players) and writes one JSON line per
decision between two or more cards: the position as the rollouts see it (trump, hand, the
card led or -1, the cards the player has not seen, the stock, the points) and the card the
expert chose.  ``fit`` trains the linear scoring of :mod:`game.ai.learned` on those lines
(a conditional logit: the chance of a card is the softmax of the scores of the cards in
hand) and prints the weights as Python, ready for ``game/ai/learned.py``.

    python tools/imitation.py collect --deals 2000 --seed 1 --out /tmp/imit-1.jsonl
    python tools/imitation.py fit --target values /tmp/imit-*.jsonl --out /tmp/weights.json
    python tools/tune_rollout.py --a /tmp/weights.json --b rule    # the fitted scoring's strength

``fit`` needs numpy (a development-only dependency); what ships is pure Python.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import oracle_arena  # noqa: E402
from needs import need  # noqa: E402


def collect(deals: int, seed: int, out: str, level: str = "expert", options: dict | None = None,
            labels: str = "player", opponent: str | None = None, rules_json: dict | None = None) -> None:
    """Self-play of ``level`` (with ``options``); each decision's ``values`` are those of the
    player's own search (``labels`` "player") or of the same search handed the other player's
    real hand, the stock still shuffled (``labels`` "oracle", tools/oracle_arena.py): what is
    good against the hands people really hold after such plays.  For the network sparring
    partner (``level`` "net") the values are the log-chances of its policy, so that ``fit
    --temperature 1`` imitates its policy.  ``opponent``: another level for the other seat
    (its decisions are not written; the seats alternate by deal)."""
    from game.ai import make_player
    from game.ai.knowledge import others_mask
    from game.hand import SWAP, Hand
    from game.rules import Rules

    rules = Rules.from_json(dict(rules_json or {}, players=2))
    t0 = time.time()
    with open(out, "a", encoding="utf-8") as f:
        for i in range(deals):
            rng = random.Random(f"imit-{seed}-{i}")
            order = list(rules.deck())
            rng.shuffle(order)
            hand = Hand.from_deck(rules, i % 2, order)
            players = [make_player(level, random.Random(f"imit-p-{seed}-{i}-{s}"), **(options or {}))
                       for s in range(2)]
            watched = {0, 1}
            if opponent is not None:
                other = i % 2
                players[other] = make_player(opponent, random.Random(f"imit-q-{seed}-{i}"))
                watched = {1 - other}
            oracle = make_player(level, random.Random(f"imit-o-{seed}-{i}"), **(options or {}))
            while not hand.over:
                seat = hand.turn
                obs = hand.observation(seat)
                move = players[seat].choose(obs)
                cards = [int(m) for m in obs.legal_moves if m != SWAP]
                if move != SWAP and len(cards) > 1 and seat in watched:
                    vals = getattr(players[seat], "last_values", {}) or {}
                    if level == "net":
                        cs = sorted(cards)
                        vals = {c: math.log(max(p, 1e-12)) for c, p in
                                zip(cs, players[seat].probabilities(obs, cs))}
                    if labels == "oracle":
                        restore = oracle_arena.install("hand")
                        try:
                            oracle.choose(hand.observation(seat))
                        finally:
                            restore()
                        vals = oracle.last_values
                    f.write(json.dumps({
                        "trump": obs.trump, "hand": cards,
                        "lead": int(obs.table[0][1]) if obs.table else -1,
                        "unknown": others_mask(obs), "stock": obs.stock_count,
                        "muestra": obs.muestra is not None,
                        "mine": obs.points[seat], "theirs": obs.points[1 - seat],
                        "chose": int(move),
                        "values": {str(k): round(v, 5) for k, v in vals.items() if k != 40},
                    }) + "\n")
                hand.play(move)
            if (i + 1) % 50 == 0:
                f.flush()
                print(f"{i + 1} deals, {time.time() - t0:.0f} s", file=sys.stderr, flush=True)


def load(paths: list[str]) -> list[dict]:
    rows = []
    for p in paths:
        with open(p, encoding="utf-8") as f:
            for line in f:
                line = line.strip()
                if line:
                    try:
                        rows.append(json.loads(line))
                    except json.JSONDecodeError:
                        pass  # a line cut by a stopped run
    return rows


def fit(paths: list[str], l2: float = 1e-3, holdout: float = 0.2, iters: int = 30,
        target: str = "values", temperature: float = 0.05, out: str | None = None) -> list[float]:
    """Fit :data:`game.ai.learned.FEATURES`' weights by Newton's method on the conditional
    logit; print the held-out agreement with the expert (and the rule player's) and the
    weights.  ``target``: ``chose`` (the expert's card) or ``values`` (the softmax of the
    search's values of each card at ``temperature``)."""
    np = need("numpy")

    from game.ai.heuristic import rule_move
    from game.ai.learned import FEATURES, features, stage

    rows = load(paths)
    rng = random.Random(0)
    rng.shuffle(rows)
    k = len(FEATURES)
    X, y, q = [], [], []
    for r in rows:
        fs = [features(c, r["hand"], r["lead"], r["trump"], r["unknown"], r["stock"], r["mine"], r["theirs"])
              for c in r["hand"]]
        X.append(np.array(fs, dtype=float))
        y.append(r["hand"].index(r["chose"]))
        vals = r.get("values") or {}
        if target == "values" and all(str(c) in vals for c in r["hand"]):
            v = np.array([vals[str(c)] for c in r["hand"]]) / temperature
            e = np.exp(v - v.max())
            q.append(e / e.sum())
        else:
            t = np.zeros(len(r["hand"]))
            t[y[-1]] = 1.0
            q.append(t)
    n_test = int(len(rows) * holdout)
    test, train = list(range(n_test)), list(range(n_test, len(rows)))
    Xtr = np.concatenate([X[i] for i in train])
    gtr = np.concatenate([np.full(len(X[i]), j) for j, i in enumerate(train)])
    qtr = np.concatenate([q[i] for i in train])
    ng = len(train)
    scale = Xtr.std(axis=0) + 1e-9
    Z = Xtr / scale

    def probs(w):
        s = Z @ w
        m = np.full(ng, -1e18)
        np.maximum.at(m, gtr, s)
        e = np.exp(s - m[gtr])
        z = np.zeros(ng)
        np.add.at(z, gtr, e)
        return s - m[gtr] - np.log(z[gtr]), e / z[gtr]

    w = np.zeros(k)
    for it in range(iters):
        logp, p = probs(w)
        f = -(qtr * logp).sum() / ng + l2 * (w @ w)
        g = Z.T @ (p - qtr) / ng + 2 * l2 * w
        mu = np.zeros((ng, k))
        np.add.at(mu, gtr, p[:, None] * Z)
        H = (Z * p[:, None]).T @ Z / ng - mu.T @ mu / ng + 2 * l2 * np.eye(k)
        dw = np.linalg.solve(H, g)
        step = 1.0
        while step > 1e-4:
            w1 = w - step * dw
            logp1, _ = probs(w1)
            f1 = -(qtr * logp1).sum() / ng + l2 * (w1 @ w1)
            if f1 <= f:
                break
            step *= 0.5
        w = w1
        if abs(f - f1) < 1e-9:
            break
    weights = w / scale

    def rule_pick(r, i):
        return rule_move(sorted(r["hand"]), [r["lead"]] if r["lead"] >= 0 else [], 2,
                         0 if r["lead"] < 0 else 1, 0, r["trump"], r["unknown"], r["stock"] > 0)

    def learned_pick(r, i):
        return r["hand"][int(np.argmax(X[i] @ weights))]

    def agreement(idx, pick):
        return sum(pick(rows[i], i) == rows[i]["chose"] for i in idx) / max(len(idx), 1)

    print(f"# {len(rows)} decisions ({len(train)} to fit, {len(test)} held out); target {target}; "
          f"loss {f1:.4f} after {it + 1} Newton steps")
    print("# agreement with the expert's card, held out (learned / rule player):")
    for name, sel in (("all", lambda r: True), ("lead", lambda r: r["lead"] < 0),
                      ("follow", lambda r: r["lead"] >= 0)) + tuple(
            (f"stage {b}", (lambda b: lambda r: stage(r["stock"]) == b)(b)) for b in (3, 2, 1, 0)):
        idx = [i for i in test if sel(rows[i])]
        print(f"#   {name:8s} {len(idx):6d}  {agreement(idx, learned_pick):.3f} / {agreement(idx, rule_pick):.3f}")
    print("WEIGHTS: tuple[float, ...] = (")
    for name, v in zip(FEATURES, weights):
        print(f"    {v: .6f},  # {name}")
    print(")")
    if out:
        with open(out, "w", encoding="utf-8") as f:
            json.dump([float(v) for v in weights], f)
    return list(weights)


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="tools/imitation.py", description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--deals", type=int, default=1000)
    c.add_argument("--seed", type=int, default=1)
    c.add_argument("--level", default="expert")
    c.add_argument("--opts", default="{}", help="the level's options as JSON, e.g. '{\"rollout\": \"learned\"}'")
    c.add_argument("--labels", choices=("player", "oracle"), default="player",
                   help="the values recorded: the player's search, or the search seeing the other hand")
    c.add_argument("--opponent", default=None, help="another level for the other seat (not recorded)")
    c.add_argument("--rules", default="{}", help='rules as JSON, e.g. \'{"swap_seven": false}\'')
    c.add_argument("--out", required=True)
    f = sub.add_parser("fit")
    f.add_argument("paths", nargs="+")
    f.add_argument("--l2", type=float, default=1e-3)
    f.add_argument("--iters", type=int, default=30)
    f.add_argument("--target", choices=("chose", "values"), default="values")
    f.add_argument("--temperature", type=float, default=0.05)
    f.add_argument("--out", default=None, help="write the weights to this JSON file")
    a = p.parse_args(argv)
    if a.cmd == "collect":
        collect(a.deals, a.seed, a.out, a.level, json.loads(a.opts), a.labels, a.opponent, json.loads(a.rules))
    else:
        fit(a.paths, a.l2, iters=a.iters, target=a.target, temperature=a.temperature, out=a.out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
