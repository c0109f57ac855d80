"""The Kivy-free part of the Mafia Casino screens: phase -> screen, the card wizard (options
enabled by the engine), token hand-over rows (change, change through the bank, paper), samples."""

from __future__ import annotations

from dataclasses import replace

from companion.engine import TABLE
from companion.games.mafia_casino import ENGINE
from companion.games.mafia_casino import actions as A
from companion.games.mafia_casino.engine import _set
from ui.games.mafia_casino import logic as L


def started(tokens=True, players=3):
    state = ENGINE.new({"players": players, "tokens": tokens}, seed=1)
    for action in (A.MarketValueDrawn(1, True), A.FirstPlayerChosen(0, True)):
        state, _ = ENGINE.apply(state, action)
    return state


def turn(state):
    """The wizard's views and legality for ``state`` (a screen gets them from its session)."""
    return L.Turn.of_state(ENGINE, state)


def with_tokens(state, seat, stock):
    """Give ``seat`` a token stock (and the matching balance) taken from the box."""
    from companion.bank import BANK

    amount = sum(n * d for n, d in zip(stock, (1_000_000, 5_000_000, 10_000_000)))
    state = replace(state, ledger=state.ledger.transfer(BANK, state.players[seat].name, amount, "test"),
                    box=tuple(b - n for b, n in zip(state.box, stock)))
    return _set(state, seat, replace(state.players[seat], tokens=tuple(stock)))


def test_each_game_phase_has_its_screen_and_the_rest_is_the_table():
    assert L.screen_for_phase("poker") == L.screen_for_phase("poker_board") == "mafia_casino_poker"
    assert L.screen_for_phase("roulette_spin") == "mafia_casino_roulette"
    assert L.screen_for_phase("slot") == "mafia_casino_slot"
    assert L.screen_for_phase("over") == "mafia_casino_victory"
    assert L.screen_for_phase("clients") == L.screen_for_phase("manpower") == "mafia_casino_table"


def test_status_line_names_the_turn_player_and_phase():
    view = ENGINE.view(started(), TABLE)
    assert L.status_line(view) == "Turn 1 · Anna · phase 1"


def test_wizard_builds_a_construction_from_taps_and_says_what_it_plays():
    state = started()
    w = L.Wizard("build_hotel")
    q = w.question(turn(state))
    assert q.name == "name" and "Security Agency" in [o.label for o in q.options]
    w.answers["name"] = "Pool"
    assert w.question(turn(state)).name == "cost"
    w.answers["cost"] = 2
    assert w.question(turn(state)) is None
    assert w.build() == A.BuildConstruction("hotel", "Pool", 2)
    assert w.summary(turn(state)) == "Construction: Hotel · Pool · 2 manpower"


def test_wizard_disables_what_the_engine_would_refuse():
    state = started()
    # nobody has a construction: no Bomb; an empty safe: nothing to sell
    assert not L.choice_enabled(turn(state), "bomb")
    assert not L.choice_enabled(turn(state), "sell")
    assert L.choice_enabled(turn(state), "poker")
    # after a Construction card, only Constructions (one type of action card per turn)
    state, _ = ENGINE.apply(state, A.BuildConstruction("hotel", "Pool", 1))
    assert L.choice_enabled(turn(state), "build_casino")
    assert not L.choice_enabled(turn(state), "poker")
    assert not L.choice_enabled(turn(state), "discard_hand")
    # no construction twice
    w = L.Wizard("build_hotel")
    pool = [o for o in w.question(turn(state)).options if o.value == "Pool"][0]
    assert not pool.enabled


def test_wizard_bomb_asks_target_then_their_constructions():
    state = started()
    state = _set(state, 1, replace(state.players[1], built=((), ("Bar",), ())))
    w = L.Wizard("bomb")
    q = w.question(turn(state))
    assert [(o.label, o.enabled) for o in q.options] == [("Ben", True), ("Cleo", False)]
    w.answers["target"] = 1
    q = w.question(turn(state))
    assert [o.label for o in q.options] == ["Bar (Restaurant)"]
    w.answers["construction"] = ("restaurant", "Bar")
    w.answers["cost"] = 1
    assert w.build() == A.PlayBomb(1, "restaurant", "Bar", 1)


def test_payment_rows_show_tokens_given_and_change_back():
    state = with_tokens(started(), 1, (0, 1, 0))  # Ben holds one red $5M
    state = with_tokens(state, 0, (4, 0, 0))  # Anna holds four green
    state = replace(state, active=0)
    _, events = ENGINE.apply(state, A.PlayExtortion(0))
    rows = L.payment_rows(events)
    ben = [r for r in rows if r.title.startswith("Ben pays Anna $1M")][0]
    assert ben.handovers[0].given == (0, 1, 0) and ben.handovers[0].change == (4, 0, 0)
    assert L.token_counts(ben.handovers[0].change) == [(1, 4)]


