"""Train the sparring network: a two-player brisca policy learned by self-play (development
tool; needs PyTorch, ``pip install -r requirements-train.txt``).

Why: issue 13 measures the expert against the strongest published two-player bot, a network
trained by self-play with proximal policy optimisation (PPO).  That bot is not ours to run, so
this script trains one the same way, as the arena's sparring partner ``net``
(:mod:`game.ai.net`), which shares nothing with the expert's model of play:

* the observation is the published bot's 162 numbers: one-hot masks of the cards played in
  finished bazas, the muestra, the card on the table, the cards in hand, then my points and
  the other player's, each / 120 (no history of who played what, no cambio: the rules are
  brisca's without the cambio, the outside check's setting);
* the action is one of the 40 cards, the ones not in hand masked out;
* actor and critic are separate 162-256-256 multilayer perceptrons with the Mish activation;
* PPO with generalised advantage estimation (gamma 1, lambda 0.9), clip 0.3, two epochs of
  minibatches of 2,048 decisions, Adam at 0.003 decaying by 0.997 an iteration, an entropy
  bonus of 0.01 decaying by 0.998 an iteration;
* the reward is ``alpha * win + (1 - alpha) * points won in each baza / 120``, alpha rising
  from 0.1 by 0.001 an iteration up to 1 (win first, as the bot's last version);
* each iteration plays 2,048 hands against four opponents drawn from a pool of frozen past
  versions of the learner (chance by a softmax of their ratings, each rating moved towards
  the logit of its score against the learner), a random player at first.

The environment is vectorised with torch tensors: every hand of an iteration moves in lock
step (a two-player hand always has 40 moves).  Its rules are those of :mod:`game.fast`
(``tests/test_ai_net.py`` checks the points of random hands against it).

    python tools/train_net.py --out /tmp/net-a --iterations 1950 --seed 1
    python tools/train_net.py --out /tmp/net-a --export game/ai/nets/net-a.bin   # weights for game.ai.net

Fine-tuning a trained network (issue 13's eighteenth round): ``--init net-a`` starts the actor
from those weights (the critic fresh, trained alone for ``--critic-warmup`` iterations), the
reward is the win only, the learning rate and entropy bonus stay at ``--lr`` and ``--ent``, and
the pool starts with the frozen ``--pool-init`` networks instead of the random player:

    python tools/train_net.py --out /tmp/net-a2 --init net-a --pool-init net-a,net-b,net-c --iterations 1000 --seed 3

Checkpoints go to ``--out`` every 25 iterations; a run restarted with the same ``--out``
continues from the last one.
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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.network import load_network  # noqa: E402
from game.fast import BEATS, POINTS  # noqa: E402

OBS = 162
HIDDEN = 256
GAMES = 2048
OPPONENTS = 4
MOVES = 40


def mlp(out: int, std: float, inputs: int = OBS) -> nn.Sequential:
    layers = [nn.Linear(inputs, HIDDEN), nn.Mish(), nn.Linear(HIDDEN, HIDDEN), nn.Mish(), nn.Linear(HIDDEN, out)]
    for i, layer in enumerate(x for x in layers if isinstance(x, nn.Linear)):
        nn.init.orthogonal_(layer.weight, std if i == 2 else math.sqrt(2))
        nn.init.constant_(layer.bias, 0.0)
    return nn.Sequential(*layers)


ORACLE = 160   # the critic's view of what the player cannot see (``--oracle-critic``)


class Agent(nn.Module):
    """Actor and critic.  With ``oracle`` the critic also sees the other hand, the cards left to
    draw and the next two to be drawn (an asymmetric actor-critic: the advantages lose the luck
    of the hidden cards; the actor, what plays, still sees only the 162 public numbers)."""

    def __init__(self, oracle: bool = False) -> None:
        super().__init__()
        self.oracle = oracle
        self.critic_in = OBS + (ORACLE if oracle else 0)
        self.actor = mlp(40, 0.01)
        self.critic = mlp(1, 1.0, self.critic_in)

    def logits(self, obs: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        return self.actor(obs).masked_fill(~mask, -1e8)


BEATS_T = torch.tensor([list(BEATS[t]) for t in range(4)], dtype=torch.bool).view(4, 40, 40)
POINTS_T = torch.tensor(POINTS, dtype=torch.float32)


class Games:
    """``b`` two-player hands in lock step (see the module docstring for the rules)."""

    def __init__(self, b: int, gen: torch.Generator) -> None:
        self.b = b
        ar = torch.arange(b)
        self.ar = ar
        self.deck = torch.argsort(torch.rand(b, 40, generator=gen), dim=1)
        self.muestra = self.deck[:, 6]
        self.trump = self.muestra // 10
        self.hand = torch.zeros(b, 2, 40, dtype=torch.bool)
        self.leader = torch.randint(0, 2, (b,), generator=gen)
        for i in range(6):   # dealt one at a time from the first leader
            seat = (self.leader + i) % 2
            self.hand[ar, seat, self.deck[:, i]] = True
        self.played = torch.zeros(b, 40)
        self.briscola = torch.zeros(b, 40)
        self.briscola[ar, self.muestra] = 1.0
        self.table = torch.full((b,), -1, dtype=torch.long)
        self.points = torch.zeros(b, 2)
        self.t = 0

    def hidden(self, seat: torch.Tensor) -> torch.Tensor:
        """What ``seat`` cannot see: the other hand, the cards left to draw (the muestra
        included) and the next two to be drawn, one-hot masks of 40 each."""
        ar = self.ar
        other = self.hand[ar, 1 - seat].float()
        k = self.t // 2
        left = torch.zeros(self.b, 40)
        nxt = torch.zeros(self.b, 80)
        if k < 17:
            left.scatter_(1, self.deck[:, 7 + 2 * k:], 1.0)
            left[ar, self.muestra] = 1.0
            nxt[ar, self.deck[:, 7 + 2 * k]] = 1.0
            second = self.deck[:, 8 + 2 * k] if k < 16 else self.muestra
            nxt[ar, 40 + second] = 1.0
        return torch.cat([other, left, nxt], 1)

    def mover(self) -> torch.Tensor:
        return self.leader if self.t % 2 == 0 else 1 - self.leader

    def observe(self, seat: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        ar = self.ar
        table = torch.zeros(self.b, 40)
        on = self.table >= 0
        table[ar[on], self.table[on]] = 1.0
        mine = self.hand[ar, seat]
        pts = torch.stack([self.points[ar, seat], self.points[ar, 1 - seat]], 1) / 120.0
        obs = torch.cat([self.played, self.briscola, table, mine.float(), pts], 1)
        return obs, mine

    def step(self, card: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Play ``card`` for the mover of every hand; returns (winner, points) of the baza
        when this move ends one (winner -1 otherwise)."""
        ar = self.ar
        seat = self.mover()
        self.hand[ar, seat, card] = False
        if self.t % 2 == 0:
            self.table = card.clone()
            self.t += 1
            return torch.full((self.b,), -1, dtype=torch.long), torch.zeros(self.b)
        lead = self.table
        beats = BEATS_T[self.trump, lead, card]
        winner = torch.where(beats, seat, self.leader)
        pts = POINTS_T[lead] + POINTS_T[card]
        self.points[ar, winner] += pts
        self.played[ar, lead] = 1.0
        self.played[ar, card] = 1.0
        self.table = torch.full((self.b,), -1, dtype=torch.long)
        k = self.t // 2
        if k < 17:
            first = self.deck[:, 7 + 2 * k]
            second = self.deck[:, 8 + 2 * k] if k < 16 else self.muestra
            self.hand[ar, winner, first] = True
            self.hand[ar, 1 - winner, second] = True
        self.leader = winner
        self.t += 1
        return winner, pts


