"""Català: les paraules de la demostració al terminal (part de ``game/ui/words/ca.py``)."""

WORDS: dict[str, str] = {
    "demo.start": "Brisca: {players} jugadors, reparteix el seient {dealer}; mostra: {muestra} (triomf: {trump})",
    "demo.swap": "  el seient {seat} fa el canvi: dona {gave} i pren {took}, la mostra",
    "demo.play": "  el seient {seat} juga {card}",
    "demo.baza": "basa {n}: la guanya el seient {winner} ({points})",
    "demo.drew_muestra": "  el seient {seat} roba la mostra",
    "demo.void": "Mà nul·la (empat): {points}",
    "demo.won": "Guanya l'equip {side}: punts {points}",
}
