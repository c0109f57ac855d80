"""Mafia Casino by the table robot: a 3-player token game from Home through poker, the slot
machine and roulette to a $30M win, with a bank correction booked with a reason; after each step
the balances and whose turn it is on screen match the stored game read from outside."""

from robot_run import passed

SCENARIO = "casino_games:anna_to_thirty"


def test_three_players_through_poker_slot_and_roulette_to_thirty_million(table_robot):
    report = table_robot([SCENARIO], timeout=1800)
    obs = passed(report, SCENARIO)
    assert obs["mismatches"] == []
    assert obs["poker_result"][0].startswith("Poker: Anna wins $6M with five of a kind (9s).")
    # issue 26: the hands are entered face up after the reveal, two taps each (was 9: "Cards face down")
    assert obs["taps_poker_hands"] == 6
    assert obs["correction"] == "correction: missed income"
    assert obs["stored_winner"] == ["Anna"] and "Anna wins!" in obs["victory_texts"]
    assert obs["layout"] == []  # poker pad faces 22 px+, reels and bet cards >= 48 px, nothing cut


def test_buying_jewels_is_a_private_moment_and_a_robbery_shows_its_cards_to_robber_and_victim_alone(table_robot):
    """Issue 26: "places them, face down, in his safe without showing them to the other players"."""
    report = table_robot(["casino_games:safe_in_private"], timeout=1200)
    obs = passed(report, "casino_games:safe_in_private")
    # the shared screen says whose moment it is and names no jewel, before the hold and after the buy
    assert obs["curtain_jewels"] == [] and "Anna: hold to open your safe" in obs["curtain_texts"]
    assert obs["idle_hidden_jewels"] == []  # left alone, the pad hid itself
    assert obs["reopened_line"] == ["Tap up to 3 cards with pearls or diamonds."]  # and forgot the tap
    assert obs["pad_title"] == "For Anna only"
    assert "Into the safe: 20 pearls, 10 diamonds" in obs["pad_texts"]
    assert obs["after_buy_jewels"] == []
    assert obs["after_buy_message"][0].startswith("Transaction: Anna buys — 2 cards go face down")
    # the robbery: the table sees no jewel; each of the two sees, alone, which cards moved
    assert obs["robbery_table_jewels"] == [] and obs["after_peek_jewels"] == []
    assert "For Ben only" in obs["robber_saw"] and "You took: 20 pearls, 10 diamonds." in obs["robber_saw"]
    assert "For Anna only" in obs["victim_saw"]
    assert "Stolen from your safe: 20 pearls, 10 diamonds." in obs["victim_saw"]
    assert obs["stored_safes"] == [[], [["pearl", 20], ["diamond", 10]]]
    assert obs["layout"] == []


def test_the_bank_button_books_a_payment_on_the_amount_pad_and_an_extortion_shows_each_change(table_robot):
    """Issue 26: a Bank entry with Il Capo's amount pad; each Extortion change on the player cards."""
    report = table_robot(["casino_games:bank_and_extortion"], timeout=1200)
    obs = passed(report, "casino_games:bank_and_extortion")
    assert obs["mismatches"] == []
    assert obs["bank_amount"] is True  # "$6M", large, as the table counts
    # Bank, Ben, $5M, +$1M, Bank pays: 5 taps from the table and back (Ledger → Correction… took 12)
    assert obs["bank_taps"] == [5, 4]
    assert obs["bank_news"][-1].startswith("Bank correction: $2M from the bank to Cleo (at the bank).")
    assert obs["bank_refused"].startswith("Dino has only $0M: a correction cannot take $1M back.")
    assert obs["bank_refused_journal"] == 2  # nothing booked
    for cards in (obs["extortion_cards"], obs["extortion_cards_after"]):
        assert "Anna +$2M" in cards and "Ben \u2212$1M" in cards and "Cleo \u2212$1M" in cards, cards
        assert not any(c.startswith("Dino \u2212") for c in cards)  # Dino had no money: no change
    assert obs["layout"] == []