def act(net: nn.Module | None, obs: torch.Tensor, mask: torch.Tensor, gen: torch.Generator) -> torch.Tensor:
    """Sample a card from ``net``'s policy (None: uniformly among the cards in hand)."""
    if net is None:
        logits = torch.zeros(mask.shape).masked_fill(~mask, -1e8)
    else:
        logits = net(obs).masked_fill(~mask, -1e8)
    return torch.multinomial(torch.softmax(logits, 1), 1, generator=gen).squeeze(1)


def play_batch(agent: Agent, opponents: list, gen: torch.Generator, alpha: float, record: bool = True):
    """Play :data:`GAMES` hands, the learner against ``opponents`` (actor networks or None
    for random, each a quarter of the hands).  Returns the learner's decisions and rewards
    (when ``record``) and each hand's result for the learner (1, ½, 0)."""
    b = GAMES
    g = Games(b, gen)
    me = torch.randint(0, 2, (b,), generator=gen)
    group = torch.arange(b) // (b // len(opponents))
    obs_buf = torch.zeros(b, 20, agent.critic_in)   # the actor reads the first OBS numbers
    mask_buf = torch.zeros(b, 20, 40, dtype=torch.bool)
    act_buf = torch.zeros(b, 20, dtype=torch.long)
    logp_buf = torch.zeros(b, 20)
    val_buf = torch.zeros(b, 20)
    rew_buf = torch.zeros(b, 20)
    ar = torch.arange(b)
    k_me = 0   # the learner moves once in every two moves: its k-th decision is at trick k
    with torch.no_grad():
        for t in range(MOVES):
            mover = g.mover()
            obs, mask = g.observe(mover)
            seen = torch.cat([obs, g.hidden(mover)], 1) if agent.oracle else obs
            card = torch.zeros(b, dtype=torch.long)
            mine = mover == me
            if mine.any():
                idx = ar[mine]
                logits = agent.logits(obs[idx], mask[idx])
                c = torch.multinomial(torch.softmax(logits, 1), 1, generator=gen).squeeze(1)
                card[idx] = c
                if record:
                    k = t // 2
                    obs_buf[idx, k] = seen[idx]
                    mask_buf[idx, k] = mask[idx]
                    act_buf[idx, k] = c
                    logp_buf[idx, k] = torch.log_softmax(logits, 1).gather(1, c[:, None]).squeeze(1)
                    val_buf[idx, k] = agent.critic(seen[idx]).squeeze(1)
            for o, net in enumerate(opponents):
                sel = (~mine) & (group == o)
                if sel.any():
                    idx = ar[sel]
                    card[idx] = act(net, obs[idx], mask[idx], gen)
            winner, pts = g.step(card)
            if t % 2 == 1:
                won = winner == me
                rew_buf[ar[won], t // 2] += (1.0 - alpha) * pts[won] / 120.0
    mine_pts = g.points[ar, me]
    result = (mine_pts > 60).float() + 0.5 * (mine_pts == 60).float()
    rew_buf[:, 19] += alpha * result
    del k_me
    return (obs_buf, mask_buf, act_buf, logp_buf, val_buf, rew_buf), result, group


def ppo_update(agent: Agent, opt, data, ent_coef: float, gen: torch.Generator, clip: float = 0.3,
               epochs: int = 2, minibatch: int = 2048, lam: float = 0.9) -> dict:
    obs, mask, actions, logp_old, values, rewards = data
    b, steps = rewards.shape
    adv = torch.zeros(b, steps)
    last = torch.zeros(b)
    for k in reversed(range(steps)):
        nxt = values[:, k + 1] if k + 1 < steps else torch.zeros(b)
        delta = rewards[:, k] + nxt - values[:, k]
        last = delta + lam * last
        adv[:, k] = last
    returns = adv + values
    flat = lambda x: x.reshape(b * steps, *x.shape[2:])  # noqa: E731
    obs, mask, actions, logp_old, adv, returns = map(flat, (obs, mask, actions, logp_old, adv, returns))
    n = obs.shape[0]
    stats = []
    for _ in range(epochs):
        perm = torch.randperm(n, generator=gen)
        for s in range(0, n, minibatch):
            i = perm[s:s + minibatch]
            logits = agent.logits(obs[i][:, :OBS], mask[i])
            logp_all = torch.log_softmax(logits, 1)
            logp = logp_all.gather(1, actions[i][:, None]).squeeze(1)
            probs = logp_all.exp()
            entropy = -(probs * logp_all.masked_fill(~mask[i], 0.0)).sum(1).mean()
            a = adv[i]
            a = (a - a.mean()) / (a.std() + 1e-8)
            ratio = (logp - logp_old[i]).exp()
            pg = torch.max(-a * ratio, -a * ratio.clamp(1 - clip, 1 + clip)).mean()
            v = agent.critic(obs[i]).squeeze(1)
            vloss = 0.5 * ((v - returns[i]) ** 2).mean()
            loss = pg + 0.5 * vloss - ent_coef * entropy
            opt.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(agent.parameters(), 0.5)
            opt.step()
            stats.append((pg.item(), vloss.item(), entropy.item()))
    m = [sum(x) / len(stats) for x in zip(*stats)]
    return {"pg": m[0], "vloss": m[1], "entropy": m[2]}


class Pool:
    """Frozen past actors with ratings (the published bot's agent pool)."""

    def __init__(self, cap: int) -> None:
        self.nets: list = [None]      # None: the random player
        self.ratings: list[float] = [0.0]
        self.cap = cap

    def add(self, actor: nn.Module) -> None:
        import copy
        frozen = copy.deepcopy(actor).eval()
        for p in frozen.parameters():
            p.requires_grad_(False)
        self.nets.append(frozen)
        self.ratings.append(max(self.ratings) if len(self.ratings) > 1 else 0.0)
        if len(self.nets) > self.cap:   # drop the weakest, never the newest
            i = min(range(len(self.nets) - 1), key=lambda j: self.ratings[j])
            del self.nets[i], self.ratings[i]

    def draw(self, k: int, gen: torch.Generator) -> list[int]:
        p = torch.softmax(torch.tensor(self.ratings), 0)
        return torch.multinomial(p, k, replacement=True, generator=gen).tolist()

    def update(self, i: int, score: float, nu: float = 0.1) -> None:
        s = min(max(score, 1e-3), 1 - 1e-3)
        self.ratings[i] = (1 - nu) * self.ratings[i] + nu * math.log(s / (1 - s))


def evaluate(agent: Agent, opponent, gen: torch.Generator, rounds: int = 2) -> float:
    total = 0.0
    for _ in range(rounds):
        _, result, _ = play_batch(agent, [opponent], gen, 1.0, record=False)
        total += result.mean().item()
    return total / rounds


def network_module(name: str) -> nn.Sequential:
    """The network ``name`` (game/ai/nets, or a ``.bin`` file) as a trainable torch module, with
    its own activation (Mish or ReLU) between the layers."""
    net = load_network(name)
    mods: list[nn.Module] = []
    for k, (rows, bias) in enumerate(net.layers):
        lin = nn.Linear(len(rows[0]), len(rows))
        with torch.no_grad():
            lin.weight.copy_(torch.tensor(rows))
            lin.bias.copy_(torch.tensor(bias))
        mods.append(lin)
        if k + 1 < len(net.layers):
            mods.append(nn.ReLU() if net.activation == "relu" else nn.Mish())
    return nn.Sequential(*mods)


def teacher_module(name: str) -> nn.Sequential:
    """The network ``name`` (game/ai/nets) as a torch module, for inference."""
    return network_module(name).eval()


def export(actor: nn.Module, path: Path, activation: str = "mish", observation: str = "briscolabot-162",
           **about) -> None:
    """The actor's weights as game.ai.net reads them: a JSON header line, then float32
    little-endian arrays (each layer's weight row by row, then its bias).  ``about``: more
    header entries (tools/distill_net.py and tools/value_net.py say what they learned from)."""
    import array
    layers = [m for m in actor if isinstance(m, nn.Linear)]
    header = {"format": "brisca-net-1", "layers": [[m.in_features, m.out_features] for m in layers],
              "activation": activation, "observation": observation, **about}
    data = array.array("f")
    for m in layers:
        data.extend(m.weight.detach().to(torch.float32).flatten().tolist())
        data.extend(m.bias.detach().to(torch.float32).flatten().tolist())
    if sys.byteorder != "little":
        data.byteswap()
    with open(path, "wb") as f:
        f.write((json.dumps(header) + "\n").encode())
        f.write(data.tobytes())


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", required=True, help="folder for checkpoints and the log")
    p.add_argument("--iterations", type=int, default=1950)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--pool", type=int, default=300, help="most frozen opponents kept")
    p.add_argument("--random-iterations", type=int, default=250,
                   help="iterations against the random player only before self-play")
    p.add_argument("--export", default=None, help="write the last checkpoint's actor here and stop")
    p.add_argument("--init", default=None, help="fine-tune: start the actor from this network")
    p.add_argument("--pool-init", default="", help="fine-tune: frozen networks the pool starts with")
    p.add_argument("--critic-warmup", type=int, default=50, help="fine-tune: iterations training the critic only")
    p.add_argument("--lr", type=float, default=3e-4, help="fine-tune: learning rate")
    p.add_argument("--ent", type=float, default=0.002, help="fine-tune: entropy bonus")
    p.add_argument("--oracle-critic", action="store_true",
                   help="the critic also sees the hidden cards (the actor does not)")
    args = p.parse_args(argv)
    torch.set_num_threads(1)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    ckpt = out / "checkpoint.pt"
    agent = Agent(oracle=args.oracle_critic)
    pool = Pool(args.pool)
    base = None
    if args.init:   # fine-tuning: the actor is that network (its size), frozen copies start the pool
        agent.actor = network_module(args.init)
        base = teacher_module(args.init).requires_grad_(False)   # the score the log follows
        pool.nets, pool.ratings = [], []
        for name in filter(None, args.pool_init.split(",")):
            pool.add(network_module(name))
    opt = torch.optim.Adam(agent.parameters(), lr=args.lr if args.init else 3e-3, eps=1e-5)
    it0 = 0
    gen = torch.Generator().manual_seed(args.seed)
    torch.manual_seed(args.seed)
    if ckpt.exists():
        state = torch.load(ckpt, weights_only=False)
        agent.load_state_dict(state["agent"])
        opt.load_state_dict(state["opt"])
        pool = state["pool"]
        it0 = state["iteration"]
        gen.set_state(state["gen"])
    if args.export:
        export(agent.actor, Path(args.export))
        print(f"exported iteration {it0} to {args.export}")
        return 0
    log = open(out / "log.jsonl", "a", encoding="utf-8")
    for it in range(it0, args.iterations):
        started = time.perf_counter()
        selfplay = it >= args.random_iterations or bool(args.init)
        stage3 = max(0, it - 3 * args.random_iterations)   # the last version's schedule
        alpha = min(1.0, 0.1 + 0.001 * stage3)
        ent = 0.01 * 0.998 ** stage3
        # the published bot's versions: v2 (self-play) and v3 (from v2's weights) each
        # started their learning rate at 0.003
        lr = 3e-3 * 0.997 ** (stage3 if stage3 > 0 else max(0, it - args.random_iterations))
        if args.init:
            alpha, ent, lr = 1.0, args.ent, args.lr
        for group in opt.param_groups:
            group["lr"] = lr
        agent.actor.requires_grad_(not args.init or it >= args.critic_warmup)
        drawn = pool.draw(OPPONENTS, gen) if selfplay else [0] * OPPONENTS
        nets = [pool.nets[i] for i in drawn]
        data, result, groups = play_batch(agent, nets, gen, alpha)
        for j, i in enumerate(drawn):
            pool.update(i, 1.0 - result[groups == j].mean().item())
        stats = ppo_update(agent, opt, data, ent, gen)
        if selfplay and it % 2 == 0:
            pool.add(agent.actor)
        row = {"it": it, "alpha": round(alpha, 3), "ent_coef": round(ent, 5), "lr": lr,
               "score": round(result.mean().item(), 4), "opponents": drawn, "pool": len(pool.nets),
               "s": round(time.perf_counter() - started, 2), **{k: round(v, 4) for k, v in stats.items()}}
        if it % 25 == 24 or it + 1 == args.iterations:
            row["vs_random"] = round(evaluate(agent, None, gen), 4)
            if base is not None:
                row["vs_init"] = round(evaluate(agent, base, gen, rounds=4), 4)
            torch.save({"agent": agent.state_dict(), "opt": opt.state_dict(), "pool": pool,
                        "iteration": it + 1, "gen": gen.get_state()}, ckpt)
        print(json.dumps(row), file=log, flush=True)
        if "vs_random" in row:
            print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
