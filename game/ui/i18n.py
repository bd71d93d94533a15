"""Every string a player sees: a Spanish catalogue (the default) and an English one.

Why: the interface speaks Spanish first. Scenes ask for words by key (``words.t("menu.new")``) and
never hand literal text to the font renderer; a test checks that both catalogues have the same
keys and that no scene renders a literal.
"""

from __future__ import annotations

from game.cards import Card

ES: dict[str, str] = {
    "level.beginner": "Principiante",
    "play.you_won_trick": "Ganas la baza: +{points}",
    "play.you_won_trick_zero": "Ganas la baza (sin puntos)",
    "play.you_swapped": "Cambias el {gave} por el {took}",
    "deal.dealing_you": "Repartes tú",
    "key.return": "Intro",
    "key.escape": "Esc",
    "key.delete": "Supr",
    "app.title": "Brisca",
    "app.subtitle": "El juego de cartas de la baraja española",
    "menu.new": "Nueva partida",
    "menu.continue": "Continuar partida",
    "menu.rules": "Reglas",
    "menu.settings": "Ajustes",
    "menu.stats": "Estadísticas",
    "menu.quit": "Salir",
    "menu.saved": "Partida guardada: {players} jugadores, baza {trick}",
    "common.back": "Volver",
    "common.on": "Sí",
    "common.off": "No",
    "common.keys": "Teclas",
    "opt.title": "Nueva partida",
    "opt.players": "Jugadores",
    "opt.players.2": "2 (uno contra uno)",
    "opt.players.3": "3 (cada uno por su lado)",
    "opt.players.4": "4 (por parejas)",
    "opt.level": "Nivel de la máquina",
    "opt.swap_seven": "Cambio del siete",
    "opt.swap_timing": "Cuándo se cambia",
    "opt.timing.after_win": "Tras ganar una baza",
    "opt.timing.own_turn": "En cualquier turno propio",
    "opt.swap_two": "Cambio del dos",
    "opt.senas": "Señas (parejas)",
    "opt.watch": "Rivales atentos a las señas",
    "opt.watch.0": "Nada",
    "opt.watch.1": "Poco",
    "opt.watch.2": "Bastante",
    "opt.watch.3": "Mucho",
    "opt.best_of": "Duración",
    "opt.best_of.1": "Una mano",
    "opt.best_of.3": "Al mejor de tres",
    "opt.show_score": "Puntos a la vista",
    "opt.start": "Empezar",
    "opt.help": "Flechas arriba/abajo: elegir · izquierda/derecha o clic: cambiar · Intro: empezar · Esc: volver",
    "level.unknown": "Nivel {n}",
    "level.random": "Novato",
    "level.easy": "Fácil",
    "level.normal": "Normal",
    "level.medium": "Normal",
    "level.hard": "Difícil",
    "level.expert": "Experto",
    "level.first": "Básico",
    "set.title": "Ajustes",
    "set.language": "Idioma",
    "set.lang.es": "Español",
    "set.lang.en": "English",
    "set.sound": "Sonido",
    "set.speed": "Velocidad de las animaciones",
    "set.speed.slow": "Lenta",
    "set.speed.normal": "Normal",
    "set.speed.fast": "Rápida",
    "set.speed.instant": "Instantánea",
    "set.help": "Flechas arriba/abajo: elegir · izquierda/derecha o clic: cambiar · Esc: volver",
    "stats.title": "Estadísticas",
    "stats.matches": "Partidas jugadas",
    "stats.match_wins": "Partidas ganadas",
    "stats.hands": "Manos jugadas",
    "stats.hand_wins": "Manos ganadas",
    "stats.hand_losses": "Manos perdidas",
    "stats.voids": "Manos nulas",
    "stats.best": "Mejor mano (puntos)",
    "stats.swaps": "Cambios hechos",
    "stats.reset": "Borrar estadísticas",
    "stats.empty": "Aún no hay partidas terminadas.",
    "rules.title": "Reglas de la brisca",
    "rules.body": (
        "Baraja española de 40 cartas. Valen: as 11, tres 10, rey 4, caballo 3, sota 2; el resto 0. "
        "En total hay 120 puntos; gana la mano quien pasa de 60. Un 60 a 60 anula la mano.\n"
        "Se reparten tres cartas a cada jugador y se vuelve la muestra, que queda atravesada bajo el mazo: "
        "su palo es el triunfo de toda la mano.\n"
        "En cada baza no hay obligación de asistir ni de matar. Gana el triunfo más alto; si no hay triunfo, "
        "la carta más alta del palo que salió. Orden: as, tres, rey, caballo, sota, 7, 6, 5, 4, 2.\n"
        "Quien gana la baza roba primero y sale en la siguiente. Cuando se acaba el mazo se juegan las cartas que quedan.\n"
        "Cambio del siete: quien tiene el 7 de triunfo puede cambiarlo por la muestra (según la opción, tras ganar una baza "
        "o en cualquier turno suyo) mientras quede mazo además de la muestra.\n"
        "Con tres jugadores se quita el 2 de oros. Con cuatro se juega por parejas (tú y quien tienes enfrente), "
        "y la pareja puede hacerse señas: as, torcer la boca; tres, asomar la lengua; rey, alzar las cejas. "
        "Los rivales pueden pillarlas.\n"
        "Juego limpio: la máquina juega solo con lo que podría saber un jugador en su sitio. No ve tus cartas ni el mazo."
    ),
    "rules.keys": "Teclas: 1–3 jugar carta · S cambio · L última baza · H pista · A/T/R señas · P puntos · Esc menú",
    "seat.0": "Tú",
    "seat.1": "Lola",
    "seat.2": "Paco",
    "seat.3": "Rosa",
    "side.0": "Vosotros",
    "side.1": "Ellos",
    "side.0.pairs": "Tu pareja",
    "side.1.pairs": "Rivales",
    "suit.O": "oros",
    "suit.C": "copas",
    "suit.E": "espadas",
    "suit.B": "bastos",
    "rank.1": "as",
    "rank.2": "dos",
    "rank.3": "tres",
    "rank.4": "cuatro",
    "rank.5": "cinco",
    "rank.6": "seis",
    "rank.7": "siete",
    "rank.10": "sota",
    "rank.11": "caballo",
    "rank.12": "rey",
    "card.name": "{rank} de {suit}",
    "deal.shuffling": "Barajando…",
    "deal.dealing": "Reparte {dealer}",
    "deal.skip": "Intro/clic: saltar",
    "play.trump": "Triunfo",
    "play.stock": "Mazo: {n}",
    "play.your_turn": "Tu turno: juega una carta",
    "play.your_turn_swap": "Tu turno: puedes cambiar el {card} por la muestra (S)",
    "play.their_turn": "Juega {name}…",
    "play.won_trick": "{name} gana la baza: +{points}",
    "play.won_trick_zero": "{name} gana la baza (sin puntos)",
    "play.swapped": "{name} cambia el {gave} por el {took}",
    "play.last_trick": "Última baza",
    "play.last_trick_none": "Aún no hay bazas jugadas",
    "play.last_trick_won": "Ganó {name} (+{points})",
    "play.hint": "Pista",
    "play.hint_play": "Pista: juega el {card}",
    "play.hint_swap": "Pista: cambia el siete por la muestra",
    "play.swap": "Cambiar",
    "play.menu": "Menú",
    "play.points": "Puntos",
    "play.points_hidden": "Puntos ocultos (P)",
    "play.level": "Máquina: {level}",
    "play.match": "Manos: {a} – {b}",
    "play.match3": "Manos: {a} – {b} – {c}",
    "play.keys": "1–3 jugar · S cambio · L última baza · H pista · Esc menú",
    "play.keys_senas": "1–3 jugar · S cambio · L última baza · H pista · A/T/R señas · Esc menú",
    "play.illegal_swap": "Ahora no se puede cambiar",
    "play.cards_left": "{n} cartas",
    "play.saved": "Partida guardada",
    "play.save_failed": "No se pudo guardar la partida",
    "sena.give": "Seña",
    "sena.1": "As",
    "sena.3": "Tres",
    "sena.12": "Rey",
    "sena.seen": "{name}: seña de {rank}",
    "sena.you": "Haces la seña de {rank}",
    "sena.caught": "¡{name} ha pillado la seña!",
    "sena.caught_you": "Has pillado una seña de {name}: {rank}",
    "score.title": "Recuento",
    "score.win": "¡Ganas la mano!",
    "score.win_pairs": "¡Ganáis la mano!",
    "score.loss": "Pierdes la mano",
    "score.loss_pairs": "Perdéis la mano",
    "score.loss_to": "Gana {name}",
    "score.void": "Mano nula: 60 a 60",
    "score.void_tie": "Mano nula: empate en cabeza",
    "score.match": "Partida: {a} – {b}",
    "score.match_so_far": "Manos ganadas",
    "score.match_won": "¡Ganas la partida!",
    "score.match_lost": "Pierdes la partida",
    "score.next": "Siguiente mano",
    "score.rematch": "Revancha",
    "score.menu": "Menú",
    "score.cards": "{n} cartas",
    "score.void_replayed": "La mano nula se vuelve a jugar",
}

