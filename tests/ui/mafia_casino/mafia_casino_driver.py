"""Play Mafia Casino in the real app by touches only (run in a subprocess by test_casino_app.py).

    python tests/ui/mafia_casino/mafia_casino_driver.py SCENARIO DB OUTDIR WxH

Writes OUTDIR/SCENARIO.json (what was seen) and PNG screenshots of every screen.
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

from companion.engine import TABLE  # noqa: E402
from companion.session import effective_actions  # noqa: E402
from companion.store import Store  # noqa: E402
from hardware import Next, TagSeen, Vote  # noqa: E402
from ui.app import CompanionApp  # noqa: E402

STEP = 0.12
obs: dict = {"scenario": SCENARIO, "checks": [], "shots": []}


def tap(widget) -> None:
    if widget is None:
        raise AssertionError("nothing to tap")
    if widget.disabled:
        raise AssertionError(f"tapped a disabled widget: {getattr(widget, 'text', widget)!r}")
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


def small_targets(root) -> list:
    out = []
    for w in root.walk():
        if isinstance(w, ButtonBehavior) and w.opacity > 0 and not w.disabled and w.width > 1 and w.height > 1 \
                and w.get_root_window() is not None and min(w.width, w.height) < 47.5 * (w.get_root_window().height / 480):
            out.append((getattr(w, "text", "") or getattr(w, "code", "") or type(w).__name__, round(w.width), round(w.height)))
    return out


def check_bank(app, label: str) -> None:
    """Balances on the table screen == the engine's ledger == the ledger replayed from the store's log."""
    table = app.manager.get_screen("mafia_casino_table")
    session = table.session
    view = session.view(TABLE)
    engine_balances = {p.name: p.balance_text for p in view.players}
    panels = {w.name: w.balance for w in table.ids.players.children}
    inside = all(w.ids.balance.x >= w.x - 1 and w.ids.balance.right <= w.right + 1
                 and w.ids.balance.texture_size[0] <= w.ids.balance.width + 1 for w in table.ids.players.children)
    log = disk_log(session.game_id)
    replayed = session.engine.new(session.config, session.seed)
    for action in effective_actions(session.engine, log):
        replayed, _ = session.engine.apply(replayed, action)
    disk_balances = {p.name: replayed.ledger.balance(p.name) for p in replayed.players}
    obs["checks"].append({"label": label, "screen": engine_balances == panels, "panels": panels, "inside": inside,
                          "engine": engine_balances,
                          "disk": disk_balances == {p.name: p.balance for p in view.players},
                          "disk_balances": disk_balances})


def wrapped_height(label) -> float:
    """The height ``label``'s text needs when wrapped at its width (its own texture is cut to size)."""
    from kivy.core.text import Label as CoreLabel

    core = CoreLabel(text=label.text, font_size=label.font_size, font_name=label.font_name,
                     bold=label.bold, text_size=(label.width, None), line_height=label.line_height)
    core.refresh()
    return core.texture.size[1]


def faces(container) -> dict:
    return {f.code: f for f in container.children}


