"""Contract at the table, played by the robot from Home by visible text only: a whole 3-player
game (every round, every count, the final score). Each player influences the Mafioso the screen
offers first on their first turn of a round, then passes; the app draws where the table has no
deck. After each count the scores on screen are compared with the stored game read from outside."""

from __future__ import annotations

import re

from robot import Stalled  # first: it puts tests/ (liveness) on the path

from liveness import patience  # noqa: E402
from tables_help import check_layout, tap_last, type_name

GAME = "contract"
NAMES = ("Ann", "Ben", "Cleo")

#: what the table taps, first match wins, on whichever screen it is
ORDER = ("Deal the trafficking tiles", "No deck: the app draws", "Play", "Next round ›", "Next ›",
         "Final score ›", "Continue ›")


def verdicts_shown(r) -> list[str]:
    """The count's verdicts once every tile is shown (they appear one by one, as the count goes)."""
    shown: list[str] = []
    for _ in range(40):
        now = [x for x in r.texts() if x.endswith(" wins") or x in ("Tie: discarded", "Nobody: out")]
        if shown and len(now) == len(shown):
            return now
        shown = now
        # longer than one tile's step (ui/games/contract/count.py STEP_SECONDS), stretched by how
        # slow the machine is now: with two busy loops beside the suite a step took longer than
        # 0.8 s and the last count was read with 4 of its 5 tiles
        r.run_for(patience(0.8))
    return shown


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
        if want in ("Next round ›", "Final score ›"):  # the count as it stands, every tile shown
            t.obs.setdefault("verdicts", []).append(verdicts_shown(r))
            t.obs.setdefault("count_messages", []).extend(x for x in r.texts() if " is counted" in x)
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


# -- round 1 of a 3-player game, every kind of tap (moved from the id-driver, issue #25) -----------

THREE = ("Anna", "Bruno", "Carla")
CARLA_TAG = "0000004243"
FAMILIES = ("Yakaz", "Costa", "Brakova", "Rodrigos", "Blackmat")


def logged(t, gid: int) -> list[dict]:
    """The store's log as written (undo records included), read from outside."""
    import json

    return [json.loads(a) for (a,) in t.outside._rows("SELECT action FROM actions WHERE game_id=? ORDER BY seq",
                                                       (gid,))]


def _message(r, prefix: str) -> str:
    return next((x for x in r.texts() if x.startswith(prefix)), "")


def _count_calls(t):
    """Wrap the open game's engine view and the current screen's drawing, to count them over a tap
    (a measurement from inside, the taps themselves by visible text)."""
    session = t.app.table.sessions[GAME]
    screen = t.app.manager.current_screen
    counts = {"views": 0, "shows": 0}
    engine_view, show = session.engine.view, screen.show

    def view(*a, **k):
        counts["views"] += 1
        return engine_view(*a, **k)

    def drawn(*a, **k):
        counts["shows"] += 1
        return show(*a, **k)

    session.engine.view, screen.show = view, drawn

    def stop():
        del session.engine.view
        del screen.show
        return dict(counts)

    return counts, stop


