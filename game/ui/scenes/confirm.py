"""Asking first: a question that says what will be lost, with "yes" and "no".

Why: one click must never throw away a saved match or every statistic. A scene that wants to ask
returns ``Go("confirm", title=..., text=..., fmt={...}, yes=..., no=...)``: ``title`` and ``text``
are catalogue keys (``fmt`` fills the text), ``yes`` and ``no`` are what to do — a ``Go`` for the next
scene, or a function ``f(app) -> Go | None`` for something to do first (clear the statistics, then
go back). Enter (or Y/S) answers yes, Esc (or N) answers no; the arrows move the focus. A
``careful`` question (what it throws away cannot come back: a saved match, every statistic) starts
on "no", drawn gold as the answer to press: Enter answers the button in focus, Y/S yes (the key
shown on it).
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Union

import pygame

from game.ui import look
from game.ui.inputmap import Pointer
from game.ui.scene import Go, Scene, register
from game.ui.widgets import Button, ButtonBar

Answer = Union[Go, Callable[[Any], Optional[Go]], None]


#: A careful question takes no press in its first seconds (the handoff's guard, as long): what it
#: throws away cannot come back, and a second tap half a second after the one that asked it answered it.
CAREFUL_GUARD = 0.6


@register
class ConfirmScene(Scene):
    name = "confirm"

    def __init__(self, app: Any, title: str = "confirm.title", text: str = "", fmt: dict | None = None,
                 yes: Answer = None, no: Answer = None, yes_label: str = "confirm.yes",
                 no_label: str = "confirm.no", careful: bool = False, **handed: Any) -> None:
        super().__init__(app, **handed)
        self.careful = careful
        self.title, self.text, self.fmt = title, text, dict(fmt or {})
        self.yes, self.no = yes, (no if no is not None else Go("menu"))
        self.yes_label, self.no_label = yes_label, no_label
        self.note = ""   # a file dropped on the question: where copies come back, under its box

    def startup(self) -> None:
        self.relayout()

    def relayout(self) -> None:
        geo = self.app.layout.menu
        focus = getattr(self, "bar", None) and self.bar.focus
        yes_key = (pygame.K_y if self.app.words.lang == "en" else pygame.K_s) if self.careful else pygame.K_RETURN
        # Gold is "press this" on every screen: in a careful question that is "no" (a child by finger,
        # with no focus to go by, took the gold "Sí, empezar otra" and lost the saved match).
        # The gold answer lies right, where every screen's button that goes on lies (a thumb's habit
        # lands there): in a careful question "no", and "Sí" left of it (round 39; the tap that asked,
        # "Borrar estadísticas" bottom-right, repeated, met "Sí" there). Left to right, as the arrows go.
        no = Button(geo.pair_right if self.careful else geo.pair_left, self.no_label, "no", pygame.K_ESCAPE,
                    primary=self.careful)
        yes = Button(geo.pair_left if self.careful else geo.pair_right, self.yes_label, "yes", yes_key,
                     primary=not self.careful)
        self.bar = ButtonBar([yes, no] if self.careful else [no, yes], keys_move_focus=True)
        # kept where a new layout comes, as on the menu and the statistics: a resize put the quit
        # question's focus back on "Sí" after the player had chosen "No", and Enter quit
        self.bar.focus = focus if isinstance(focus, int) else 1   # (the gold answer, right)

    def dropped_aside(self, text: str, short: str) -> None:
        self.note = text

    def answer(self, which: Answer) -> Optional[Go]:
        if callable(which) and not isinstance(which, Go):
            return which(self.app)
        return which

    def handle_event(self, event: Any) -> Optional[Go]:
        if self.careful and isinstance(event, Pointer) and event.kind == "down" and self.clock < CAREFUL_GUARD:
            return None   # (read first: a shaky repeat half a second after "Borrar estadísticas" answered yes)
        action = self.bar.handle(event)
        if action is None and getattr(event, "key", None) in (pygame.K_y, pygame.K_s):
            action = "yes"  # "y"es / "s"í
        elif action is None and getattr(event, "key", None) == pygame.K_n:
            action = "no"
        if action is None:
            return None
        self.app.sounds.play("click")
        return self.answer(self.yes if action == "yes" else self.no)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        lay = app.layout
        surface.blit(look.felt(lay.size), (0, 0))
        box, lines, step = question_box(app, app.t(self.text, **self.fmt) if self.text else "")
        surface.blit(look.panel(box.size, 230), box)
        app.typo.blit(surface, app.t(self.title), (box.centerx, box.y + 24), 44, look.GOLD, bold=True, anchor="midtop")
        for i, line in enumerate(lines):
            app.typo.blit(surface, line, (box.centerx, box.y + 86 + step * i), 30, look.CREAM, anchor="midtop")
        if self.note:   # under the box where there is room, else at the screen's top
            notes = app.typo.wrap_long(self.note, 24, lay.w - 40)
            height = len(notes) * app.typo.line(24)
            gap = lay.menu.pair_left.y - box.bottom
            y = box.bottom + (gap - height) // 2 if gap >= height + 8 else max(4, box.top - height - 4)
            for i, line in enumerate(notes):
                app.typo.blit(surface, line, (lay.cx, y + i * app.typo.line(24)), 24, look.GOLD, anchor="midtop")
        self.bar.draw(surface, app)


def question_box(app: Any, text: str) -> tuple[pygame.Rect, list[str], int]:
    """Where a question's box lies, its text's lines and their step: one place for the drawing and
    for what asks whether a text fits (``common.ask_over_saved``, which kept its own copy of these
    numbers, already measuring the lines otherwise: a reviewer of the thirty-fifth round)."""
    lay, typo = app.layout, app.typo
    box = pygame.Rect(0, 0, min(lay.w - 40, 900), 0)
    lines = typo.wrap_long(text, 30, box.width - 60) if text else []   # (a long file name, a folder)
    step = max(36, typo.line(30))   # (36 fixed: with large text on a small phone the lines touched)
    box.height = 110 + step * len(lines)
    box.center = (lay.cx, (lay.menu.pair_left.y - 20) // 2 + 20)
    return box, lines, step
