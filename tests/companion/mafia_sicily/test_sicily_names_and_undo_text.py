"""Player names in the config and the undo sentence (``describe(action, state)``) for the screens."""

from __future__ import annotations

import pytest

from companion.engine import TABLE
from companion.errors import ConfigError
from companion.games.mafia_sicily.engine import ENGINE, CardDrawn, ChooseHome, DiceRolled, LoseCard
from companion.session import Session
from companion.store import Store

NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena"]


def test_names_by_seat_are_kept_and_shown_in_the_table_view():
    s = ENGINE.new({"players": 5, "names": NAMES}, 1)
    assert s.names == tuple(NAMES)
    assert ENGINE.view(s, TABLE).names == tuple(NAMES)
    assert ENGINE.seat_name(s, 0) == "Anna"


def test_without_names_a_seat_is_called_by_what_it_plays():
    s = ENGINE.new({"players": 5}, 1)
    assert ENGINE.seat_name(s, 0) == "the State"
    assert ENGINE.seat_name(s, 1) == "the Red (rosso) Family"


@pytest.mark.parametrize("names, words", [(["Anna"], "one name for each of the 5 players"),
                                          (["Anna", "anna", "C", "D", "E"], "same name"),
                                          (["Anna", "", "C", "D", "E"], "one name for each")])
def test_names_must_be_one_different_name_per_seat(names, words):
    with pytest.raises(ConfigError) as err:
        ENGINE.new({"players": 5, "names": names}, 1)
    assert words in str(err.value)


def test_describe_with_the_state_names_who_acted():
    s = ENGINE.new({"players": 5, "names": NAMES, "age_order": ["black", "red", "orange", "green"]}, 1)
    text = ENGINE.describe(ChooseHome("enna"), s)
    assert text == "Choose Enna as home city (Carla, the Black (nero) Family)"
    plain = ENGINE.new({"players": 5, "age_order": ["black", "red", "orange", "green"]}, 1)
    assert ENGINE.describe(ChooseHome("enna"), plain) == "Choose Enna as home city (The Black (nero) Family)"
    assert ENGINE.describe(ChooseHome("enna")) == "Choose Enna as home city"


def test_undo_of_a_card_draw_or_a_lost_card_never_names_the_card():
    s = ENGINE.new({"players": 5}, 1)
    assert "Wiretap" not in ENGINE.describe(CardDrawn("roma", "wiretap"), s)
    assert "Wiretap" not in ENGINE.describe(LoseCard("wiretap"), s)
    assert "Wiretap" in ENGINE.describe(CardDrawn("roma", "wiretap"))  # button text for the card's owner


def test_session_undo_says_what_was_taken_back_with_the_players_name(tmp_path):
    store = Store.open(tmp_path / "t.db")
    try:
        session = Session.start(store, "mafia-sicily", {"players": 5, "names": NAMES}, seed=3)
        for fam in ("red", "black", "orange", "green"):
            session.act(ENGINE.legal_actions(session.state)[0])
        session.draw("roll2d6")
        events = []
        session.subscribe(lambda _s, ev: events.extend(ev))
        session.undo()
        assert events[0].kind == "undone"
        assert events[0].text.startswith("Undone: Rolled ")
        assert "(Bruno, the Red (rosso) Family)" in events[0].text
        assert isinstance(session.actions[-1], ChooseHome)
        assert DiceRolled  # the roll is gone; the game waits for it again
        assert session.chance_requests() == ["roll2d6"]
    finally:
        store.close()
