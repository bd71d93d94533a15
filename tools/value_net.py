"""Train the value network of a two-player deal in progress (development tool; needs PyTorch,
``pip install -r requirements-train.txt``).

Why (issue 13): the search plays each sampled deal a few bazas and then reads the rest of the
hand off an evaluation (game/ai/value.py).  The linear evaluation there was fitted to what the
rule player's rollouts give, so it values a position as the rule player would finish it.  This
network learns instead what a strong player finishes it at: the trained network ``net-a``
playing itself (tools/train_net.py's vectorised games, no cambio).

* a position is the start of a baza while cards remain to draw, fully known: both hands, the
  cards still to draw (as a set; the muestra among them until drawn), both seats' points,
  who leads; seen from one seat, with the suits renamed so the triunfo is suit 0 (oros) and
  the others keep their order (the value does not depend on which suit is triunfo);
* the targets are that seat's result of the hand (1, ½, 0) and its final margin / 120;
* the network is 124-H-2 with one ReLU layer (:func:`game.ai.value.encode` gives its inputs);
  the loss is the logistic loss of the win plus the squared error of the margin;
* the positions are fresh every iteration (nothing to overfit); at the end the script reports,
  on fresh positions, its losses beside those of the linear evaluation in game/ai/value.py.

    python tools/value_net.py --hidden 64 --iterations 400 --seed 11 --export game/ai/nets/value-a.bin
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from needs import need  # (tools/ is sys.path[0] when a tool runs)

torch = need("torch")
nn = torch.nn

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from distill_net import seeded, train  # noqa: E402
from game.ai.value import VALUE_INPUTS, features  # noqa: E402
from train_net import MOVES, Games, export  # noqa: E402

# CANON[t][c]: card c with the suits renamed so that triunfo t is suit 0
CANON = torch.tensor([[(0 if s == t else 1 + sorted(x for x in range(4) if x != t).index(s)) * 10 + c % 10
                       for c in range(40) for s in [c // 10]] for t in range(4)])


def positions(teacher: nn.Module, games: int, gen: torch.Generator, raw: int = 0):
    """(inputs, win, margin) of both seats at the start of every baza with cards to draw, in
    ``games`` hands of the teacher against itself; with ``raw`` > 0 also the first ``raw``
    positions as :func:`game.ai.value.features` takes them (hands, face-down cards as a bit
    mask, muestra, triunfo, points, seat, leader), in the same order."""
    g = Games(games, gen)
    ar = torch.arange(games)
    rec = []   # (k, hands copy, points copy, leader copy)
    with torch.no_grad():
        for t in range(MOVES):
            if t % 2 == 0 and t // 2 <= 16:
                rec.append((t // 2, g.hand.clone(), g.points.clone(), g.leader.clone()))
            seat = g.mover()
            obs, mask = g.observe(seat)
            logp = torch.log_softmax(teacher(obs).masked_fill(~mask, -1e8), 1)
            g.step(torch.multinomial(logp.exp(), 1, generator=gen).squeeze(1))
    final = g.points
    canon = CANON[g.trump]                        # (games, 40)
    xs, wins, margins, out_raw = [], [], [], []
    for k, hands, pts, leader in rec:
        stock = torch.zeros(games, 40, dtype=torch.bool)
        stock[ar[:, None], g.deck[:, 7 + 2 * k:]] = True
        stock[ar, g.muestra] = True
        for s in (0, 1):
            x = torch.zeros(games, VALUE_INPUTS)
            for block, cards in enumerate((hands[:, s], hands[:, 1 - s], stock)):
                idx = canon.masked_select(cards).view(-1)
                rows = ar[:, None].expand(games, 40).masked_select(cards)
                x[rows, block * 40 + idx] = 1.0
            x[:, 120] = pts[:, s] / 120.0
            x[:, 121] = pts[:, 1 - s] / 120.0
            x[:, 122] = (leader == s).float()
            x[:, 123] = stock.sum(1) / 34.0
            xs.append(x)
            mine, theirs = final[:, s], final[:, 1 - s]
            wins.append((mine > theirs).float() + 0.5 * (mine == theirs).float())
            margins.append((mine - theirs) / 120.0)
            for i in range(min(games, raw - len(out_raw))):
                hs = [[c for c in range(40) if hands[i, q, c]] for q in (0, 1)]
                facedown = sum(1 << int(c) for c in g.deck[i, 7 + 2 * k:])
                out_raw.append((hs, facedown, int(g.muestra[i]), int(g.trump[i]),
                                [int(pts[i, 0]), int(pts[i, 1])], s, int(leader[i])))
    out = torch.cat(xs), torch.cat(wins), torch.cat(margins)
    return (*out, out_raw) if raw else out


def module(hidden: int) -> nn.Sequential:
    return nn.Sequential(nn.Linear(VALUE_INPUTS, hidden), nn.ReLU(), nn.Linear(hidden, 2))


def losses(net: nn.Module, x, win, margin) -> tuple[torch.Tensor, torch.Tensor]:
    out = net(x)
    return (nn.functional.binary_cross_entropy_with_logits(out[:, 0], win),
            ((out[:, 1] - margin) ** 2).mean())


def report(net, teacher, gen, games: int = 600) -> dict:
    x, win, margin, raw = positions(teacher, games, gen, 10 ** 9)
    lin = [features(*r) for r in raw]
    with torch.no_grad():
        lw, lm = losses(net, x, win, margin)
        k = len(lin)
        n_w, n_m = losses(net, x[:k], win[:k], margin[:k])
        from game.ai.value import MARGIN, WIN
        f = torch.tensor(lin)
        zw = f @ torch.tensor(WIN)
        zm = f @ torch.tensor(MARGIN)
        l_w = nn.functional.binary_cross_entropy_with_logits(zw, win[:k]).item()
        l_m = ((zm - margin[:k]) ** 2).mean().item()
        base = nn.functional.binary_cross_entropy_with_logits(torch.zeros(k), win[:k]).item()
    return {"positions": int(x.shape[0]), "win_logloss": round(lw.item(), 4), "margin_mse": round(lm.item(), 5),
            "same_positions": {"network": [round(n_w.item(), 4), round(n_m.item(), 5)],
                               "linear": [round(l_w, 4), round(l_m, 5)], "coin": round(base, 4), "count": k}}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--teacher", default="net-a", help="the network whose self-play is learned")
    p.add_argument("--hidden", type=int, default=64)
    p.add_argument("--iterations", type=int, default=400)
    p.add_argument("--games", type=int, default=1024, help="hands played for each iteration's positions")
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--export", default=None, help="write the network here at the end")
    args = p.parse_args(argv)
    if args.hidden < 1 or args.iterations < 1 or args.games < 1:
        p.error("--hidden, --iterations and --games must be positive")
    gen, teacher = seeded(args.seed, args.teacher)
    net = module(args.hidden)
    train(net, args.iterations, lambda: positions(teacher, args.games, gen),
          lambda b: dict(zip(("win", "margin"), losses(net, *b))), 2048, gen)
    print(json.dumps({"final": report(net, teacher, gen), "hidden": args.hidden}), flush=True)
    if args.export:
        export(net, Path(args.export), "relu", "value-124", outputs=["win logit", "margin / 120"],
               trained_on=f"{args.teacher} self-play")
        print(f"wrote {args.export}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
