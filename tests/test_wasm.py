"""The rules core and the AI run in WebAssembly and play exactly as they do natively.

Why: the browser build runs CPython compiled to WebAssembly.  Pyodide (npm, CPython 3.14) runs
offline under Node.js, so here every AI level plays seeded full hands for 2, 3 and 4 players
inside WebAssembly, each hand is written as a game record, and the record is compared move for
move with the same seed played natively in this process; best-of-three matches are saved and
resumed through JSON on both sides too.  (This is how a near-tie decided by the last bit of a
float sum, which differs between CPython 3.11 and 3.12+, was found in the AI.)

Pyodide takes seconds to start, so one module-scoped fixture plays every case in a single
WebAssembly run.  Without node or the harness's npm packages the tests skip, unless
BRISCA_STRICT is set (scripts/test.sh sets it), in which case they fail.
"""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path

import pytest

from game.cli import wasm_bench

HARNESS_DIR = Path(__file__).resolve().parent / "wasm"
SCENARIOS = HARNESS_DIR / "scenarios.py"

#: Small iteration budgets (never a time limit, which would make the moves depend on the
#: machine's speed) so the search levels stay fast; the exact endgame solver still runs.
BUDGETS = {"hard": {"samples": 6, "samples_many": 6, "solve_stock": 2},
           "expert": {"samples": 10, "samples_many": 10, "solve_stock": 4}}


def _load_scenarios():
    spec = importlib.util.spec_from_file_location("scenarios", SCENARIOS)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


scenarios = _load_scenarios()
CASES = scenarios.cases()


def _require_wasm() -> None:
    reason = wasm_bench.unavailable_reason()
    if reason:
        if os.environ.get("BRISCA_STRICT"):
            pytest.fail(f"BRISCA_STRICT is set but WebAssembly is unavailable: {reason}")
        pytest.skip(reason)


@pytest.fixture(scope="module")
def wasm_run() -> dict:
    """One Pyodide start: play every case in WebAssembly and report what the runtime was."""
    _require_wasm()
    code = (
        "import json, sys\n"
        "import scenarios\n"
        f"cases = json.loads({json.dumps(CASES)!r})\n"
        f"budgets = json.loads({json.dumps(BUDGETS)!r})\n"
        "games = scenarios.batch(cases, budgets)\n"
        "matches = [scenarios.play_match(c) for c in scenarios.match_cases()]\n"
        "result = {'games': {g['id']: g for g in games},\n"
        "          'matches': {m['id']: m for m in matches},\n"
        "          'platform': sys.platform, 'version': list(sys.version_info[:3]),\n"
        "          'pygame_loaded': sorted(m for m in sys.modules if m.split('.')[0] == 'pygame'),\n"
        "          'modules': sorted(m for m in sys.modules if m.split('.')[0] == 'game')}\n"
    )
    return wasm_bench.run_in_wasm(code, modules=[SCENARIOS], timeout=600)


def first_difference(native: dict, wasm: dict) -> str | None:
    """Describe the first way two played hands differ, naming the first differing move."""
    nm, wm = native["record"]["moves"], wasm["record"]["moves"]
    for i, (a, b) in enumerate(zip(nm, wm)):
        if a != b:
            return f"move {i} differs: native {a!r}, wasm {b!r} (moves before it: {nm[:i]})"
    if len(nm) != len(wm):
        i = min(len(nm), len(wm))
        extra = f"native {nm[i]!r}" if len(nm) > i else f"wasm {wm[i]!r}"
        return f"move {i} differs: one side stopped, the other played {extra}"
    for key in sorted(set(native["record"]) | set(wasm["record"])):
        if native["record"].get(key) != wasm["record"].get(key):
            return f"record key {key!r} differs: native {native['record'].get(key)!r}, wasm {wasm['record'].get(key)!r}"
    for key in sorted(set(native["summary"]) | set(wasm["summary"])):
        if native["summary"].get(key) != wasm["summary"].get(key):
            return (f"same moves but summary {key!r} differs: native {native['summary'].get(key)!r}, "
                    f"wasm {wasm['summary'].get(key)!r}")
    for i, (a, b) in enumerate(zip(native.get("hints", []), wasm.get("hints", []))):
        if a != b:
            return f"seat 0's hint {i} differs: native {a!r}, wasm {b!r}"
    if len(native.get("hints", [])) != len(wasm.get("hints", [])):
        return "the number of hints differs"
    return None


def test_runs_in_webassembly_without_pygame(wasm_run):
    result = wasm_run["result"]
    assert result["platform"] == "emscripten"
    assert result["version"][:2] >= [3, 12]
    assert result["pygame_loaded"] == []
    for module in ("game.cards", "game.rules", "game.hand", "game.record", "game.ai"):
        assert module in result["modules"], f"{module} was not imported in WebAssembly"
    assert not any(f.startswith("game/ui/") for f in wasm_run["files"]), "game/ui must not be copied"
    assert wasm_run["network"] == []


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_hand_identical_in_webassembly(wasm_run, case):
    native = scenarios.play(case, BUDGETS)
    wasm = wasm_run["result"]["games"][case["id"]]
    assert native["summary"]["over"] is True
    assert len(native["record"]["moves"]) >= 40 - (case["players"] == 3)
    assert native["hints"] and all(h[1] and h[2] for h in native["hints"])
    diff = first_difference(native, wasm)
    assert diff is None, f"{case['id']} {case['levels']}: {diff}"
    assert native == wasm


