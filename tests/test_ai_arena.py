"""The arena command: duplicate deals, the JSON summary, clear usage errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import game.ai
from game.cli import arena


def _run(capsys, *argv) -> tuple[int, str, str]:
    code = arena.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv, fragment", [
    (["normal"], "the following arguments are required"),
    (["normal", "grandmaster"], "unknown level"),
    (["normal", "random", "--deals", "0"], "--deals"),
    (["normal", "random", "--players", "5"], "invalid choice"),
    (["normal", "random", "--rules", "{bad"], "not valid JSON"),
    (["normal", "random", "--rules", ""], "--rules is not valid JSON"),
    (["normal", "random", "--b-opts", ""], "--b-opts is not valid JSON"),
    (["normal", "random", "--rules", '{"swap_timing": "never"}'], "swap_timing"),
    (["normal", "random", "--rules", '{"colour": 1}'], "unknown rule"),
    (["normal", "random", "--deals", "many"], "invalid int"),
    (["normal", "random", "--a-opts", '{"samples": 3}'], "samples"),
    (["normal", "random", "--sprt", "0.4"], "--sprt"),
    # players' options: refused when the player is built, naming the option (a deal count of 0
    # was a ZeroDivisionError inside the first search; "no" was taken as true)
    (["expert", "random", "--a-opts", '{"samples": 0}'], "samples must be a whole number, 1 or more"),
    (["expert", "random", "--a-opts", '{"exact_samples": 0}'], "exact_samples"),
    (["expert", "random", "--a-opts", '{"samples": 2.5}'], "samples must be a whole number"),
    (["expert", "random", "--a-opts", '{"solve_stock": -2}'], "solve_stock"),
    (["expert", "random", "--a-opts", '{"time_limit": -1}'], "time_limit must be a number of seconds over 0"),
    (["expert", "random", "--a-opts", '{"time_limit": "x"}'], "time_limit"),
    (["expert", "random", "--a-opts", '{"prior_z": "x"}'], "prior_z must be a number"),
    (["expert", "random", "--a-opts", '{"margin_weight": -1}'], "margin_weight"),
    (["expert", "random", "--a-opts", '{"infer": "no"}'], "infer must be true or false"),
    (["expert", "random", "--a-opts", '{"level": "hard"}'], "not an option"),
    (["normal", "random", "--a-opts", '{"mistake_rate": 3}'], "mistake_rate must be a number between 0.0 and 1.0"),
    (["normal", "random", "--a-opts", '{"counting": "no"}'], "counting must be true or false"),
    (["ismcts", "random", "--a-opts", '{"exploration": "x"}'], "exploration"),
    (["ismcts", "random", "--a-opts", '{"time_limit": 0}'], "time_limit"),
    (["net", "random", "--a-opts", '{"greedy": "x"}'], "greedy must be true or false"),
    (["foo", "random"], "sparring partners: ismcts, net"),
    (["normal", "random", "--resume"], "--deal-log"),
])
def test_bad_arguments_exit_2_with_a_message(capsys, argv, fragment) -> None:
    code, out, err = _run(capsys, *argv)
    assert code == 2
    assert fragment in err
    assert out == ""


def test_last_line_is_the_json_summary(capsys) -> None:
    code, out, err = _run(capsys, "normal", "random", "--deals", "6", "--seed", "3")
    assert code == 0
    last = json.loads(out.strip().splitlines()[-1])
    for key in ("a", "b", "players", "deals", "games", "score_a", "ci_a", "point_diff_a",
                "point_diff_ci_a", "ms_p50", "ms_p95"):
        assert key in last
    assert last["a"] == "normal" and last["b"] == "random" and last["players"] == 2
    assert last["deals"] == 6 and last["games"] == 12
    assert 0.0 <= last["ci_a"][0] <= last["score_a"] <= last["ci_a"][1] <= 1.0
    assert set(last["ms_p50"]) == {"a", "b"}
    assert "arena: 6/6 deals" in err  # progress on stderr


def test_duplicate_deals_are_symmetric() -> None:
    """The same level on both sides: every deal is played with the seats exchanged, so the
    point differences of the two games cancel exactly for deterministic players."""
    cfg = {"a": "normal", "b": "normal", "players": 2, "deals": 5, "seed": 9,
           "rules": {"players": 2}, "senas": -1, "a_opts": {}, "b_opts": {}}
    out = arena.run_arena(cfg)
    assert out["point_diff_a"] == 0 and out["score_a"] == 0.5


@pytest.mark.parametrize("players, games_per_deal", [(3, 3), (4, 2)])
def test_three_and_four_players(players: int, games_per_deal: int) -> None:
    cfg = {"a": "normal", "b": "random", "players": players, "deals": 3, "seed": 1,
           "rules": {"players": players}, "senas": 0.5, "a_opts": {}, "b_opts": {}}
    r = arena.play_deal(0, cfg)
    assert len(r["scores"]) == games_per_deal
    out = arena.run_arena(cfg)
    assert out["games"] == 3 * games_per_deal
    if players == 3:
        # A plays one seat in each game, B the other two: B moves twice as often.
        assert out["moves"]["b"] == 2 * out["moves"]["a"]


def _cfg(a: str, b: str, players: int, deals: int, seed: int) -> dict:
    return {"a": a, "b": b, "players": players, "deals": deals, "seed": seed,
            "rules": {"players": players}, "senas": -1, "a_opts": {}, "b_opts": {}}


class Replaying:
    """A player that plays a record's moves in turn (two players, no cambio: a move per card played)."""

    def __init__(self, moves: list[str]) -> None:
        self.moves = moves

    def choose(self, obs):
        return self.moves[2 * len(obs.tricks) + len(obs.table)]