def first_round(t):
    """Round 1 of a 3-player game by visible text: the names typed, Carla freed by a tap and seated
    again by her tag; the tiles dealt by the app; a Mafioso entered by family and value; only
    Influence offered to the first player; an influence without a token refused in a sentence with
    nothing stored; the same with a token played (one view computed, one drawing); Undo asked once
    with the words of the action; Vicelard hired onto Copper, who is chased; passes in a row; the
    count tile by tile; the play areas."""
    from hardware.commands import TagSeen

    r = t.robot
    r.tap("Contract")
    r.wait_for(re.compile(r"^Tap the players"))
    for name in THREE:
        type_name(r, name)
    t.obs["seated"] = _message(r, "3 players")
    r.tap("3. Carla")
    r.wait_for("2 players. Anna plays first.")
    t.app.store.bind_tag(CARLA_TAG, "player", "Carla")  # a tag registered on another evening
    t.obs["tag_used"] = t.app.dispatch_command(TagSeen(CARLA_TAG))  # Carla holds it to the reader
    t.obs["after_tag"] = r.wait_for("3 players. Anna plays first.")
    t.obs["seat_buttons"] = sorted(c.text for c in r.controls() if re.match(r"^\d\. ", c.text))
    r.tap("Start · 3 players")
    r.wait_for("Deal the trafficking tiles", control=True)
    gid = t.outside.latest_game(GAME)
    t.obs["deal_message"] = next((x for x in r.texts() if "at random" in x), "")
    r.tap("Deal the trafficking tiles")
    r.wait_for("Contract · bonuses")
    r.tap("‹ Back")
    r.tap("Enter the card")
    r.wait_for(re.compile(r"Tap its family, then its value\.$"))
    family = next(c.text for c in r.controls() if c.text in FAMILIES)
    r.tap(family)
    r.wait_for(re.compile(rf"Now tap the value of the {family}\.$"))
    value = next(c.text for c in r.controls() if c.text.isdigit())
    r.tap(value)
    t.obs["entered"] = f"{family} {value}"
    r.tap("No deck: the app draws")
    r.wait_for("Influence", control=True)
    t.obs["row_after_layout"] = r.texts()
    t.obs["first_log"] = logged(t, gid)[:3]
    t.obs["actions_offered"] = {c.text: c.enabled for c in r.controls(enabled_only=False)
                                if c.text in ("Influence", "Reinforce", "Copper", "Vicelard", "Pass")}
    t.obs["phase_round1"] = next(x for x in r.texts() if x.startswith("Round 1/"))
    check_layout(t, "contract-first-turn-3")

    # an influence without a token: refused in a sentence, nothing stored
    r.tap("Influence")
    r.wait_for("Influence: tap the Mafioso.")
    for place in "12345":
        r.tap(place)
        r.run_for(0.2)
        if any(re.search(r"\+[\d½]+$", c.text) for c in r.controls()):
            break
    r.tap("−")
    kind = next(c.text for c in r.controls() if re.search(r"\+[\d½]+$", c.text))
    r.tap(kind)
    stored = len(logged(t, gid))
    r.tap("Play")
    t.obs["refusal"] = r.wait_for(re.compile(r"^To influence a Mafioso"))
    t.obs["stored_after_refusal"] = len(logged(t, gid)) - stored
    r.tap("+")
    counts, stop = _count_calls(t)
    r.tap("Play")
    r.wait_for(re.compile(r"^Round 1/4 · Bruno"))
    r.run_for(0.5)  # whatever else one commit sets going has run
    t.obs["play_tap"] = stop()
    t.obs["played"] = logged(t, gid)[-1]

    # Undo: asked once, in words, then taken back
    r.tap("Undo")
    t.obs["undo_question"] = r.wait_for(re.compile(r"^Take back: "))
    r.tap("Take back")
    r.wait_for(re.compile(r"^Round 1/4 · Anna"))
    t.obs["after_undo"] = logged(t, gid)[-2:]
    r.tap("Influence")
    r.wait_for("Influence: tap the Mafioso.")
    for place in "12345":
        r.tap(place)
        r.run_for(0.2)
        if any(re.search(r"\+[\d½]+$", c.text) for c in r.controls()):
            break
    r.tap(next(c.text for c in r.controls() if re.search(r"\+[\d½]+$", c.text)))
    r.tap("Play")
    r.wait_for(re.compile(r"^Round 1/4 · Bruno"))

    # Bruno hires Vicelard onto Copper's Mafioso (the leftmost): Copper is chased
    tap_last(r, "Vicelard")  # the action button, not the pawn's label on the row above it
    r.wait_for("Hire Vicelard 1 $: tap where Vicelard goes.")
    r.tap("1")
    t.obs["chase"] = r.wait_for(re.compile(r"^Vicelard chases Copper"))
    r.tap("2")
    r.tap("Pay a 1 $ card")
    r.wait_for(re.compile(r"^Round 1/4 · Carla"))
    t.obs["hired"] = logged(t, gid)[-1]

    # three passes in a row end the round
    t.obs["passes"] = []
    for who in ("Carla", "Anna", "Bruno"):
        r.wait_for(re.compile(rf"^Round 1/4 · {who}"))
        r.tap("Pass")
        r.run_for(0.3)
        t.obs["passes"] += [x for x in r.texts() if x.startswith("Passes ")]
    for _ in range(30):  # the count: the app turns over a won face-down Mafioso, the table chooses
        controls = [c.text for c in r.controls()]
        if "Next round ›" in controls:
            break
        choice = next((c for c in controls if c == "No deck: the app draws" or c.startswith("With the")
                       or c == "Take the Copper card"), None)
        if choice:
            r.tap(choice)
        r.run_for(0.4)
    t.obs["verdicts"] = verdicts_shown(r)
    t.obs["count_message"] = _message(r, "Round 1 is counted")
    check_layout(t, "contract-count-3")
    r.tap("Play areas")
    r.wait_for(re.compile(r"^Play areas"))
    t.obs["areas_names"] = [x for x in r.texts() if x in THREE]
    r.tap("‹ Back")  # to the round, which has moved on (the count stays under "Last count")
    r.tap("Last count")
    r.wait_for("Round 1 is counted. Take back your tokens; round 2 is next.")
    r.tap("Next round ›")
    t.obs["next"] = r.wait_for(re.compile(r"^Round 2/4"))


