"""The Contract screens' Kivy-free helpers: buttons from TurnOptions, drafts into actions, the
last count, Copper's choice and the briefcases from the engine's view, the score table in words."""

from __future__ import annotations

from companion.engine import TABLE
from companion.games.contract.engine import (ENGINE, HireVicelard, Influence, MafiosoTurnedUp, Pass, PayCopper,
                                             Reinforce, TraffickingDealt)
from ui.games.contract import logic

E = ENGINE
CONFIG = {"players": 2, "names": ["Anna", "Bruno"], "first_player": 0}


def opened_game():
    """A 2-player game after the layout (face up: Yakaz 4 in 2, Costa 5 in 4)."""
    actions = [TraffickingDealt((6, 7, 8, 9), (2, 3, 4, 5), by_hand=True),
               MafiosoTurnedUp(1, "yakaz-4", by_hand=True), MafiosoTurnedUp(3, "costa-5", by_hand=True)]
    state = E.new(CONFIG, 1)
    for a in actions:
        state, _ = E.apply(state, a)
    return state, actions


def test_first_player_of_the_round_gets_only_the_influence_button():
    state, _ = opened_game()
    enabled = logic.enabled_actions(E.view(state, TABLE).turn)
    assert enabled == {"influence": True, "reinforce": False, "copper": False, "vicelard": False, "pass": False}


def test_every_button_is_enabled_once_the_round_is_opened():
    state, _ = opened_game()
    state, _ = E.apply(state, Influence(0, 1, 1, ("contract:yakaz",)))
    enabled = logic.enabled_actions(E.view(state, TABLE).turn)
    assert enabled == {"influence": True, "reinforce": False, "copper": True, "vicelard": True, "pass": True}


def test_no_buttons_without_a_turn():
    assert not any(logic.enabled_actions(None).values())


def test_an_influence_draft_starts_with_one_token_and_becomes_the_engine_action():
    state, _ = opened_game()
    options = E.view(state, TABLE).turn
    draft = logic.Draft("influence").aim(1, options).add("contract:yakaz").add("dollar")
    assert draft.composing and draft.tokens == 1
    assert draft.play(0) == Influence(0, 1, 1, ("contract:yakaz", "dollar"))
    assert logic.draft_summary(draft, E) == "1 token + Yakaz contract + 1 $ = 4 pt"
    assert draft.drop_last().cards == ("contract:yakaz",)
    assert draft.with_tokens(9, options.tokens_left).tokens == 3
    assert draft.with_tokens(-1, 3).tokens == 0


def test_a_reinforce_draft_starts_without_tokens():
    state, _ = opened_game()
    state, _ = E.apply(state, Influence(0, 1, 1, ("dollar",)))
    state, _ = E.apply(state, Pass(1))
    options = E.view(state, TABLE).turn
    assert logic.targets(options, "reinforce") == (1,)
    draft = logic.Draft("reinforce").aim(1, options).add("back")
    assert draft.play(0) == Reinforce(0, 1, 0, ("back",))


def test_vicelard_onto_copper_asks_where_copper_goes_then_pays():
    state, _ = opened_game()
    state, _ = E.apply(state, Influence(0, 1, 1, ("dollar",)))
    options = E.view(state, TABLE).turn
    draft = logic.Draft("vicelard").aim(options.copper_chased_from, options)
    assert draft.chasing and not draft.paying
    assert logic.chase_targets(4, draft.position) == (1, 2, 3)
    draft = draft.chase(2)
    assert draft.paying
    assert draft.pay(1, ("dollar",)) == HireVicelard(1, 0, ("dollar",), 2)
    E.check(state, draft.pay(1, ("dollar",)))  # the engine accepts it


def test_copper_payments_offer_half_or_one_dollar():
    assert [p for _, p in logic.payments("copper")] == [("half_dollar",), ("dollar",)]
    assert [p for _, p in logic.payments("vicelard")] == [("dollar",), ("half_dollar", "half_dollar")]
    draft = logic.Draft("copper", position=2)
    assert draft.pay(0, ("half_dollar",)) == PayCopper(0, 2, ("half_dollar",))


