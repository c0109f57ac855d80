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