def test_payment_rows_show_change_through_the_bank():
    state = with_tokens(started(), 1, (0, 1, 0))  # Ben: one red; Anna: nothing to give change with
    _, events = ENGINE.apply(state, A.PlayExtortion(0))
    (row,) = L.payment_rows(events)
    assert "change through the bank" in row.title
    assert [(h.giver, h.taker) for h in row.handovers] == [("Ben", "The bank"), ("The bank", "Anna")]


def test_payment_rows_say_when_the_tokens_cannot_make_the_change():
    state = started()
    state = replace(state, box=(0, 0, 1))  # the box holds one blue $10M only
    state = _set(state, 0, replace(state.players[0], built=(("Poker Room", "Cashier"), (), ())))
    state, _ = ENGINE.apply(state, A.EndActions())
    _, events = ENGINE.apply(state, A.PlayClient("casino"))
    (row,) = L.payment_rows(events)
    assert row.handovers == () and row.paper.startswith("The tokens cannot make this change")


def test_payment_rows_without_tokens_are_plain_lines():
    state = started(tokens=False)
    state = _set(state, 0, replace(state.players[0], built=(("Poker Room",), (), ())))
    state, _ = ENGINE.apply(state, A.EndActions())
    _, events = ENGINE.apply(state, A.PlayClient("casino"))
    assert L.payment_rows(events) == [L.PaymentRow("The bank pays Anna $1M (Client Casino (1 construction))")]


def test_news_leaves_payments_to_the_token_panel():
    state = started()
    _, events = ENGINE.apply(state, A.PlaySlotMachine(1))
    assert L.news(events).startswith("Slot machine: Anna bets 1 card and")


def test_sample_games_are_legal_and_reach_their_screens():
    for where, phase in (("table", "actions"), ("poker", "clients"), ("roulette", "roulette_spin"),
                         ("slot", "slot"), ("victory", "over")):
        state = ENGINE.new(L.SAMPLE_CONFIG, L.SAMPLE_SEED)
        for action in L.sample_actions(where):
            state, _ = ENGINE.apply(state, action)
        assert state.phase == phase, where


def test_card_faces_split_value_and_suit():
    assert L.split_card("10H") == ("10", "H") and "H" in L.RED_SUITS
    assert len(L.card_values()) == 13 and L.card_suits() == ("C", "D", "H", "S")


def test_ledger_history_is_every_entry_newest_first_with_its_turn():
    """The table view carries each entry's turn: the history screen folds no log."""
    config = dict(L.SAMPLE_CONFIG)
    state = ENGINE.new(config, L.SAMPLE_SEED)
    assert L.ledger_history(ENGINE.view(state, TABLE)) == []
    for action in L.sample_actions("table"):
        state, _ = ENGINE.apply(state, action)
    rows = L.ledger_history(ENGINE.view(state, TABLE))
    journal = state.ledger.journal
    assert [(r.payer, r.payee, r.amount, r.reason) for r in rows] == [
        (t.payer, t.payee, t.amount, t.reason) for t in reversed(journal)]
    assert [r.when for r in rows] == ["Turn 3", "Turn 1", "Turn 1"]
    assert rows[0].who == "The bank pays Cleo" and rows[0].money == "$4M"
    assert rows[-1].reason == "Client Casino (3 constructions)"


def test_a_games_result_carries_its_cards_so_the_result_screens_fold_no_log():
    state = ENGINE.new(L.SAMPLE_CONFIG, L.SAMPLE_SEED)
    for action in L.sample_actions("poker"):
        state, _ = ENGINE.apply(state, action)
    assert ENGINE.view(state, TABLE).last_game.cards == ("9H", "9S", "9C", "KD", "2S")
    state = ENGINE.new(L.SAMPLE_CONFIG, L.SAMPLE_SEED)
    for action in L.sample_actions("slot") + [A.SlotCardsTurned(("diamond", "diamond", "pearl"), True)]:
        state, _ = ENGINE.apply(state, action)
    last = ENGINE.view(state, TABLE).last_game
    assert (last.cards, last.bet) == (("diamond", "diamond", "pearl"), 3)


# -- issue 26 --------------------------------------------------------------------------------------

def test_the_safe_moment_says_the_same_on_the_shared_screen_whatever_the_safe_holds():
    """The rule: face down in his safe "without showing them to the other players"."""
    pearls = _set(started(), 0, replace(started().players[0], safe=(("pearl", 20),)))
    diamonds = _set(started(), 0, replace(started().players[0], safe=(("diamond", 10),)))
    for key in L.PRIVATE_KEYS:
        curtain = L.private_curtain(key, "Anna")
        assert "pearl" not in repr(curtain) and "diamond" not in repr(curtain)
        assert curtain.hold == "Anna: hold to open your safe" and curtain.title == "For Anna only"
    assert L.Wizard("sell").question(turn(pearls)).prompt == L.Wizard("sell").question(turn(diamonds)).prompt
    # the pad's own line (private) says what is picked
    assert L.private_picked("buy", (("pearl", 20),), {"cards": [("pearl", 20), ("diamond", 10)]}) == \
        "Into the safe: 20 pearls, 10 diamonds"
    assert L.private_picked("sell", (("pearl", 20),), {"safe_cards": [0]}) == "To sell: 20 pearls"


