"""The Kivy-free part of the Mafia (Sicily) screens: which buttons, where on the board, the seats."""

from __future__ import annotations

from companion.engine import TABLE
from companion.games.mafia_sicily.engine import ENGINE, ChooseHome, DiceRolled, LoseCard, Move, Pass, PlayCard
from ui.games.mafia_sicily import model

NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena"]


def started(**config):
    s = ENGINE.new({"players": 5, "names": NAMES, **config}, 1)
    homes = {"red": "palermo", "black": "enna", "orange": "enna", "green": "catania"}
    while s.prompt[0] == "home":
        s, _ = ENGINE.apply(s, ChooseHome(homes[s.prompt[1]]))
    return s


def choices(state, **kwargs):
    """The shared screen's buttons for a state, sorted from its table view (as the screens do)."""
    return model.table_choices(ENGINE, ENGINE.view(state, TABLE), **kwargs)


def private(state, seat):
    """The card plays a seat's private card screen offers (from its seat view, as hand.py does)."""
    from companion.engine import Seat

    return model.seat_choices(ENGINE, ENGINE.view(state, Seat(seat)), ENGINE.legal_actions(state))


def test_calendar_strip_is_red_black_state_orange_green_state_with_the_current_slot():
    view = ENGINE.view(started(), TABLE)
    slots = model.calendar_slots(view)
    assert [s.label for s in slots] == ["Red", "Black", "State", "Orange", "Green", "State"]
    assert [s.current for s in slots] == [True, False, False, False, False, False]


def _inside_cells():
    """The grid cells the key, the boxes, the tap line and Back take inside the island."""
    cells = set()
    for col, row, w, h in (model.KEY_AREA, model.TAP_AREA, model.BACK_AREA):
        cells |= {(c, r) for c in range(col, col + w) for r in range(row, row + h)}
    return cells | set(model.BOX_CELLS.values())


def test_the_map_grid_gives_every_space_a_cell_of_its_own_round_the_island():
    pos = model.grid_layout(ENGINE.board)
    assert set(pos) == set(ENGINE.board.ids)
    assert len(set(pos.values())) == 26, "no tile lies over another"
    cols, rows = model.grid_size(ENGINE.board)
    assert all(0 <= c < cols and 0 <= r < rows for c, r in pos.values())
    assert not set(pos.values()) & _inside_cells(), "the key, boxes and Back lie on no space"
    ring = ENGINE.board.routes.ring  # the outer track goes round clockwise from Palermo on the top row
    assert pos[ring[0]] == (0, 0) and pos["messina"] == (cols - 1, 0)


def test_upright_the_turned_grid_keeps_every_space_and_the_inside_free_for_the_key_boxes_and_back():
    """720x1280: the map turned a quarter clockwise (5 x 8 cells); nothing inside lies on a space."""
    turned = {sid: model.turned_cell(*cell) for sid, cell in model.grid_layout(ENGINE.board).items()}
    assert len(set(turned.values())) == 26
    assert all(0 <= c < model.GRID_ROWS and 0 <= r < model.GRID_COLS for c, r in turned.values())
    inside = set(model.UPRIGHT_BOX_CELLS.values())
    for col, row, w, h in (model.UPRIGHT_KEY_AREA, model.UPRIGHT_TAP_AREA, model.UPRIGHT_BACK_AREA):
        cells = {(c, r) for c in range(col, col + w) for r in range(row, row + h)}
        assert not cells & inside, "the key, the tap line, the boxes and Back lie apart"
        inside |= cells
    assert not set(turned.values()) & inside
    assert turned["palermo"] == (model.GRID_ROWS - 1, 0)  # the north coast down the right-hand side


def test_an_edited_board_goes_round_the_grid_edge():
    from dataclasses import replace

    from companion.games.mafia_sicily.data import load_board

    board = load_board()
    renamed = replace(board, spaces=tuple(replace(s, id=s.id + "_x") for s in board.spaces),
                      routes=replace(board.routes, ring=tuple(i + "_x" for i in board.routes.ring),
                                     center=tuple(i + "_x" for i in board.routes.center),
                                     north_junction=board.routes.north_junction + "_x",
                                     south_junction=board.routes.south_junction + "_x"))
    pos = model.grid_layout(renamed)
    assert len(set(pos.values())) == 26


def test_space_names_come_from_the_games_engine_without_the_type_in_brackets():
    names = model.space_names(ENGINE)
    assert names["palermo"] == "Palermo" and names["petralia"] == "Petralia"


