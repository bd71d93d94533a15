"""Distil a policy network into a small one (development tool; needs PyTorch,
``pip install -r requirements-train.txt``).

Why (issue 13): the search reads the other player's cards through a model of how it plays
(game/ai/search.py ``_LeadModel``).  The trained network ``net-a`` plays much like the published
bot the outside check measures, but its 162-256-256-40 layers cost 2-3 ms a card in pure Python:
far too slow to weigh the hundreds of hands a move's reading tries.  A network with one small
ReLU layer (162-H-40) costs a few dozen microseconds, and a hand hypothesis only changes three of
its inputs.  This script teaches such a student to give the teacher's chances:

* positions come from the teacher playing itself, with one move in ``--explore`` played at random
  (the reading also meets hands the teacher would not have kept), in the rules of
  tools/train_net.py's vectorised environment (no cambio);
* every decision with two or more cards is a training example; the loss is the divergence
  KL(teacher || student) over the cards in hand; the positions are fresh every iteration
  (no example is seen twice), so there is nothing to overfit;
* at the end it reports, on fresh positions, the divergence and how often the two networks
  put the same card first, and writes the student in the ``brisca-net-1`` format with
  ``"activation": "relu"`` (game/ai/network.py reads both).

    python tools/distill_net.py --teacher net-a --hidden 64 --iterations 600 --seed 5 \\
        --export game/ai/nets/net-a-small.bin
    python tools/distill_net.py --teacher net-a,net-b --hidden 64 --iterations 600 --seed 5 \\
        --export game/ai/nets/net-ab-small.bin

With several teachers (issue 13, tenth round) the student learns the mean of their chances:
a model of "a strong network" rather than of one, which reads a network it was not distilled
from (net-c) better than a copy of one teacher does (docs/ai.md).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

from needs import need  # (tools/ is sys.path[0] when a tool runs)

torch = need("torch")
nn = torch.nn

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from train_net import MOVES, OBS, Games, export, teacher_module  # noqa: E402


def student_module(hidden: int) -> nn.Sequential:
    return nn.Sequential(nn.Linear(OBS, hidden), nn.ReLU(), nn.Linear(hidden, 40))


def positions(teacher: nn.Module | list[nn.Module], games: int, explore: float, gen: torch.Generator):
    """(observations, masks, teacher log-chances) of every decision with a choice in
    ``games`` hands of the teacher against itself.  Several teachers: hand ``i`` is played
    (both seats) by teacher ``i mod k``, and the target is the mean of the teachers' chances
    (a model of "one of these networks", not of one)."""
    teachers = teacher if isinstance(teacher, list) else [teacher]
    g = Games(games, gen)
    obs_all, mask_all, logp_all = [], [], []
    owner = torch.arange(games) % len(teachers)
    with torch.no_grad():
        for _ in range(MOVES):
            seat = g.mover()
            obs, mask = g.observe(seat)
            each = [torch.log_softmax(t(obs).masked_fill(~mask, -1e8), 1) for t in teachers]
            if len(each) == 1:
                logp = play = each[0]
            else:
                stacked = torch.stack(each)
                logp = torch.logsumexp(stacked, 0) - math.log(len(each))
                play = stacked[owner, torch.arange(games)]
            card = torch.multinomial(play.exp(), 1, generator=gen).squeeze(1)
            wild = torch.rand(games, generator=gen) < explore
            if wild.any():
                uniform = mask[wild].float()
                card[wild] = torch.multinomial(uniform / uniform.sum(1, keepdim=True), 1,
                                               generator=gen).squeeze(1)
            choice = mask.sum(1) > 1
            obs_all.append(obs[choice])
            mask_all.append(mask[choice])
            logp_all.append(logp[choice])
            g.step(card)
    return torch.cat(obs_all), torch.cat(mask_all), torch.cat(logp_all)


def divergence(student: nn.Module, obs, mask, teacher_logp) -> torch.Tensor:
    logq = torch.log_softmax(student(obs).masked_fill(~mask, -1e8), 1)
    p = teacher_logp.exp()
    return (p * (teacher_logp - logq)).masked_fill(~mask, 0.0).sum(1).mean()


def report(student, teacher, gen, games: int = 4096) -> dict:
    obs, mask, logp = positions(teacher, games, 0.0, gen)
    with torch.no_grad():
        kl = divergence(student, obs, mask, logp).item()
        s = student(obs).masked_fill(~mask, -1e8).argmax(1)
        t = logp.argmax(1)
        agree = (s == t).float().mean().item()
    return {"kl": round(kl, 5), "same_first_card": round(agree, 4), "positions": int(obs.shape[0])}


def seeded(seed: int, teacher: str) -> tuple[torch.Generator, nn.Module | list[nn.Module]]:
    """One thread, every random draw from ``seed``; the generator and the teacher network
    (``teacher``: a name, or names joined by commas for several)."""
    torch.set_num_threads(1)
    torch.manual_seed(seed)
    names = teacher.split(",")
    modules = [teacher_module(n) for n in names]
    return torch.Generator().manual_seed(seed), modules[0] if len(modules) == 1 else modules


def train(model: nn.Module, iterations: int, batch, losses, size: int, gen: torch.Generator) -> None:
    """Adam at 0.003 decaying along a half cosine; each iteration a fresh set of examples
    (``batch()``: a tuple of tensors), shuffled into minibatches of ``size``; ``losses(b)``:
    the named losses of minibatch ``b`` (their sum is minimised).  Prints them every 25
    iterations."""
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    started = time.perf_counter()
    for it in range(iterations):
        lr = 3e-3 * 0.5 * (1 + math.cos(math.pi * it / iterations)) + 1e-5
        for group in opt.param_groups:
            group["lr"] = lr
        data = batch()
        perm = torch.randperm(data[0].shape[0], generator=gen)
        for s in range(0, data[0].shape[0], size):
            i = perm[s:s + size]
            named = losses(tuple(x[i] for x in data))
            loss = sum(named.values())
            opt.zero_grad()
            loss.backward()
            opt.step()
        if it % 25 == 24 or it + 1 == iterations:
            row = {"it": it + 1, **{k: round(v.item(), 5) for k, v in named.items()},
                   "s": round(time.perf_counter() - started, 1)}
            print(json.dumps(row), flush=True)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--teacher", default="net-a", help="a network of game/ai/nets, or several joined by commas")
    p.add_argument("--hidden", type=int, default=64)
    p.add_argument("--iterations", type=int, default=300)
    p.add_argument("--games", type=int, default=1024, help="hands played for each iteration's positions")
    p.add_argument("--explore", type=float, default=0.1, help="share of moves played at random")
    p.add_argument("--seed", type=int, default=5)
    p.add_argument("--export", default=None, help="write the student here at the end")
    args = p.parse_args(argv)
    if args.hidden < 1 or args.iterations < 1 or args.games < 1 or not 0.0 <= args.explore <= 1.0:
        p.error("--hidden, --iterations and --games must be positive, --explore between 0 and 1")
    gen, teacher = seeded(args.seed, args.teacher)
    student = student_module(args.hidden)
    train(student, args.iterations, lambda: positions(teacher, args.games, args.explore, gen),
          lambda b: {"loss": divergence(student, *b)}, 4096, gen)
    print(json.dumps({"final": report(student, teacher, gen), "hidden": args.hidden}), flush=True)
    if args.export:
        export(student, Path(args.export), "relu", distilled_from=args.teacher)
        print(f"wrote {args.export}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