def test_a_deal_shared_60_60_scores_a_half_and_is_no_win(monkeypatch) -> None:
    """A planted deal (tests/records/void_hand.json, a hand that ends 60-60), played the record's way
    with A in either seat: each game is a difference of 0, half a point in score_a (and the sequential
    test), neither a loss nor a win. (A random deal's outcome would test the dealing, not the tie.)"""
    record = json.loads((Path(__file__).parent / "records" / "void_hand.json").read_text())["record"]
    monkeypatch.setattr(arena, "_deck_for", lambda seed, i, rules: list(record["deck"]))
    monkeypatch.setattr(game.ai, "make_player", lambda level, rng, **opts: Replaying(record["moves"]))
    cfg = _cfg("random", "random", 2, 1, 1) | {"rules": record["rules"]}
    assert record["dealer"] == 0   # (deal 0's dealer, as the record's)
    r = arena.play_deal(0, cfg)
    assert r["diffs"] == [0, 0] and r["scores"] == [0.5, 0.5] and r["wins"] == 0
    out = arena.run_arena(cfg)
    assert out["score_a"] == 0.5 and out["won_a"] == 0 and out["point_diff_a"] == 0


def test_three_players_of_one_level_come_out_even() -> None:
    """Three players: each deal is played with A in each seat and B in the other two, and A's point
    difference is over the mean of its two rivals (A against one rival's share, as in two players).
    Deterministic players of one level play the same game three times: A's differences sum to 0."""
    cfg = _cfg("normal", "normal", 3, 3, 2)
    for i in range(3):
        assert sum(arena.play_deal(i, cfg)["diffs"]) == 0
    out = arena.run_arena(cfg)
    assert out["point_diff_a"] == 0 and out["score_a"] == out["won_a"] == 0.3333


