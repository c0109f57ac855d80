"""Play Contract in the real app by touches only (run in a subprocess by test_contract_ui.py).

    python tests/ui/contract/contract_driver.py SCENARIO DB OUTDIR WxH

Each ``yield s`` lets the app's own Clock run for ``s`` seconds (layout, frames) before the next
tap. The game's seed is fixed by pinning the session's seed source, so every run plays the same
game; the Mafiosi are entered by tapping family and value (round 1) or drawn by the app.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/ui: the shared harness
from ui_harness import run_scenario  # noqa: E402

for key, value in {"KIVY_NO_ARGS": "1", "KIVY_NO_FILELOG": "1", "KIVY_NO_CONSOLELOG": "1",
                   "SDL_AUDIODRIVER": "dummy"}.items():
    os.environ.setdefault(key, value)
sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from ui.main import configure_kivy  # noqa: E402

SCENARIO, DB, OUT, SIZE = sys.argv[1], sys.argv[2], Path(sys.argv[3]), sys.argv[4]
configure_kivy(tuple(int(v) for v in SIZE.split("x")), False)

from kivy.clock import Clock  # noqa: E402
from kivy.tests.common import UnitTestTouch  # noqa: E402
from kivy.uix.behaviors import ButtonBehavior  # noqa: E402

import companion.session  # noqa: E402
from companion.engine import TABLE  # noqa: E402
from companion.store import Store  # noqa: E402
from ui.app import CompanionApp  # noqa: E402

SEED = 4243 if SCENARIO == "game3" else 4242  # game3: this seed reaches two Copper discards
companion.session.secrets.randbelow = lambda n: SEED  # the new-game screen's game plays the same every run
STEP = 0.06
obs: dict = {"scenario": SCENARIO, "shots": []}


def frames(n: int = 3):
    """Let the app draw ``n`` frames (layout done) whatever the machine's speed."""
    start = Clock.frames_displayed
    while Clock.frames_displayed < start + n:
        yield 0.02


def until(condition, timeout: float = 5.0):
    """Wait (frame by frame) until ``condition()`` holds."""
    waited = 0.0
    while not condition() and waited < timeout:
        yield 0.05
        waited += 0.05
    yield from frames()


def tap(widget) -> None:
    assert widget.get_root_window() is not None, f"{widget} is not on screen"
    assert not widget.disabled, f"{getattr(widget, 'text', widget)!r} is disabled"
    x, y = widget.to_window(*widget.center)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    touch.touch_up()


def disk_actions(game_id: int) -> list[dict]:
    con = sqlite3.connect(DB)
    try:
        rows = con.execute("SELECT action FROM actions WHERE game_id=? ORDER BY seq", (game_id,)).fetchall()
    finally:
        con.close()
    return [json.loads(r[0]) for r in rows]


def visible_targets(root) -> list[tuple[str, float, float]]:
    out = []
    for w in root.walk():
        if isinstance(w, ButtonBehavior) and w.opacity > 0 and not w.disabled and w.width > 0 \
                and w.height > 0 and w.get_root_window() is not None:
            out.append((getattr(w, "text", "") or getattr(w, "label", "card"), w.width, w.height))
    return out


def shot(app, name: str) -> None:
    if name not in obs["shots"]:
        app.root.export_to_png(str(OUT / f"{name}.png"))
        obs["shots"].append(name)


def screen(app):
    return app.manager.get_screen(app.manager.current)


def back(app):
    app.status.dispatch("on_back")


