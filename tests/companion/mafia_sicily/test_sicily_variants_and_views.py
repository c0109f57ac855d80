"""Player-count variants (F, G), views and secrets, chance, and whole simulated games."""

import json
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine import REVEAL, TABLE, Seat, to_jsonable
from companion.errors import IllegalAction
from companion.games.mafia_sicily.engine import (CALENDAR, COUNTERS, SEATS, CardDrawn, DiceRolled, Detain, Move,
                                                 SicilyState, kind_of)
from companion.simulate import playout
from sicily_scenario import E, FREE, arrive, edit, play, refused, started, texts, turn_of, where

# -- four players (G) ---------------------------------------------------------------------------


def test_four_players_have_no_state_turns():
    pos = {c: "off" for c in COUNTERS}
    pos.update({"picc_red_1": "station", "picc_black_1": "station", "picc_orange_1": "station",
                "picc_green_1": "station"})
    s, _ = turn_of(started(4), "red", pos=pos)
    order = []
    for _ in range(5):
        order.append(CALENDAR[s.turn])
        s, _ = play(s, 1)
    assert order == ["red", "black", "orange", "green", "red"]


def test_four_players_leave_the_sisde_counter_unused():
    s = E.new({"players": 4}, 0)
    assert dict(s.pos)["sisde"] == "off"


def test_four_players_then_move_a_state_counter_with_one_of_the_two_dice():
    s, _ = turn_of(started(4, engine=E), "red", engine=E, pos={"picc_red_1": "off", "picc_red_2": "off"})
    s, _ = play(s, (2, 5), engine=E)
    s, _ = E.apply(s, Move("boss_red", "messina", "sum"))
    assert s.prompt == ("move", "state")
    legal = E.legal_actions(s)
    assert {a.die for a in legal} == {"first", "second"}
    assert Move("cc1", "cefalu", "second") not in legal and Move("cc1", "termini", "first") not in legal
    # cc1 sits on Bagheria: 2 reaches Cefalu, 5 reaches Patti
    assert Move("cc1", "cefalu", "first") in legal and Move("cc1", "patti", "second") in legal
    refused(s, Move("boss_red", "gela", "first"), "does not belong", engine=E)


def test_four_players_a_state_counter_that_acts_draws_a_roma_card_returned_at_turn_end():
    s, _ = turn_of(started(4), "red", pos={"picc_red_1": "off", "picc_red_2": "off", "picc_black_1": "cefalu"})
    s, _ = play(s, (2, 5))
    s, _ = FREE.apply(s, Move("boss_red", "taormina", "sum"))
    s, _ = FREE.apply(s, Move("cc1", "cefalu", "first"))
    while s.prompt[0] == "roll":  # the restaurant attack in Taormina
        s, _ = play(s, 6)
    assert s.prompt[:3] == ("draw", "roma", "state")
    s, ev = FREE.apply(s, CardDrawn("roma", "wiretap"))
    assert FREE.seat_of(s, "state") == 0  # the red player runs the State counter this turn
    assert [e for e in ev if e.audience == Seat(0) and "Wiretap" in e.text]
    s, _ = FREE.apply(s, FREE.legal_actions(s)[-1])  # Done
    assert dict(s.hands)["state"] == () and "wiretap" in dict(s.decks)["roma"]
    assert CALENDAR[s.turn] == "black"


def test_four_players_prefetto_detention_becomes_arrest_on_a_matching_sisde_card():
    s, _ = turn_of(started(4), "red", pos={"picc_red_1": "off", "picc_red_2": "off", "boss_black": "cefalu"})
    s, _ = play(s, (2, 5))
    s, _ = FREE.apply(s, Move("boss_red", "gela", "sum"))
    s, _ = FREE.apply(s, Move("prefetto", "cefalu", "first"))
    s, _ = FREE.apply(s, CardDrawn("roma", "government_falls"))
    s, _ = FREE.apply(s, Detain("boss_black"))
    assert s.prompt[:2] == ("draw", "sisde")
    s, ev = FREE.apply(s, CardDrawn("sisde", "clue_black_2"))
    assert where(s, "boss_black") == "prison" and "matches" in texts(ev)
    assert "clue_black_2" in dict(s.decks)["sisde"]  # shuffled back at the end of the turn