def test_the_summary_of_hand_made_deals(monkeypatch) -> None:
    """Two deals of two games: A wins three games and shares one 60-60, A's moves take 1 ms and
    B's 3 ms. score_a is over deals (the tie a half), won_a over games, each side's time its own."""
    made = {0: {"deal": 0, "scores": [1.0, 1.0], "diffs": [20, 30], "wins": 2,
                "times": {"a": [0.001] * 3, "b": [0.003] * 3}, "wall": {"a": [0.002] * 3, "b": [0.004] * 3}},
            1: {"deal": 1, "scores": [1.0, 0.5], "diffs": [10, 0], "wins": 1,
                "times": {"a": [0.001] * 3, "b": [0.003] * 3}, "wall": {"a": [0.002] * 3, "b": [0.004] * 3}}}
    monkeypatch.setattr(arena, "play_deal", lambda i, cfg: made[i])
    out = arena.run_arena(_cfg("normal", "random", 2, 2, 1))
    assert (out["deals"], out["games"]) == (2, 4)
    assert out["score_a"] == 0.875 and out["won_a"] == 0.75 and out["point_diff_a"] == 15
    assert out["ms_p50"] == out["ms_p95"] == {"a": 1.0, "b": 3.0}
    assert out["wall_ms_p50"] == {"a": 2.0, "b": 4.0} and out["moves"] == {"a": 6, "b": 6}


def test_the_printed_line_labels_each_figure(monkeypatch, capsys) -> None:
    summary = {"a": "normal", "b": "random", "players": 2, "deals": 2, "games": 4, "score_a": 0.875,
               "ci_a": [0.75, 1.0], "point_diff_a": 15.0, "point_diff_ci_a": [10.0, 20.0], "won_a": 0.75}
    monkeypatch.setattr(arena, "run_arena", lambda cfg, jobs=1, progress=None: summary)
    code, out, _ = _run(capsys, "normal", "random", "--deals", "2", "--quiet")
    assert code == 0
    assert out.splitlines()[0] == ("normal vs random, 2 players, 4 games on 2 deals: score_a 0.875 [0.75, 1.0], "
                                   "point diff +15.0 [10.0, 20.0]")
    assert json.loads(out.splitlines()[-1]) == summary


def test_same_seed_same_result() -> None:
    cfg = {"a": "beginner", "b": "random", "players": 2, "deals": 4, "seed": 5,
           "rules": {"players": 2}, "senas": -1, "a_opts": {}, "b_opts": {}}
    a, b = arena.run_arena(cfg), arena.run_arena(cfg)
    assert (a["score_a"], a["point_diff_a"], a["ci_a"]) == (b["score_a"], b["point_diff_a"], b["ci_a"])


def test_sprt_decides_only_on_evidence() -> None:
    """The sequential test: clear wins accept H1, clear losses H0, a coin flip stays open,
    and nothing is decided on fewer deals than its minimum."""
    wins = [1.0, 0.5, 1.0, 0.5] * 20
    assert arena.sprt(wins, 0.55)["decision"] == "H1"
    losses = [0.0, 0.5, 0.5, 0.0] * 20
    assert arena.sprt(losses, 0.55)["decision"] == "H0"
    assert arena.sprt(wins[:8], 0.55)["decision"] is None
    flat = [1.0, 0.0] * 6
    out = arena.sprt(flat, 0.55)
    assert out["decision"] is None and out["bounds"][0] < out["llr"] < out["bounds"][1]


def test_sprt_stops_the_run_and_deal_log_keeps_every_deal(capsys, tmp_path) -> None:
    log = tmp_path / "deals.jsonl"
    code, out, _ = _run(capsys, "normal", "random", "--deals", "400", "--seed", "4", "--sprt", "0.6",
                        "--deal-log", str(log), "--quiet")
    assert code == 0
    last = json.loads(out.strip().splitlines()[-1])
    assert last["sprt"]["decision"] == "H1"
    assert 30 <= last["deals"] < 400          # stopped as soon as the test decided
    lines = [json.loads(x) for x in log.read_text().splitlines()]
    assert sorted(x["deal"] for x in lines) == list(range(last["deals"]))
    assert all(len(x["scores"]) == 2 for x in lines)
    assert sum(sum(x["scores"]) for x in lines) / (2 * len(lines)) == pytest.approx(last["score_a"], abs=1e-4)


