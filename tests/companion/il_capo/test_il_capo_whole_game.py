"""A whole 3-player Il Capo game through the durable session, one encounter of each kind, to a winner.

Spins are entered by hand (the physical spinner) except the NPC moves, which the Underboss draws.
"""

import io
import json

from companion.cli import run
from companion.engine import TABLE
from companion.games.il_capo.actions import (Challenge, DevelopSkyscraper, EndTurn, EnterMansion, Hire,
                                             NavigateDeadMansRow, NpcDone, NpcHit, PayTax, PickUp, Receive,
                                             ShootRico, Spun)
from companion.session import Session
from companion.store import Store


def spun(n, side="R"):
    return Spun(n, side, by_hand=True)


def test_a_whole_three_player_game_with_every_encounter_to_a_winner(tmp_path):
    store = Store.open(tmp_path / "games.db")
    s = Session.start(store, "il-capo", {"players": ["Anna", "Ben", "Carla"]}, seed=7)
    money = lambda: {p.name: p.balance for p in s.view(TABLE).players}  # noqa: E731

    def npc(*then):
        assert s.state.awaiting == "npc_spin"
        s.draw(None)  # the Underboss spins for the NPC
        for action in then:
            s.act(action)

    # round 1 -- hiring, a player shoot-out into a stand-off
    for a in (spun(3), Hire("Joey Bats"), EndTurn()):
        s.act(a)
    for a in (spun(4), Receive(1, 600_000, "board payout"), Hire("Firpo"), Hire("Little Richie"), EndTurn()):
        s.act(a)
    for a in (spun(5), Challenge(0), spun(2), spun(3)):  # Carla misses Joey Bats, Anna misses Carla
        s.act(a)
    assert s.state.standoffs == ((0, 2),)
    # the Syndicate phase: cops, Rico (tax and a forced beating), the brothers
    npc(NpcHit(1), NpcDone())  # Ben busted: Little Richie to Jail
    assert [j.crew for j in s.state.jail] == ["Little Richie"]
    npc(NpcHit(2), NpcDone())  # Carla alone: prison
    assert s.state.players[2].prison == 3 and s.state.standoffs == ()
    npc(NpcHit(1), PayTax(), NpcHit(0), spun(6), NpcDone())  # Ben pays; Anna ($50,000) is beaten, walks it off
    assert money()["Ben"] == 50_000 and s.state.players[0].hospital == 0
    npc(NpcHit(0), spun(8), spun(3), spun(4), NpcDone())  # Anna beats Bobby, loses Joey Bats, survives the shot
    assert s.state.graveyard == ("Joey Bats",) and s.state.round == 2

    # round 2 -- Anna whacks Rico; Carla sits in prison
    for a in (spun(6), ShootRico(), spun(9)):
        s.act(a)
    assert not s.state.rico_alive and money()["Anna"] == 550_000
    for a in (spun(2), EndTurn()):
        s.act(a)
    npc(NpcDone())
    npc(NpcDone())
    npc(NpcDone())  # Rico is gone: straight to the brothers
    assert s.state.round == 3

    # round 3 -- the gauntlet
    for a in (spun(7), Receive(0, 2_000_000, "casino payout"), DevelopSkyscraper(), NavigateDeadMansRow(), EndTurn()):
        s.act(a)
    for a in (spun(1), EndTurn()):
        s.act(a)
    for _ in range(3):
        npc(NpcDone())

    # round 4 -- Carla's third skipped turn; Little Richie is released at the end of the round
    for a in (spun(1), EndTurn(), spun(1), EndTurn()):
        s.act(a)
    assert s.state.players[2].prison == 0
    for _ in range(3):
        npc(NpcDone())
    assert s.state.released == ("Little Richie",)

    # round 5 -- Ben picks Little Richie up; Carla is back on the street
    for a in (spun(2), EndTurn(), spun(3), PickUp("Little Richie"), spun(4), EndTurn()):
        s.act(a)
    assert s.state.players[1].crew == ("Firpo", "Little Richie")
    for _ in range(3):
        npc(NpcDone())

    # round 6 -- the Moretti showdown
    for a in (spun(5), EnterMansion()):
        s.act(a)
    assert s.state.awaiting == "spin" and s.chance_requests() == ["spin"]
    before = s.state
    s.act(spun(10))
    assert s.outcome().winners == (0,) and "Il Capo" in s.outcome().reason
    assert s.state.ledger.total() == 450_000

    # the log is the truth: undo is exact, and a resumed session lands on the same state
    s.undo()
    assert s.state == before
    s.act(spun(10))
    assert Session.resume(store, s.game_id).state == s.state
    reasons = {t.reason.split(" (")[0] for t in s.state.ledger.journal}
    assert {"hire", "tax", "bounty", "pick-up", "skyscraper", "dues", "buy-off", "manual"} <= reasons


def test_companion_simulate_il_capo_finishes_its_games():
    out = io.StringIO()
    assert run(["simulate", "il-capo", "--games", "5", "--players", "3"], stdout=out) == 0
    summary = json.loads(out.getvalue().strip().splitlines()[-1])
    assert summary["finished"] == 5