def test_four_players_prefetto_detention_stays_a_detention_on_another_colour():
    s, _ = turn_of(started(4), "red", pos={"picc_red_1": "off", "picc_red_2": "off", "boss_black": "cefalu"})
    s, _ = play(s, (2, 5))
    s, _ = FREE.apply(s, Move("boss_red", "gela", "sum"))
    s, _ = FREE.apply(s, Move("prefetto", "cefalu", "first"))
    s, _ = FREE.apply(s, CardDrawn("roma", "government_falls"))
    s, _ = FREE.apply(s, Detain("boss_black"))
    s, _ = FREE.apply(s, CardDrawn("sisde", "clue_red_1"))
    assert where(s, "boss_black") == "station"


def test_four_players_prefetto_already_there_detains_an_arriving_boss_by_himself():
    s, _ = turn_of(started(4), "black", pos={"prefetto": "cefalu", "picc_black_1": "off", "picc_black_2": "off"})
    s, _ = play(s, (1, 1))
    s, _ = FREE.apply(s, Move("boss_black", "cefalu", "sum"))
    s, _ = FREE.apply(s, Move("cc2", "augusta", "first"))
    assert s.prompt[:2] == ("draw", "sisde")


def test_four_players_four_remediation_points_is_a_loss_for_everyone():
    s, _ = turn_of(started(4), "green", pos={"boss_red": "prison", "boss_black": "prison"})
    assert s.winners == () and "loss for everyone" in s.reason


def test_four_players_family_still_wins_with_four_spaces():
    s, _ = turn_of(started(4), "green", control={sp: ("green", 1) for sp in ("cefalu", "patti", "noto", "gela")})
    assert s.winners == (3,)


# -- three players (F) --------------------------------------------------------------------------


def test_three_players_one_player_takes_red_and_orange_the_other_black_and_green():
    s = started(3)
    assert FREE.seat_of(s, "red") == FREE.seat_of(s, "orange") == 1
    assert FREE.seat_of(s, "black") == FREE.seat_of(s, "green") == 2
    assert FREE.factions_of_seat(s, 1) == ("red", "orange")


def test_three_players_each_family_keeps_its_own_cards_and_its_own_control():
    s = edit(started(3), hands={"red": ["mole"], "orange": ["wife"]}, control={"cefalu": ("red", 1)})
    view = FREE.view(s, Seat(1))
    assert dict((f, tuple(c.id for c in cards)) for f, cards in view.hands) == {"red": ("mole",), "orange": ("wife",)}
    s, ev = arrive(s, "boss_orange", "cefalu", pos={"cc1": "off"})
    assert s.control == (("cefalu", "orange", 1),)  # orange replaces red as if they were different players


def test_three_players_a_family_needs_five_spaces():
    four = {sp: ("red", 1) for sp in ("cefalu", "patti", "noto", "gela")}
    s, _ = turn_of(started(3), "red", control=four)
    assert s.winners is None
    s, _ = turn_of(started(3), "red", control={**four, "ragusa": ("red", 1)})
    assert s.winners == (1,) and "5 spaces" in s.reason


# -- views, secrets and chance ----------------------------------------------------------------


def test_table_view_shows_how_many_cards_not_which():
    s = edit(started(), hands={"state": ["wiretap", "clue_red_1"], "black": ["mole"]})
    table = FREE.view(s, TABLE)
    assert dict(table.hand_sizes) == {"state": 2, "red": 0, "black": 1, "orange": 0, "green": 0}
    assert dict(table.deck_sizes) == {"roma": 7, "usa": 7, "sisde": 7}
    blob = json.dumps(to_jsonable(table))
    assert "wiretap" not in blob and "mole" not in blob and "clue_red_1" not in blob


def test_seat_view_shows_only_that_players_own_cards():
    s = edit(started(), hands={"state": ["wiretap"], "black": ["mole"]})
    black = FREE.view(s, Seat(2))
    assert black.factions == ("black",) and [c.name for _, cards in black.hands for c in cards] == ["Mole in Prefecture"]
    assert "wiretap" not in json.dumps(to_jsonable(black))


def test_reveal_view_shows_every_hand_and_deck():
    s = edit(started(), hands={"state": ["wiretap"]})
    assert dict(FREE.view(s, REVEAL).hands)["state"] == ("wiretap",)


