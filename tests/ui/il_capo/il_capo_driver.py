"""Play Il Capo in the real app by touches only (see tests/ui/driver.py for the shape).

    python tests/ui/il_capo/il_capo_driver.py SCENARIO DB OUTDIR WxH

Spins are drawn by the app (session.draw with the game's seed; scenario "play") or entered by hand
from the physical spinner (scenario "winner"); the seed is fixed by
patching ``secrets.randbelow`` so a run is reproducible.
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/ui: the shared harness
from ui_harness import run_scenario  # noqa: E402

SCENARIO = DB = OUT = SIZE = None  # set by main(): importing this module (doctest collection) does nothing
ANIMATION = 1.6
obs: dict = {"shots": []}
Clock = UnitTestTouch = None


def tap(widget) -> None:
    x, y = widget.to_window(*widget.center)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    touch.touch_up()


def shot(app, name: str) -> None:
    app.root.export_to_png(str(OUT / f"{name}.png"))
    obs["shots"].append(name)


def disk_log(game_id: int) -> list[dict]:
    con = sqlite3.connect(DB)
    try:
        rows = con.execute("SELECT action FROM actions WHERE game_id=? ORDER BY seq", (game_id,)).fetchall()
    finally:
        con.close()
    return [json.loads(r[0]) for r in rows]


def current(app):
    return app.manager.get_screen(app.manager.current)


def button(app, key=None, text=None):
    """A visible, enabled button of the current screen by its choice key or its text."""
    for w in current(app).walk():
        if getattr(w, "get_root_window", None) is None or w.get_root_window() is None or w.opacity == 0:
            continue
        if w.disabled or w.width <= 0:
            continue
        if key is not None and getattr(w, "key", None) == key:
            return w
        if text is not None and getattr(w, "text", None) == text and hasattr(w, "on_release"):
            return w
    return None


def shown_balances(screen) -> dict:
    return {t.name_text: t.balance_text for t in screen.ids.tiles.children}


def type_name(app, screen, name):
    tap(screen.ids.add_name)
    yield 0.2
    for letter in name.upper():
        key = [b for line in screen.ids.keypad.children for b in line.children if getattr(b, "text", None) == letter][0]
        tap(key)
    yield 0.1
    tap(screen.ids.key_done)
    yield 0.2


def resolve(app, limit=30):
    """Tap through encounters / Continue until the state is back on the table or syndicate screen."""
    for _ in range(limit):
        name = app.manager.current
        if name == "il_capo_encounter":
            obs.setdefault("encounter_titles", []).append(current(app).title)
            b = button(app, "continue") or button(app, "spin") or button(app, "tax") or button(app, "take")
            if b is None:
                return
            if b.key == "spin" and "encounter" not in obs["shots"]:
                pass
            tap(b)
            yield ANIMATION
            if "encounter" not in obs["shots"]:
                shot(app, "encounter")
        else:
            b = button(app, "continue")
            if b is None:
                return
            tap(b)
            yield 0.3


def play(app):
    yield 0.5
    home = app.manager.get_screen("home")
    cards = {c.game: c for c in home.ids.cards.children}
    tap(cards["il-capo"])
    yield 0.4
    obs["new_screen"] = app.manager.current
    new = current(app)
    for name in ("Anna", "Ben", "Carla"):
        yield from type_name(app, new, name)
    obs["typed_seats"] = list(new.seats)
    shot(app, "new_game")
    tap(new.ids.start)
    yield 0.4
    table = app.manager.get_screen("il_capo_table")
    session = table.session
    gid = session.game_id
    obs["game_id"] = gid
    obs["table_screen"] = app.manager.current

    # Anna: spin to move (the app spins), then land on nothing
    tap(button(app, "spin"))
    obs["disk_right_after_spin"] = disk_log(gid)[-1]
    yield ANIMATION
    obs["anna_spin_shown"] = [table.spin_number, table.spin_side]
    shot(app, "table")

    # the bank: a payment Anna cannot afford is refused as a sentence, nothing changes
    tap(table.ids.bank)
    yield 0.3
    bank = current(app)
    obs["bank_screen"] = app.manager.current
    before = len(disk_log(gid))
    # an RFID tag bound to Carla selects her; then Anna's tile by touch
    from hardware import TagSeen
    app.store.bind_tag("0012345678", "player", "Carla")
    obs["tag_used"] = app.dispatch_command(TagSeen("0012345678"))
    yield 0.1
    obs["tag_selected"] = [bank.seat, bank.hint]
    tap([t for t in bank.ids.tiles.children if t.name_text == "Anna"][0])
    yield 0.1
    obs["tile_selected"] = bank.seat
    # the quick amount: one tap sets $1,000,000
    tap(bank.ids.quick.children[0] if bank.ids.quick.children[0].amount == 1_000_000
        else [b for b in bank.ids.quick.children if b.amount == 1_000_000][0])
    yield 0.1
    obs["quick_amount"] = [bank.amount_text, [b.chosen for b in sorted(bank.ids.quick.children, key=lambda b: b.amount)],
                           [b.text for b in sorted(bank.ids.quick.children, key=lambda b: b.amount)]]
    tap(bank.ids.pay_bank)
    yield 0.2
    obs["refused"] = bank.error
    obs["refused_log_unchanged"] = len(disk_log(gid)) == before
    obs["balances_after_refusal"] = shown_balances(bank)
    shot(app, "bank_refused")
    # a manual payment that works: clear, $50K Anna -> Ben
    tap(bank.ids.clear_amount)
    tap([b for b in bank.ids.steps.children if b.text == "+50K"][0])
    tap(bank.ids.pay_player)
    yield 0.1
    ben_tile = [t for t in bank.ids.tiles.children if t.name_text == "Ben"][0]
    tap(ben_tile)
    yield 0.2
    obs["paid_player"] = disk_log(gid)[-1]
    obs["bank_balances"] = shown_balances(bank)
    shot(app, "bank")
    tap(bank.ids.done)
    yield 0.3
    obs["after_bank"] = [app.manager.current, session.state.awaiting, disk_log(gid), [getattr(w, "key", "") for w in current(app).walk() if getattr(w, "key", "")]]

    # Anna hires the cheapest crew member she can afford from the catalog
    tap(button(app, "hire"))
    yield 0.3
    hire = current(app)
    obs["hire_screen"] = app.manager.current
    shot(app, "hire")
    cards = [c for c in hire.ids.cards.children if c.allowed]
    cheapest = sorted(cards, key=lambda c: int(c.cost.strip("$").replace(",", "")))[0]
    hire.ids.cards.parent.scroll_to(cheapest, animate=False)
    yield 0.2
    tap(cheapest)
    yield 0.3
    obs["hired"] = disk_log(gid)[-1]
    tap(hire.ids.done)  # several hires allowed: back to the table by hand
    yield 0.3
    tap(button(app, "end"))
    yield 0.3

    # Ben: spin, then opens fire on Carla: the encounter, spin by spin
    tap(button(app, "spin"))
    yield ANIMATION
    tap(button(app, "trouble"))
    yield 0.2
    shot(app, "table_trouble")
    tap(button(app, "player"))
    yield 0.2
    tap(button(app, "target:2"))
    yield 0.3
    obs["after_challenge_screen"] = app.manager.current
    yield from resolve(app)
    obs["after_fight_screen"] = app.manager.current

    # Carla's turn (unless the fight ended something): spin and end
    for _ in range(3):
        if app.manager.current == "il_capo_table" and session.state.awaiting == "move":
            tap(button(app, "spin"))
            yield ANIMATION
        if app.manager.current == "il_capo_table" and session.state.awaiting == "land":
            tap(button(app, "end"))
            yield 0.3
        yield from resolve(app)
        if app.manager.current != "il_capo_table":
            break

    # the Syndicate phase: each NPC's spin announced, then whom it landed on
    obs["syndicate_screen"] = app.manager.current
    syn = app.manager.get_screen("il_capo_syndicate")
    npc_log = []
    hit_done = set()
    for _ in range(20):
        if app.manager.current != "il_capo_syndicate":
            if app.manager.current == "il_capo_encounter":
                yield from resolve(app)
                continue
            break
        st = session.state
        if st.awaiting == "npc_spin":
            tap(button(app, "spin"))
            yield ANIMATION
            npc_log.append([syn.npc_title, syn.spin_number, syn.spin_side, syn.npc_line])
            if len(npc_log) == 1:
                shot(app, "syndicate")
            continue
        npc = st.npc
        if npc == 0 and 0 not in hit_done:  # Cop car 1 landed on Anna (her crew member goes to Jail)
            hit_done.add(0)
            tap(button(app, "hit:0"))
            yield 0.3
            obs["cop_news"] = syn.news
            continue
        if npc == 2 and 2 not in hit_done:  # Beefy Rico landed on Ben
            hit_done.add(2)
            tap(button(app, "hit:1"))
            yield 0.4
            obs["rico_screen"] = app.manager.current
            shot(app, "encounter_rico")
            yield from resolve(app)
            continue
        tap(button(app, "nobody"))
        yield 0.3
    obs["npc_log"] = npc_log
    obs["after_syndicate"] = [app.manager.current, session.state.round]

    # round 2: two more turns by touch
    for _ in range(6):
        if app.manager.current == "il_capo_table":
            if session.state.awaiting == "move":
                tap(button(app, "spin"))
                yield ANIMATION
            elif session.state.awaiting == "land":
                tap(button(app, "end"))
                yield 0.3
        else:
            yield from resolve(app)
    obs["round2_state"] = [app.manager.current, session.state.awaiting, session.state.round]

    # undo: one tap, one question, then taken back
    yield 0.3
    screen = current(app)
    n_before = len(session.actions)
    tap(screen.ids.undo)
    yield 0.2
    if not screen.confirming_undo:  # a tap that landed while the screen was still being laid out
        screen = current(app)
        tap(screen.ids.undo)
        yield 0.2
    obs["undo_question"] = screen.undo_question
    _bar = [w for w in screen.walk() if type(w).__name__ == "IlCapoUndoBar"][0]
    obs["undo_bar"] = [list(_bar.size), _bar.opacity, _bar.disabled, screen.confirming_undo, list(_bar.ids.take_back.size), list(_bar.ids.take_back.pos)]
    shot(app, "undo")
    bar = [w for w in screen.walk() if type(w).__name__ == "IlCapoUndoBar"][0]
    tap(bar.ids.take_back)
    yield 0.4
    obs["undo_actions"] = [n_before, len(session.actions)]
    obs["undo_disk_last"] = disk_log(gid)[-1]

    # balances on screen == the engine's ledger == the store's log replayed
    yield from resolve(app)
    if app.manager.current != "il_capo_table":
        app.go(__import__("ui.controller", fromlist=["Route"]).Route("il_capo_table", {"game_id": gid}))
        yield 0.3
    table = current(app)
    table.refresh()
    obs["screen_balances"] = shown_balances(table)
    obs["engine_balances"] = {p.name: session.state.ledger.balance(p.name) for p in session.state.players}
    from companion.engine import replay
    from companion.session import effective_actions
    engine = session.engine
    replayed = replay(engine, session.config, session.seed, effective_actions(engine, disk_log(gid)))
    obs["log_balances"] = {p.name: replayed.ledger.balance(p.name) for p in replayed.players}
    obs["log_kinds"] = [a["kind"] for a in disk_log(gid)]
    shot(app, "table_end")


def hand(app, number: int, side: str):
    """Enter what the physical spinner shows: 'Real spinner', the number, then L or R."""
    opener = button(app, "hand")
    assert opener is not None, f"no 'Real spinner' button on {app.manager.current}: {current(app).error}"
    tap(opener)
    yield 0.15
    if not current(app).hand_open:  # a tap that landed while the screen was still being laid out
        yield 0.2
        tap(button(app, "hand"))
        yield 0.15
    obs.setdefault("hand_screens", [])
    if app.manager.current not in obs["hand_screens"]:
        obs["hand_screens"].append(app.manager.current)
        shot(app, f"hand_{app.manager.current}")
    tap(button(app, f"hand:{number}"))
    tap(button(app, f"hand:{side}"))
    yield 0.2
    yield from carry_on(app)


def carry_on(app):
    """Tap 'Continue ›' while a result waits for it (the state belongs on another screen)."""
    for _ in range(3):
        b = button(app, "continue")
        if b is None:
            return
        tap(b)
        yield 0.3


def expect(app, screen: str, awaiting: str) -> None:
    st = app.manager.get_screen("il_capo_table").session.state
    assert app.manager.current == screen and st.awaiting == awaiting, (
        f"expected {screen}/{awaiting}, got {app.manager.current}/{st.awaiting}: {current(app).error}")


def menu(app, menu_key: str, key: str):
    tap(button(app, menu_key))
    yield 0.2
    b = button(app, key)
    assert b is not None and b.allowed, f"{key} not offered in {menu_key}: {current(app).error}"
    tap(b)
    yield 0.3
    screen = current(app)
    if getattr(screen, "confirming_undo", False) and screen.confirm_yes == "Pay":  # a big spend, asked once
        bar = [w for w in screen.walk() if type(w).__name__ == "IlCapoUndoBar"][0]
        tap(bar.ids.take_back)
        yield 0.3


def quiet_syndicate(app):
    """Each NPC still on the board moves (by hand) and lands on nobody."""
    session = app.manager.get_screen("il_capo_table").session
    for _ in range(12):
        if app.manager.current != "il_capo_syndicate":
            return
        if session.state.awaiting == "npc_spin":
            yield from hand(app, 2, "L")
        tap(button(app, "nobody"))
        yield 0.3


def main() -> int:
    global SCENARIO, DB, OUT, SIZE, Clock, UnitTestTouch
    for key, value in {"KIVY_NO_ARGS": "1", "KIVY_NO_FILELOG": "1", "KIVY_NO_CONSOLELOG": "1",
                       "SDL_AUDIODRIVER": "dummy"}.items():
        os.environ.setdefault(key, value)
    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
    from ui.main import configure_kivy

    SCENARIO, DB, OUT, SIZE = sys.argv[1], sys.argv[2], Path(sys.argv[3]), sys.argv[4]
    obs["scenario"] = SCENARIO
    configure_kivy(tuple(int(v) for v in SIZE.split("x")), False)
    secrets.randbelow = lambda n: 20260 % n  # the game's seed: fixed
    from kivy.clock import Clock
    from kivy.tests.common import UnitTestTouch

    from companion.store import Store
    from ui.app import CompanionApp

    OUT.mkdir(parents=True, exist_ok=True)
    store = Store.open(DB)
    app = CompanionApp(store=store)
    gen = {"play": play}[SCENARIO](app)

    return run_scenario(app, store, gen, obs, OUT / f"{SCENARIO}.json")


if __name__ == "__main__":
    sys.exit(main())
