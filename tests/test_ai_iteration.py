"""Expert iteration's tools (issue 13, fifteenth round): tools/expert_data.py records the search's
choices, tools/iterate_net.py teaches a small policy network to make them."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import expert_data  # noqa: E402

sys.path.remove(str(ROOT / "tools"))

FAST = {"samples": 6, "min_samples": 4, "exact_samples": 4}


def test_a_recorded_hand_holds_every_choice_of_both_seats_with_what_the_network_sees():
    rows = expert_data.play_hand(3, 1, 0.0, opts=FAST)
    # two players, no cambio: 20 cards each, the last of each played without a choice
    assert len(rows) == 38
    for d in rows:
        assert len(d["cards"]) >= 2
        assert d["choice"] in d["cards"]
        assert sorted(d["values"]) == sorted(str(c) for c in d["cards"])
        assert sorted(k - 120 for k in d["active"] if k >= 120) == sorted(d["cards"])   # the hand's inputs
        assert 0 <= d["mine"] <= 120 and 0 <= d["theirs"] <= 120
    assert rows[0]["mine"] == rows[0]["theirs"] == 0
    assert rows == expert_data.play_hand(3, 1, 0.0, opts=FAST)          # seeded: the same hand again
    assert rows != expert_data.play_hand(4, 1, 0.0, opts=FAST)


def test_exploration_changes_the_play_but_the_record_keeps_the_search_card():
    calm = expert_data.play_hand(5, 1, 0.0, opts=FAST)
    wild = expert_data.play_hand(5, 1, 1.0, opts=FAST)
    assert calm[0] == wild[0]                  # the first choice is made before any random card
    assert calm != wild
    assert all(d["choice"] in d["cards"] for d in wild)


def _run(*args):
    return subprocess.run([sys.executable, str(ROOT / "tools" / "expert_data.py"), *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_the_command_resumes_a_file_cut_short_and_refuses_bad_arguments(tmp_path):
    out = tmp_path / "xd.jsonl"
    opts = json.dumps(FAST)
    done = _run("--hands", "2", "--start", "7", "--opts", opts, "--out", str(out))
    assert done.returncode == 0, done.stderr
    full = out.read_text()
    lines = full.splitlines()
    assert [json.loads(x)["hand"] for x in lines] == [7, 8]
    out.write_text(lines[0] + "\n" + lines[1][:50])       # the second hand's line cut short
    again = _run("--hands", "2", "--start", "7", "--opts", opts, "--out", str(out), "--resume")
    assert again.returncode == 0, again.stderr
    assert "cut short" in again.stderr
    assert out.read_text() == full                          # the same hand played again, nothing else
    refused = _run("--hands", "2", "--out", str(out))
    assert refused.returncode == 2 and "exists" in refused.stderr
    for bad, said in ((["--epsilon", "2"], "between 0 and 1"), (["--hands", "0"], "1 or more"),
                      (["--opts", "{samples"], "not JSON"), (["--opts", "[1]"], "JSON object"),
                      (["--level", "grandmaster"], "--level/--opts"),
                      (["--opts", '{"samples": "many"}'], "--level/--opts"),
                      (["--opts", '{"no_such_option": 1}'], "--level/--opts")):
        r = _run("--hands", "1", "--out", str(tmp_path / "other.jsonl"), *bad)
        assert r.returncode == 2 and said in r.stderr, (bad, r.stderr)
    assert not (tmp_path / "other.jsonl").exists()


def test_the_student_learns_the_search_choices_better_than_its_teacher(tmp_path, capsys):
    """A made-up 'search' that always plays its lowest card: the student fitted to it (no
    teacher weight) agrees with it on held-out hands more than net-a does, and is written in
    the format the game reads."""
    pytest.importorskip("torch")
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import iterate_net
    finally:
        sys.path.remove(str(ROOT / "tools"))
    from game.ai.network import load_network

    rng = random.Random(3)
    data = tmp_path / "d.jsonl"
    with data.open("w") as f:
        for hand in range(60):
            rows = []
            for _ in range(30):
                cards = rng.sample(range(40), 3)
                played = rng.sample([c for c in range(40) if c not in cards], rng.randrange(0, 20))
                rows.append({"active": played + [120 + c for c in cards], "mine": 0, "theirs": 0,
                             "cards": cards, "choice": min(cards), "values": {}})
            f.write(json.dumps({"hand": hand, "decisions": rows}) + "\n")
    out = tmp_path / "s.bin"
    obs, mask, choice, held, _ = iterate_net.load([str(data)])
    assert obs.shape == (1800, 162) and int(held.sum()) == 180
    assert iterate_net.main([str(data), "--hidden", "16", "--epochs", "300", "--lam", "0",
                             "--export", str(out)]) == 0
    said = json.loads([x for x in capsys.readouterr().out.splitlines() if "held_out\"" in x and "same" in x][0])
    report = said["same_card_as_the_search_held_out"]
    assert report["net-a"]["kept"] == 1 and report["net-a"]["departures"] == 0
    assert report["student"]["departures"] > 0.8 and report["student"]["all"] > 0.9
    net = load_network(str(out))
    assert [len(b) for _, b in net.layers] == [16, 40] and net.activation == "relu"
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"hand": 1, "decisions": [{"active": [1]}]}\n')
    for bad in (["--lam", "2"], ["--tau", "-1"], ["--lr", "0"], ["--init", "no-such-net"],
                ["--teacher", "no-such-net"], ["--init", str(broken)]):
        with pytest.raises(SystemExit) as stop:
            iterate_net.main([str(data), *bad])
        assert stop.value.code == 2, bad
    for files in ([str(tmp_path / "missing.jsonl")], [str(broken)]):
        with pytest.raises(SystemExit) as stop:
            iterate_net.main(files)
        assert stop.value.code == 2, files
    student, activation = iterate_net.initial(str(out), 16)
    assert activation == "relu"
    teacher = iterate_net.teacher_module("net-a")
    ours = iterate_net.agreement(student, obs[held], mask[held], choice[held])
    assert ours > 0.9 > iterate_net.agreement(teacher, obs[held], mask[held], choice[held])


@pytest.mark.parametrize("name", ["net-a-small32", "net-a"])
def test_a_student_started_from_a_network_scores_as_the_game_does(name):
    """``--init``: the torch copy (ReLU or Mish) gives the scores game/ai/network.py gives."""
    torch = pytest.importorskip("torch")
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import iterate_net
    finally:
        sys.path.remove(str(ROOT / "tools"))
    from game.ai.network import load_network

    module, activation = iterate_net.initial(name, 0)
    net = load_network(name)
    assert activation == net.activation
    active, extra = [3, 17, 44, 80 + 9, 120 + 1, 120 + 25, 120 + 38], {160: 0.1, 161: 0.25}
    x = torch.zeros(1, 162)
    x[0, active] = 1.0
    x[0, 160], x[0, 161] = 0.1, 0.25
    with torch.no_grad():
        ours = module(x)[0, [1, 25, 38]].tolist()
    assert ours == pytest.approx(net.scores(active, extra, [1, 25, 38]), abs=1e-4)