def test_dice_are_requested_by_the_table_and_never_drawn_unasked():
    s = started()
    assert E.chance_requests(s) == ["roll2d6"]
    assert E.chance(s, random.Random(1), None) is None
    a = E.chance(s, random.Random(1), "roll2d6")
    assert isinstance(a, DiceRolled) and len(a.dice) == 2
    with pytest.raises(IllegalAction, match="not what the table needs"):
        E.chance(s, random.Random(1), "roll1d6")


def test_wrong_dice_are_refused_in_words():
    s = started()
    refused(s, DiceRolled((3,)), "Roll 2 dice")
    refused(s, DiceRolled((3, 9)), "1 to 6")


def test_card_draws_are_the_games_own_chance_and_can_be_entered_by_hand():
    s, _ = arrive(started(), "boss_black", "termini", pos={"cc1": "off"})
    a = FREE.chance(s, random.Random(3), None)
    assert isinstance(a, CardDrawn) and a.deck == "usa"
    s2, _ = FREE.apply(s, CardDrawn("usa", "mole"))
    assert dict(s2.hands)["black"] == ("mole",)
    refused(s, CardDrawn("roma", "wiretap"), "not in the roma deck")


def test_awaiting_text_names_what_the_table_waits_for():
    s = started()
    assert FREE.view(s, TABLE).awaiting == "Roll for movement (two dice)."
    assert FREE.view(s, TABLE).acting_seat == 1


def test_actions_after_the_end_are_refused():
    s, _ = turn_of(started(), "state", pos={"boss_red": "prison", "boss_black": "prison"})
    refused(s, DiceRolled((1, 2)), "game is over")


# -- whole games ------------------------------------------------------------------------------


def _consistent(engine, result):
    s: SicilyState = result.final
    out = result.outcome
    assert out is not None
    halves = engine._remediation_halves(s)
    faction = CALENDAR[s.turn]
    if s.players == 2 and faction == "state":  # H10: checked at the end of a State turn, per player
        pairs = {seat: E._remediation_halves(s, [f for f in ("red", "green", "black", "orange")
                                                 if SEATS[2][f] == seat]) for seat in (0, 1)}
        losers = tuple(seat for seat in (0, 1) if pairs[seat] >= 8)
        assert losers and out.winners == (tuple(1 - x for x in losers) if len(losers) == 1 else ())
    elif s.players == 4 and out.winners == ():
        assert halves >= 8
    elif faction == "state":
        assert out.winners == (engine.seat_of(s, "state"),) and halves >= 8
    else:
        assert out.winners == (engine.seat_of(s, faction),)
        assert engine._controlled(s, faction) >= engine._spaces_to_win(s)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 4, 5]))
def test_simulated_games_end_with_a_winner_consistent_with_the_victory_rules(seed, players):
    result = playout(E, seed, players)
    _consistent(E, result)


def test_simulated_games_without_routes_end_too():
    for players in (2, 3, 4, 5):
        _consistent(FREE, playout(FREE, 5, players))


def test_no_counter_is_ever_lost_and_boxes_hold_only_counters_that_left_the_board():
    result = playout(E, 11, 5, keep_states=True)
    places = set(E.space_ids) | {"station", "prison", "continent", "off"}
    for s in result.states:
        assert set(dict(s.pos).values()) <= places
        for sp, fam, n in s.control:
            assert E.space_type[sp] != "city" and n >= 1
        for fam in ("red", "black", "orange", "green"):
            assert sum(n for _, f, n in s.control if f == fam) <= 8
        assert sum(len(h) for _, h in s.hands) + sum(len(d) for _, d in s.decks) == 24


# -- words ------------------------------------------------------------------------------------


def test_buttons_use_the_boards_names():
    from companion.games.mafia_sicily.engine import PlayCard
    assert E.describe(Move("boss_red", "cefalu", "sum", "")) == "Move the Red (rosso) Boss to Cefalù (both dice)"
    assert E.describe(PlayCard("antimafia_operation", "noto")) == "Play Anti-Mafia Operation on Noto"


def test_check_moves_false_trusts_the_players_on_a_board_with_routes():
    s = started(engine=E, check_moves=False)
    s, _ = play(s, (1, 1), engine=E)
    s, _ = E.apply(s, Move("boss_red", "marsala", "sum"))
    assert where(s, "boss_red") == "marsala"