def test_routes_moved_in_the_box_keep_the_track_round_the_grid_edge():
    from dataclasses import replace

    from companion.games.mafia_sicily.data import load_board

    board = load_board()
    ring = list(board.routes.ring)
    ring[1], ring[2] = ring[2], ring[1]  # Termini before Bagheria on this table's board
    pos = model.grid_layout(replace(board, routes=replace(board.routes, ring=tuple(ring))))
    assert pos["termini"] == model.ISLAND_GRID["bagheria"] and pos["bagheria"] == model.ISLAND_GRID["termini"]
    assert len(set(pos.values())) == 26


def test_a_space_named_for_a_decision_always_says_its_type():
    assert model.space_label(ENGINE, "bagheria") == "Bagheria (roadblock 1-2)"
    assert model.space_label(ENGINE, "augusta") == "Augusta (blank)"


def test_a_roll_prompt_offers_one_roll_button_not_72_dice_actions():
    offer = choices(started())
    assert [(c.text, c.kind) for c in offer.buttons] == [("Roll 2 dice", "roll"), ("Enter real dice", "counter")]
    assert offer.buttons[0].request == "roll2d6" and offer.buttons[0].primary


def test_real_dice_are_entered_one_face_at_a_time():
    s = started()
    first = choices(s, selected="by_hand")
    assert [c.text for c in first.buttons[:6]] == [str(v) for v in range(1, 7)]
    assert first.hint == "Real first die: tap the number it shows."
    assert first.buttons[-1].text == "‹ Let the app roll" and model.choice_columns(7, faces=True) == 3
    second = choices(s, selected="by_hand", entered=[3])
    assert second.buttons[0].text == "1" and second.hint.startswith("Real second die") and "3" in second.hint


def test_a_return_roll_says_which_numbers_bring_the_counter_back():
    from dataclasses import replace

    s = replace(started(), prompt=("roll", 1, ("return", "picc_red_1")),
                pos=tuple((c, "prison" if c == "picc_red_1" else p) for c, p in started().pos))
    assert ENGINE.view(s, TABLE).awaiting == "Roll for the return of a Red (rosso) Picciotto from Prison (comes back on 6)."


def test_moves_are_chosen_counter_first_then_destination():
    s, _ = ENGINE.apply(started(), DiceRolled((3, 4)))
    first = choices(s)
    assert all(c.kind == "counter" for c in first.buttons)
    assert first.buttons[0].text == "Red Boss · Palermo (city)"
    assert len(first.buttons) == 2, "two Picciotti in one space are one button"
    second = choices(s, selected="boss_red")
    moves = [c.action for c in second.buttons if c.kind == "act"]
    assert moves and all(isinstance(m, Move) and m.counter == "boss_red" for m in moves)
    assert set(second.destinations) == {m.to for m in moves}
    assert second.buttons[0].text == "‹ Another counter"


def test_card_plays_never_reach_the_shared_screen_but_the_owners_private_screen():
    from dataclasses import replace

    s, _ = ENGINE.apply(started(), DiceRolled((3, 4)))
    hands = tuple((f, ("mole",) if f == "red" else h) for f, h in s.hands)
    decks = tuple((d, tuple(c for c in cards if c != "mole")) for d, cards in s.decks)
    s = replace(s, hands=hands, decks=decks)
    assert PlayCard("mole") in ENGINE.legal_actions(s)
    shared = choices(s)
    assert not any("Mole" in c.text for c in shared.buttons)
    assert shared.private_seats == [1]
    assert shared.buttons[-1].text == "Play a card first? (private screen)"
    mine = private(s, 1)
    assert [c.text for c in mine] == ["Play Mole in Prefecture"]
    assert private(s, 2) == []


def test_seat_roles_follow_the_engines_seats():
    assert [r[0] for r in model.seat_roles(5)] == ["State", "Red", "Black", "Orange", "Green"]
    assert [r[0] for r in model.seat_roles(3)] == ["State", "Red + Orange", "Black + Green"]
    assert [r[0] for r in model.seat_roles(2)] == ["Red + Green", "Black + Orange"]


def test_new_game_needs_a_different_name_per_seat():
    assert model.new_game_problem(3, ["A", "", ""]) == "Give every player a name (2 to go)."
    assert model.new_game_problem(2, ["Anna", "anna"]) == "Anna is named twice: each seat needs a different player."
    assert model.new_game_problem(2, ["Anna", "Bruno", ""]) == ""


def test_remediation_shows_halves():
    assert model.remediation_text(2.5) == "2½" and model.remediation_text(3.0) == "3"