def test_a_robbery_offers_robber_and_victim_each_a_private_line_naming_only_the_seat():
    """The cards that moved are in the seat views of robber and victim only; the table view names
    only who may hold to see."""
    from companion.engine import Seat

    state = _set(started(), 1, replace(started().players[1], safe=(("pearl", 10), ("diamond", 20))))
    state, _ = ENGINE.apply(state, A.PlaySafeRobbery(1, 0))
    state, events = ENGINE.apply(state, A.SafeCardsTaken((0, 1), True))
    table = ENGINE.view(state, TABLE)
    assert "pearl" not in repr(table) and "diamond" not in repr(table) and table.noted == (0, 1)
    assert ENGINE.view(state, Seat(2)).note == ""
    notes = L.private_notes(table, lambda seat: ENGINE.view(state, Seat(seat)).note)
    assert [(n.button, n.title) for n in notes] == [("Anna: hold to see", "For Anna only"),
                                                    ("Ben: hold to see", "For Ben only")]
    assert notes[0].text == "You took: 10 pearls, 20 diamonds."
    assert notes[1].text == "Stolen from your safe: 10 pearls, 20 diamonds."
    assert L.news(events) == "Anna puts 2 cards from Ben's safe into their own."  # the table: how many
    # the next action ends the private moment
    state, _ = ENGINE.apply(state, A.EndActions())
    assert ENGINE.view(state, TABLE).noted == () and ENGINE.view(state, Seat(0)).note == ""


def test_an_extortion_shows_each_players_change_where_the_balances_are_read():
    state = started()
    for seat in (1, 2):
        state = with_tokens(state, seat, (2, 0, 0))
    state, events = ENGINE.apply(state, A.PlayExtortion(0))
    changes = L.balance_changes(events)
    assert changes == {"Anna": 2_000_000, "Ben": -1_000_000, "Cleo": -1_000_000}
    assert [L.change_text(changes[n]) for n in ("Anna", "Ben")] == ["+$2M", "\u2212$1M"]


def test_words_a_count_of_cards_and_the_bank_in_the_middle_of_a_sentence():
    state, events = ENGINE.apply(started(), A.PlaySlotMachine(1))
    assert "1 card and" in L.news(events) and "card(s)" not in L.news(events)
    row = L.LedgerRow(1, "Ben", "bank", 1_000_000, "correction: miscount")
    assert row.who == "Ben pays the bank"
    assert L.names_text(["Anna", "Ben", "Cleo"]) == "Anna, Ben and Cleo"
    assert L.card_text("10H") == "10♥"


def test_the_market_value_line_in_play_carries_no_box_tag():
    state = ENGINE.new({"players": 3}, seed=1)
    _, events = ENGINE.apply(state, A.MarketValueDrawn(1, True))
    assert "(from your box)" not in events[0].text and events[0].text.endswith("per diamond.")


def test_the_continue_button_fits_six_names():
    assert L.continue_label(["Anna", "Ben", "Cleo"]) == "Continue: Anna, Ben, Cleo"
    assert L.continue_label(["Anna", "Ben", "Cleo", "Dino", "Enzo", "Fifi"]) == "Continue: Anna, Ben +4"


# -- the manifest (issue #24): screens, route, speaking policy ------------------------------------

def test_casino_screens_are_listed_with_their_entry_and_back_targets():
    from ui.controller import GAME_ENTRY, PARENT, SCREENS

    assert {"mafia_casino_new", "mafia_casino_table", "mafia_casino_poker", "mafia_casino_ledger"} <= set(SCREENS)
    assert GAME_ENTRY["mafia-casino"] == "mafia_casino_new"
    assert PARENT["mafia_casino_poker"] == "mafia_casino_table"


def test_the_route_follows_the_phase_and_the_narrator_says_results_once_per_commit():
    from ui.manifest import manifest_of

    manifest = manifest_of("mafia-casino")
    assert manifest.route_for(None) == "mafia_casino_table"
    state = started()
    state, _ = ENGINE.apply(state, A.PlaySlotMachine(1))
    _, events = ENGINE.apply(state, A.SlotCardsTurned(("diamond", "diamond", "diamond"), True))
    lines = manifest.lines_for(None, events)
    assert len(lines) == 1 and lines[0].startswith("Slot machine: diamond, diamond, diamond")
    assert manifest.lines_for(None, ENGINE.apply(started(), A.EndActions())[1]) == []
