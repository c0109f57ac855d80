"""Il Capo at the table, played by the robot from Home by visible text only: three players, every
spin entered by hand from the physical spinner ("Real spinner", the number, L or R) to steer the
story through a cop, Beefy Rico with a beating, the Ricigliano Brothers, player against player
with a stand-off, hiring, a released crew member picked up, Marcello, the gauntlet and the
Moretti showdown. After each step the balances, whose turn it is and the NPC's move on screen are
compared with the stored game read from outside (``Outside.replay``)."""

from __future__ import annotations

import re

from robot import Stalled
from tables_help import check_layout, dollars, type_name, value_after

GAME = "il-capo"
NAMES = ("Anna", "Ben", "Carla")


class IlCapoTable:
    def __init__(self, t):
        self.t, self.r = t, t.robot
        self.gid = None
        self.taps_at = 0
        self.mismatches = t.obs.setdefault("mismatches", [])

    # -- outside -------------------------------------------------------------------------------
    def state(self):
        return self.t.outside.replay(self.gid)[1]

    def check(self, where: str) -> None:
        """What the screen shows == the stored game: every balance on a tile, whose turn, and the
        NPC's own move on the Syndicate screen."""
        r, st = self.r, self.state()
        r.run_for(0.05)
        texts = r.texts()
        for p in st.players:
            shown = value_after(texts, p.name)
            if shown is not None and dollars(shown) != st.ledger.balance(p.name):
                self.mismatches.append(f"{where}: {p.name} shows {shown}, stored {st.ledger.balance(p.name)}")
        if st.awaiting in ("move", "land") and 0 <= st.turn < len(st.players):
            want = f"Round {st.round} · {st.players[st.turn].name}'s turn"
            if any(t.startswith("Round ") for t in texts) and want not in texts:
                self.mismatches.append(f"{where}: status {[t for t in texts if t.startswith('Round ')]} "
                                       f"but stored {want!r}")
        if st.awaiting == "npc_hits" and st.npc_move:
            n, side = st.npc_move
            want = f"Moves {n} space{'' if n == 1 else 's'}, turning {'left' if side == 'L' else 'right (or straight)'}"
            line = next((t for t in texts if t.startswith("Moves ")), None)
            if line is not None and not line.startswith(want):
                self.mismatches.append(f"{where}: NPC line {line!r}, stored move {st.npc_move}")
            if str(n) not in texts:
                self.mismatches.append(f"{where}: the wheel does not show the NPC's {n}")
        check_layout(self.t, where)

    # -- a finger --------------------------------------------------------------------------------
    def spin(self, number: int, side: str, where: str = "") -> None:
        """The physical spinner shows ``number`` and L/R: entered by hand."""
        r = self.r
        r.tap("Real spinner")
        r.wait_for("L", control=True)
        if where:
            check_layout(self.t, f"hand-pad-{where}")
        r.tap(str(number))
        r.tap(side)

    def carry_on(self) -> None:
        for _ in range(3):
            if any(c.text == "Continue ›" for c in self.r.controls()):
                self.r.tap("Continue ›")
                self.r.run_for(0.2)
            else:
                return

    def trouble(self, choice: str) -> None:
        self.r.tap("Trouble…")
        self.r.wait_for("What is on the space?")
        check_layout(self.t, "trouble-menu")
        self.r.tap(choice)
        self.r.run_for(0.2)

    def quiet_until(self, round_: int) -> None:
        """Everybody moves (the app spins: one tap) and ends the turn, every NPC lands on nobody,
        until ``round_`` begins."""
        r = self.r
        for _ in range(200):
            texts = r.texts()
            shown = next((int(m.group(1)) for x in texts if (m := re.match(r"^Round (\d+) · \w+'s turn$", x))), 0)
            if shown >= round_ and any(c.startswith("Spin for ") for c in texts):
                self.check(f"round-{round_}")
                return
            controls = [c.text for c in r.controls()]
            want = next((w for w in ("Continue ›", "End turn", "Nobody", "Nobody else") if w in controls), None)
            if want is None:
                want = next((c for c in controls if c.startswith("Spin for ")), None)
            if want is None:
                r.run_for(0.3)
                continue
            try:
                r.tap(want, timeout=2)
            except Stalled:  # the screen moved on between looking and tapping: look again
                pass
        raise AssertionError(f"round {round_} never came: {r.screen_text()}")


