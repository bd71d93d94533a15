"""The play scene: input and pacing (the drawing is ``play_view``; a card under a finger or the mouse,
``play_touch``; the hint, ``play_hint``; señas, ``play_senas``).

Why: this scene turns clicks, drags, taps and keys into legal moves of the core (``Session.play``)
and the events the core returns into steps of the table view; it paces the bots (they think a few
milliseconds a frame, then pause so a person can follow). It never decides a rule: what is legal
comes from ``hand.legal_moves()``. Input is taken whenever the core says it is a person's turn;
pending animation is then snapped to its end, so nothing waits on a tween.
"""

from __future__ import annotations

import time
from typing import Any, Optional

import pygame

from game.ai.hints import swap_gains
from game.hand import SENA_RANKS, SWAP, CardPlayed, Drew, HandOver, Swapped, TrickWon
from game.ui import stats
from game.ui.feel import after_computers
from game.ui.inputmap import Key, Pointer
from game.ui.scene import Go, register
from game.ui.scenes import guide_view, play_hint, play_senas, play_touch, play_view
from game.ui.scenes.common import save_match
from game.ui.scenes.table import TableScene
from game.ui.seats import display_name
from game.ui.tween import Call
from game.ui.widgets import Button, ButtonBar, hardly_moved, page_hardly_changed

BOT_THINK = 0.45
#: Seconds of a bot's search per frame: at 60 frames a second a 16.7 ms frame keeps room to draw.
THINK_PER_FRAME = 0.006


def think_slice(app: Any) -> float | None:
    """Seconds of thinking a frame: THINK_PER_FRAME; at speed "instant" the whole move at once on the
    desktop (demos, tests), but never in the browser, whose frame must never stall (a hint there took
    up to 38 ms of one frame here, several times that in WebAssembly)."""
    return THINK_PER_FRAME if app.speed > 0 or app.browser else None
# The señas' buttons go by the core's SENA_RANKS; each one's key is its word's first letter, from the
# catalogue (``sena.N.key``: A/T/R, in English A/T/K: the King's button said "King R" and K did nothing).
BUTTONS = (("last", "play.last_trick", pygame.K_l, 24, False), ("hint", "play.hint", pygame.K_h, 26, False),
           ("swap", "play.swap", pygame.K_s, 26, True), ("menu", "play.menu", pygame.K_ESCAPE, 26, False))


