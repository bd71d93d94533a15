"""The statistics' figures as a player reads them: the chart's bars, who is counted, rounding.

Each test builds the statistics through the game's own API (``game.ui.stats``) or as the store
keeps them, without playing matches (the suite's time is short)."""

from __future__ import annotations

import random

import pygame
import pytest

import uidrive as drive
from game.storage import MemoryBackend, Storage
from game.ui import look, stats
from game.ui.app import App
from game.ui.i18n import Words
from game.ui.options import Options
from game.ui.persist import Store
from game.ui.scenes import stats_screen
from game.ui.seats import parse_spec
from game.ui.session import Session

ES = Words("es")

DT = 1 / 30


def make_app(size: tuple[int, int] = (1280, 720)) -> App:
    app = App(Store(Storage(MemoryBackend())), window=True, seed=5, size=size)
    app.settings["speed"] = "instant"
    app.go("menu")
    app.step(DT)
    return app


def match(won: bool, points: int) -> dict:
    return {"players": 2, "level": "normal", "won": won, "hands": [1, 0] if won else [0, 1], "points": points}


@pytest.mark.parametrize("size", [(360, 640), (390, 844), (1280, 720)])
def test_a_lost_match_with_few_points_is_a_hollow_bar_on_the_axis(size):
    """A lost match of 0-4 points a hand was drawn as a solid block (a 3-px rounded outline on a
    bar 2-5 px tall: pygame fills it) reaching below the axis: it read as a won match."""
    app = make_app(size)
    recent = [match(False, p) for p in (0, 1, 2, 3, 4, 5, 8, 12, 40)] + [match(True, 70), match(True, 2)]
    n = len(recent)
    app.stats.update({"matches": n, "match_wins": 2, "hands": n, "hand_wins": 2, "hand_losses": n - 2,
                      "recent": recent})
    app.go("stats")
    app.step(DT)
    for _ in range(40):   # down to the chart
        app.step(DT, [drive.key(pygame.K_PAGEDOWN)])
    app.step(DT)
    lost = pygame.mask.from_threshold(app.surface, stats_screen.LOST, (1, 1, 1, 255))
    bars = [r for r in lost.get_bounding_rects() if r.w >= 4 and r.h >= 4]   # each lost bar's outline
    assert len(bars) == n - 2, bars
    assert len({r.bottom for r in bars}) == 1   # all stand on the axis; none reaches below it
    for r in bars:
        assert lost.get_at(r.center) == 0 and lost.get_at((r.centerx, r.top)) == 1   # hollow, outlined
    won = pygame.mask.from_threshold(app.surface, stats_screen.WON, (1, 1, 1, 255))
    assert {r.bottom for r in won.get_bounding_rects() if r.w >= 4} == {bars[0].bottom}


def test_a_bar_keeps_within_its_rect_at_every_size():
    for w in range(4, 30):
        for h in range(2, 60):
            for won in (True, False) if h >= stats_screen.LOST_MIN else (True,):   # lost: never shorter
                surface = pygame.Surface((50, 80))
                bar = pygame.Rect(10, 10, w, h)
                stats_screen.draw_bar(surface, bar, won)
                mask = pygame.mask.from_threshold(surface, stats_screen.WON if won else stats_screen.LOST,
                                                  (1, 1, 1, 255))
                assert mask.get_bounding_rects() == [bar], (w, h, won)
                assert mask.get_at(bar.center) == won, (w, h, won)   # solid won, hollow lost


#: A seed whose hand of "person:Ana,cpu:beginner" (the person's moves random, ``played``) ends 60-60,
#: void: the bots' answers depend on it, so it moves when they do (found by trying seeds in turn).
VOID_SEED = 25


def played(spec: str, seed: int = 3) -> Session:
    """One hand of ``spec`` (``--seats``) played out: people by seeded random legal moves."""
    session = Session(Options(players=len(spec.split(",")), level="beginner", first_to=1), seed=seed,
                      seats=parse_spec(spec))
    play_out(session, random.Random(seed))
    return session


def play_out(session: Session, moves: random.Random) -> None:
    """The hand of ``session`` to its end: people by ``moves``' random legal moves."""
    while not session.hand.over:
        turn = session.hand.turn
        if session.is_human(turn):
            session.take_device(turn)
            session.play(moves.choice(session.hand.legal_moves()))
        else:
            session.play(session.bot_move())


