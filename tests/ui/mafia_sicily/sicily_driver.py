"""Run the real app and play Mafia (Sicily) by touches (see tests/ui/driver.py for the shape).

    python tests/ui/mafia_sicily/sicily_driver.py SCENARIO DB OUTDIR WxH

Writes OUTDIR/SCENARIO.json (what was observed) and PNG screenshots.
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
from kivy.uix.label import Label  # noqa: E402

from companion.engine import REVEAL, TABLE, Seat  # noqa: E402
from companion.store import Store  # noqa: E402
from ui.app import CompanionApp  # noqa: E402

SEED = 20261
KNOWN = ["Bruno", "Carla", "Dario", "Elena"]
obs: dict = {"scenario": SCENARIO}


def tap(widget) -> None:
    x, y = widget.to_window(*widget.center)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    touch.touch_up()


def tap_scrolled(widget) -> None:
    """A button inside a ScrollView: swipe it into view first (as a finger would), then tap."""
    parent = widget.parent
    while parent is not None and type(parent).__name__ != "ScrollView":
        parent = parent.parent
    if parent is not None:
        parent.scroll_to(widget, padding=0, animate=False)
        parent._update_effect_bounds() if hasattr(parent, "_update_effect_bounds") else None
        parent.do_layout() if hasattr(parent, "do_layout") else None
    tap(widget)


def in_sight(table) -> int:
    """How many choice buttons are wholly inside the choices' viewport, without any scroll."""
    sv = table.ids.choices_scroll
    bottom = sv.to_window(sv.x, sv.y)[1]
    top = bottom + sv.height
    n = 0
    for b in table.ids.choices.children:
        by = b.to_window(b.x, b.y)[1]
        if by >= bottom - 1 and by + b.height <= top + 1:
            n += 1
    return n


def tap_at(widget, x, y) -> None:
    wx, wy = widget.to_window(x, y)
    touch = UnitTestTouch(wx, wy)
    touch.touch_down()
    touch.touch_up()


def disk_actions(game_id: int) -> list[dict]:
    con = sqlite3.connect(DB)
    try:
        rows = con.execute("SELECT action FROM actions WHERE game_id=? ORDER BY seq", (game_id,)).fetchall()
    finally:
        con.close()
    return [json.loads(r[0]) for r in rows]


def shot(app, name: str) -> None:
    app.root.export_to_png(str(OUT / f"{name}.png"))


def texts(root) -> list[str]:
    """Every text a person could read on screen now (visible labels and buttons)."""
    out = []
    for w in root.walk():
        if isinstance(w, Label) and w.text and w.opacity > 0 and w.width > 0 and w.height > 0:
            parent, visible = w.parent, True
            while parent is not None and parent is not root:
                if getattr(parent, "opacity", 1) == 0:
                    visible = False
                    break
                parent = parent.parent
            if visible:
                out.append(w.text)
    return out


def targets(root) -> list[tuple[str, float, float]]:
    out = []
    for w in root.walk():
        if isinstance(w, ButtonBehavior) and w.opacity > 0 and not w.disabled and w.width > 0 and w.height > 0:
            out.append((getattr(w, "text", "die"), w.width, w.height))
    return out


def choice_buttons(screen):
    return list(reversed(screen.ids.choices.children))


def button_for(screen, text_start: str):
    for b in choice_buttons(screen):
        if b.text.startswith(text_start):
            return b
    return None


def secret_names(session, public_lines) -> list[str]:
    """Card names held right now that no public line has named (played cards become public)."""
    engine = session.engine
    reveal = session.view(REVEAL)
    said = " ".join(public_lines)
    return [engine.card_by_id[c].name for _side, cards in reveal.hands for c in cards
            if engine.card_by_id[c].name not in said]


def go_setup(app):
    home = app.manager.get_screen("home")
    cards = {c.game: c for c in home.ids.cards.children}
    obs["home_badge"] = cards["mafia-sicily"].badge
    tap(cards["mafia-sicily"])