def test_card_buttons_say_the_card_and_its_points():
    assert logic.kind_button("contract:yakaz", E) == "Contract\n+2"
    assert logic.kind_button("dollar", E, chosen=2) == "1 $ ×2\n+1"
    assert logic.kind_button("back", E) == "Face down\n+½"
    assert logic.kind_button("vicelard_dollar", E) == "Vicelard\n1 $ side +1"


def test_seats_follow_the_order_of_the_taps_up_to_five():
    seats = ()
    for name in ("Carla", "Anna", "Bruno"):
        seats = logic.toggle_seat(seats, name)
    assert seats == ("Carla", "Anna", "Bruno")
    assert logic.toggle_seat(seats, "Anna") == ("Carla", "Bruno")
    full = ("A", "B", "C", "D", "E")
    assert logic.toggle_seat(full, "F") == full
    assert logic.start_problem(("Anna",)).startswith("Tap at least 2 names")
    assert logic.start_problem(("Anna", "Bruno")) == ""


def played(actions):
    state = E.new(CONFIG, 1)
    for a in actions:
        state, _ = E.apply(state, a)
    return state


def test_the_last_count_stays_in_the_view_after_the_next_round_began():
    state, actions = opened_game()
    actions = actions + [Influence(0, 1, 1, ("contract:yakaz",)), Influence(1, 3, 1, ("dollar",)), Pass(0), Pass(1)]
    record = E.view(played(actions), TABLE).last_count
    assert record.round == 1 and record.complete
    assert [i.verdict for i in record.items] == ["Nobody: out", "Anna wins", "Nobody: out", "Bruno wins"]
    assert record.items[1].totals == (("Anna", "3"),)
    assert record.items[1].label == "Yakaz 4" and record.items[1].colour == "yellow"
    assert any("Vicelard card" in n for n in record.notes)
    final = played(actions)
    assert final.round == 2 and E.view(final, TABLE).count == ()  # the round's own count lines are cleared


def test_a_count_waiting_for_a_face_down_mafioso_says_so():
    state, actions = opened_game()
    actions = actions + [Influence(0, 0, 1, ("back",)), Pass(1), Pass(0)]
    view = E.view(played(actions), TABLE)
    record = view.last_count
    assert view.turn_up == 0 and not record.complete and record.items == ()
    assert record.waiting == "Position 1: Anna 1½. Anna wins it: turn the Mafioso over."


def test_undo_words_name_the_player_and_the_mafioso(tmp_path):
    """The base asks "Take back: <the session's last action in words>?" (ui/game_screen.py)."""
    from companion.session import Session
    from companion.store import Store

    store = Store.open(tmp_path / "t.db")
    try:
        _, actions = opened_game()
        session = Session.start(store, "contract", CONFIG, seed=1)
        for a in actions + [Influence(0, 1, 1, ("contract:yakaz",))]:
            session.act(a)
        assert session.last_action_words == "Anna influences the Yakaz 4 with 1 token and a Yakaz contract"
    finally:
        store.close()


def test_briefcases_open_won_and_end_game_leaders():
    state, _ = opened_game()
    rows = [(r.title, r.value, r.status) for r in E.view(state, TABLE).briefcase_rows]
    assert rows[0] == ("First to have 4 cards of different families", 3, "Open")
    assert ("Most Mafiosi cards", 4, "Nobody") in rows


def test_colours_of_families_and_card_backs():
    assert logic.family_colours("yellow") == ("#D9A520", "#17130C")
    assert logic.family_colours("yellow", face_down=True) == logic.FACE_DOWN_HEX
    assert logic.family_colours(None) == logic.FACE_DOWN_HEX


# -- passes in a row; Vote(seat) / a player's tag during Copper's choice ---------------------------
def test_passes_in_a_row_are_shown_against_the_number_of_players():
    assert logic.passes_text(0, 3) == "Passes 0/3\nin a row"
    assert logic.passes_text(2, 3) == "Passes 2/3\nin a row"


def copper_choice_state():
    """A state waiting for Copper's choice with a player who has a card to discard (random playouts)."""
    from companion.simulate import playout

    for seed in range(200):
        for state in playout(E, seed, players=3, keep_states=True).states:
            if state.pending and state.pending[0].what == "copper":
                return state
    raise AssertionError("no playout reached Copper's choice")