@pytest.mark.parametrize("case", scenarios.match_cases(), ids=lambda c: c["id"])
def test_match_saved_and_resumed_identically_in_webassembly(wasm_run, case):
    native = scenarios.play_match(case)
    wasm = wasm_run["result"]["matches"][case["id"]]
    assert native["winner_side"] is not None and native["saves"]
    for i, (a, b) in enumerate(zip(native["saves"], wasm["saves"])):
        assert a == b, f"{case['id']}: saved match {i} differs:\nnative {a}\nwasm   {b}"
    assert native == wasm


def test_every_level_plays_every_seat():
    for players in (2, 3, 4):
        seen = {(seat, level) for c in CASES if c["players"] == players for seat, level in enumerate(c["levels"])}
        assert seen == {(s, lv) for s in range(players) for lv in scenarios.LEVELS}


def test_first_difference_names_the_move():
    base = {"record": {"moves": ["1O", "3C", "swap", "7B"], "dealer": 0}, "summary": {"points": [1, 2]}}
    other = {"record": {"moves": ["1O", "3C", "12E", "7B"], "dealer": 0}, "summary": {"points": [1, 2]}}
    assert first_difference(base, base) is None
    assert first_difference(base, other).startswith("move 2 differs: native 'swap', wasm '12E'")
    short = {"record": {"moves": ["1O", "3C"], "dealer": 0}, "summary": {"points": [1, 2]}}
    assert first_difference(base, short).startswith("move 2 differs: one side stopped")
    pts = {"record": base["record"], "summary": {"points": [2, 1]}}
    assert "summary 'points'" in first_difference(base, pts)
    hinted = {**base, "hints": [["1O", "gana la baza", "wins the trick"]]}
    rehinted = {**base, "hints": [["3C", "tira una carta sin puntos", "throws a card without points"]]}
    assert first_difference(hinted, hinted) is None
    assert first_difference(hinted, rehinted).startswith("seat 0's hint 0 differs")


def test_wasm_errors_carry_the_python_traceback():
    _require_wasm()
    with pytest.raises(wasm_bench.WasmError, match="ZeroDivisionError"):
        wasm_bench.run_in_wasm("from game.cards import Card\nresult = Card.parse('1O') // 0\n", timeout=120)


def test_percentile_interpolates():
    assert wasm_bench.percentile([1.0, 2.0, 3.0, 4.0, 5.0], 50) == 3.0
    assert wasm_bench.percentile([10.0, 0.0], 100) == 10.0
    assert wasm_bench.percentile(list(range(101)), 95) == pytest.approx(95.0)
    assert wasm_bench.percentile([0.0, 10.0], 95) == pytest.approx(9.5)


@pytest.mark.parametrize("argv, message", [
    (["--positions", "-1"], "must be >= 0"),
    (["--lead-positions", "-1"], "must be >= 0"),
    (["--repeat", "0"], "--repeat >= 1"),
    (["--budget", "[1, 2]"], "JSON object or null"),
    (["--level", "grandmaster"], "unknown level"),
    (["--budget", '{"bogus_option": 1}'], "bogus_option"),
])
def test_bench_rejects_bad_arguments_before_measuring(argv, message, capsys):
    assert wasm_bench.main(argv) == 2
    err = capsys.readouterr().err
    assert message in err


def test_lead_positions_are_where_the_leads_check_solves_the_most():
    """``--lead-positions``: three-player leads after the stock, the most solving first; the count is
    the most steps the levels' check really takes there, whatever the search's card."""
    from game.ai.knowledge import knowledge_of
    from game.ai.search import three_dominant_steps
    from game.fast import from_move, from_observation
    from game.record import from_record

    found = wasm_bench.lead_positions(3, 1, hands=4)
    assert len(found) == 3 and found[0]["solves"] >= found[1]["solves"] >= found[2]["solves"]
    obs = from_record(found[0]).observation(from_record(found[0]).turn)
    assert obs.rules.players == 3 and obs.stock_count == 0 and not obs.table and len(obs.hand) > 1
    cards = sorted({from_move(m) for m in obs.legal_moves})
    states = [from_observation(obs, h, s) for h, s in knowledge_of(obs).every_deal()]
    assert found[0]["solves"] == max(1 + sum(1 for _ in three_dominant_steps(obs, cards, states, c)) for c in cards)


def test_bench_command_prints_both_runtimes(capsys):
    """`python -m game bench --wasm` end to end, with tiny counts (the figures are not judged)."""
    _require_wasm()
    from game.cli import bench

    argv = ["--wasm", "--players", "2", "--hands", "20", "--repeat", "1", "--positions", "2",
            "--warmup", "0", "--budget", '{"samples": 4}']
    assert bench.main(argv) == 0
    out = capsys.readouterr().out
    assert "random hands/s, public API, 2 players" in out
    assert "random hands/s, fast path, 2 players" in out
    assert 'expert {"samples": 4}, ms per move over 2 positions' in out
    assert "same move chosen natively and in WebAssembly: 2/2" in out
    assert "target p95 <= 500 ms in WebAssembly" in out