def test_private_actions_are_card_plays_and_card_tells():
    from companion.games.mafia_sicily.engine import Arrest, Detain

    assert model.is_private(PlayCard("wiretap")) and model.is_private(LoseCard("wiretap"))
    assert model.is_private(Detain("boss_red", lair=True)) and model.is_private(Arrest("boss_red"))
    assert not model.is_private(Detain("boss_red")) and not model.is_private(Pass())


def test_the_table_view_carries_the_last_roll_what_it_was_for_and_whose_turn():
    from companion.engine import TABLE

    s = started()  # the home cities chosen: Red rolls for movement
    s, events = ENGINE.apply(s, DiceRolled((3, 4)))
    dice, by_hand, awaiting, side, count = ENGINE.view(s, TABLE).last_roll
    assert dice == (3, 4) and not by_hand and side == "red" and count == 1
    assert model.roll_purpose(awaiting) == "movement (two dice)"
    assert any("rolls 3 and 4" in line for line in model.table_lines(events))


def test_a_drawn_card_is_a_note_in_the_drawers_seat_view_only():
    from companion.engine import TABLE, Seat

    import random

    from companion.simulate import chance_rng

    state, rng = ENGINE.new({"players": 5, "names": NAMES}, 3), random.Random(3)
    for step in range(3000):  # play on until somebody draws a card
        if any(ENGINE.view(state, Seat(n)).notes for n in range(5)) or ENGINE.outcome(state):
            break
        legal = ENGINE.legal_actions(state)
        action = ENGINE.playout_policy(state, legal, rng) if legal else ENGINE.chance(state, chance_rng(3, step), None)
        state, _ = ENGINE.apply(state, action)
    noted = [n for n in range(5) if ENGINE.view(state, Seat(n)).notes]
    assert len(noted) == 1, "one seat drew a card"
    note = ENGINE.view(state, Seat(noted[0])).notes[-1]
    assert note.startswith("You drew ")
    assert not hasattr(ENGINE.view(state, TABLE), "notes")
    from ui.games.mafia_sicily import phone

    from companion.views import Views

    views = Views(ENGINE, state)
    extra = phone.card(views.for_seat(noted[0]))["extra"]
    assert f"Only for you: {note}" in extra, "the drawer's phone shows the note as the card screen does"
    others = [phone.card(views.for_seat(n))["extra"] for n in range(5) if n != noted[0]]
    assert not any("Only for you" in e for e in others)


def test_a_running_shootout_is_described_with_its_dice():
    from dataclasses import replace

    s = started()
    so = (("a", ("picc_red_1",)), ("a_faction", "red"), ("a_fire", ("picc_red_1",)), ("d", ("picc_black_1",)),
          ("d_faction", "black"), ("d_fire", ("picc_black_1",)), ("kind", "picciotti"), ("leather", ()),
          ("rolls", (("a", "picc_red_1", 5),)), ("special", ()))
    text = model.shootout_text(ENGINE.view(replace(s, shootout=so), TABLE))
    assert text.startswith("Shootout: a Red (rosso) Picciotto against a Black (nero) Picciotto.")
    assert "5" in text
    assert model.shootout_text(ENGINE.view(s, TABLE)) == ""


def test_winners_are_named_by_player():
    from dataclasses import replace

    view = ENGINE.view(replace(started(), winners=(0,), reason="The State wins."), TABLE)
    assert model.winners_text(view) == "Anna wins!"


def test_choices_go_into_two_columns_beyond_three():
    from ui.games.mafia_sicily.model import choice_columns

    assert [choice_columns(n) for n in (1, 2, 3, 4, 6)] == [1, 1, 1, 2, 2]


def test_move_text_always_names_the_space_type_and_its_die_numbers():
    class E:
        space_names = {"pal": "Palermo", "bag": "Bagheria", "cef": "Cefalù"}
        space_type = {"pal": "antimafia", "bag": "roadblock", "cef": "blank"}
        space_numbers = {"pal": (5, 6), "bag": (1, 2), "cef": ()}

    class S:
        dice = (4, 6)

    assert model.move_text(E, Move("rb", "pal", "sum"), S, compact=True) == "Palermo (Antimafia 5-6) · both 10"
    assert model.move_text(E, Move("rb", "bag", "first", "N"), S, compact=True) == "Bagheria (roadblock 1-2) · 1st die 4 · north"
    assert model.move_text(E, Move("rb", "cef", "sum"), S) == "Cefalù (blank) · both dice (10)"


