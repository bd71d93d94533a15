"""Game records: the JSON form of a hand (RULES.md "Game record") and its replay summary.

A record is the rules, the dealer, the deck order and the moves.  It is the save format,
the bug-report format and what ``python -m game replay`` reads.  Señas, which do not change
the rules' outcome, travel in an optional ``"senas"`` list so a resumed hand shows them too.
"""

from __future__ import annotations

from typing import Any

from .cards import Card, CardError, quote
from .hand import SWAP, DeckError, Hand, IllegalMove, move_text, parse_move
from .rules import Rules, RulesError

__all__ = ["RecordError", "to_record", "from_record", "summary", "MAX_MOVES", "MAX_MESSAGE"]

#: No hand has more moves than this (40 cards + a few cambios); longer lists are rejected early.
MAX_MOVES = 64
#: A RecordError's message is one line of at most this many characters, whatever the input.
MAX_MESSAGE = 300


class RecordError(ValueError):
    """A game record that cannot be replayed.  ``move_number`` is 1-based, or None when the
    problem is not in the moves."""

    def __init__(self, message: str, move_number: int | None = None):
        message = " ".join(message.split())
        if len(message) > MAX_MESSAGE:
            message = message[:MAX_MESSAGE - 3] + "..."
        super().__init__(message)
        self.move_number = move_number


def to_record(hand: Hand) -> dict[str, Any]:
    """The JSON-able record of ``hand`` as played so far."""
    out: dict[str, Any] = {
        "rules": hand.rules.to_json(),
        "dealer": hand.dealer,
        "deck": [str(c) for c in hand.deck],
        "moves": [move_text(m) for m in hand.moves],
    }
    if hand.senas:
        out["senas"] = [_sena_json(s) for s in hand.senas]
    return out


def _sena_json(sena) -> dict[str, Any]:
    return {"seat": sena.seat, "card": str(sena.card), "move": sena.moves_before,
            "caught_by": list(sena.caught_by)}


def from_record(data: Any, saved: bool = False) -> Hand:
    """Replay a record into a :class:`Hand`; :class:`RecordError` names the problem and move.
    ``saved``: the hand of a match saved by this game, maybe by a version before one cambio a turn
    (the thirty-third session), whose second cambio in a turn is replayed as it was played."""
    if not isinstance(data, dict):
        raise RecordError(f"a game record is a JSON object, not {type(data).__name__}")
    what, where = _saved_kind(data)
    if what:   # (a save read as a record met "no 'rules' object" and invited adding one)
        raise RecordError(f"this is {what}, not a hand's record{where}")
    if "rules" not in data:   # ("Rules" misspelt replayed quietly as two players, or failed at move 1)
        raise RecordError("the record has no 'rules' object (like {\"players\": 4}; a rule left out takes its default)")
    try:
        rules = Rules.from_json(data["rules"])
    except RulesError as exc:
        raise RecordError(f"rules: {exc}") from None
    except TypeError as exc:
        raise RecordError(f"rules: {exc}") from None
    if "dealer" not in data:   # (a default would replay another deal: the seats turned, the winner too)
        raise RecordError("the record has no dealer (a seat 0-%d)" % (rules.players - 1))
    dealer = data["dealer"]
    if type(dealer) is not int or not 0 <= dealer < rules.players:
        raise RecordError(f"dealer must be a seat 0-{rules.players - 1}, not {quote(dealer)}")
    deck = data.get("deck")
    if not isinstance(deck, list):
        raise RecordError("the record has no 'deck' list (the deck order, top card first)")
    cards = []
    for i, text in enumerate(deck):
        try:
            cards.append(Card.parse(text))
        except CardError as exc:
            raise RecordError(f"deck card {i + 1}: {exc}") from None
    try:
        hand = Hand.from_deck(rules, dealer, cards)
    except DeckError as exc:
        raise RecordError(f"deck: {exc}") from None
    if "moves" not in data:   # ("Moves" misspelt replayed quietly as a deal not begun: over false, no bazas)
        raise RecordError("the record has no 'moves' list (the moves played, [] for a hand not begun)")
    moves = data["moves"]
    if not isinstance(moves, list):
        raise RecordError("'moves' must be a list of moves like '3C' or 'swap'")
    if len(moves) > MAX_MOVES:
        raise RecordError(f"'moves' has {len(moves)} entries; no hand has more than {MAX_MOVES}")
    senas = _read_senas(data.get("senas", []), len(moves))
    for i, text in enumerate(moves):
        for s in senas.get(i, ()):
            _give(hand, s, i)
        number = i + 1
        if not isinstance(text, str):
            raise RecordError(f"move {number}: {quote(text)} is not a move (a card like '3C' or 'swap')", number)
        try:
            move = parse_move(text)
        except IllegalMove as exc:
            raise RecordError(f"move {number}: {exc}", number) from None
        if hand.over:
            raise RecordError(f"move {number} ({move_text(move)}): the hand is already over", number)
        try:
            hand.play(move)
        except IllegalMove as exc:
            if not (saved and _second_cambio(hand, move)):
                raise RecordError(f"move {number} ({move_text(move)}) is not legal: {exc}", number) from None
    for s in senas.get(len(moves), ()):
        _give(hand, s, len(moves))
    return hand