def person(matches: int, seen: int = 0) -> dict:
    return {"hands": matches, "hand_wins": 0, "matches": matches, "match_wins": 0, "points": 30 * matches,
            "best": 30, "whitewash": 0, "streak": 0, "best_streak": 0, "seen": seen}


def test_a_new_person_is_counted_when_the_statistics_hold_32_people():
    """From the 33rd name on nobody new was counted, and nothing said so. The person not seen for
    longest (not one at the table) makes room."""
    figures = {"people": {f"P{i}": person(5, seen=10 + i) for i in range(stats.MAX_PEOPLE - 1)}}
    figures["people"]["Ana"] = person(9, seen=5)                  # at the table, though seen long ago
    figures["people"]["Old"] = person(50, seen=7)                 # many matches, but not seen for longest
    del figures["people"]["P0"]
    assert len(figures["people"]) == stats.MAX_PEOPLE
    assert stats.record_hand(figures, played("person:Nuria,person:Ana"))
    people = figures["people"]
    assert len(people) == stats.MAX_PEOPLE and "Old" not in people   # Ana (seen at 5) is playing
    assert people["Nuria"]["hands"] == people["Nuria"]["matches"] == 1 and people["Ana"]["matches"] == 10
    assert people["Nuria"]["seen"] == people["Ana"]["seen"] > max(f["seen"] for n, f in people.items()
                                                                  if n not in ("Ana", "Nuria"))
    drive.check_extra(figures)   # kept as the store keeps it
    older = {"people": {f"P{i}": {k: v for k, v in person(i + 1).items() if k != "seen"} for i in range(32)}}
    assert stats.record_hand(older, played("person:Nuria,cpu:normal"))   # an older file: who played least goes
    assert "P0" not in older["people"] and older["people"]["Nuria"]["matches"] == 1


def test_a_name_in_other_capitals_is_the_same_person():
    """ "Ana" and "ana" were two people in the statistics, though the seats screen refuses them at
    one table as the same name. One person, shown as last typed."""
    figures: dict = {}
    assert stats.record_hand(figures, played("person:Ana,person:Luis", seed=3))
    assert stats.record_hand(figures, played("person:ana,person:LUIS", seed=4))
    assert sorted(figures["people"]) == ["LUIS", "ana"]
    assert figures["people"]["ana"]["matches"] == figures["people"]["LUIS"]["matches"] == 2


def test_stored_figures_of_one_name_in_two_spellings_load_as_one_person():
    store = Store(Storage(MemoryBackend()))
    ana, other = person(4, seen=2), dict(person(3, seen=9), match_wins=2, hand_wins=2, best=120, whitewash=1,
                                         points=200, best_streak=2, streak=1)
    data = {"matches": 0, "hands": 0, "people": {"Ana": ana, "ana": other, "Luis": person(1)}}
    assert store.storage.save("stats", data) is None   # as an older version wrote it
    people = store.load_stats()["people"]
    assert sorted(people) == ["Luis", "ana"]   # the spelling played last
    assert people["ana"] == {"hands": 7, "hand_wins": 2, "matches": 7, "match_wins": 2, "points": 320, "best": 120,
                             "whitewash": 1, "streak": 1, "best_streak": 2, "seen": 9}
    data["people"]["ANA"] = {"hands": -1}   # nothing good of that spelling: left out alone
    assert store.storage.save("stats", data) is None
    assert store.load_stats()["people"] == people


@pytest.mark.parametrize("lang,people_only,mixed", [
    ("es", "las cifras de 2 personas en todas sus partidas", "3 partidas y 5 manos contra la máquina"),
    ("en", "the figures of 2 people in all their matches", "3 matches and 5 hands against the computer"),
    ("ca", "les xifres de 2 persones en totes les seves partides", "3 partides i 5 mans contra la màquina")])