def test_a_draw_offers_the_app_draw_or_entering_the_real_card_on_the_drawers_private_screen():
    from dataclasses import replace

    from companion.games.mafia_sicily.engine import CardDrawn

    s = replace(started(), prompt=("draw", "roma", "state"))
    offer = choices(s)
    assert [(c.text, c.kind) for c in offer.buttons] == [("Draw the Roma card", "draw"),
                                                         ("Enter the real card (private screen)", "enter")]
    assert offer.buttons[1].seat == 0  # the State draws: its player's private screen, not the table's
    picker = model.printed_deck(ENGINE, "roma")
    names = [c.name for c in ENGINE.cards["roma"]]
    assert [c.text for c in picker] == list(dict.fromkeys(names))
    legal = ENGINE.legal_actions(s)
    for c in picker:
        assert isinstance(c.action, CardDrawn) and c.action in legal


def test_a_real_card_not_in_the_deck_is_refused_in_words():
    from dataclasses import replace

    from companion.errors import IllegalAction
    from companion.games.mafia_sicily.engine import CardDrawn

    s = replace(started(), prompt=("draw", "roma", "state"))
    decks = dict(s.decks)
    card = decks["roma"][0]
    decks["roma"] = tuple(c for c in decks["roma"] if c != card)
    s = replace(s, decks=tuple(decks.items()))
    try:
        ENGINE.apply(s, CardDrawn("roma", card))
    except IllegalAction as error:
        assert "not in the roma deck" in str(error)
    else:
        raise AssertionError("a card not in the deck was accepted")


def _with_hand(s, side, cards):
    from dataclasses import replace

    hands = tuple((f, tuple(cards) if f == side else h) for f, h in s.hands)
    decks = tuple((d, tuple(c for c in cs if c not in cards)) for d, cs in s.decks)
    return replace(s, hands=hands, decks=decks)


def test_the_card_button_follows_hand_sizes_never_which_card_is_held():
    """Issue 13: the shared screen's way to a private screen is the same for a playable and a useless card."""
    s, _ = ENGINE.apply(started(), DiceRolled((3, 4)))
    playable, useless = _with_hand(s, "red", ["mole"]), _with_hand(s, "red", ["killers"])
    a, b = choices(playable), choices(useless)
    assert [c.text for c in a.buttons] == [c.text for c in b.buttons]
    assert a.private_seats == b.private_seats == [1]
    assert private(useless, 1) == []
    empty = choices(s)
    assert not any("private screen" in c.text for c in empty.buttons)


def test_the_card_question_offers_no_and_yes_on_my_private_screen():
    from dataclasses import replace

    s = _with_hand(started(), "state", ["helicopter"])
    s = replace(s, prompt=("window", ("state",), "wiretap", "boss_black"))
    shared = choices(s)
    assert [c.text for c in shared.buttons] == ["No", "Yes, on my private screen"]
    assert shared.private_seats == [0] and shared.buttons[0].action == Pass()


def test_what_the_ended_turn_did_is_told_apart_from_the_next_turn():
    """Issue 26: a control roll ends Red's turn and Black's starts in one action: the table is told
    which lines were Red's (said as Red's), never as the next side's."""
    from companion.engine import Event, TableAudience

    t = TableAudience()
    events = [Event("control", "The Red Picciotto takes control of Palermo.", t),
              Event("turn", "Turn 2: the Black (nero) Family plays.", t)]
    lines = [e.text for e in events]
    assert model.split_at_turn(events, lines) == (["The Red Picciotto takes control of Palermo."],
                                                  ["Turn 2: the Black (nero) Family plays."])
    assert model.split_at_turn(events[:1], lines[:1]) == ([], lines[:1])  # the turn goes on
    assert model.split_at_turn(events[1:], lines[1:]) == ([], lines[1:])  # nothing came before the turn


def test_a_move_the_map_refuses_is_a_sentence_naming_the_space_and_nothing_changes():
    """Moved here from the removed id-driver (its refused tap on the map): with move checking on,
    a counter sent where the dice cannot take it is refused in words, the state untouched."""
    import pytest

    from companion.errors import IllegalAction

    s, _ = ENGINE.apply(started(check_moves=True), DiceRolled((3, 4)))
    legal = {m.to for m in ENGINE.legal_actions(s) if isinstance(m, Move) and m.counter == "boss_red"}
    wrong = next(sid for sid in ENGINE.board.ids if sid not in legal and sid != "palermo")
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(s, Move("boss_red", wrong, "sum"))
    text = str(refused.value)
    assert text.startswith("The Red (rosso) Boss cannot end a move of exactly")
    assert ENGINE.space_names[wrong] in text and "clockwise" in text


def test_three_players_are_one_state_and_two_families_each():
    """From the removed id-driver's 1280x720 game: the seats and the variant's words."""
    assert [r[0] for r in model.seat_roles(3)] == ["State", "Red + Orange", "Black + Green"]
    assert "two Families each" in model.VARIANTS[3]
