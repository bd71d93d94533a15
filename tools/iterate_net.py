"""Teach a small policy network the expert's own choices: one step of expert iteration
(development tool; needs PyTorch, ``pip install -r requirements-train.txt``).

Why (issue 13, fifteenth round): the expert searches from networks distilled from net-a, and its
search beats net-a (about 0.60).  A network that plays the search's choices may be a stronger policy
to search from: its card in the rollouts, or as the card the search leaves only on clear
evidence.  tools/expert_data.py records the expert's choices; this script fits a policy network
(the ``brisca-net-1`` format of game/ai/network.py) to them:

* the target of a decision is the search's card with weight ``1 - lam`` and the chances of the
  ``--teacher`` network (net-a) with weight ``lam``: where the search had no reason to leave
  its prior the two agree, and the teacher's other chances keep the student a good policy for
  the cards the search did not choose (the rollouts play the student's favourite card);
* the student starts from ``--init`` (a copy of that network, its shape and activation, e.g.
  net-a-small32) or from scratch (162-``--hidden``-40, ReLU); Adam from ``--lr`` (0.003) down a
  half cosine, minibatches of 4,096, ``--epochs`` passes over the data;
* the hands whose index ends in 0 (a tenth) are held out, and the script prints how often each
  network puts the search's card first on them (the student, the teacher and ``--init``): on all
  of them, where the search kept the teacher's favourite card, and where it left it.
* ``--tau T``: learn the softmax of the search's values over T instead of its card.

Measured in docs/ai-history.md (issue 13, fifteenth round): on 161,272 decisions the students learn some
of the search's departures from net-a and play no better for it, alone or in the rollouts.

    python tools/iterate_net.py xd-0.jsonl xd-1.jsonl --init net-a-small32 \\
        --epochs 30 --lam 0.3 --seed 5 --export xp32.bin
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

from distill_net import student_module  # noqa: E402
from game.ai.network import load_network  # noqa: E402
from train_net import OBS, export, network_module, teacher_module  # noqa: E402


def load(paths: list[str]) -> tuple[torch.Tensor, ...]:
    """(observations, masks, chosen cards, held out, the search's values) of every decision in
    the files (a card without a value: NaN)."""
    obs, mask, choice, held, values = [], [], [], [], []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                if not line.endswith("\n"):
                    break   # a line cut short by a killed run
                row = json.loads(line)
                for d in row["decisions"]:
                    x = [0.0] * OBS
                    for k in d["active"]:
                        x[k] = 1.0
                    x[160], x[161] = d["mine"] / 120.0, d["theirs"] / 120.0
                    m = [False] * 40
                    for c in d["cards"]:
                        m[c] = True
                    obs.append(x)
                    mask.append(m)
                    choice.append(d["choice"])
                    held.append(row["hand"] % 10 == 0)
                    v = [math.nan] * 40
                    for c, x in d["values"].items():
                        v[int(c)] = x
                    values.append(v)
    return torch.tensor(obs), torch.tensor(mask), torch.tensor(choice), torch.tensor(held), torch.tensor(values)


def initial(name: str | None, hidden: int) -> tuple[nn.Sequential, str]:
    """(the student, its activation): ``hidden`` ReLU units from scratch, or a copy of the
    network ``name`` (its own shape and activation)."""
    if not name:
        return student_module(hidden), "relu"
    return network_module(name), load_network(name).activation


def agreement(model: nn.Module, obs, mask, choice) -> float:
    """How often ``model``'s favourite card is the search's."""
    with torch.no_grad():
        return (model(obs).masked_fill(~mask, -1e8).argmax(1) == choice).float().mean().item()


def search_target(mask, choice, values, tau: float) -> torch.Tensor:
    """The search's part of the target: its card (``tau`` 0), or the softmax of its values over
    ``tau`` (decisions without values keep their card)."""
    hot = nn.functional.one_hot(choice, 40).float()
    if tau <= 0:
        return hot
    soft = torch.softmax((torch.nan_to_num(values) / tau).masked_fill(~mask, -1e8), 1)
    known = ~(torch.isnan(values) & mask).any(1, keepdim=True)
    return torch.where(known, soft, hot)


def fit(student, obs, mask, target, epochs: int, gen, lr: float = 3e-3) -> None:
    opt = torch.optim.Adam(student.parameters(), lr=lr)
    n = obs.shape[0]
    started = time.perf_counter()
    for ep in range(epochs):
        for group in opt.param_groups:
            group["lr"] = lr * 0.5 * (1 + math.cos(math.pi * ep / epochs)) + 1e-6
        perm = torch.randperm(n, generator=gen)
        total = 0.0
        for s in range(0, n, 4096):
            i = perm[s:s + 4096]
            logq = torch.log_softmax(student(obs[i]).masked_fill(~mask[i], -1e8), 1)
            loss = -(target[i] * logq.masked_fill(~mask[i], 0.0)).sum(1).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * len(i)
        if ep % 5 == 4 or ep + 1 == epochs:
            print(json.dumps({"epoch": ep + 1, "loss": round(total / n, 5),
                              "s": round(time.perf_counter() - started, 1)}), flush=True)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("data", nargs="+", help="tools/expert_data.py output files")
    p.add_argument("--hidden", type=int, default=32, help="hidden ReLU units of a student from scratch")
    p.add_argument("--init", default=None, help="start from this network of game/ai/nets (its shape)")
    p.add_argument("--lr", type=float, default=3e-3, help="Adam's first step size (a half cosine down)")
    p.add_argument("--teacher", default="net-a", help="the network whose chances fill the target's rest")
    p.add_argument("--lam", type=float, default=0.3, help="the teacher's weight in the target")
    p.add_argument("--tau", type=float, default=0.0,
                   help="learn the softmax of the search's values over TAU instead of its card (0: the card)")
    p.add_argument("--epochs", type=int, default=30)
    p.add_argument("--seed", type=int, default=5)
    p.add_argument("--export", default=None, help="write the student here")
    a = p.parse_args(argv)
    if a.hidden < 1 or a.epochs < 1 or not a.lr > 0 or not 0.0 <= a.lam <= 1.0 or a.tau < 0:
        p.error("--hidden, --epochs and --lr must be positive, --lam between 0 and 1, --tau 0 or more")
    torch.set_num_threads(1)
    torch.manual_seed(a.seed)
    gen = torch.Generator().manual_seed(a.seed)
    try:
        student, activation = initial(a.init, a.hidden)
        teacher = teacher_module(a.teacher)
        obs, mask, choice, held, values = load(a.data)
    except (OSError, ValueError, KeyError, TypeError) as e:   # a network or a data file that cannot be read
        p.error(str(e))
    if not bool((~held).any()) or not bool(held.any()):
        p.error("the data needs hands both held out (index ending in 0) and not")
    with torch.no_grad():
        teacher_p = torch.softmax(teacher(obs).masked_fill(~mask, -1e8), 1)
    train = ~held
    print(json.dumps({"decisions": int(obs.shape[0]), "held_out": int(held.sum())}), flush=True)
    target = (1 - a.lam) * search_target(mask, choice, values, a.tau) + a.lam * teacher_p
    fit(student, obs[train], mask[train], target[train], a.epochs, gen, a.lr)
    o, m, c = obs[held], mask[held], choice[held]
    with torch.no_grad():
        kept = teacher(o).masked_fill(~m, -1e8).argmax(1) == c   # the search played the teacher's card
    models = {"student": student, a.teacher: teacher}
    if a.init:
        models[a.init] = initial(a.init, a.hidden)[0]
    parts = {"all": torch.ones_like(kept), "kept": kept, "departures": ~kept}
    report = {name: {part: round(agreement(model, o[sel], m[sel], c[sel]), 4) if bool(sel.any()) else None
                     for part, sel in parts.items()} for name, model in models.items()}
    print(json.dumps({"same_card_as_the_search_held_out": report,
                      "search_kept_teacher_card": round(kept.float().mean().item(), 4)}), flush=True)
    if a.export:
        export(student, Path(a.export), activation, learned_from="the expert's choices (tools/expert_data.py)",
               teacher=a.teacher, lam=a.lam, tau=a.tau, init=a.init)
        print(f"wrote {a.export}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
