"""Español: las palabras de la demostración en el terminal (parte de ``game/ui/words/es.py``)."""

WORDS: dict[str, str] = {
    "demo.start": "Brisca: {players} jugadores, reparte el asiento {dealer}; muestra: {muestra} (triunfo: {trump})",
    "demo.swap": "  el asiento {seat} cambia {gave} por {took}, la muestra",
    "demo.play": "  el asiento {seat} juega {card}",
    "demo.baza": "baza {n}: gana el asiento {winner} ({points})",
    "demo.drew_muestra": "  el asiento {seat} roba la muestra",
    "demo.void": "Mano nula (empate): {points}",
    "demo.won": "Gana el lado {side}: puntos {points}",
}