@pytest.mark.parametrize("players", [2, 3])
def test_resume_goes_on_with_a_stopped_run_and_plays_the_same_games(capsys, tmp_path, players) -> None:
    """A run stopped after some deals and resumed from its deal log ends with the same log lines
    and the same scores as the run played in one go; only the missing deals are played."""
    whole, part = tmp_path / "whole.jsonl", tmp_path / "part.jsonl"
    common = ["normal", "random", "--players", str(players), "--seed", "11", "--quiet"]
    code, out_whole, _ = _run(capsys, *common, "--deals", "7", "--deal-log", str(whole))
    assert code == 0
    code, _, _ = _run(capsys, *common, "--deals", "3", "--deal-log", str(part))
    assert code == 0
    code, out_part, _ = _run(capsys, *common, "--deals", "7", "--deal-log", str(part), "--resume")
    assert code == 0
    a, b = json.loads(out_whole.splitlines()[-1]), json.loads(out_part.splitlines()[-1])
    for key in ("deals", "games", "score_a", "ci_a", "point_diff_a", "won_a"):
        assert a[key] == b[key], key
    assert a["moves"]["a"] > b["moves"]["a"] > 0          # the first 3 deals were not played again
    assert sorted(part.read_text().splitlines()) == sorted(whole.read_text().splitlines())


def test_resume_drops_a_last_line_cut_short_and_plays_that_deal_again(capsys, tmp_path) -> None:
    """A run killed while writing a line leaves it cut, without its newline: --resume removes
    it, says so, and ends with the same log as a run played in one go.  A cut line anywhere
    else, or a whole last line that is not a deal, is still refused."""
    whole, part = tmp_path / "whole.jsonl", tmp_path / "part.jsonl"
    common = ["normal", "random", "--seed", "5", "--quiet", "--deals", "4"]
    assert _run(capsys, *common, "--deal-log", str(whole))[0] == 0
    lines = whole.read_text().splitlines()
    part.write_text("\n".join(lines[:2]) + "\n" + lines[2][:17])
    code, _, err = _run(capsys, *common, "--deal-log", str(part), "--resume")
    assert code == 0 and "line 3 was cut short" in err
    assert sorted(part.read_text().splitlines()) == sorted(lines)
    for text in (lines[0][:17] + "\n" + lines[1] + "\n", lines[0] + "\n" + '{"deal": 1}'):
        part.write_text(text)
        code, _, err = _run(capsys, *common, "--deal-log", str(part), "--resume")
        assert code == 2 and "not a deal of this run" in err
        assert part.read_text() == text                       # left as it was


def test_resume_after_a_last_line_whole_but_for_its_newline_starts_the_next_on_a_line_of_its_own(capsys, tmp_path):
    """Killed between a line and its newline: the line is a whole deal and is kept; the deals
    played on are appended on lines of their own, so the log can be resumed again."""
    whole, part = tmp_path / "whole.jsonl", tmp_path / "part.jsonl"
    common = ["normal", "random", "--seed", "5", "--quiet", "--deals", "4"]
    assert _run(capsys, *common, "--deal-log", str(whole))[0] == 0
    lines = whole.read_text().splitlines()
    part.write_text("\n".join(lines[:2]))
    assert _run(capsys, *common, "--deal-log", str(part), "--resume")[0] == 0
    assert sorted(part.read_text().splitlines()) == sorted(lines)
    assert _run(capsys, *common, "--deal-log", str(part), "--resume")[0] == 0   # nothing left to play