def play(app):
    """A 3-player token game by touches: poker, roulette, slot, a construction with a refused
    manpower payment, a client, undo, extortion with change, and a $30M win."""
    yield 0.5
    for name in ("Ben", "Cleo"):
        app.store.add_player(name)
    home = app.manager.get_screen("home")
    cards = {c.game: c for c in home.ids.cards.children}
    obs["home_badge"] = cards["mafia-casino"].badge
    tap(cards["mafia-casino"])
    yield 0.25
    new = current(app)
    obs["entry_screen"] = new.name
    tap(new.name_buttons["+"])
    yield STEP
    for letter in "ANNA":
        tap([k for row in new.ids.keypad.children for k in row.children
             if getattr(k, "text", None) == letter][0])
    yield STEP
    obs["typed"] = new.ids.keypad.text
    shot(app, "new_keyboard")
    tap(new.ids.add_name)
    yield STEP
    tap(new.name_buttons["Ben"])
    yield STEP
    tap(new.name_buttons["Cleo"])
    yield STEP
    obs["chosen"] = list(new.chosen)
    obs["new_small_targets"] = small_targets(app.root)
    shot(app, "new_game")
    tap(new.ids.start)
    yield 0.25
    table = current(app)
    obs["after_start"] = table.name
    game_id = table.session.game_id
    obs["game_id"] = game_id
    obs["token_mode"] = table.view.token_mode
    shot(app, "table_market")
    tap(table.buttons["market_1"])
    yield STEP
    tap(table.buttons["first_0"])
    yield STEP
    obs["first_phase"] = table.view.phase
    check_bank(app, "start")

    # -- Anna: Poker ----------------------------------------------------------------------------
    tap(table.buttons["play"])
    yield STEP
    action = current(app)
    obs["action_screen"] = action.name
    obs["action_small_targets"] = small_targets(app.root)
    shot(app, "action_choose")
    tap(action.option_buttons["poker"])
    yield STEP
    tap(action.ids.play)
    yield 0.25
    poker = current(app)
    obs["poker_screen"] = poker.name
    for cards_ in (("9C", "9D"), ("KH", "KS"), ("5H", "6H")):
        pad = faces(poker.ids.pad)
        obs.setdefault("poker_prompts", []).append(poker.prompt)
        tap(pad[cards_[0]])
        yield STEP
        if cards_[0] == "KH":
            shot(app, "poker_holes")
        tap(pad[cards_[1]])  # the second card records the hand (all cards are face up)
        yield STEP
    obs["poker_mode_board"] = poker.mode
    pad = faces(poker.ids.pad)
    for code in ("9H", "9S", "9C", "KD", "2S"):
        tap(pad[code])
    yield STEP
    shot(app, "poker_board")
    tap(poker.ids.confirm)
    yield 0.25
    obs["poker_result"] = poker.result_text
    obs["poker_winner"] = [poker.winner_title, poker.winner_amount, poker.winner_hand,
                           poker.ids.winner_amount.font_size]
    obs["poker_hand_labels_fit"] = all(wrapped_height(w) <= w.height + 1 for row in poker.ids.rows.children
                                       for w in row.children if type(w).__name__ == "Label")
    obs["poker_mode"] = poker.mode
    shot(app, "poker_result")
    tap(poker.ids.confirm)  # back to the table
    yield 0.25
    obs["after_poker_screen"] = app.manager.current
    obs["poker_tokens_shown"] = table.showing_tokens
    obs["poker_token_rows"] = [getattr(w, "text", "") for w in table.ids.token_rows.children]
    obs["poker_handover"] = [(h.handover.giver, h.handover.taker, list(h.handover.given), list(h.handover.change))
                             for h in table.ids.token_rows.children if hasattr(h, "handover") and h.handover]
    shot(app, "table_tokens")
    check_bank(app, "after poker")
    tap(table.ids.tokens_done)
    yield STEP
    tap(table.buttons["end_turn"])
    yield STEP

    # -- Ben: Roulette --------------------------------------------------------------------------
    tap(table.buttons["play"])
    yield STEP
    tap(action.option_buttons["roulette"])
    yield STEP
    tap(action.ids.play)
    yield 0.25
    roulette = current(app)
    obs["roulette_screen"] = roulette.name
    for values in (("5", "Q"), ("9",), ("2",)):
        pad = faces(roulette.ids.pad)
        for v in values:
            tap(pad[v])
        yield STEP
        if values == ("9",):
            obs["roulette_disabled"] = sorted(c for c, f in faces(roulette.ids.pad).items() if f.disabled)
            shot(app, "roulette_bets")
        tap(roulette.ids.place)
        yield STEP
    obs["roulette_mode"] = roulette.mode
    tap(faces(roulette.ids.pad)["7"])
    yield STEP
    tap(faces(roulette.ids.pad)["9"])
    yield 0.25
    obs["roulette_result"] = roulette.prompt
    shot(app, "roulette_result")
    tap(roulette.ids.place)  # back to the table
    yield 0.25
    check_bank(app, "after roulette")
    tap(table.buttons["end_turn"])
    yield STEP

    # -- Cleo: Slot machine, 3 cards --------------------------------------------------------------
    tap(table.buttons["play"])
    yield STEP
    tap(action.option_buttons["slot"])
    yield STEP
    obs["slot_question"] = action.prompt
    tap(action.option_buttons["opt_3 cards"])
    yield STEP
    tap(action.ids.play)
    yield 0.25
    slot = current(app)
    obs["slot_screen"] = slot.name
    for i in range(3):
        tap(slot.ids[f"reel_{i}"])  # pearl
        tap(slot.ids[f"reel_{i}"])  # diamond
    yield STEP
    obs["slot_reels"] = list(slot.reels)
    shot(app, "slot_turn")
    tap(slot.ids.record)
    yield 0.25
    obs["slot_result"] = slot.prompt
    shot(app, "slot_result")
    tap(slot.ids.record)  # back to the table
    yield 0.25
    check_bank(app, "after slot")
    tap(table.buttons["end_turn"])
    yield STEP

    # -- Anna: a construction, a refused manpower payment, a client, undo -------------------------------
    tap(table.buttons["play"])
    yield STEP
    tap(action.option_buttons["build_casino"])
    yield STEP
    tap(action.option_buttons["opt_Poker Room"])
    yield STEP
    shot(app, "action_cost")
    tap(action.option_buttons["opt_3"])
    yield STEP
    obs["construction_summary"] = action.heading
    tap(action.ids.play)
    yield 0.25
    obs["after_construction_screen"] = app.manager.current
    tap(table.buttons["end_actions"])
    yield STEP
    tap(table.buttons["manpower"])
    yield STEP
    tap(action.option_buttons["mp_1"])
    tap(action.option_buttons["mp_1"])
    yield STEP
    before = len(disk_log(game_id))
    state_before = action.session.state
    tap(action.ids.play)  # Pay 2 for a cost of 3: refused
    yield STEP
    obs["refused"] = action.error
    obs["refused_log_same"] = len(disk_log(game_id)) == before
    obs["refused_state_same"] = action.session.state == state_before
    obs["refused_screen"] = app.manager.current
    shot(app, "manpower_refused")
    tap(action.ids.back_step)  # Clear
    tap(action.option_buttons["mp_3"])
    yield STEP
    tap(action.ids.play)
    yield 0.25
    obs["after_pay_phase"] = table.view.phase
    tap(table.buttons["client_casino"])
    yield STEP
    obs["client_message"] = table.message
    anna = lambda: {w.name: w.balance for w in table.ids.players.children}["Anna"]  # noqa: E731
    obs["anna_after_client"] = anna()
    tap(table.buttons["undo"])
    yield STEP
    obs["undo_question"] = table.undo_question
    shot(app, "table_undo")
    tap(table.ids.take_back)
    yield STEP
    obs["anna_after_undo"] = anna()
    obs["phase_after_undo"] = table.view.phase
    obs["log_has_undo"] = any(e.get("kind") == "_undo" for e in disk_log(game_id))
    tap(table.buttons["client_casino"])
    yield STEP
    # -- the ledger history, reached from the bank: every payment newest first; undo there ------
    tap(table.ids.ledger)
    yield 0.25
    ledger = current(app)
    obs["ledger_screen"] = ledger.name
    rows = lambda: [(r.when, r.who, r.amount, r.reason) for r in reversed(ledger.ids.rows.children)]  # noqa: E731
    obs["ledger_rows"] = rows()
    obs["ledger_small_targets"] = small_targets(app.root)
    shot(app, "ledger")
    log_before = len(disk_log(game_id))
    tap(ledger.ids.undo)
    yield STEP
    obs["ledger_undo_question"] = ledger.undo_question
    obs["ledger_log_same_while_asking"] = len(disk_log(game_id)) == log_before
    tap(ledger.ids.take_back)
    yield STEP
    obs["ledger_rows_after_undo"] = rows()
    obs["ledger_screen_after_undo"] = app.manager.current
    obs["ledger_phase_after_undo"] = ledger.view.phase
    obs["ledger_log_last"] = disk_log(game_id)[-1]
    tap(ledger.ids.back)
    yield 0.25
    obs["ledger_back_to"] = app.manager.current
    obs["anna_after_ledger_undo"] = anna()
    tap(table.buttons["client_casino"])
    yield STEP
    check_bank(app, "after client")
    tap(table.buttons["end_turn"])
    yield STEP

    # -- Ben: Extortion (tokens change hands between players) -------------------------------------
    tap(table.buttons["play"])
    yield STEP
    tap(action.option_buttons["extortion"])
    yield STEP
    tap(action.option_buttons["opt_1"])
    yield STEP
    tap(action.ids.play)
    yield 0.25
    obs["extortion_message"] = table.message
    obs["extortion_rows"] = [getattr(w, "text", "") for w in reversed(table.ids.token_rows.children)]
    obs["extortion_handover"] = [(h.handover.giver, h.handover.taker, list(h.handover.given), list(h.handover.change))
                                 for h in reversed(table.ids.token_rows.children) if getattr(h, "handover", None)]
    shot(app, "table_extortion")
    check_bank(app, "after extortion")
    # the hand-over panel sits beside a compact list of every balance, and NEXT closes it
    obs["tokens_beside"] = {"showing": table.showing_tokens, "cols": table.ids.players.cols,
                            "list": {w.name: w.balance for w in table.ids.players.children},
                            "compact": all(w.compact and not w.lines for w in table.ids.players.children),
                            "side_by_side": table.ids.token_panel.x >= table.ids.players.right - 1
                            and table.ids.players.width > 100}
    obs["next_used"] = app.dispatch_command(Next())
    yield STEP
    obs["tokens_after_next"] = {"showing": table.showing_tokens, "cols": table.ids.players.cols,
                                "compact": any(w.compact for w in table.ids.players.children)}
    tap(table.buttons["end_actions"])
    yield STEP
    tap(table.buttons["manpower"])
    yield STEP
    tap(action.option_buttons["mp_1"])
    yield STEP
    tap(action.ids.play)
    yield 0.25
    tap(table.buttons["end_turn"])
    yield STEP

    # -- Cleo: the jackpot again, and the win --------------------------------------------------------
    tap(table.buttons["play"])
    yield STEP
    tap(action.option_buttons["slot"])
    yield STEP
    tap(action.option_buttons["opt_3 cards"])
    yield STEP
    tap(action.ids.play)
    yield 0.25
    for i in range(3):
        tap(slot.ids[f"reel_{i}"])
        tap(slot.ids[f"reel_{i}"])
    yield STEP
    tap(slot.ids.record)
    yield 0.25
    tap(slot.ids.record)
    yield 0.25
    shot(app, "table_before_win")
    check_bank(app, "before the win")
    tap(table.buttons["end_turn"])
    yield 0.25
    victory = current(app)
    obs["victory_screen"] = victory.name
    obs["victory_text"] = [victory.winner_text, victory.amount_text, victory.reason]
    obs["store_status"] = app.store.game(game_id).status
    shot(app, "victory")
    tap(victory.ids.home)
    yield 0.25
    obs["after_home"] = app.manager.current