def three_players(t):
    r = t.robot
    g = IlCapoTable(t)
    t.obs["size"] = f"{__import__('kivy.core.window', fromlist=['Window']).Window.width}-"
    r.tap("Il Capo")
    r.wait_for("Who plays? Tap in seat order")
    for name in NAMES:
        type_name(r, name)
    check_layout(t, "new-game")
    r.tap("Start with 3")
    r.wait_for("Real spinner", control=True)
    g.gid = t.outside.latest_game(GAME)
    t.obs["game_id"] = g.gid
    g.check("table-start")

    # a typical turn, counted: spin by hand, hire (several allowed, affordable first), a cop
    start = r.steps
    g.spin(5, "R", "table")
    g.check("table-landed")
    r.tap("Hire crew")
    r.wait_for(re.compile(r"^Anna hires · "))  # the header
    st = g.state()
    # the first card on the screen: affordable, cheapest, then by name (the screen's own order)
    cheap = sorted((c for c in st.catalog if c.cost <= st.ledger.balance("Anna")), key=lambda c: (c.cost, c.name))[0]
    from ui.games.il_capo.logic import short_name

    check_layout(t, "hire")
    # the card says what the skill does, not only its name
    t.obs["hire_skill_shown"] = r.sees(f"{cheap.skill}: {cheap.text}")
    r.tap(short_name(cheap.name))
    r.wait_for(re.compile(r"Anna hires " + re.escape(cheap.name)))
    g.check("hire-after")
    t.obs["hired"] = cheap.name
    r.tap("‹ Table")
    g.trouble("Landed on a cop")
    t.obs["taps_typical_turn"] = r.steps - start
    st = g.state()
    t.obs["jailed"] = [j.crew for j in st.jail]
    t.obs["jail_until"] = [j.release_after_round for j in st.jail]
    t.obs["cop_news_seen"] = r.ever_saw(f"Busted! Anna's lowest crew member, {cheap.name}, goes to Jail")
    g.check("after-cop")
    # the table says who is in Jail and until when
    t.obs["jail_tile"] = next((x for x in r.texts() if x.startswith("Jail: ")), None)
    # the turn changed: the old spin is not left standing beside "Ben: spin to move"
    t.obs["after_turn_change"] = {"prompt": r.sees("Ben: spin to move."), "owner": r.sees("Ben to spin"),
                                  "cleared": r.sees("–") and not r.sees("RIGHT")}

    # Ben opens fire on Carla: both miss, a stand-off
    g.spin(4, "L")
    g.trouble("Shoot a player")
    r.wait_for("Shoot whom? Tap a player.")
    check_layout(t, "target-menu")
    r.tap("Carla")
    r.wait_for("Ben vs Carla")
    g.check("encounter-pvp")
    g.spin(3, "R", "encounter")  # Ben misses
    g.spin(3, "R")  # Carla's return fire misses
    st = g.state()
    t.obs["standoffs"] = [list(p) for p in st.standoffs]
    g.carry_on()
    # Carla flees the stand-off and lands on a cop, alone: prison
    r.wait_for(re.compile(r"^Stand-off: Carla vs Ben"))
    g.check("stand-off")
    g.spin(6, "R")
    g.carry_on()
    g.trouble("Landed on a cop")
    g.check("carla-prison")

    # the Syndicate: the cops land on nobody; Rico on Ben (a beating); the Brothers on Ben
    r.wait_for(re.compile(r"^Tap the wheel to spin for"))
    for _ in range(2):
        g.spin(2, "L", "syndicate")
        g.check("syndicate-cop")
        r.tap("Nobody")
    g.spin(6, "L")
    g.check("syndicate-rico")
    r.tap("Ben")
    r.wait_for(re.compile(r"Beefy Rico beats Ben|Beefy Rico vs Ben"))
    g.check("rico-beating")
    if any(c.text == "Take the beating" for c in r.controls()):
        r.tap("Take the beating")
    g.spin(8, "R")  # he walks it off
    g.carry_on()
    r.wait_for(re.compile(r"^Moves 6 spaces, turning left"))
    g.check("syndicate-after-beating")  # the NPC's own move, not the beating's 8
    t.obs["rico_line_after_beating"] = next(x for x in r.texts() if x.startswith("Moves "))
    r.tap("Nobody else")
    g.spin(3, "R")
    r.tap("Ben")
    r.wait_for(re.compile(r"Ricigliano Brothers vs Ben"))
    g.check("brothers")
    g.spin(3, "R")
    g.carry_on()
    g.check("brothers-after")
    g.quiet_until(5)
    st = g.state()
    t.obs["released"] = list(st.released)

    # round 5: Anna picks her crew member up (the price is on the button); Ben hits Marcello
    g.spin(5, "R")
    g.trouble("Out of Jail")
    r.wait_for("The Out of Jail space")
    check_layout(t, "jail-menu")
    pick = next(c.text for c in r.controls() if c.text.startswith("Pick up "))
    t.obs["pick_label"] = pick
    r.tap(pick)
    r.run_for(0.3)
    g.check("picked-up")
    g.spin(5, "R")
    g.trouble("Hit Marcello")
    r.wait_for("Ben vs Marcello Valli")
    g.spin(10, "R")
    # the result held for Continue: whole and large, under Ben's own status line and title
    r.wait_for("Continue ›", control=True)
    r.run_for(0.2)
    check_layout(t, "marcello-result")
    t.obs["held_result"] = {"status": [x for x in r.texts() if x.startswith("Round ")],
                            "title": r.sees("Ben vs Marcello Valli"), "whose": r.sees("Ben's spin: the result"),
                            "result": next((x for x in r.texts() if x.startswith("Ben spins 10: ")), None),
                            "old_prompt": r.sees("The result is on screen. Tap Continue › for what comes next.")}
    g.carry_on()
    g.check("marcello")
    # Carla's move (her prison turns are served)
    r.wait_for("Round 5 · Carla's turn")
    # released from prison: she moves from the Out of Jail space, and the table says so
    t.obs["released_prompt"] = r.sees("Carla: spin to move from the Out of Jail space.")
    t.obs["released_tile"] = r.sees(re.compile(r"Carla starts (there|on the Out of Jail space)$"))
    g.spin(5, "R")
    # the board pays her: the bank, $1,000,000 twice
    r.tap("Bank")
    r.wait_for("Back to the game")
    r.tap("Carla")
    paid = []
    for _ in range(2):
        before = r.steps
        r.tap("$1,000,000")
        r.tap("Receive")
        paid.append((r.wait_for(re.compile(r"^Done: Carla receives")), r.steps - before))
    t.obs["payments_confirmed"] = paid  # (the confirmation, the taps the payment took)
    check_layout(t, "bank")
    g.check("bank")
    r.tap("Ledger")
    r.wait_for("Ledger · newest first")
    check_layout(t, "ledger")
    # the ledger panel swallows taps: a tap on it sets no amount underneath
    ledger = next(s for s in r._visible() if s.text == "Ledger · newest first")
    x, y, w, h = ledger.rect
    r.tap_at(x + w / 2, y - 60)
    r.tap("Hide ledger")
    t.obs["amount_after_ledger_tap"] = next((x for x in r.texts() if x.startswith("$") and "," in x and
                                             x in ("$0",) or x == "$0"), None)
    r.tap("Back to the game")
    r.wait_for("Gauntlet…", control=True)
    r.tap("Gauntlet…")
    r.wait_for("The gauntlet")
    check_layout(t, "gauntlet-menu")
    r.tap("Skyscraper")
    r.run_for(0.2)
    if any(c.text == "Pay" for c in r.controls()):
        r.tap("Pay")
    g.check("skyscraper")
    r.tap("Gauntlet…")
    r.tap("Dead Man's Row")
    r.run_for(0.2)
    r.tap("Gauntlet…")
    r.tap("The Mansion")
    r.wait_for(re.compile(r"^Pay \$1,000,000 for the buy-off"))
    t.obs["mansion_question"] = next(x for x in r.texts() if x.startswith("Pay $"))
    check_layout(t, "confirm-spend")
    r.tap("Pay")
    r.wait_for("Carla vs Vincenzo Moretti")
    g.check("showdown")
    g.spin(10, "R")
    g.carry_on()
    r.wait_for(re.compile(r"IL CAPO|Il Capo", re.I), timeout=10)
    r.run_for(0.5)
    check_layout(t, "end")
    st = g.state()
    out = t.outside.replay(g.gid)[0].outcome(st)
    t.obs["stored_winner"] = st.players[out.winners[0]].name if out and out.winners else None
    t.obs["end_texts"] = r.texts()
    t.obs["out_announced"] = r.ever_saw("is out of the game")