def play(app):
    """A five-player game by touches: setup with the keyboard, a full calendar of turns, a refused
    move, the private card screen, the scores, undo."""
    yield 0.5
    go_setup(app)
    yield 0.4
    obs["setup_screen"] = app.manager.current
    setup = app.manager.get_screen("mafia_sicily_setup")
    setup.seed = SEED
    tap(setup.ids.p5)
    yield 0.2
    # seat 0 (the State): a new name typed on the on-screen keyboard
    new = [b for b in setup.ids.known.children if b.text == "+ New name"][0]
    tap(new)
    yield 0.3
    obs["keyboard_open"] = setup.typing
    keys = {b.text: b for row in setup.ids.keypad.children for b in row.children if hasattr(b, "text")}
    for letter in "ZOE":
        tap(keys[letter])
    yield 0.2
    obs["typed"] = setup.ids.keypad.text
    shot(app, "setup_keyboard")
    tap(setup.ids.add_name)
    yield 0.3
    # refused start: names missing
    tap(setup.ids.start)
    yield 0.2
    obs["setup_refusal"] = setup.error
    for name in KNOWN:
        button = [b for b in setup.ids.known.children if b.text == name][0]
        setup.ids.known.parent.scroll_to(button, padding=0, animate=False)
        yield 0.1
        tap(button)
        yield 0.15
    obs["seated"] = list(setup.names)
    obs["check_moves_button"] = setup.ids.check_moves.text  # off until the table checked the map
    tap(setup.ids.check_moves)  # this table has checked the map: the rest of this driver relies on it
    yield 0.2
    obs["setup_targets"] = targets(app.root)
    shot(app, "setup")
    tap(setup.ids.start)
    yield 0.4
    obs["table_screen"] = app.manager.current
    table = app.manager.get_screen("mafia_sicily_table")
    session = table.session
    game_id = session.game_id
    obs["game_id"] = game_id
    obs["config"] = session.config
    obs["seed"] = session.seed
    public_lines: list[str] = []
    session.subscribe(lambda _s, events: public_lines.extend(
        e.text for e in events if type(e.audience).__name__ == "TableAudience"))
    checks = []
    leaks = []
    refused = None
    cards_visit = None
    rolled_by_command = None
    real_dice = None
    sight, most = [], 3
    real_card = None
    for step in range(400):
        state = session.state
        if session.outcome() is not None or state.turns >= 7:
            break
        view = session.view(TABLE)
        on_screen = texts(app.root)
        checks.append({
            "awaiting": view.awaiting == table.prompt_text,
            "view": table.view == view,
            "calendar": [c.current for c in reversed(table.ids.calendar.children)].index(True) == view.calendar_position,
            "disk": len(disk_actions(game_id)) == session.seq,
            "phase": app.status.phase == table.phase,
        })
        for name in secret_names(session, public_lines):
            if any(name in t for t in on_screen):
                leaks.append([step, name])
        if step in (6, 20):
            shot(app, f"table_{step}")
        buttons = choice_buttons(table)
        prompt = state.prompt[0]
        seen = in_sight(table)
        sight.append([len(buttons), seen, table.ids.choices.cols, bool(table.error)])
        if len(buttons) > most:
            most = len(buttons)
            yield 1.0  # the dice settle first
            shot(app, "table_many")
        # once: a move the rules refuse, tapped on the map (a counter chosen, a space it cannot reach)
        if refused is None and prompt == "move" and table.selected:
            bad = [sid for sid in session.engine.space_ids if sid not in table.highlight
                   and sid != dict(state.pos)[table.selected]][0]
            before_disk, before_state = len(disk_actions(game_id)), session.state
            counter = table.selected
            tap(table.ids.map)  # the map is a screen of its own
            yield 0.3
            map_screen = app.manager.get_screen("mafia_sicily_map")
            tap(map_screen.ids.board.tiles[bad])
            yield 0.2
            refused = {"space": bad, "error": map_screen.error, "disk_same": len(disk_actions(game_id)) == before_disk,
                       "state_same": session.state == before_state, "counter": counter,
                       "screen": app.manager.current}
            shot(app, "map_refused")
            tap(map_screen.ids.back)
            yield 0.3
            continue
        # once: real dice entered by tapping their faces
        if real_dice is None and prompt == "roll" and session.chance_requests() == ["roll2d6"] and step > 3:
            button = button_for(table, "Enter real dice")
            table.ids.choices_scroll.scroll_to(button, padding=0, animate=False)
            yield 0.1
            tap(button)
            yield 0.1
            faces_shown = [b.text for b in choice_buttons(table)]
            obs["faces_shown"] = faces_shown
            obs["faces_hint"] = table.hint_text
            obs["faces_in_sight"] = in_sight(table)
            for text in ("6", "2"):
                button = [b for b in choice_buttons(table) if b.text == text][0]
                tap(button)  # all six faces are in sight: no scroll
                yield 0.1
            real_dice = {"faces": faces_shown[:2], "recorded": disk_actions(game_id)[-1],
                         "shown": [table.ids.die_a.value, table.ids.die_b.value, table.total_text, table.dice_caption]}
            continue
        # once: ROLL from the hardware rolls the dice the screen offers
        if rolled_by_command is None and prompt == "roll" and step > 10:
            from hardware.commands import Roll

            n = len(session.actions)
            handled = table.handle_command(Roll())
            yield 0.1
            rolled_by_command = {"handled": handled, "recorded": len(session.actions) == n + 1,
                                 "kind": disk_actions(game_id)[-1]["kind"]}
            yield 1.0
            continue
        # once: a card from the physical deck entered by hand
        if real_card is None and prompt == "draw":
            tap_scrolled(button_for(table, "Enter the real card"))
            yield 0.3
            hand = app.manager.get_screen("mafia_sicily_hand")
            entry_screen = (app.manager.current, hand.owner_text)
            offered = list(reversed(hand.ids.deck.children))
            deck = dict(session.state.decks)[state.prompt[1]]
            pick = [b for b in offered if b.choice.action.card in deck][0]
            n = len(session.actions)
            shot(app, "hand_real_card")
            tap(pick)
            yield 0.3
            real_card = {"offered": [b.text for b in offered], "picked": pick.text, "entry_screen": entry_screen,
                         "recorded": disk_actions(game_id)[-1] if len(session.actions) == n + 1 else None,
                         "after": [b.text for b in choice_buttons(table)], "error": table.error,
                         "news": table.news_text}
            continue
        cards_button = [b for b in buttons if b.choice.kind == "cards"]
        public = [b for b in buttons if b.choice.kind != "cards"]
        if cards_button and (not public or cards_visit is None):
            # a player may (or must) play a card: their private screen, hold to show, play
            tap(cards_button[0])
            yield 0.3
            hand = app.manager.get_screen("mafia_sicily_hand")
            visit = {"screen": app.manager.current, "owner": hand.owner_text,
                     "hidden_texts": texts(app.root), "revealed_before": hand.revealed}
            shot(app, "hand_hidden")
            peek = hand.ids.peek
            x, y = peek.to_window(*peek.center)
            touch = UnitTestTouch(x, y)
            touch.touch_down()
            yield 1.3
            visit["revealed"] = hand.revealed  # while the finger is still down
            visit["cards"] = [c.title for c in hand.ids.cards.children]
            visit["plays"] = [b.text for b in hand.ids.plays.children]
            shot(app, "hand_revealed")
            plays = list(reversed(hand.ids.plays.children))
            n = len(session.actions)
            if public:  # an optional card: do not play it, let go and go back
                touch.touch_up()
                yield 0.2
                visit["hidden_again"] = not hand.revealed and not hand.ids.cards.children
                app.back()
            else:
                tap(plays[0])  # the other hand taps while the first holds
                yield 0.1
                touch.touch_up()
            yield 0.3
            visit["played"] = len(session.actions) == n + (0 if public else 1)
            visit["back_on"] = app.manager.current
            cards_visit = cards_visit or visit
            continue
        if not public:
            break
        # prefer finishing activities, else the first choice (rolls and draws are the only button)
        moves = [b for b in public if type(b.choice.action).__name__ == "Move"]
        pick = (moves[0] if moves else None) or (button_for(table, "Done") or button_for(table, "No card")
                                                 or button_for(table, "Go quietly") or public[0])
        n = len(session.actions)
        if pick is not public[0]:
            table.ids.choices_scroll.scroll_to(pick, padding=0, animate=False)
            yield 0.05
        tap(pick)
        yield 0.4  # a tap inside a list reaches its button after the list's scroll timeout
        if pick.choice.kind != "counter" and len(session.actions) != n + 1:
            obs.setdefault("tap_not_recorded", []).append([step, pick.text, table.error])
    yield 1.0
    obs["steps"] = step
    obs["sight"] = sight
    obs["real_card"] = real_card
    obs["turns"] = session.state.turns
    obs["checks_failed"] = [c for c in checks if not all(c.values())]
    obs["checks"] = len(checks)
    obs["leaks"] = leaks
    obs["refused"] = refused
    obs["cards_visit"] = cards_visit
    obs["rolled_by_command"] = rolled_by_command
    obs["real_dice"] = real_dice
    obs["disk_equals_session"] = disk_actions(game_id) == [a.to_dict() for a in session.actions]
    obs["dice_shown"] = [table.ids.die_a.value, table.ids.die_b.value, table.total_text, table.dice_caption]
    last_roll = [a for a in session.actions if type(a).__name__ == "DiceRolled"][-1]
    obs["last_roll"] = list(last_roll.dice)
    obs["table_targets"] = targets(app.root)
    obs["number_font"] = table.ids.total.font_size
    shot(app, "table_end")

    # a private card screen by touch: Cards, the player holding most cards, hold to show, hide
    reveal = session.view(REVEAL)
    held = {}
    for side, cards in reveal.hands:
        if cards and not side.startswith("state") or (side == "state" and cards):
            seat = session.engine.seat_of(session.state, side if not side.startswith("state") else "state")
            held[seat] = held.get(seat, 0) + len(cards)
    seat = max(held, key=held.get) if held else 1
    tap(table.ids.cards)
    yield 0.3
    hand = app.manager.get_screen("mafia_sicily_hand")
    seat_button = [b for b in hand.ids.seats.children if b.seat == seat][0]
    obs["seat_buttons"] = [[b.text, b.seat, list(b.to_window(*b.center))] for b in hand.ids.seats.children]
    obs["hand_seat_before"] = hand.seat
    tap(seat_button)
    yield 0.2
    obs["hand_seat_after"] = hand.seat
    own = session.view(Seat(seat))
    visit = {"screen": app.manager.current, "owner": hand.owner_text, "seat": seat,
             "name": session.state.names[seat], "hidden_texts": texts(app.root),
             "secret": [c.name for _s, cards in own.hands for c in cards]}
    shot(app, "hand_hidden")
    peek = hand.ids.peek
    tap(peek)  # a short tap only says to hold
    yield 0.2
    visit["short_tap"] = [hand.revealed, peek.hint]
    x, y = peek.to_window(*peek.center)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    yield 1.3
    visit["revealed"] = hand.revealed  # the finger still down
    visit["shown_texts"] = texts(app.root)
    shot(app, "hand_revealed")
    touch.touch_up()  # letting go hides the hand at once (issue 18: it stayed ~11 s)
    yield 0.05
    visit["after_hide"] = [hand.revealed, texts(app.root)]
    obs["hand_visit"] = visit
    app.back()
    yield 0.3
    obs["back_from_hand"] = app.manager.current

    # the scores
    tap(table.ids.scores)
    yield 0.3
    scores = app.manager.get_screen("mafia_sicily_scores")
    obs["scores_screen"] = app.manager.current
    obs["scores_tiles"] = [[t.title, t.number, t.who] for t in reversed(scores.ids.tiles.children)]
    obs["scores_view"] = [list(x) for x in session.view(TABLE).spaces_controlled]
    obs["scores_leaks"] = [n for n in secret_names(session, public_lines) if any(n in t for t in texts(app.root))]
    shot(app, "scores")
    app.back()
    yield 0.3

    # undo: one tap, one question, then take back
    n_disk = len(disk_actions(game_id))
    last = session.actions[-1]
    tap(table.ids.undo)
    yield 0.2
    obs["undo_question"] = table.undo_question
    obs["undo_asking"] = table.confirming_undo
    obs["undo_disk_unchanged_while_asking"] = len(disk_actions(game_id)) == n_disk
    shot(app, "table_undo")
    tap(table.ids.take_back)
    yield 0.3
    disk = disk_actions(game_id)
    obs["undo_record"] = disk[-1]
    obs["undo_took_back"] = last.to_dict()
    obs["undo_screen_matches"] = table.prompt_text == session.view(TABLE).awaiting and table.view == session.view(TABLE)
    obs["undo_news"] = table.news_text