def test_the_reset_question_counts_the_matches_between_people(lang, people_only, mixed):
    """After matches between people only, it asked "Se perderán para siempre 0 partidas y 0 manos
    contadas": theirs are each person's figures, not the device's, and went uncounted."""
    app = make_app((390, 844))
    app.set_setting("lang", lang)
    app.stats["people"] = {"Ana": person(3), "Luis": person(3)}
    questions = []
    for hands in (0, 5):
        app.stats.update({"matches": min(hands, 3), "hands": hands, "hand_losses": hands})
        app.go("stats")
        app.step(DT)
        app.step(DT, [drive.key(pygame.K_DELETE)])
        assert app.scene.name == "confirm"
        questions.append(app.t(app.scene.text, **app.scene.fmt).replace("\u00a0", " "))
        with drive.drawn(app) as seen:
            app.step(DT)
        assert seen and not any(d.text.endswith("…") for d in seen)   # the longer question is not cut
    assert people_only in questions[0] and " 0 " not in questions[0], questions[0]
    assert mixed in questions[1] and "2 " in questions[1].split(mixed)[1], questions[1]


@pytest.mark.parametrize("lang,history", [("es", "el historial"), ("en", "the history"), ("ca", "l'historial")])
@pytest.mark.parametrize("size,large", [((390, 844), False), ((320, 480), True)])
def test_the_reset_question_after_peoples_matches_alone_says_the_history_goes_too(lang, history, size, large):
    """Only people had played: "Borrar estadísticas" named their figures alone, and the history of
    their matches (what a club evening adds) went with them unsaid."""
    app = make_app(size)
    app.set_setting("lang", lang)
    app.set_setting("large_text", large)
    app.stats["people"] = {"Ana": person(3), "Luis": person(3)}
    app.go("stats")
    app.step(DT)
    app.step(DT, [drive.key(pygame.K_DELETE)])
    assert app.scene.name == "confirm" and app.scene.text == "stats.reset_text_people"
    assert history in app.t(app.scene.text, **app.scene.fmt)
    with drive.drawn(app) as seen:
        app.step(DT)
    assert seen and not any(d.text.endswith("…") for d in seen)   # the longer question is not cut


def test_percentages_and_averages_round_a_half_up_and_never_to_all_or_none():
    """Python's round (half to even) showed 1 of 8 as 12 % and 3 of 8 as 38 %, 60.5 points a hand
    as 60 and 61.5 as 62; 199 of 200 as 100 % and 1 of 200 as 0 %."""
    assert [stats.rate(w, 8) for w in (1, 3, 5, 7)] == [13, 38, 63, 88]
    assert (stats.rate(199, 200), stats.rate(1, 200), stats.rate(0, 200), stats.rate(200, 200)) == (99, 1, 0, 100)
    assert stats.rate(1, 10 ** 9) == 1 and stats.rate(0, 0) is None
    assert [stats.average(p, 2) for p in (121, 123, 0, 240)] == [61, 62, 0, 120] and stats.average(5, 0) is None
    assert stats_screen.cells(ES, {"hands": 8, "hand_wins": 1, "points": 8 * 60 + 4})[2:5:2] == ["13\u00a0%", "61"]


def test_a_void_hand_does_not_count_in_the_hands_won_nor_their_points():
    """A void hand (60-60) is played again and does not count (RULES.md), but 1 hand won and 1 void
    read "1/2, 50 %" and the void's 60 points went into the points a hand."""
    void = played("person:Ana,cpu:beginner", seed=VOID_SEED)
    assert void.hand.result.void and void.hand.side_points == [60, 60]
    won = next(s for s in (played("person:Ana,cpu:beginner", seed=n) for n in range(20))
               if not s.hand.result.void and s.hand.result.winner_side == 0)
    figures: dict = {}
    assert stats.record_hand(figures, void) and stats.record_hand(figures, won)
    points = won.hand.side_points[0]
    for g, counters in ((figures["by"]["all"], figures), (figures["by"]["2.beginner"], None),
                        (figures["people"]["Ana"], None)):
        assert stats_screen.cells(ES, g, counters)[1:3] == ["1/1", "100\u00a0%"]
        assert stats.points_a_hand(g) == points and g["hands"] == 2   # still kept as played
    assert figures["voids"] == 1   # said apart, under the table ("manos nulas: 1")
    drive.check_extra(figures)
    older = {"hands": 2, "hand_wins": 1, "matches": 0, "match_wins": 0, "points": 130, "best": 70,
             "whitewash": 0, "streak": 1, "best_streak": 1}   # before void hands were kept apart
    assert stats_screen.cells(ES, older)[1:3] == ["1/2", "50\u00a0%"] and stats.points_a_hand(older) == 65
    for bad in ({"voids": 2}, {"void_points": 130}, {"voids": 1, "void_points": 121}):
        with pytest.raises(ValueError, match="people"):
            drive.check_extra({"people": {"Ana": dict(older, **bad)}})