def _left_at_coppers_choice(store):
    """A 3-player game left at Copper's choice, as a table would have stored it: played out with a
    seed until Copper's winner may make a player with one such Mafioso, or one with two, discard."""
    from collections import Counter

    from companion.games.contract.engine import ENGINE
    from companion.session import Session
    from companion.simulate import playout

    config = {"players": 3, "names": list(THREE), "first_player": 0}
    fallback = None
    for seed in range(600):
        game = playout(ENGINE, seed, keep_states=True, config=config)
        for step, state in enumerate(game.states):
            if not state.pending or state.pending[0].what != "copper":
                continue
            pending = state.pending[0]
            per = Counter(v for v, _ in ENGINE.copper_targets(state, pending.seat, pending.card))
            single = next((v for v, n in per.items() if n == 1), None)
            several = next((v for v, n in per.items() if n > 1), None)
            if single is not None and (several is not None or fallback is None):
                fallback = (seed, step, game.actions[:step], pending.seat, single, several)
                if several is not None:
                    break
        if fallback is not None and fallback[-1] is not None:
            break
    seed, _, actions, winner, single, several = fallback
    session = Session.start(store, GAME, config, seed=seed)
    for action in actions:
        session.act(action)
    return session.game_id, winner, single, several


def coppers_choice(t):
    """Copper's choice at the players' buttons and tags (moved from the id-driver's 3-player game):
    a game left at Copper's choice is resumed from the Contract card; the winner's own button is
    refused in a sentence with nothing stored; a player with two such Mafiosi, by tag, is asked to
    tap the one; a player with one discards it by their button."""
    from hardware.commands import TagSeen, Vote

    r = t.robot
    gid, winner, single, several = _left_at_coppers_choice(t.app.store)
    t.obs.update(winner=THREE[winner], single=THREE[single], several=THREE[several] if several is not None else None)
    r.tap("Contract")
    r.wait_for("Take the Copper card", control=True)
    t.obs["buttons"] = [c.text for c in r.controls() if "discards" in c.text or c.text == "Take the Copper card"]
    check_layout(t, "contract-coppers-choice-3")
    stored = len(logged(t, gid))
    t.obs["winner_used"] = t.app.dispatch_command(Vote(winner))  # the winner's own player button
    t.obs["winner_refused"] = r.wait_for(re.compile(r"won Copper's Mafioso: choose another player"))
    if several is not None:
        t.app.store.bind_tag("0000000007", "player", THREE[several])
        t.obs["several_used"] = t.app.dispatch_command(TagSeen("0000000007"))
        t.obs["several_refused"] = r.wait_for(re.compile(rf"^{THREE[several]} has \d .+ Mafiosi: tap the one"))
    t.obs["stored_after_refusals"] = len(logged(t, gid)) - stored
    t.obs["single_used"] = t.app.dispatch_command(Vote(single))
    for _ in range(20):
        if len(logged(t, gid)) > stored:
            break
        r.run_for(0.2)
    t.obs["discarded"] = logged(t, gid)[stored:stored + 1]