def test_resume_refuses_a_log_of_another_run(capsys, tmp_path) -> None:
    log = tmp_path / "deals.jsonl"
    common = ["--deals", "2", "--seed", "3", "--quiet", "--deal-log", str(log)]
    assert _run(capsys, "beginner", "normal", *common)[0] == 0
    written = log.read_text()
    key = json.loads(written.splitlines()[0])["run"]
    # other levels (even the same two the other way round), another seed, other rules, other options:
    # the deals of that run were other games; taking them in gave the first run's scores as this one's
    for other in (["normal", "beginner", *common], ["beginner", "normal", *common[:2], "--seed", "4", *common[4:]],
                  ["beginner", "normal", *common, "--rules", '{"swap_seven": false}'],
                  ["beginner", "normal", *common, "--b-opts", '{"counting": false}']):
        code, out, err = _run(capsys, *other, "--resume")
        assert code == 2 and "line 1: a deal of another run" in err and out == "", (other, err)
        assert log.read_text() == written                   # nothing appended
    bad_lines = ['{"deal": 0, "scores": [1.0, 0.0], "diffs": [10, -4]}',   # before deals named their run
                 '{"deal": 12, "scores": [1.0, 1.0], "diffs": [1, 1], "run": "%s"}' % key,
                 '{"deal": 0, "scores": [0.0, 0.0], "diffs": ["x", null], "run": "%s"}' % key,
                 '{"deal": 0, "scores": [0.0, 0.0], "diffs": [1e308, 1e308], "run": "%s"}' % key,
                 '{"deal": 0, "scores": [true, 0], "diffs": [1, 1], "run": "%s"}' % key]
    for line in bad_lines:
        log.write_text(line + "\n")
        code, out, err = _run(capsys, "beginner", "normal", *common, "--resume")
        assert code == 2 and "line 1" in err and out == "" and "Traceback" not in err, (line, err)
    log.write_text(written.splitlines()[0] + "\n" + written.splitlines()[0] + "\n")
    code, _, err = _run(capsys, "beginner", "normal", *common, "--resume")
    assert code == 2 and "line 2: deal 0 is in the log twice" in err
    log.write_bytes(b"\xee\xff\x00binary")
    code, _, err = _run(capsys, "beginner", "normal", *common, "--resume")
    assert code == 2 and str(log) in err and "not a deal log" in err


def test_options_a_level_does_not_have_and_a_chance_that_is_not_one_are_usage_errors(capsys) -> None:
    code, _, err = _run(capsys, "beginner", "normal", "--deals", "1", "--a-opts", '{"samples": 5}')
    assert code == 2 and "--a-opts: beginner has no option 'samples'" in err and "__init__" not in err
    code, _, err = _run(capsys, "beginner", "normal", "--deals", "1", "--players", "4", "--senas", "nan")
    assert code == 2 and "--senas is a chance" in err


def test_the_sparring_partner_is_an_arena_player(capsys) -> None:
    code, out, _ = _run(capsys, "ismcts", "random", "--deals", "2", "--a-opts", '{"iterations": 20}', "--quiet")
    assert code == 0
    assert json.loads(out.strip().splitlines()[-1])["a"] == "ismcts"
    code, _, err = _run(capsys, "ismcts", "random", "--a-opts", '{"iterations": 0}')
    assert code == 2 and "iterations" in err


def test_a_deal_log_that_cannot_be_written_is_refused_before_any_deal(capsys, tmp_path) -> None:
    """A deal log in a folder that does not exist (or a folder in its place) is a clear error at
    once, not a traceback after the first deal."""
    code, out, err = _run(capsys, "normal", "random", "--deals", "2", "--quiet",
                          "--deal-log", str(tmp_path / "missing" / "deals.jsonl"))
    assert code == 2 and out == ""
    assert "cannot write the deal log" in err and "Traceback" not in err
    code, _, err = _run(capsys, "normal", "random", "--deals", "2", "--quiet", "--deal-log", str(tmp_path))
    assert code == 2 and "cannot write the deal log" in err


@pytest.mark.parametrize("bad", ["no", 0, 1, None])
def test_rollout_draw_mine_that_is_not_true_or_false_is_refused_naming_it(bad) -> None:
    # "no" was taken as true (bool("no")), so an arena run measured the opposite of what it asked
    import random
    with pytest.raises(ValueError, match="rollout_draw_mine must be true or false"):
        game.ai.make_player("expert", random.Random(0), rollout_draw_mine=bad)