def test_the_charts_points_a_hand_leave_a_void_hand_out_as_the_table_does():
    """The chart is titled "media de puntos por mano": a match with a void hand (60-60) then a
    38-82 loss drew a bar of 49 while the table's points a hand said 38 (a reviewer of the diff)."""
    session = played("person:Ana,cpu:beginner", seed=VOID_SEED)
    assert session.hand.result.void
    figures: dict = {}
    stats.record_hand(figures, session)
    moves = random.Random(71)
    while not session.match.over:
        session.next_hand()
        play_out(session, moves)
        stats.record_hand(figures, session)
    decided = [s.side_points[0] for s in session.match.scores if not s.result.void]
    assert len(decided) < len(session.match.scores)
    assert figures["recent"][-1]["points"] == stats.points_a_hand(figures["by"]["all"]) == stats.half_up(
        sum(decided), len(decided))


def won_by_ana(seeds: range) -> list[Session]:
    """The hands of ``seeds`` (one person, Ana, against a computer) that Ana won."""
    return [s for s in (played("person:Ana,cpu:beginner", seed=n) for n in seeds)
            if not s.hand.result.void and s.hand.result.winner_side == 0]


@pytest.mark.parametrize("spec,level", [("person:Ana,cpu:beginner,cpu:expert", "mixed"),
                                        ("person:Ana,cpu:normal,person:Luis,cpu:hard", "mixed"),
                                        ("person:Ana,cpu:expert,cpu:expert", "expert"),
                                        ("person:Ana,person:Luis", "people")])
def test_a_table_is_filed_under_its_computers_level_or_mixed(spec, level):
    """A beginner and an expert at one table are "niveles mezclados": filed under either level, its
    figures would go to that level's table on the statistics screen and the match end."""
    session = Session(Options(players=len(spec.split(","))), seed=1, seats=parse_spec(spec))
    assert stats.level_of(session) == level
    assert stats.group_of(session) == f"{session.rules.players}.{level}"


@pytest.mark.parametrize("spec", ["person:Ana,cpu:beginner", "cpu:beginner,person:Ana"])
def test_the_last_matches_hands_are_the_persons_first_and_agree_with_won(spec):
    """The last-matches chart reads each match's hands as [the person's side's, the best other
    side's]: stored the other way round, a match won 2-1 would show as lost 1-2 beside its "won"."""
    session = Session(Options(players=2, level="beginner", first_to=2), seed=4, seats=parse_spec(spec))
    moves, figures = random.Random(4), {}
    play_out(session, moves)
    while not session.match.over:
        stats.record_hand(figures, session)
        session.next_hand()
        play_out(session, moves)
    assert stats.record_hand(figures, session)
    mine = session.rules.side_of(session.human_seats[0])
    wins = session.match.wins
    [last] = figures["recent"]
    assert last["hands"] == [wins[mine], wins[1 - mine]] and last["won"] == (session.match.winner_side == mine)
    assert last["won"] == (last["hands"][0] > last["hands"][1])


def test_only_a_hand_won_120_to_0_is_a_whitewash():
    """The "120 a 0" column counts a hand won with every point, not any big win (110-10 is not one),
    for the table and for the person."""
    big, whole = won_by_ana(range(20))[:2]
    for session, points in ((big, [110, 10]), (whole, [120, 0])):
        session.hand.points = points   # the same result, other points (as a hand could end)
        session.hand.result = session.hand._compute_result()
    figures: dict = {}
    assert stats.record_hand(figures, big)
    assert figures["by"]["all"]["whitewash"] == figures["people"]["Ana"]["whitewash"] == 0
    assert stats.record_hand(figures, whole)
    assert figures["by"]["all"]["whitewash"] == figures["people"]["Ana"]["whitewash"] == 1