def new_game(app, names=("ANNA", "BRUNO"), before_start=None):
    """Home card -> new game -> the names typed on the on-screen keyboard -> Start."""
    home = app.manager.get_screen("home")
    cards = {c.game: c for c in home.ids.cards.children}
    tap(cards["contract"])
    yield from until(lambda: app.manager.current == "contract_new")
    obs["after_card"] = app.manager.current
    new = screen(app)
    for name in names:
        yield from until(lambda: not new.ids.add.disabled and new.ids.add.get_root_window() is not None)
        tap(new.ids.add)
        keyboard = new._keyboard
        yield from until(lambda: keyboard.get_root_window() is not None)
        keys = {k.text: k for row in keyboard.ids.keypad.children for k in row.children if hasattr(k, "text")}
        for letter in name:
            tap(keys[letter])
        yield from frames()
        if name == "BRUNO" and SCENARIO == "game":
            obs["typed"] = keyboard.text
            obs["keyboard_targets"] = visible_targets(app.root)
            shot(app, "contract_keyboard")
        tap(keyboard.ids.done)
        yield from frames()
    obs["seats"] = list(new.seats)
    obs["known"] = list(app.store.players())
    if before_start is not None:
        yield from before_start(app, new)
    shot(app, "contract_new")
    tap(new.ids.start)
    yield 0.2


def play_turn(app, rnd: dict, plan: dict, aim=None):
    """One turn by touches: Influence (first target, a contract if offered), Copper, Vicelard
    or Pass, following a small plan per round so every action is exercised."""
    s = screen(app)
    view = s.session.view(TABLE)
    options = view.turn
    n = rnd["turns"]
    rnd["turns"] += 1
    want = plan.get(n, "influence" if n < 2 else "pass")
    enabled = {a: not s.buttons[f"action:{a}"].disabled for a in ("influence", "reinforce", "copper", "vicelard",
                                                                    "pass")}
    if not enabled.get(want):
        want = "pass"
    tap(s.buttons[f"action:{want}"])
    yield from frames()
    if want == "pass":
        return
    if s.draft is not None and s.draft.position is None:
        aims = {"influence": options.influence, "copper": options.pay_copper,
                "vicelard": options.hire_vicelard}[want]
        target = aims[-1] if want == "influence" and n % 2 else aims[0]
        if want == "vicelard" and options.copper_chased_from in aims:
            target = options.copper_chased_from
        if aim is not None and aim(want, aims) is not None:
            target = aim(want, aims)
        tap(s.cards[target])
        yield from frames()
    if s.draft is not None and s.draft.chasing:
        shot(app, "contract_chase")
        obs["chase_message"] = s.message
        choices = [i for i, c in enumerate(s.cards) if c.target]
        tap(s.cards[choices[0]])
        yield from frames()
    if want in ("copper", "vicelard"):
        shot(app, "contract_pay")
        tap(s.buttons["pay0"])
        yield from frames()
        return
    kinds = [k for k in s.buttons if k.startswith("kind:")]
    kind = next((k for k in kinds if k.startswith("kind:contract")), kinds[0])
    tap(s.buttons[kind])
    yield from frames()
    shot(app, "contract_compose")
    tap(s.buttons["play"])
    yield from frames()


def refused_and_undo(app):
    """A refused action (an influence without a token) is a sentence with nothing changed;
    then a played action is taken back with Undo (asked once)."""
    s = screen(app)
    game_id = s.session.game_id
    before_disk = len(disk_actions(game_id))
    before_state = s.session.state
    tap(s.buttons["action:influence"])
    yield from frames()
    if s.draft.position is None:
        tap(s.cards[s.session.view(TABLE).turn.influence[0]])
        yield from frames()
    tap(s.buttons["tokens_down"])
    yield from frames()
    kinds = [k for k in s.buttons if k.startswith("kind:")]
    tap(s.buttons[kinds[0]])
    yield from frames()
    tap(s.buttons["play"])
    yield from frames()
    obs["refused_error"] = s.error
    obs["refused_message_shown"] = s.ids.message.text
    obs["refused_disk_same"] = len(disk_actions(game_id)) == before_disk
    obs["refused_state_same"] = s.session.state == before_state
    shot(app, "contract_refused")
    tap(s.buttons["tokens_up"])
    yield from frames()
    tap(s.buttons["play"])
    yield from frames()
    obs["after_fix_disk"] = disk_actions(game_id)[-1]
    played_state = s.session.state
    tap(s.buttons["undo"])
    yield from frames()
    obs["undo_question"] = s.undo_question
    obs["undo_confirming"] = s.confirming_undo
    shot(app, "contract_undo")
    tap(s.ids.take_back)
    yield from frames()
    obs["after_undo_disk"] = disk_actions(game_id)[-2:]
    obs["undo_restored"] = s.session.state == before_state and s.session.state != played_state
    obs["undo_confirming_after"] = s.confirming_undo


