"""What the words mean, where two texts could say the wrong thing and every completeness test still
pass (the language review r42: the team read as the partner, the counting aid titled like the
scoring, a caught seña with no one doing the catching, an English game term under two names)."""

from __future__ import annotations

import re

import pytest

from game.ui.i18n import Words, catalogue, languages

LANGS = list(languages())


@pytest.mark.parametrize("lang", LANGS)
def test_your_side_in_pairs_is_not_named_as_your_partner(lang):
    """In pairs the points panel, the scoring and the match end label your team "side.0.pairs";
    the partner's seat says "play.partner_level" ("Pareja: Normal"). The team's label must not use
    the partner's word: "Tu pareja 25 … Perdéis la mano" read as the partner's 25 alone."""
    words = Words(lang)
    partner = words.t("play.partner_level", level="").strip(" :").lower()
    team = words.t("side.0.pairs").lower()
    assert partner and partner not in team
    assert not [word for word in PARTNER_WORDS[lang] if word in team], team   # nor another word for one


#: Other words for the partner alone ("Tu compañero" read as the partner as "Tu pareja" did).
PARTNER_WORDS = {"es": ("compañer",), "en": ("mate",), "ca": ("company",)}


@pytest.mark.parametrize("lang", LANGS)
def test_the_counting_aid_is_not_titled_like_the_scoring_screen(lang):
    """The counting aid lists the cards out during the hand; titled like the end-of-hand screen
    ("Recompte" for both, in Catalan) it reads as if the hand were being scored."""
    words = Words(lang)
    count, score = words.t("count.title").lower(), words.t("score.title").lower()
    assert score not in count and count not in score, (count, score)   # ("Recompte de cartes" too)


#: How each language says "you have caught / you caught": the catcher is the player, the subject.
YOU_CAUGHT = {"es": "Has pillado", "en": "You caught", "ca": "Has enxampat"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", ["sena.caught_you", "sena.caught_you_many"])
def test_catching_an_opponents_sena_says_that_you_caught_them(lang, key):
    """"Senya enxampada (Anna): As" had no subject: it read as Anna catching yours (``sena.caught``,
    the opposite event). The sentence says that you caught, and names the one caught outside brackets."""
    text = Words(lang).t(key, name="Anna", rank="As")
    assert text.startswith(YOU_CAUGHT[lang]), text
    assert "Anna" in text and "(Anna)" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_short_form_of_catching_a_sena_names_the_one_caught_outside_brackets(lang):
    """Where the sentence does not fit (``sena.caught_you_short``, a small phone) the short form too
    names the one caught as the one the seña was caught from, not in brackets ("Senya enxampada
    (Anna)" read as Anna catching yours)."""
    text = Words(lang).t("sena.caught_you_short", name="Anna", rank="As")
    assert "Anna" in text and "(Anna)" not in text, text


def test_english_keeps_one_word_for_each_game_term_and_the_spanish_one_only_in_brackets():
    """English says swap and signal(s) on every screen; "cambio" and "señas" appear only as the
    Spanish name given once in brackets ("Swap of the seven (cambio)"), never as the word used."""
    words = catalogue("en")
    for term in ("cambio", "seña"):
        bare = [k for k, v in words.items() if term in re.sub(r"\([^)]*\)", "", v).lower()]
        assert not bare, (term, bare)
        assert any(term in v.lower() for v in words.values()), term   # introduced somewhere
    assert "(cambio)" in words["opt.swap_seven"] and "señas" in words["opt.senas"]
    assert "(cambio)" in words["rules.swap.after_win"] and "(cambio)" in words["rules.swap.own_turn"]
    assert "(señas)" in words["rules.pairs.senas"] and "(señas)" in words["rules.pairs.senas_unseen"]