def test_the_best_hand_is_the_persons_best_won_hand_not_the_last_nor_a_lost_one():
    """A person's "mejor mano" is the most points their side made in a hand it won: a weaker hand
    after it does not lower it, and neither the computer's points nor Ana's own in a hand she lost
    count (a lost 58 read as her best hand)."""
    sessions = [played("person:Ana,cpu:beginner", seed=n) for n in range(12)]
    lost = max((s for s in sessions if s.hand.side_points[1] > s.hand.side_points[0]), key=lambda s: s.hand.side_points[0])
    won = [s for s in sessions if s.hand.side_points[0] > 60]
    figures: dict = {}
    assert stats.record_hand(figures, lost)
    assert figures.get("best", 0) == figures["people"]["Ana"]["best"] == 0
    best = max(won, key=lambda s: s.hand.side_points[0])
    worst = min(won, key=lambda s: s.hand.side_points[0])
    assert best.hand.side_points[0] > worst.hand.side_points[0]
    assert stats.record_hand(figures, best) and stats.record_hand(figures, worst)
    assert figures["best"] == figures["people"]["Ana"]["best"] == best.hand.side_points[0]


def test_a_void_hand_is_no_best_hand():
    """A 60-60 hand is void, won by no one (RULES.md): the statistics said "mejor mano: 60 puntos"
    after it, overall and in the person's figures. With three players a tie for the top is void too."""
    for spec, seeds in (("person:Ana,cpu:beginner", (VOID_SEED,)), ("person:Ana,cpu:beginner,cpu:beginner", range(60))):
        void = next(s for s in (played(spec, seed=n) for n in seeds) if s.hand.result.void)
        assert void.hand.side_points[0] > 0
        figures: dict = {}
        assert stats.record_hand(figures, void)
        assert figures["voids"] == 1 and figures.get("best", 0) == figures["people"]["Ana"]["best"] == 0, spec


def test_a_void_hand_does_not_break_a_persons_streak():
    """A void hand is played again: like the table's streak, a person's neither breaks nor grows."""
    void = played("person:Ana,cpu:beginner", seed=VOID_SEED)
    assert void.hand.result.void
    first, second = won_by_ana(range(20))[:2]
    figures: dict = {}
    for session in (first, void, second):
        assert stats.record_hand(figures, session)
    assert figures["people"]["Ana"]["streak"] == figures["by"]["all"]["streak"] == 2


def test_the_charts_points_a_hand_round_a_half_up():
    """Ana's decided hands of this best of five made 15, 77, 30 and 44: 41.5 a hand, drawn as 42."""
    session = Session(Options(players=2, level="beginner", first_to=3), seed=2,
                      seats=parse_spec("person:Ana,cpu:beginner"))
    moves = random.Random(2)
    figures: dict = {}
    play_out(session, moves)
    stats.record_hand(figures, session)
    while not session.match.over:
        session.next_hand()
        play_out(session, moves)
        stats.record_hand(figures, session)
    assert [s.side_points[0] for s in session.match.scores if not s.result.void] == [15, 77, 30, 44]
    assert figures["recent"][-1]["points"] == 42


def many_people(app: App, n: int = stats.MAX_PEOPLE) -> int:
    """Statistics of ``n`` people and a few matches against the computer; returns how many lost."""
    recent = [match(i % 3 != 0, 40 + 3 * i) for i in range(10)]
    figures = {"matches": 10, "match_wins": 6, "hands": 12, "hand_wins": 7, "hand_losses": 5}
    app.stats.update(dict(figures, recent=recent, by={"all": dict(figures), "2.normal": dict(figures)},
                          people={f"Persona{i:02d}": dict(figures, matches=40 - i) for i in range(n)}))
    return sum(not m["won"] for m in recent)


def test_the_chart_shows_without_scrolling_past_every_persons_table():
    """The chart of the last matches sat under every table: with 32 people on a phone with large text
    it was 31 Page Downs down. It follows "in all" now, on the first screen."""
    app = make_app((360, 640))
    app.set_setting("large_text", True)
    lost = many_people(app)
    app.go("stats")
    app.step(DT)
    mask = pygame.mask.from_threshold(app.surface, stats_screen.LOST, (1, 1, 1, 255))
    assert len([r for r in mask.get_bounding_rects() if r.w >= 4 and r.h >= 4]) == lost