def six(app):
    """Six players (the most): the bank still shows every balance large."""
    yield 0.5
    names = ("Anna", "Ben", "Cleo", "Dino", "Enzo", "Fifi", "Gino")
    for name in names:
        app.store.add_player(name)
    app.open_game("mafia-casino")
    yield STEP
    new = current(app)
    app.store.bind_tag("0000000006", "player", "Fifi")
    app.store.bind_tag("0000000007", "player", "Gino")
    app.store.bind_tag("0000000003", "player", "Cleo")
    for name in names[:5]:
        tap(new.name_buttons[name])
        yield STEP
    obs["tag_used"] = app.dispatch_command(TagSeen("0000000006"))  # Fifi's tag on the reader
    yield STEP
    obs["chosen_by_tag"] = list(new.chosen)
    obs["seventh_disabled"] = new.name_buttons["Gino"].disabled
    app.dispatch_command(TagSeen("0000000007"))  # a seventh player's tag: refused in words
    yield STEP
    obs["seventh_tag_error"] = new.error
    tap(new.ids.start)
    yield 0.25
    table = current(app)
    tap(table.buttons["draw"])  # the app turns the Market Value card
    yield STEP
    app.dispatch_command(Vote(9))  # no seat 10 at a table of six
    yield STEP
    obs["vote_nobody"] = (table.error, table.view.phase)
    app.dispatch_command(TagSeen("0000000007"))  # Gino is not at this table
    yield STEP
    obs["tag_stranger"] = (table.error, table.view.phase)
    obs["vote_used"] = app.dispatch_command(Vote(5))  # seat 6: Fifi goes first
    yield STEP
    obs["first_by_vote"] = (table.view.phase, table.view.active_name)
    obs["players"] = len(table.ids.players.children)
    obs["balance_font"] = [w.ids.balance.font_size for w in table.ids.players.children]
    obs["balance_fits"] = [w.ids.balance.texture_size[0] <= w.ids.balance.width for w in table.ids.players.children]
    obs["small_targets"] = small_targets(app.root)
    obs["phase_text"] = app.status.phase
    shot(app, "table_six")
    # a card with a target: a seat button or a player's tag answers "Which player?"
    tap(table.buttons["play"])
    yield STEP
    action = current(app)
    tap(action.option_buttons["safe_robbery"])
    yield STEP
    obs["target_prompt"] = action.prompt
    app.dispatch_command(Vote(5))  # Fifi plays the card herself
    yield STEP
    obs["target_self"] = (action.error, "target" in action.wizard.answers)
    obs["target_used"] = app.dispatch_command(TagSeen("0000000003"))  # Cleo's tag
    yield STEP
    obs["target_by_tag"] = (action.wizard.answers.get("target"), action.prompt, action.error)


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    store = Store.open(DB)
    app = CompanionApp(store=store)
    gen = {"play": play, "six": six}[SCENARIO](app)

    return run_scenario(app, store, gen, obs, OUT / f"{SCENARIO}.json")


if __name__ == "__main__":
    sys.exit(main())
