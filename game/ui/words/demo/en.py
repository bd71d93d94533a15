"""English: the terminal demo's words (a part of ``game/ui/words/en.py``)."""

WORDS: dict[str, str] = {
    "demo.start": "Brisca: {players} players, seat {dealer} deals; muestra: {muestra} (trumps: {trump})",
    "demo.swap": "  seat {seat} swaps {gave} for {took}, the muestra",
    "demo.play": "  seat {seat} plays {card}",
    "demo.baza": "trick {n}: seat {winner} wins it ({points})",
    "demo.drew_muestra": "  seat {seat} draws the muestra",
    "demo.void": "Void hand (a tie): {points}",
    "demo.won": "Side {side} wins: points {points}",
}