def test_the_wide_tables_headers_stay_while_the_figures_scroll(monkeypatch):
    """On a wide screen each table's figures stand on its line under column headers; the headers
    scrolled away with the first line, leaving 30 people's figures under no header."""
    app = make_app((1280, 720))
    many_people(app)
    app.go("stats")
    app.step(DT)
    drawn: list[tuple[str, pygame.Rect]] = []
    blit = app.typo.blit
    monkeypatch.setattr(app.typo, "blit", lambda surface, text, *a, **k: drawn.append((text, blit(surface, text, *a, **k)))
                        or drawn[-1][1])
    for _ in range(40):   # to the bottom
        app.step(DT, [drive.key(pygame.K_PAGEDOWN)])
    drawn.clear()
    app.typo.record = []   # each text as far as it shows (a scrolled table's, clipped to its band)
    app.step(DT)
    view = app.layout.panel
    heads = [rect for text, rect in drawn if text == app.t(stats_screen.COLUMNS[0])]
    assert len(heads) == 1 and view.top < heads[0].top < view.top + 40, (heads, view)
    seen = [rect for rect, _px in app.typo.record if rect.colliderect(heads[0])]
    assert seen == [heads[0]]   # the figures scroll under the headers, not over them
    assert any("Persona31" in text for text, _rect in drawn)   # the last table reached


def texts_and_colours(app: App, monkeypatch) -> list[tuple[str, tuple]]:
    """The texts the statistics screen draws, with their colours."""
    seen: list[tuple[str, tuple]] = []
    blit = app.typo.blit

    def spy(surface, text, pos, size, color=look.CREAM, *args, **kw):
        seen.append((text, tuple(color)))
        return blit(surface, text, pos, size, color, *args, **kw)

    monkeypatch.setattr(app.typo, "blit", spy)
    app.manager.draw(app.surface)
    monkeypatch.undo()
    return seen


PERSON = {"hands": 2, "hand_wins": 0, "matches": 2, "match_wins": 0, "points": 92, "best": 0, "seen": 2}


@pytest.mark.parametrize("size", [(1280, 720), (390, 844)])
def test_the_statistics_say_which_figures_are_against_the_computer_and_which_each_persons(size, monkeypatch):
    """A club evening: "En total 2/2", the chart and the line under it count only the matches against
    the computer, and nothing on the screen said so (six matches played, four between people)."""
    app = make_app(size)
    app.stats.update({"matches": 2, "match_wins": 2, "hands": 2, "hand_wins": 2, "best": 83,
                      "recent": [match(True, 83), match(True, 78)],
                      "people": {"Ana": dict(PERSON), "Pep": dict(PERSON, match_wins=1, hand_wins=1)}})
    app.go("stats")
    app.step(DT)
    texts = [t for t, _c in texts_and_colours(app, monkeypatch)]
    assert texts.index("Contra la máquina") < texts.index("En total") < texts.index("Cada persona, en todas sus partidas")
    assert any(t.startswith("Últimas 2 partidas contra la máquina") for t in texts)


def test_with_peoples_matches_alone_no_row_is_gold_and_no_chart_is_promised(monkeypatch):
    """Only people played each other: Ana (0/2) was drawn gold and bold as the total is, and the chart's
    place said "Aquí saldrán tus últimas partidas terminadas." after two finished matches."""
    app = make_app()
    app.stats.update({"people": {"Ana": dict(PERSON), "Luis": dict(PERSON, match_wins=2, hand_wins=2)}})
    app.go("stats")
    app.step(DT)
    seen = texts_and_colours(app, monkeypatch)
    assert [t for t, c in seen if c == tuple(look.GOLD)] == ["Estadísticas"]   # the title only
    texts = " ".join(t for t, _c in seen)
    assert "Cada persona, en todas sus partidas" in texts and "Aún no hay partidas terminadas contra la máquina." in texts
    assert "Aquí saldrán tus últimas partidas terminadas." not in texts
    assert "Cambios hechos" not in texts   # none of the device's figures is theirs