def _is_match(data: Any) -> bool:
    return isinstance(data, dict) and isinstance(data.get("format"), str) and data["format"].startswith("brisca-match/")


def _saved_kind(data: dict) -> tuple[str, str]:
    """What a file the game saved is, and where its hand in play lies, when ``data`` is one: the
    storage's envelope (the file on disk), the session inside it, or the match inside that."""
    if data.get("brisca") == "save":
        inner = data.get("data")
        if isinstance(inner, dict) and _is_match(inner.get("match")):
            return "the game's save file of a match in progress", ": the hand in play is its data.match.hand"
        return f"one of the game's save files (key {quote(data.get('key'), 30)})", "; it holds no hand"
    if _is_match(data.get("match")):
        return "a saved session (the data of the game's save file)", ": the hand in play is its match.hand"
    if _is_match(data):
        return f"a saved match ({quote(data['format'], 30)})", ": the hand in play is its \"hand\""
    return "", ""


def _second_cambio(hand: Hand, move: Any) -> bool:
    """Make a second cambio in one turn, as versions before one cambio a turn allowed, if that is all
    that stands in its way; False (nothing done) otherwise."""
    if move != SWAP or hand.turn is None or hand.no_swap_reason(hand.turn) != "swapped":
        return False
    first = hand.swaps[-1]
    hand.swaps[-1] = first._replace(before_trick=-1)   # (for a moment not this turn's)
    try:
        hand.play(SWAP)
    except IllegalMove:
        hand.swaps[-1] = first
        return False
    hand.swaps[-2] = first   # (the second is last now)
    return True


def _read_senas(raw: Any, n_moves: int) -> dict[int, list[dict]]:
    if not isinstance(raw, list):
        raise RecordError("'senas' must be a list")
    by_move: dict[int, list[dict]] = {}
    for i, s in enumerate(raw):
        if (not isinstance(s, dict) or type(s.get("move")) is not int or type(s.get("seat")) is not int
                or not isinstance(s.get("card"), str) or not isinstance(s.get("caught_by", []), list)):
            raise RecordError(f"seña {i + 1}: expected {{'seat': int, 'card': text, 'move': int, 'caught_by': [int]}}")
        if not 0 <= s["move"] <= n_moves:
            raise RecordError(f"seña {i + 1}: move {s['move']} is outside the record")
        by_move.setdefault(s["move"], []).append(s)
    return by_move


def _give(hand: Hand, s: dict, at: int) -> None:
    try:
        hand.give_sena(s["seat"], s["card"], s.get("caught_by", []))
    except (IllegalMove, TypeError) as exc:
        raise RecordError(f"seña before move {at + 1}: {exc}", at + 1) from None


def summary(hand: Hand) -> dict[str, Any]:
    """What ``replay`` prints: every baza, the cambios, the points and the result (RULES.md)."""
    return {
        "tricks": [
            {"leader": t.leader, "cards": [str(c) for c in t.cards], "winner": t.winner, "points": t.points}
            for t in hand.tricks
        ],
        "swaps": [
            {"seat": s.seat, "gave": str(s.gave), "took": str(s.took), "before_trick": s.before_trick}
            for s in hand.swaps
        ],
        "points": list(hand.points),
        "side_points": hand.side_points,
        "result": None if hand.result is None else
        {"winner_side": hand.result.winner_side, "void": hand.result.void},
        "over": hand.over,
        "players": hand.players,
        "dealer": hand.dealer,
        "trump": hand.trump_suit,
        "muestra": str(hand.last_muestra),   # after a cambio, the card it put there (RULES.md: "the new muestra")
        "table": [{"seat": s, "card": str(c)} for s, c in hand.table],
        "turn": hand.turn,
        "senas": [{"seat": s.seat, "card": str(s.card), "trick": s.trick_number,
                   "caught_by": list(s.caught_by)} for s in hand.senas],
    }