def game(app):
    yield 0.5
    yield from new_game(app)
    obs["after_start"] = app.manager.current
    session = app.sessions["contract"]
    obs["game_id"] = session.game_id
    obs["seed"] = session.seed
    plans = {1: {2: "copper", 3: "vicelard"}, 2: {}}
    rounds: dict[int, dict] = {}
    refused_done = False
    revealed = 0
    for _ in range(700):
        name = app.manager.current
        s = screen(app)
        state = session.state
        trace = obs.setdefault("trace", [])
        trace.append([name, state.phase, state.round, getattr(s, "error", "")])
        del trace[:-12]
        if name == "contract_score":
            break
        if name == "contract_bonuses":
            shot(app, "contract_bonuses")
            obs.setdefault("bonuses_first_tiles", [row[1] for row in s.session.view(TABLE).trafficking])
            back(app)
            yield from frames()
            continue
        if name == "contract_areas":
            back(app)
            yield from frames()
            continue
        if name == "contract_reveal":
            shot(app, "contract_reveal")
            fam = next(f for f, b in s.family_buttons.items() if not b.disabled)
            tap(s.family_buttons[fam])
            yield from frames()
            shot(app, "contract_reveal_value")
            card = next(iter(s.value_buttons))
            tap(s.value_buttons[card])
            revealed += 1
            obs.setdefault("entered_cards", []).append(card)
            yield from frames()
            continue
        if name == "contract_count":
            bar = s.choice_buttons
            if "enter" in bar:
                b = bar["enter"] if state.round == 1 else bar["draw"]
                tap(b)
            elif "next" in bar:
                shot(app, "contract_count")
                obs.setdefault("count_tiles", []).append([t.verdict for t in s.tiles])
                obs.setdefault("count_messages", []).append(s.message)
                if state.round == 2 and "contract_areas" not in obs["shots"]:
                    tap(bar["areas"])
                    yield 0.2
                    shot(app, "contract_areas")
                    obs["areas_rows"] = sorted(app.manager.get_screen("contract_areas").rows)
                    back(app)
                    yield from frames()
                    continue
                tap(bar["next"])
            else:
                shot(app, "contract_count_choice")
                choice = next(k for k in bar if k not in ("undo",))
                obs.setdefault("count_choices", []).append([b.text for k, b in bar.items() if k != "undo"])
                tap(bar[choice])
            yield from frames()
            continue
        if name != "contract_round":
            raise AssertionError(f"unexpected screen {name}")
        if state.phase == "trafficking":
            shot(app, "contract_trafficking")
            tap(s.buttons["deal"])
            yield from frames()
            continue
        if state.phase == "layout":
            tap(s.buttons["enter"] if state.round == 1 else s.buttons["draw"])
            yield from frames()
            continue
        rnd = rounds.setdefault(state.round, {"turns": 0})
        if state.round == 2 and rnd["turns"] == 1 and not refused_done:
            refused_done = True
            yield from refused_and_undo(app)
            continue
        if state.round == 1 and rnd["turns"] == 0:
            shot(app, "contract_round")
            obs["round_targets"] = visible_targets(app.root)
            obs["enabled_actions"] = {k: not b.disabled for k, b in s.buttons.items() if k.startswith("action:")}
        yield from play_turn(app, rnd, plans.get(state.round, {}))
    yield 0.3
    if app.manager.current != "contract_score":
        s = screen(app)
        obs["stuck"] = [app.manager.current, list(getattr(s, "choice_buttons", {})), getattr(s, "message", ""),
                        session.state.phase, s.error]
    score_screen = screen(app)
    obs["final_screen"] = app.manager.current
    obs["score_shown"] = {name: row.total for name, row in score_screen.score_rows.items()}
    obs["winner_shown"] = [name for name, row in score_screen.score_rows.items() if row.winner]
    obs["headline"] = score_screen.headline
    score = session.view(TABLE).score
    obs["score_engine"] = {r.name: r.total for r in score.rows}
    obs["winners_engine"] = [session.state.names[s] for s in score.winners]
    obs["rounds_played"] = session.state.round
    obs["revealed_by_hand"] = revealed
    obs["score_targets"] = visible_targets(app.root)
    shot(app, "contract_score")