def secrets(app):
    """A game where players hold cards: the shared screens never show a held card's name; the
    holder's private screen shows it only while revealed."""
    import random

    from companion.session import Session
    from companion.simulate import chance_rng

    yield 0.3
    session = Session.start(app.store, "mafia-sicily", {"players": 5, "names": ["Zoe", *KNOWN]}, seed=SEED)
    engine = session.engine
    rng = random.Random(5)
    state = session.state
    actions = []
    for step in range(3000):
        held = [(f, h) for f, h in state.hands if h]
        if held and state.prompt and state.prompt[0] in ("move", "roll", "decide"):
            break
        legal = engine.legal_actions(state)
        if engine.outcome(state) is not None:
            break
        action = engine.chance(state, chance_rng(SEED, step), None) if not legal else \
            engine.playout_policy(state, legal, rng)
        state, _ = engine.apply(state, action)
        actions.append(action)
    for action in actions:
        session.act(action)
    obs["held"] = [[f, list(h)] for f, h in session.state.hands if h]
    public_lines = []  # what the table has heard so far (played cards are public)
    st = engine.new(session.config, session.seed)
    for a in session.actions:
        st, events = engine.apply(st, a)
        public_lines += [e.text for e in events if type(e.audience).__name__ == "TableAudience"]
    session.subscribe(lambda _s, events: public_lines.extend(
        e.text for e in events if type(e.audience).__name__ == "TableAudience"))
    app.resume("mafia-sicily", session.game_id)
    yield 0.4
    obs["screen"] = app.manager.current
    table = app.manager.get_screen("mafia_sicily_table")
    session = table.session
    leaks, checked = [], 0
    for step in range(40):
        if session.outcome() is not None:
            break
        on_screen = texts(app.root)
        secret = secret_names(session, public_lines)
        checked += len(secret)
        leaks += [[step, n] for n in secret if any(n in t for t in on_screen)]
        buttons = [b for b in choice_buttons(table) if b.choice.kind != "cards"]
        if not buttons:
            break
        moves = [b for b in buttons if type(b.choice.action).__name__ == "Move"]
        pick = moves[0] if moves else (button_for(table, "Done") or button_for(table, "No card") or buttons[0])
        table.ids.choices_scroll.scroll_to(pick, padding=0, animate=False)
        yield 0.05
        tap(pick)
        yield 0.05
    obs["leaks"] = leaks
    obs["secret_names_checked"] = checked
    shot(app, "secrets_table")
    # the holder's private screen: names only while revealed
    holder_side = [f for f, h in session.state.hands if h][0]
    seat = session.engine.seat_of(session.state, "state" if holder_side.startswith("state") else holder_side)
    own = [session.engine.card_by_id[c].name for f, h in session.state.hands if f == holder_side for c in h]
    table.open_cards(seat)
    yield 0.3
    hand = app.manager.get_screen("mafia_sicily_hand")
    obs["holder"] = [seat, hand.owner_text, own]
    obs["hidden_shows_names"] = [n for n in own if any(n in t for t in texts(app.root))]
    hand.reveal()
    yield 0.2
    obs["revealed_shows_names"] = [n for n in own if any(n in t for t in texts(app.root))]
    shot(app, "secrets_hand_revealed")
    hand.hide()
    yield 0.1
    obs["hidden_again_shows_names"] = [n for n in own if any(n in t for t in texts(app.root))]