def _raw_log(t, gid) -> list[dict]:
    """The stored log entries as written (undo records too), read from outside."""
    import json

    return [json.loads(a) for (a,) in t.outside._rows("SELECT action FROM actions WHERE game_id=? ORDER BY seq",
                                                      (gid,))]


def bank_undo_and_the_syndicate(t):
    """What the Il Capo id-driver checked inside the app (issue #25), now by visible text: names
    typed in seat order; the app's spin recorded before it is shown; a quick amount in one tap; a
    payment nobody can afford refused in words with nothing stored; a transfer to a player and its
    confirmation; undo asked once in names and taken back; a hire from the catalog; the Syndicate
    phase announcing each NPC's number and direction in order, back to round 2."""
    r = t.robot
    g = IlCapoTable(t)
    r.tap("Il Capo")
    r.wait_for("Who plays? Tap in seat order")
    for name in NAMES:
        type_name(r, name)
    r.tap("Start with 3")
    r.wait_for("Real spinner", control=True)
    g.gid = t.outside.latest_game(GAME)
    t.obs["seats"] = [p.name for p in g.state().players]

    # the app spins for Anna: on disk before the number is on screen, the same number
    r.tap("Spin for Anna")
    shown = r.wait_for(re.compile(r"^(10|[1-9])$"))
    stored = _raw_log(t, g.gid)[-1]
    r.wait_for(re.compile(r"^(LEFT|RIGHT)$"))
    t.obs["app_spin"] = {"stored": stored, "shown": [shown, next(x for x in r.texts() if x in ("LEFT", "RIGHT"))]}
    g.check("app-spin")

    # the bank: a quick amount in one tap; a payment Anna cannot afford is refused, nothing stored
    r.tap("Bank")
    r.wait_for("Back to the game")
    r.tap("Anna")
    r.tap("$1,000,000")
    # one tap: the amount reads $1,000,000 beside its own button (two texts), nothing added up
    t.obs["quick_amount_shown"] = sum(x == "$1,000,000" for x in r.texts()) == 2
    before = len(_raw_log(t, g.gid))
    r.tap("Pay bank")
    t.obs["refused"] = r.wait_for(re.compile(r"^Anna cannot pay "))
    t.obs["refused_stored_nothing"] = len(_raw_log(t, g.gid)) == before

    # a transfer to another player, counted, and its confirmation
    start = r.steps
    r.tap("C")
    r.tap("+50K")
    r.tap("To player")
    r.wait_for("Anna pays $50,000 to whom? Tap a player.")
    r.tap("Ben")
    t.obs["transfer_done"] = r.wait_for(re.compile(r"^Done: Anna pays"))
    t.obs["taps_transfer"] = r.steps - start
    t.obs["transfer_stored"] = _raw_log(t, g.gid)[-1]
    g.check("transfer")

    # undo asks once, in names, and takes back exactly the last action
    actions_before = len(g.t.outside.replay(g.gid)[1].ledger.journal)
    r.tap("Undo")
    t.obs["undo_question"] = r.wait_for(re.compile(r"^Take back: "))
    r.tap("Take back")
    r.run_for(0.3)
    t.obs["undo_stored"] = _raw_log(t, g.gid)[-1]
    t.obs["journal_after_undo"] = [len(g.state().ledger.journal), actions_before]
    t.obs["balances_after_undo"] = {p.name: g.state().ledger.balance(p.name) for p in g.state().players}
    g.check("undo")
    r.tap("Back to the game")

    # a hire from the catalog
    r.tap("Hire crew")
    r.wait_for(re.compile(r"^Anna hires · "))
    st = g.state()
    card = sorted((c for c in st.catalog if c.cost <= st.ledger.balance("Anna")), key=lambda c: (c.cost, c.name))[0]
    from ui.games.il_capo.logic import short_name

    r.tap(short_name(card.name))
    r.wait_for(re.compile(r"Anna hires " + re.escape(card.name)))
    t.obs["hired_stored"] = _raw_log(t, g.gid)[-1]
    r.tap("End turn")

    # Ben and Carla move and end; the Syndicate: each NPC's number and direction, in order
    for who in ("Ben", "Carla"):
        r.wait_for(f"Spin for {who}", control=True)
        g.spin(4, "R")
        r.tap("End turn")
    npcs = []
    for (title, chip), (n, side) in zip((("Cop car 1", "Cop 1"), ("Cop car 2", "Cop 2"), ("Beefy Rico", "Rico"),
                                         ("Ricigliano Brothers", "Brothers")), ((3, "L"), (1, "R"), (7, "L"), (5, "R"))):
        r.wait_for(title)
        r.wait_for(f"Spin for {title}", control=True)
        g.spin(n, side)
        line = r.wait_for(re.compile(r"^Moves \d+ space"))
        r.run_for(0.2)
        st = g.state()
        npcs.append([title, list(st.npc_move), line])
        g.check(f"npc-{chip}")
        r.tap("Nobody")
    r.wait_for("Round 2 · Anna's turn")
    t.obs["npcs"] = npcs
    t.obs["round_after_syndicate"] = g.state().round
    t.obs["screen_after_syndicate"] = r.sees("Real spinner")