CARLA_TAG = "0000004243"


def tag_carla(app, new):
    """Carla freed by a tap on her name, then seated again by her RFID tag (TagSeen)."""
    from hardware.commands import TagSeen

    tap(new.name_buttons["Carla"])
    yield from frames()
    obs["seats_untapped"] = list(new.seats)
    app.store.bind_tag(CARLA_TAG, "player", "Carla")
    obs["tag_used"] = app.dispatch_command(TagSeen(CARLA_TAG))
    yield from frames()
    obs["seats_tagged"] = list(new.seats)
    obs["new_message"] = new.message


def hardware_discard(app, s, session, keys):
    """Copper's choice by the per-seat buttons or a player's tag: a refused pick says why and
    changes nothing; a player with one card to discard is picked by Vote(seat)."""
    from hardware.commands import TagSeen, Vote

    state = session.state
    winner = state.pending[0].seat
    per_victim: dict[int, list[str]] = {}
    for k in keys:
        if k.startswith("discard:"):
            per_victim.setdefault(int(k.split(":")[1]), []).append(k)
    before = (len(session.actions), session.state)
    single = next((v for v, ks in per_victim.items() if len(ks) == 1), None)
    several = next((v for v, ks in per_victim.items() if len(ks) > 1), None)
    if single is not None and "vote_winner" not in obs:
        app.dispatch_command(Vote(winner))
        yield from frames()
        obs["vote_winner"] = [s.error, (len(session.actions), session.state) == before]
        used = app.dispatch_command(Vote(single))
        yield from frames()
        obs["vote_discard"] = [used, per_victim[single][0], session.actions[-1].to_dict()
                               if len(session.actions) > before[0] else None]
        return True
    if several is not None and "tag_several" not in obs:
        app.store.bind_tag("0000000007", "player", state.names[several])
        used = app.dispatch_command(TagSeen("0000000007"))
        yield from frames()
        obs["tag_several"] = [used, s.error, (len(session.actions), session.state) == before]
    return False


