"""Contract at the table, played by the robot from Home by visible text only: a whole 3-player
game (every round, every count, the final score). Each player influences the Mafioso the screen
offers first on their first turn of a round, then passes; the app draws where the table has no
deck. After each count the scores on screen are compared with the stored game read from outside."""

from __future__ import annotations

import re

from robot import Stalled
from tables_help import check_layout, type_name

GAME = "contract"
NAMES = ("Ann", "Ben", "Cleo")

#: what the table taps, first match wins, on whichever screen it is
ORDER = ("Deal the trafficking tiles", "No deck: the app draws", "Play", "Next round ›", "Next ›",
         "Final score ›", "Continue ›")


def whole_game(t):
    r = t.robot
    r.tap("Contract")
    r.wait_for(re.compile(r"^Tap the players|players\. "))
    for name in NAMES:
        type_name(r, name)
    check_layout(t, "new-game")
    r.tap("Start · 3 players")
    r.wait_for("Deal the trafficking tiles", control=True)
    gid = t.outside.latest_game(GAME)
    t.obs["game_id"] = gid
    mismatches = t.obs.setdefault("mismatches", [])
    influenced: set = set()
    trace = t.obs.setdefault("trace", [])
    start = r.steps
    import time

    deadline = time.monotonic() + 420
    kind_chosen = False
    for step in range(600):
        if time.monotonic() > deadline:
            raise AssertionError(f"the game never ended in time: {trace}")
        texts = r.texts()
        controls = [c.text for c in r.controls()]
        phase = next((x for x in texts if x.startswith("Round ") or x.startswith("Contract ·")), "")
        where = re.sub(r"[^a-z]+", "-", phase.lower()).strip("-")[:20] or "screen"
        check_layout(t, where)
        trace.append(f"{phase} :: {controls}")
        del trace[:-6]
        if phase.startswith("Contract · final score"):
            break
        if phase.startswith("Contract · bonuses") or phase.startswith("Contract · play areas"):
            r.tap("‹ Back")
            continue
        want = next((w for w in ORDER if w in controls), None)
        kinds = [c for c in controls if re.search(r"\+[\d½]+$", c)]
        if want == "Play" and kinds and not kind_chosen:
            want, kind_chosen = kinds[0], True  # the cards played: the first kind offered
        elif want == "Play":
            kind_chosen = False
        turn = re.match(r"^Round (\d+)/\d+ · (\w+)", phase)
        if want is None and turn and "Influence" in controls and (turn.group(1), turn.group(2)) not in influenced:
            influenced.add((turn.group(1), turn.group(2)))
            want = "Influence"
        elif want is None and "Pass" in controls:
            want = "Pass"
        if want is None:
            # a choice the table makes on this screen (a family, a card value, a Mafioso, a kind)
            skip = {"‹ Home", "‹ Back", "Undo", "Play areas", "Bonuses", "Last count", "Cancel", "−", "+",
                    "Drop card", "New game", "Home"}
            options = [c for c in controls if c not in skip]
            if not options:
                r.run_for(0.3)
                continue
            want = options[0]
        try:
            r.tap(want, timeout=3)
        except Stalled:
            continue
        if want in ("Next round ›", "Final score ›"):
            st = t.outside.replay(gid)[1]
            t.obs.setdefault("counted_rounds", []).append(st.round)
    else:
        raise AssertionError(f"the game never ended: {trace}")
    t.obs["taps"] = r.steps - start
    view = t.outside.replay(gid)
    engine, st, _ = view
    from companion.engine import TABLE

    score = engine.view(st, TABLE).score
    shown = r.texts()
    for row in score.rows:  # each row: the name, then its total as printed ("15 $")
        i = shown.index(row.name) if row.name in shown else -1
        if i < 0 or f"{row.total} $" not in shown[i:i + 6]:
            mismatches.append(f"final: {row.name} {row.total} $ not on screen: {shown}")
    t.obs["stored_winners"] = [st.names[s] for s in score.winners]
    t.obs["final_texts"] = shown
    check_layout(t, "final-score")


FIVE = ("Anna", "Ben", "Carla", "Dino", "Elena")


def first_influence(t):
    """Round 1 of a 5-player game up to its first influence, by visible text (issue 26): the screen
    says who holds the Vicelard card (the rule: "the last player ... takes the Vicelard card"); while
    the cards and tokens for one Mafioso are chosen, the row of Mafiosi above takes no tap (a stray
    tap on another card changes nothing); the taps of one typical influence are counted."""
    from tables_help import seat_names

    r = t.robot
    r.tap("Contract")
    r.wait_for(re.compile(r"^Tap the players|players\. "))
    seat_names(r, FIVE)
    r.tap("Start · 5 players")
    r.tap("Deal the trafficking tiles")
    r.tap("‹ Back")  # the bonuses, shown large after the deal
    t.obs["layout_texts"] = []
    for _ in range(40):
        controls = [c.text for c in r.controls()]
        if "Influence" in controls:
            break
        if "No deck: the app draws" in controls:
            texts = r.texts()
            t.obs["layout_texts"] += [x for x in texts if "holds the Vicelard card" in x]
            r.tap("No deck: the app draws")
        else:
            r.run_for(0.3)
    t.obs["turn_texts"] = [x for x in r.texts() if "holds the Vicelard card" in x]
    check_layout(t, "contract-first-turn-5")
    start = r.steps
    r.tap("Influence")
    r.wait_for("Influence: tap the Mafioso.")
    for place in "123456":  # the first Mafioso the rules let Anna influence
        r.tap(place)
        r.run_for(0.2)
        if any(re.search(r"\+[\d½]+$", c.text) for c in r.controls()):
            break
    check_layout(t, "contract-compose-5")
    message = next(x for x in r.texts() if x.startswith("Anna on "))
    t.obs["compose_message"] = message
    cards = {c.text: c for c in r.controls(enabled_only=False) if c.text in "123456" and len(c.text) == 1}
    t.obs["row_controls_while_composing"] = sorted(c.text for c in r.controls() if c.text in cards)
    stray = cards[next(p for p in "654321" if p in cards and p not in message)]
    x, y, w, h = stray.rect
    r.tap_at(x + w / 2, y + h / 2)  # a stray tap on another Mafioso of the row
    r.run_for(0.2)
    t.obs["message_after_stray_tap"] = next((x for x in r.texts() if x.startswith("Anna on ")), "")
    kind = next(c.text for c in r.controls() if re.search(r"\+[\d½]+$", c.text))
    r.tap(kind)
    r.tap("Play")
    r.wait_for(re.compile(r"^Ben"))
    t.obs["influence_taps"] = r.steps - start
