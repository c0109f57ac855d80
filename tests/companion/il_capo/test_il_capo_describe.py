"""Undo questions name the players: IlCapoEngine.describe(action, state)."""

from companion.games.il_capo import ENGINE, Challenge, EndTurn, NpcDone, NpcHit, Pay, PayPlayer, Receive, Spun


def _state():
    return ENGINE.new({"players": ["Anna", "Ben", "Carla"]}, 1)


def test_describe_names_players_in_bank_actions():
    s = _state()
    assert ENGINE.describe(Pay(0, 250_000, "fine"), s) == "Anna pays $250,000 to the bank (fine)"
    assert ENGINE.describe(Receive(1, 500_000), s) == "Ben receives $500,000 from the bank"
    assert ENGINE.describe(PayPlayer(2, 0, 1_000_000), s) == "Carla pays $1,000,000 to Anna"


def test_describe_names_the_spinner_and_the_npc():
    s = _state()
    assert ENGINE.describe(Spun(7, "L"), s) == "Anna's spin of 7 left"
    assert ENGINE.describe(Challenge(1), s) == "Anna opens fire on Ben"
    # into the Syndicate phase: every player ends a turn
    for _ in range(3):
        s, _ = ENGINE.apply(s, Spun(3, "R"))
        s, _ = ENGINE.apply(s, EndTurn())
    assert s.awaiting == "npc_spin"
    assert ENGINE.describe(Spun(4, "R"), s) == "The Underboss's spin of 4 right"
    s, _ = ENGINE.apply(s, Spun(4, "R"))
    assert ENGINE.describe(NpcHit(2), s) == "Cop car 1 landed on Carla"
    assert ENGINE.describe(NpcDone(), s) == "Nobody (else) was hit"


def test_describe_without_a_state_falls_back_to_seats():
    assert ENGINE.describe(Pay(0, 250_000)) == "Seat 0 pays $250,000 to the bank"