EN: dict[str, str] = {
    "level.beginner": "Beginner",
    "play.you_won_trick": "You win the trick: +{points}",
    "play.you_won_trick_zero": "You win the trick (no points)",
    "play.you_swapped": "You swap the {gave} for the {took}",
    "deal.dealing_you": "You deal",
    "key.return": "Enter",
    "key.escape": "Esc",
    "key.delete": "Del",
    "app.title": "Brisca",
    "app.subtitle": "The card game of the Spanish deck",
    "menu.new": "New game",
    "menu.continue": "Continue game",
    "menu.rules": "Rules",
    "menu.settings": "Settings",
    "menu.stats": "Statistics",
    "menu.quit": "Quit",
    "menu.saved": "Saved game: {players} players, trick {trick}",
    "common.back": "Back",
    "common.on": "On",
    "common.off": "Off",
    "common.keys": "Keys",
    "opt.title": "New game",
    "opt.players": "Players",
    "opt.players.2": "2 (head to head)",
    "opt.players.3": "3 (each on their own)",
    "opt.players.4": "4 (in pairs)",
    "opt.level": "Computer level",
    "opt.swap_seven": "Cambio del siete (swap the 7)",
    "opt.swap_timing": "When to swap",
    "opt.timing.after_win": "After winning a trick",
    "opt.timing.own_turn": "At any own turn",
    "opt.swap_two": "Cambio del dos (swap the 2)",
    "opt.senas": "Señas (pairs)",
    "opt.watch": "How watchful opponents are",
    "opt.watch.0": "Not at all",
    "opt.watch.1": "A little",
    "opt.watch.2": "Quite",
    "opt.watch.3": "Very",
    "opt.best_of": "Length",
    "opt.best_of.1": "One hand",
    "opt.best_of.3": "Best of three",
    "opt.show_score": "Score on screen",
    "opt.start": "Start",
    "opt.help": "Arrows up/down: choose · left/right or click: change · Enter: start · Esc: back",
    "level.unknown": "Level {n}",
    "level.random": "Beginner",
    "level.easy": "Easy",
    "level.normal": "Normal",
    "level.medium": "Normal",
    "level.hard": "Hard",
    "level.expert": "Expert",
    "level.first": "Basic",
    "set.title": "Settings",
    "set.language": "Language",
    "set.lang.es": "Español",
    "set.lang.en": "English",
    "set.sound": "Sound",
    "set.speed": "Animation speed",
    "set.speed.slow": "Slow",
    "set.speed.normal": "Normal",
    "set.speed.fast": "Fast",
    "set.speed.instant": "Instant",
    "set.help": "Arrows up/down: choose · left/right or click: change · Esc: back",
    "stats.title": "Statistics",
    "stats.matches": "Matches played",
    "stats.match_wins": "Matches won",
    "stats.hands": "Hands played",
    "stats.hand_wins": "Hands won",
    "stats.hand_losses": "Hands lost",
    "stats.voids": "Void hands",
    "stats.best": "Best hand (points)",
    "stats.swaps": "Swaps made",
    "stats.reset": "Reset statistics",
    "stats.empty": "No finished games yet.",
    "rules.title": "Rules of brisca",
    "rules.body": (
        "Spanish deck of 40 cards. Points: ace 11, three 10, king 4, knight 3, jack 2; the rest 0. "
        "There are 120 points in all; more than 60 wins the hand. 60–60 voids it.\n"
        "Everyone gets three cards and the muestra is turned and laid crosswise under the stock: "
        "its suit is the trump suit (triunfo) for the whole hand.\n"
        "There is no need to follow suit or to beat. The highest trump wins; with no trump, the highest card "
        "of the suit led. Order: ace, three, king, knight, jack, 7, 6, 5, 4, 2.\n"
        "The winner of a trick draws first and leads the next. When the stock is gone, the hands are played out.\n"
        "Cambio del siete: the holder of the 7 of trumps may swap it for the muestra (after winning a trick, "
        "or at any own turn, by option) while the stock holds more than the muestra.\n"
        "With three players the 2 of coins is removed. With four you play in pairs (you and the player opposite), "
        "and partners may signal: ace, twist the mouth; three, tip of the tongue; king, raise the eyebrows. "
        "Opponents may catch them.\n"
        "Fair play: the computer plays only from what a player in its seat could know. It never sees your cards or the stock."
    ),
    "rules.keys": "Keys: 1–3 play a card · S swap · L last trick · H hint · A/T/R señas · P points · Esc menu",
    "seat.0": "You",
    "seat.1": "Lola",
    "seat.2": "Paco",
    "seat.3": "Rosa",
    "side.0": "You",
    "side.1": "Them",
    "side.0.pairs": "Your pair",
    "side.1.pairs": "Opponents",
    "suit.O": "coins",
    "suit.C": "cups",
    "suit.E": "swords",
    "suit.B": "clubs",
    "rank.1": "ace",
    "rank.2": "two",
    "rank.3": "three",
    "rank.4": "four",
    "rank.5": "five",
    "rank.6": "six",
    "rank.7": "seven",
    "rank.10": "jack",
    "rank.11": "knight",
    "rank.12": "king",
    "card.name": "{rank} of {suit}",
    "deal.shuffling": "Shuffling…",
    "deal.dealing": "{dealer} deals",
    "deal.skip": "Enter/click: skip",
    "play.trump": "Trumps",
    "play.stock": "Stock: {n}",
    "play.your_turn": "Your turn: play a card",
    "play.your_turn_swap": "Your turn: you may swap the {card} for the muestra (S)",
    "play.their_turn": "{name} to play…",
    "play.won_trick": "{name} wins the trick: +{points}",
    "play.won_trick_zero": "{name} wins the trick (no points)",
    "play.swapped": "{name} swaps the {gave} for the {took}",
    "play.last_trick": "Last trick",
    "play.last_trick_none": "No trick played yet",
    "play.last_trick_won": "{name} won it (+{points})",
    "play.hint": "Hint",
    "play.hint_play": "Hint: play the {card}",
    "play.hint_swap": "Hint: swap the seven for the muestra",
    "play.swap": "Swap",
    "play.menu": "Menu",
    "play.points": "Points",
    "play.points_hidden": "Points hidden (P)",
    "play.level": "Computer: {level}",
    "play.match": "Hands: {a} – {b}",
    "play.match3": "Hands: {a} – {b} – {c}",
    "play.keys": "1–3 play · S swap · L last trick · H hint · Esc menu",
    "play.keys_senas": "1–3 play · S swap · L last trick · H hint · A/T/R signals · Esc menu",
    "play.illegal_swap": "You cannot swap now",
    "play.cards_left": "{n} cards",
    "play.saved": "Game saved",
    "play.save_failed": "Could not save the game",
    "sena.give": "Signal",
    "sena.1": "Ace",
    "sena.3": "Three",
    "sena.12": "King",
    "sena.seen": "{name}: signals the {rank}",
    "sena.you": "You signal the {rank}",
    "sena.caught": "{name} caught the signal!",
    "sena.caught_you": "You caught a signal from {name}: {rank}",
    "score.title": "Count",
    "score.win": "You win the hand!",
    "score.win_pairs": "Your pair wins the hand!",
    "score.loss": "You lose the hand",
    "score.loss_pairs": "Your pair loses the hand",
    "score.loss_to": "{name} wins",
    "score.void": "Void hand: 60–60",
    "score.void_tie": "Void hand: tie at the top",
    "score.match": "Match: {a} – {b}",
    "score.match_so_far": "Hands won",
    "score.match_won": "You win the match!",
    "score.match_lost": "You lose the match",
    "score.next": "Next hand",
    "score.rematch": "Rematch",
    "score.menu": "Menu",
    "score.cards": "{n} cards",
    "score.void_replayed": "The void hand is played again",
}

CATALOGUES: dict[str, dict[str, str]] = {"es": ES, "en": EN}
LANGUAGES = ("es", "en")


class Words:
    """Looks words up in the current language; a missing key shows the key (and a test fails)."""

    def __init__(self, lang: str = "es") -> None:
        self.lang = lang if lang in CATALOGUES else "es"

    def t(self, key: str, **fmt: object) -> str:
        text = CATALOGUES[self.lang].get(key)
        if text is None:
            text = ES.get(key, key)
        if fmt:
            try:
                return text.format(**fmt)
            except (KeyError, IndexError, ValueError):
                return text
        return text

    def has(self, key: str) -> bool:
        return key in CATALOGUES[self.lang]

    def card(self, card: Card) -> str:
        return self.t("card.name", rank=self.t(f"rank.{card.rank}"), suit=self.t(f"suit.{card.suit}"))

    def level(self, level: object) -> str:
        key = f"level.{level}"
        if self.has(key):
            return self.t(key)
        return self.t("level.unknown", n=level)