def sizes(app):
    """Another panel size: a started game's screens fill it, targets stay large, nothing cut."""
    yield 0.5
    go_setup(app)
    yield 0.3
    setup = app.manager.get_screen("mafia_sicily_setup")
    setup.seed = SEED
    for i, name in enumerate(KNOWN[:3]):
        tap([b for b in setup.ids.known.children if b.text == name][0])
        yield 0.1
    tap(setup.ids.p3)
    yield 0.2
    obs["three_roles"] = [r.role for r in reversed(setup.ids.seats.children)]
    obs["variant"] = setup.variant_text
    shot(app, "setup")
    tap(setup.ids.start)
    yield 0.4
    table = app.manager.get_screen("mafia_sicily_table")
    obs["players"] = table.session.state.players
    for _ in range(8):
        buttons = [b for b in choice_buttons(table) if b.choice.kind != "cards"]
        if not buttons:
            break
        tap(buttons[0])
        yield 0.1
    yield 1.0
    obs["table_targets"] = targets(app.root)
    obs["number_font"] = table.ids.total.font_size
    obs["window"] = list(app.root.size)
    shot(app, "table")
    tap(table.ids.cards)
    yield 0.3
    shot(app, "hand")
    app.back()
    yield 0.2
    tap(table.ids.scores)
    yield 0.3
    shot(app, "scores")


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    store = Store.open(DB)
    for name in KNOWN:
        store.add_player(name)
    app = CompanionApp(store=store)
    gen = {"play": play, "sizes": sizes, "secrets": secrets}[SCENARIO](app)

    return run_scenario(app, store, gen, obs, OUT / f"{SCENARIO}.json")


if __name__ == "__main__":
    sys.exit(main())