def game3(app):
    """A whole 3-player game (4 rounds) by touches; the app draws every Mafioso (one subprocess,
    no card entry) and a Copper discard is preferred whenever the count offers one."""
    yield 0.5
    yield from new_game(app, ("ANNA", "BRUNO", "CARLA"), before_start=tag_carla)
    obs["after_start"] = app.manager.current
    session = app.sessions["contract"]
    obs["game_id"] = session.game_id
    obs["seed"] = session.seed
    obs["seats"] = list(session.state.names)
    plan = {2: "copper", 3: "influence"}  # then three passes: the first player alone backs Copper's Mafioso

    def aim(want, aims):
        """Copper on a face-up Mafioso nobody backs yet, of a family another player has won;
        the first player then influences it alone, wins it and may make that player discard."""
        state = session.state
        fam = lambda i: (state.slots[i].card or "").rsplit("-", 1)[0]  # noqa: E731
        if want == "copper":
            others = {c.family for seat, area in enumerate(state.areas) if seat != state.first
                      for c in area.columns if c.cards}
            free = [i for i in aims if state.slots[i].card and not state.slots[i].plays]
            return next((i for i in free if fam(i) in others), free[0] if free else None)
        if want == "influence" and rnd_turns() == 4 and state.copper_at in aims:
            return state.copper_at
        return None

    def rnd_turns():
        return rounds.get(session.state.round, {}).get("turns", 0)

    rounds: dict[int, dict] = {}
    for _ in range(900):
        name = app.manager.current
        s = screen(app)
        state = session.state
        if name == "contract_score":
            break
        if name in ("contract_bonuses", "contract_areas"):
            back(app)
            yield from frames()
            continue
        if name == "contract_count":
            bar = s.choice_buttons
            if "draw" in bar:
                tap(bar["draw"])
            elif "next" in bar:
                obs.setdefault("count_messages", []).append(s.message)
                obs.setdefault("count_tiles", []).append([t.verdict for t in s.tiles])
                tap(bar["next"])
            else:
                keys = [k for k in bar if k != "undo"]
                obs.setdefault("count_choices", []).append([bar[k].text for k in keys])
                choice = next((k for k in keys if k.startswith("discard:")), keys[0])
                if choice.startswith("discard:"):
                    shot(app, "contract3_discard")
                    done = yield from hardware_discard(app, s, session, keys)
                    if done:
                        obs.setdefault("discards", []).append(obs["vote_discard"][1])
                        yield from frames()
                        continue
                    obs.setdefault("discards", []).append(choice)
                tap(bar[choice])
            yield from frames()
            continue
        if name != "contract_round":
            raise AssertionError(f"unexpected screen {name}")
        if state.phase == "trafficking":
            obs["trafficking_buttons"] = [k for k, b in s.buttons.items() if not b.disabled]
            obs["trafficking_message"] = s.message
            tap(s.buttons["deal"])
            yield from frames()
            continue
        if state.phase == "layout":
            obs.setdefault("round1_opener", state.names[state.first])
            tap(s.buttons["draw"])
            yield from frames()
            continue
        rnd = rounds.setdefault(state.round, {"turns": 0})
        if state.round == 1 and rnd["turns"] == 0:
            shot(app, "contract3_round")
        if state.round == 1:
            obs.setdefault("passes_shown", []).append(s.passes_text)
            if rnd["turns"] == 6:
                shot(app, "contract3_passes")
        yield from play_turn(app, rnd, plan, aim)
    yield 0.3
    score_screen = screen(app)
    obs["final_screen"] = app.manager.current
    obs["score_shown"] = {name: row.total for name, row in score_screen.score_rows.items()}
    obs["winner_shown"] = [name for name, row in score_screen.score_rows.items() if row.winner]
    obs["headline"] = score_screen.headline
    score = session.view(TABLE).score
    obs["score_engine"] = {r.name: r.total for r in score.rows}
    obs["winners_engine"] = [session.state.names[s] for s in score.winners]
    obs["rounds_played"] = session.state.round
    obs["turns"] = {r: v["turns"] for r, v in rounds.items()}
    shot(app, "contract3_score")


def sizes(app):
    """The round (with the quick entry open) and the count on a larger panel."""
    yield 0.5
    from ui.games.contract.samples import sample

    app.go(sample(app.table, "contract_round"))
    yield from frames(4)
    s = screen(app)
    shot(app, "contract_round")
    obs["round_targets"] = visible_targets(app.root)
    tap(s.buttons["action:influence"])
    yield from frames()
    if s.draft.position is None:
        tap(s.cards[s.session.view(TABLE).turn.influence[0]])
        yield from frames()
    shot(app, "contract_compose")
    obs["compose_targets"] = visible_targets(app.root)
    app.go(sample(app.table, "contract_count"))
    yield from frames(4)
    app.screen("contract_count").settle()
    yield from frames()
    shot(app, "contract_count")
    obs["count_targets"] = visible_targets(app.root)
    obs["window"] = list(app.root.size)


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    store = Store.open(DB)
    app = CompanionApp(store=store)
    gen = {"game": game, "game3": game3, "sizes": sizes}[SCENARIO](app)

    return run_scenario(app, store, gen, obs, OUT / f"{SCENARIO}.json")


if __name__ == "__main__":
    sys.exit(main())