def test_vote_for_a_player_with_one_card_gives_that_copper_discard_else_a_sentence():
    state = copper_choice_state()
    p = state.pending[0]
    targets = E.copper_targets(state, p.seat, p.card)
    view, legal = E.view(state, TABLE), E.legal_actions(state)
    assert view.choice == p
    for victim in range(state.players):
        action, why = logic.discard_pick(E, view, legal, victim)
        cards = [c for v, c in targets if v == victim]
        name = state.names[victim]
        if victim == p.seat:
            assert action is None and why.startswith(f"{name} won Copper's Mafioso: choose another player")
        elif not cards:
            assert action is None and why.startswith(f"{name} has no ") and why.endswith(" Mafioso to discard.")
        elif len(cards) > 1:
            assert action is None and why.endswith(f"Mafiosi: tap the one {name} discards.")
        else:
            assert why == "" and action.victim == victim and action.card == cards[0]
            E.check(state, action)  # legal as it stands


def test_vote_outside_coppers_choice_picks_nothing():
    state, _ = opened_game()
    assert logic.discard_pick(E, E.view(state, TABLE), E.legal_actions(state), 1) == (None, "")


def test_a_card_tag_or_an_unknown_tag_is_no_player():
    class FakeStore:
        def tag(self, uid):
            from companion.store import TagBinding
            return {"1": TagBinding("1", "player", "Carla", "now"), "2": TagBinding("2", "card", "x", "now")}.get(uid)

    assert logic.tagged_player(FakeStore(), "1") == "Carla"
    assert logic.tagged_player(FakeStore(), "2") is None and logic.tagged_player(FakeStore(), "3") is None


def test_round_one_names_the_last_player_as_the_vicelard_card_holder():
    """"Only at the start of the game: the last player (to the right of the 1st player) takes the
    Vicelard card" (issue 26: the round screen never said who)."""
    state, _ = opened_game()
    assert logic.special_card_holders(E.view(state, TABLE)) == "Bruno holds the Vicelard card."


def test_nobody_holding_a_special_card_says_nothing():
    state, _ = opened_game()
    state, _ = E.apply(state, Influence(0, 1, 1, ("contract:yakaz",)))
    assert "Vicelard" in logic.special_card_holders(E.view(state, TABLE))
    from dataclasses import replace

    assert logic.special_card_holders(E.view(replace(state, vicelard_card=None), TABLE)) == ""


def test_the_counts_choices_are_buttons_in_words():
    """Copper's choice: one button per card another player may be made to discard, and the Copper
    card (moved from the id-driver's 3-player game); a Blackmat's column: one per family column."""
    state = copper_choice_state()
    view = E.view(state, TABLE)
    buttons = [logic.choice_button(a, view, E) for a in E.legal_actions(state)]
    assert buttons[-1] == ("copper_card", "Take the\nCopper card")
    for (key, text), (victim, card) in zip(buttons, E.copper_targets(state, state.pending[0].seat, state.pending[0].card)):
        assert key == f"discard:{victim}:{card}"
        assert text == f"{logic.short_name(state.names[victim], 10)} discards\nthe {E.label(card)}"
    from companion.games.contract.engine import PlaceBlackmat

    assert logic.choice_button(PlaceBlackmat(0, "blackmat-1", "brakova"), view, E) == ("blackmat:brakova",
                                                                                        "With the Brakova")


def test_a_mafioso_that_is_no_target_is_refused_in_the_rules_words_without_a_change(tmp_path):
    """The round screen asks the session (``Session.check``) about the smallest action aimed at a
    tapped Mafioso that is not a target: the sentence shown is the engine's, nothing is stored."""
    import pytest

    from companion.errors import IllegalAction
    from companion.session import Session
    from companion.store import Store

    store = Store.open(tmp_path / "t.db")
    try:
        session = Session.start(store, "contract", CONFIG, seed=1)
        _, actions = opened_game()
        for a in actions + [Influence(0, 1, 1, ("contract:yakaz",))]:
            session.act(a)
        options = E.view(session.state, TABLE).turn
        assert 0 not in options.pay_copper  # Copper stands on the leftmost Mafioso
        count = session.action_count
        with pytest.raises(IllegalAction) as refused:
            session.check(logic.probe("copper", options.seat, 0))
        assert "Copper" in str(refused.value) and str(refused.value).endswith(".")
        assert session.action_count == count
    finally:
        store.close()