@pytest.mark.parametrize("action", [
    Move("boss_red", "cefalu", "sum"),
    Move("boss_red", "cefalu", "third"),
    CardDrawn("usa", "mole"),
    Detain("boss_black"),
    DiceRolled((7,)),
])
def test_refused_actions_are_sentences_and_leave_the_state_alone(action):
    from companion.games.mafia_sicily.engine import ChooseHome, Done, PlayCard, Shootout, TryControl
    s = E.new({"players": 5}, 0)  # waiting for the red Family's home city
    msg = refused(s, action, engine=E)
    assert msg.endswith(".") and "Traceback" not in msg and "(" not in msg.split(".")[0][:3]
    s = started(engine=E)
    for bad in (action, TryControl(), Shootout("red"), PlayCard("mole"), Done(), ChooseHome("enna")):
        msg = refused(s, bad, engine=E)
        assert msg[0].isupper() and msg.rstrip().endswith((".", "?")), msg


def test_four_players_antimafia_commission_on_the_prefetto_blocks_the_next_state_move():
    s, _ = turn_of(started(4), "black", blocked=("state",))
    s, _ = play(s, (1, 2))
    s, _ = FREE.apply(s, Move("boss_black", "cefalu", "sum"))
    assert s.prompt is None or s.prompt[0] != "move"
    assert "state" not in s.blocked


def test_companion_simulate_runs_mafia_sicily(capsys):
    from companion.cli import main
    assert main(["simulate", "mafia-sicily", "--games", "3", "--players", "2"]) == 0
    assert '"finished": 3' in capsys.readouterr().out


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_variant_replays_from_its_log_and_its_views_serialise(players):
    from companion.engine import replay
    result = playout(E, 21, players, keep_states=True)
    assert replay(E, result.config, 21, result.actions) == result.final
    for s in result.states[::25]:
        for seat in range(players):
            json.dumps(to_jsonable(E.view(s, Seat(seat))))
        json.dumps(to_jsonable(E.view(s, TABLE)))
        json.dumps(to_jsonable(E.view(s, REVEAL)))
    for e in result.events:
        json.dumps(e.to_dict())


# -- the shared screen's offer, carried by the table view (issue 24: screens read no state) -------


def test_the_table_view_offers_the_public_actions_in_the_engines_order_never_a_card_play():
    """The table is offered the legal actions that name no card and are not chance, in the order the
    engine lists them; a card the Red Family holds shows as the card door only (issue 13)."""
    from companion.games.mafia_sicily.engine import PlayCard, is_private

    s, _ = play(started(engine=E, check_moves=True), (3, 4), engine=E)
    s = edit(s, engine=E, hands={"red": ["mole"]})
    legal = E.legal_actions(s)
    assert PlayCard("mole") in legal
    view = E.view(s, TABLE)
    assert view.prompt_kind == "move" and view.chance == "" and view.check_moves
    assert list(view.offers) == [a for a in legal if not is_private(a) and not isinstance(a, (DiceRolled, CardDrawn))]
    assert any(isinstance(a, Move) for a in view.offers) and not any(is_private(a) for a in view.offers)
    assert view.card_door == ("first", (1,))
    assert E.view(edit(s, engine=E, hands={"red": ["killers"]}), TABLE) == view, "which card: no difference"
    assert E.view(edit(s, engine=E, hands={"red": []}), TABLE).card_door == ()


def test_with_move_checking_off_the_table_view_suggests_the_moves_the_routes_allow():
    """Move checking off: any space is accepted, and the map suggests the moves the routes would
    allow (as with checking on), one per space and die, facing dropped."""
    s, _ = play(started(engine=E, check_moves=False), (3, 4), engine=E)
    view = E.view(s, TABLE)
    assert not view.check_moves and view.suggestions
    checked = E.legal_actions(replace(s, check_moves=True))
    for counter, moves in view.suggestions:
        allowed = {(m.to, m.die) for m in checked if isinstance(m, Move) and m.counter == counter}
        assert {(m.to, m.die) for m in moves} == allowed and all(m.facing == "" for m in moves)
        assert len(set(moves)) == len(moves)
    assert E.view(play(started(engine=E, check_moves=True), (3, 4), engine=E)[0], TABLE).suggestions == ()


def test_the_table_view_says_what_is_asked_a_roll_or_a_draw():
    s = started(engine=E)
    view = E.view(s, TABLE)
    assert (view.prompt_kind, view.chance) == ("roll", "roll2d6") and view.offers == ()
    drawing = E.view(replace(s, prompt=("draw", "roma", "state")), TABLE)
    assert (drawing.prompt_kind, drawing.draw_deck, drawing.chance) == ("draw", "roma", "")