@register
class PlayScene(TableScene):
    name = "play"

    def __init__(self, app: Any, reveal: float = 0.0, guard: float = 0.0, aside: tuple | None = None,
                 **handed: Any) -> None:
        super().__init__(app, **handed)
        self.aside = aside   # a file dropped on the deal before it: said once the status line is up
        self.reveal = reveal   # seconds the hand a handoff has just shown takes to turn face up
        self.guard = reveal + guard   # seconds from then before it takes a play (``live``)

    # --- setup ---------------------------------------------------------------------------------
    def startup(self) -> None:
        app = self.app
        hand = app.session.hand
        self.ensure_table()
        self.shown_points = list(hand.side_points)
        # the bazas the table has shown whole (their last card landed): the last one opens only then
        self.shown_tricks = len(hand.tricks)
        self.message: tuple[str, float] | None = None
        self.message_short: tuple[str, str] | None = None  # (a message, its shorter form for a narrow line)
        self._said_at = -1   # the frame a seña's message was said in (another said then joins it)
        self._tapped: tuple | None = None   # (time, where) a card was last played or lifted by a tap
        self._played_at = -1.0   # when a tap last played a card (a press on another card as soon is held)
        self._result = 0.0   # seconds a baza's result still keeps the status line (a fast lead cut it short)
        self._results: list = []   # the next baza's result waiting for it, (text, short): one at most
        self._result_text = ""   # the last baza's result said
        self._bounce = False   # the press held now is a double tap's second (see pointer)
        self.zone_press: str | None = None   # the muestra's or the score panel's, a finger's press there (play_touch.zone)
        self.show_last = False
        self.think = 0.0
        self.pending: tuple | None = None  # (seat, moves so far, move) a bot has chosen, to play after its pause
        self.thinking: tuple | None = None  # (seat, moves so far, players.Thinking) a bot still thinking
        self.sena_trick = -1
        self.press: tuple = ()  # (card, start pos) while a hand card is held
        self._wander = 0  # how far (|dx| + |dy|, logical px) that press has gone from its start
        self._pressed_at = 0.0   # and when it began (a flick: play_touch.flicked)
        self.reason: tuple[str, float] | None = None  # the hint's explanation, under the message
        self.reason_at: tuple | None = None  # where it lies, and for what (play_view.draw_reason)
        self.reason_placing: tuple | None = None  # that being worked out over frames (play_view.step_placing)
        self.status_room: tuple | None = None  # what the turn's line keeps clear of, and for what (play_view)
        self.status_aside: tuple | None = None  # where it lies when its row has no room, and for what (play_view)
        self.reason_shown = 0.0  # seconds it has shown (a reason in parts: which part shows now)
        self.hinting: tuple | None = None  # (moves so far, players.HintThinking) a hint being thought
        self.tips = guide_view.TipState()   # the guided hand's open tip, its box and its frame
        self.tip_bar = ButtonBar()   # that tip's "Saltar guía" and "Seguir" (guide_view.buttons)
        self.relayout()
        if self.reveal > 0:   # the handoff's tap: the hand turns up in sight (the cover is seen to lift)
            for card in self.table.model.hands[self.viewer]:
                self.table.view(card).flip = 0.0
            self.table.animator.add(*self.table.relayout(self.reveal))
        if app.session.practice_of is not None and len(hand.tricks) == app.session.practice_baza \
                and not hand.table:   # said once, as the hand (or the baza it is played again from) starts
            baza = app.session.practice_baza
            if baza:
                self.say(app.t("play.practice_from", n=baza + 1), 4.0, app.t("play.practice_from_short", n=baza + 1))
            else:
                self.say(app.t("play.practice"), 4.0, app.t("play.practice_short"))
        if self.aside is not None:
            self.dropped_aside(*self.aside)

    def relayout(self) -> None:
        super().relayout()
        hud = self.app.layout.hud
        self.bar = ButtonBar([Button(hud.buttons[action], label, action, key, size=size, primary=primary)
                              for action, label, key, size, primary in BUTTONS])
        self.sena_bar = ButtonBar([
            Button(rect, f"sena.{rank}", f"sena{rank}", ord(self.app.t(f"sena.{rank}.key").lower()), size=24)
            for rect, rank in zip(hud.sena_buttons, SENA_RANKS)
        ])
        if not all(b.fits(self.app) for b in self.sena_bar.buttons):   # "Th…" on a narrow row: "A 3 K" all
            for b, rank in zip(self.sena_bar.buttons, SENA_RANKS):
                b.label = f"sena.{rank}.short"
        guide_view.relayout(self)
        self._refresh_buttons()

    def keeps_press(self, old: Any) -> bool:
        """A card held or dragged stays held through a new layout of the same form that moves its place in
        the hand by no more than ``widgets.HELD_SLOP`` CSS px (the address bar sliding by a pixel let it go: the
        drag lifted over the table played nothing, a tap across it did nothing). The phone turned, or
        another form, it goes back to the hand as before. A finger's press on the score panel or the
        muestra (``zone_press``, acted on at its lift) stays under the rule a row's tap does: the page
        changed by no more than ``HELD_SLOP`` CSS px (it was kept through any change, the keyboard's too)."""
        new = self.app.layout
        if old.form != new.form:
            return False
        if not self.press:
            return self.zone_press is None or page_hardly_changed(old, new)
        hand = self.table.model.hands[self.viewer]
        if self.press[0] not in hand:
            return False
        off = hand.index(self.press[0]) - (len(hand) - 1) / 2

        def home(lay: Any) -> tuple[float, float]:   # (as TableView.hand_slot)
            x, y = lay.table.hand_at["bottom"]
            return x + off * lay.table.hand_step, y + abs(off) * 6

        return hardly_moved(old, home(old), new, home(new))

    def widgets(self) -> list:
        """The button rows that take taps now (the layout audit measures these): the señas' only when
        shown; while a tip of the guided hand is open, its own buttons only (the table lies veiled);
        none while the last baza is open (a tap anywhere closes it)."""
        if self.show_last:   # the last baza lies over everything: a tap anywhere closes it
            return []
        guide = self.app.session.guide
        if guide is not None and guide.showing:
            return [guide_view.buttons(self, guide_view.box_of(self))]
        return [self.bar] + ([self.sena_bar] if self.senas_shown() else [])

    def screen_key(self):
        """The guided hand's tip showing (None: the table): a tip closing is a change of screen, and a
        burst of taps on its "Seguir" goes no further (its second tap pressed "Menú" under the tip)."""
        guide = self.app.session.guide
        return guide.current.key if guide is not None and guide.current is not None else None

    # --- helpers --------------------------------------------------------------------------------
    @property
    def hand(self):
        return self.app.session.hand

    def say(self, text: str, seconds: float = 1.8, short: str | None = None, sena: bool = False) -> None:
        """``text`` on the status line for ``seconds``; ``short``: what to say instead where the
        whole would take two lines (a narrow phone, large text). A seña's message (``sena``) joins
        another said in the same frame (a seña given and the partner's arriving: the first was lost)."""
        said_at, self._said_at = self._said_at, (self.app.frames if sena else -1)
        if sena and self.message is not None and said_at == self.app.frames and text not in self.message[0]:
            old_short = self.message_short[1] if self.message_short else self.message[0]
            short = self.app.t("common.then", a=old_short, b=short or text)
            # (what is left of the first is already as long as the speed makes it: not lengthened twice)
            left = self.message[1] / self.reading(1.0)
            text, seconds = self.app.t("common.then", a=self.message[0], b=text), max(seconds, left)
        self.message = (text, self.reading(seconds))
        self.message_short = (text, short) if short else None

    def dropped_aside(self, text: str, short: str) -> None:
        self.say(text, 4.0, short)   # (a file dropped mid-match: where copies come back; the match goes on)

    def tell_result(self, text: str, short: str) -> None:
        """A baza's result on the status line for its time; one still owed its time (a fast lead cut the
        baza's pictures short, and the next baza closed sooner) shows first, this one after it. One
        waits at most, the latest: a queue of them fell behind the table for a player who led fast (at
        "Rápida" seven waiting, the seventh said when eleven bazas had closed, and 6 of 20 never; a
        reviewer of the round), and one said after waiting is not held again (nothing timed the rest)."""
        if self._result > 0:
            self._results = [(text, short)]
            return
        self.say(text, 1.6, short)
        self._result_text = text

    def reading(self, seconds: float) -> float:
        """How long a message stays: ``seconds``, longer as the animations are slower ("Lenta": a
        cambio's sentence went in 2.2 s and a seña's in 2.0, as at normal speed)."""
        speed = self.app.speed
        return seconds / (speed if 0 < speed < 1 else 1.0)

    def name_of(self, seat: int) -> str:
        return display_name(self.app.words, self.app.session, seat)

    def human_turn(self) -> bool:
        return self.app.session.human_to_move()

    def live(self) -> bool:
        """The hand takes a tap, a drag or a key: not in the ``guard`` after the handoff showed it (a
        second tap on "toca la pantalla para ver tus cartas" played the card under the finger, unseen)."""
        return self.clock >= self.guard

    @property
    def viewer(self) -> int:
        return self.app.session.viewer

    def senas_shown(self) -> bool:
        """The señas panel: pairs with señas on, and a person holding the device."""
        session = self.app.session
        return session.senas_on() and session.holder is not None

    def may_signal(self) -> bool:
        """The holder may give a seña now (when people pass the device: at their own turn only)."""
        session = self.app.session
        return self.senas_shown() and (not session.passing or session.human_to_move())

    def _refresh_buttons(self) -> None:
        """Which buttons can be pressed now (after every move, and as the pictures catch up)."""
        hand = self.hand
        human = self.human_turn()
        legal = hand.legal_moves() if human else []
        b = self.bar.buttons
        b[1].enabled = human
        b[2].enabled = SWAP in legal
        b[0].enabled = self.shown_tricks > 0   # not while the card that closes a baza flies: it told the winner
        # Gold only for a cambio that gains: a 7 for a muestra of 5 is legal but loses.
        b[2].primary = self.table.offer_swap = b[2].enabled and swap_gains(hand.rules, hand.muestra)
        session = self.app.session
        signals = {c.rank for c in session.sena_cards(self.viewer)} if self.may_signal() else set()
        for btn, rank in zip(self.sena_bar.buttons, SENA_RANKS):
            btn.enabled = rank in signals

    def save(self) -> None:
        """Keep the match after every move and seña and on leaving (demos leave the player's save alone).
        A failed write is said once, until a write works again (a newer version's match held, or
        another window's, is no failed write: the menu tells those)."""
        save_match(self.app)
        if self.app.store.storage.failed_news("match"):
            self.say(self.app.t("play.save_failed"))

    # --- moves ----------------------------------------------------------------------------------
    def play(self, move) -> bool:
        """Play ``move`` for the seat to move if the core says it is legal; animate its events."""
        app = self.app
        session = app.session
        hand = session.hand
        if hand.over or move not in hand.legal_moves():
            return False
        seat = hand.turn
        if session.is_human(seat) and self.table.animator.busy:
            self.table.animator.finish_all()  # input never waits for an animation
            if self.message is not None and self.message[0] == self._result_text:   # but the baza's result,
                self._result = self.message[1]   # its pictures cut short, keeps its whole time on the line
        self.table.hint = None
        self.table.chosen = None
        events = session.play(move)
        table, counted = self.table, False
        for ev in events:
            if isinstance(ev, CardPlayed):
                table.on_played(ev.seat, ev.card)
            elif isinstance(ev, TrickWon):
                win_card = ev.card_of(ev.winner, hand.players)
                side = hand.rules.side_of(ev.winner)
                # with the score hidden a baza's points are not said either: adding them up was the score
                key = ("play.won_trick" if ev.points else "play.won_trick_zero") if session.options.show_score \
                    else "play.won_trick_hidden"
                if session.is_you(ev.winner):  # the one person is "you" (also the viewer of a demo)
                    key = key.replace("play.", "play.you_")
                text = app.t(key, name=self.name_of(ev.winner), points=ev.points)
                short = app.t(key + "_short", name=self.name_of(ev.winner), points=ev.points)   # "Rosa gana: +21"
                pts = ev.points

                def announce(text=text, short=short, side=side, pts=pts):
                    self.tell_result(text, short)
                    self.shown_points[side] += pts
                    self.shown_tricks += 1
                table.animator.step(Call(announce))
                table.on_trick(ev.winner, ev.cards, ev.points, win_card)
            elif isinstance(ev, Drew):
                table.on_drew(ev.seat, ev.card, ev.is_muestra)
            elif isinstance(ev, Swapped):
                key = "play.you_swapped" if session.is_you(ev.seat) else "play.swapped"
                text = app.t(key, name=self.name_of(ev.seat), gave=app.words.the_card(ev.gave),
                             took=app.words.the_card(ev.took))
                short = app.t(key + "_short", name=self.name_of(ev.seat), gave=app.words.the_rank(ev.gave),
                              took=app.words.the_rank(ev.took))   # "Lola cambia el siete por el as": which, still
                table.animator.step(Call(lambda text=text, short=short: self.say(text, 2.2, short)))
                table.on_swapped(ev.seat, ev.gave, ev.took)
                # (the guided hand, practice: lessons; people against each other: not the device's figures)
                counted = session.is_human(ev.seat) and not session.lesson and not stats.contested(session)
            elif isinstance(ev, HandOver):
                table.pause(0.6)
        if app.speed <= 0:
            table.animator.finish_all()  # instant: the pictures never trail the core
        self.save()   # every move: a reload or a closed tab takes nothing back, and shows nothing twice
        # the person's cambio counted at once, as the move is kept (a reload loses neither), once the save
        # has found the match this window's: a stale window's cambio, its move thrown away, counted twice
        if counted and not app.store.match_elsewhere():
            app.stats = app.store.update_stats(app.stats, stats.record_swap)
        self.think = 0.0
        self.pending = None
        self.thinking = None
        self.cover_for_handoff()
        self._refresh_buttons()
        return True

    def play_index(self, i: int) -> None:
        if not self.human_turn() or not self.live():
            return
        self.table.animator.finish_all()
        cards = self.table.model.hands[self.viewer]
        if 0 <= i < len(cards):
            self.play(cards[i])

    def key_index(self, i: int) -> None:
        """The key of slot ``i`` pressed: it plays that card; with "Dos toques para jugar" on, as a
        tap does, a first press chooses it (lifted, gold) and a second press of its key plays it."""
        cards = self.table.model.hands[self.viewer]
        card = cards[i] if 0 <= i < len(cards) else None
        if (self.app.settings.get("two_taps", False) and card is not None and self.table.chosen != card
                and self.human_turn() and self.live() and card in self.hand.legal_moves()):
            self.table.chosen = card
            self.table.raise_z(card)
            self.say(self.app.t("play.key_again"), 2.0, self.app.t("play.key_again_short"))
            return
        self.play_index(i)

    def try_swap(self) -> None:
        if not self.human_turn() or not self.live():   # (the hand a handoff shows: a cambio unseen too)
            return
        if not self.play(SWAP):   # refused: why, in words (a grey button tapped did nothing, "not now" said no more)
            hand, words = self.hand, self.app.words
            reason = hand.no_swap_reason(self.viewer)
            card = hand.rules.swap_card_for(hand.muestra) if hand.muestra is not None else None
            if reason == "not_held" and card is not None:
                text = words.t("play.no_swap.not_held", card=words.the_card(card))
            elif reason in ("off", "stock", "drawn", "after_win", "no_card", "swapped"):
                text = words.t(f"play.no_swap.{reason}")
            else:
                text = words.t("play.illegal_swap")
            self.say(text, 2.4)

    def give_sena(self, rank: int) -> None:
        play_senas.give(self, rank)

    def show_notes(self) -> None:
        play_senas.show_notes(self)

    def show_hint(self) -> None:
        """The hint asked for (its button, H): thought over in ``update`` and shown when ready."""
        play_hint.start(self)

    def leave(self) -> Go:
        self.save()
        return Go("menu")

    # --- input ----------------------------------------------------------------------------------
    def handle_event(self, event) -> Optional[Go]:
        if isinstance(event, Pointer) and event.kind == "down":
            self.zone_press = None   # (a press the muestra or the score panel took is over, whoever takes this)
        if self.app.session.guide is not None and self.app.session.guide.showing:  # a tip of the guided hand
            play_touch.let_go(self)   # a card held as the tip opened: its release goes to the tip (a later tap played it)
            return guide_view.handle(self, event)
        if self.show_last:  # the last baza is open: P still shows or hides the points, anything else closes it
            if isinstance(event, Key) and event.key == pygame.K_p:
                self.app.session.options.show_score = not self.app.session.options.show_score
            elif isinstance(event, Key) or (isinstance(event, Pointer) and event.kind == "down"):
                self.show_last = False
            return None
        action = self.bar.handle(event)
        if action is None and self.app.session.senas_on():
            action = self.sena_bar.handle(event)
        if action is not None:   # a card dragged as a button's key was pressed froze there, over the buttons
            play_touch.let_go(self)   # of a phone, and no move or release reached it: it goes back to the hand
            if action == "menu":
                return self.leave()
            if action == "last" and self.shown_tricks:
                self.show_last = True
            elif action == "hint":
                self.show_hint()
            elif action == "swap":
                self.try_swap()
            elif action.startswith("sena"):
                self.give_sena(int(action[4:]))
            return None
        if isinstance(event, Key):
            keyed = self.human_turn() and (pygame.K_1 <= event.key <= pygame.K_3
                                           or pygame.K_KP1 <= event.key <= pygame.K_KP3 or event.key == pygame.K_s)
            held, moves = self.table.dragging, len(self.hand.moves)
            if keyed:   # the key takes the turn from the pointer (played by its key, the card followed it on):
                self.press, self.table.dragging = (), None   # the card dragged is let go where it is; played,
                # it flies from there (sent back to its row first, it jumped there before it flew)
            if pygame.K_1 <= event.key <= pygame.K_3:
                self.key_index(event.key - pygame.K_1)
            elif pygame.K_KP1 <= event.key <= pygame.K_KP3:
                self.key_index(event.key - pygame.K_KP1)
            elif event.key == pygame.K_p:
                self.app.session.options.show_score = not self.app.session.options.show_score
            elif event.key == pygame.K_s:   # (with the button grey: why not)
                self.try_swap()
            if keyed and held is not None and len(self.hand.moves) == moves:   # nothing played: back to its row
                self.table.animator.add(*self.table.relayout(0.2))
            return None
        if isinstance(event, Pointer):   # a card under a finger or the mouse
            play_touch.pointer(self, event)
        return None

    # --- frame ----------------------------------------------------------------------------------
    def cover_for_handoff(self) -> None:
        """Another person acts next: cover the hand at once (before the next frame is drawn)."""
        if self.app.session.needs_handoff() and self.table.face_up_seats:
            self.table.face_up_seats = set()
            self.app.session.cover()

    def update(self, dt: float) -> Optional[Go]:
        app = self.app
        table = self.table
        self.cover_for_handoff()
        table.update(dt)
        if not table.animator.busy:
            table.turn = self.hand.turn  # the ring follows the pictures, not the core running ahead
        elif len(table.model.table) == self.hand.players:   # a baza complete, shown won, swept: nobody's
            table.turn = None   # turn (the ring stayed on whoever played last, two seconds)
        if self.message is not None:
            text, left = self.message
            left -= dt
            self.message = (text, left) if left > 0 else None
        if self._result > 0:
            self._result -= dt
            if self._result <= 0 and self._results:
                self.tell_result(*self._results.pop(0))
        if self.reason is not None:
            text, left = self.reason
            self.reason = (text, left - dt) if left > dt and self.table.hint is not None else None
            self.reason_shown += dt
        if table.chosen is not None and (not self.human_turn() or table.chosen not in self.hand.hand_of(self.viewer)):
            table.chosen = None   # (it glows gold, and stands out as a hovered card does)
        play_touch.lift(self)
        hand = self.hand
        if self.hinting is not None:
            play_hint.step(self, think_slice(app))
        self._refresh_buttons()
        if app.session.guide is not None and guide_view.update(self):
            if self.press:   # a tip opened over a card held: the finger's release goes to the tip, and the
                play_touch.let_go(self)   # card left standing out pointed at a play that would not happen
                play_touch.lift(self)
            return None  # a tip of the guided hand is open: everything waits for the player
        if hand.over:
            if not table.animator.busy:
                return Go("scoring", table=table)
            return None
        table.thinking = False
        if table.animator.busy:
            return None
        session = app.session
        if session.senas_on() and not hand.table and self.sena_trick != hand.trick_number:
            self.sena_trick = hand.trick_number
            if session.bot_senas():
                self.save()
        self.show_notes()
        self._refresh_buttons()
        if session.needs_handoff() and not self.show_last:
            self.press = ()
            table.dragging = None
            return Go("handoff", table=table, seat=hand.turn)
        table.thinking = not session.is_human(hand.turn)
        if session.human_to_move():  # the turn has come to the person holding the device: a short buzz, once,
            # and a soft sound where the computers played before it (with sound on)
            app.buzz.person_to_move(hand, app.settings, (lambda: app.sounds.play("turn"))
                                    if after_computers(hand, session.is_human) else None)
        if not session.is_human(hand.turn):
            pace = app.speed if app.speed > 0 else 1000.0
            if self.pending is None and (self.think > 0 or app.speed <= 0):
                # Start on the second thinking frame (the bubble is on screen by then) and think
                # a few milliseconds a frame, so a searching bot never stalls the frame loop;
                # its thinking time counts towards its pause instead of adding to it.
                if self.thinking is None or self.thinking[:2] != (hand.turn, len(hand.moves)):
                    self.thinking = (hand.turn, len(hand.moves), session.bot_thinking())
                seat, when, thinking = self.thinking
                started = time.perf_counter()
                if thinking.step(think_slice(app)):
                    self.pending = (seat, when, thinking.move)
                    self.thinking = None
                self.think += (time.perf_counter() - started) * pace
            self.think += dt * pace
            if self.think >= BOT_THINK and self.pending is not None:
                seat, when, move = self.pending
                self.pending = None
                if seat == hand.turn and when == len(hand.moves):
                    self.play(move)
        return None

    def place_slice(self) -> float | None:
        """Seconds a frame of placing a hint's reason (``think_slice``: all at once at speed "instant")."""
        return think_slice(self.app)

    def draw(self, surface: pygame.Surface) -> None:
        play_view.draw(self, surface)
