"""Drive the real app through Mafia+ by touches (run in a subprocess, like tests/ui/driver.py).

    python tests/ui/mafia_plus/mafia_plus_driver.py SCENARIO DB OUTDIR WxH
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/ui: the shared harness
from ui_harness import run_scenario  # noqa: E402

for key, value in {"KIVY_NO_ARGS": "1", "KIVY_NO_FILELOG": "1", "KIVY_NO_CONSOLELOG": "1",
                   "SDL_AUDIODRIVER": "dummy"}.items():
    os.environ.setdefault(key, value)
sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # mafia_plus_scenes

from ui.main import configure_kivy  # noqa: E402

SCENARIO, DB, OUT, SIZE = sys.argv[1], sys.argv[2], Path(sys.argv[3]), sys.argv[4]
configure_kivy(tuple(int(v) for v in SIZE.split("x")), False)

from kivy.clock import Clock  # noqa: E402
from kivy.tests.common import UnitTestTouch  # noqa: E402

from companion.engine import TABLE  # noqa: E402
from companion.games.mafia_plus import characters as C  # noqa: E402
from companion.games.mafia_plus import engine as E  # noqa: E402
from companion.store import Store  # noqa: E402
from ui.app import CompanionApp  # noqa: E402
from ui.games.mafia_plus import flow  # noqa: E402

HOLD = 0.15
STEP = 0.08
NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Hugo", "Irene", "Luca", "Marta"]
obs: dict = {"scenario": SCENARIO, "leaks": [], "screens": [], "shots": []}


def tap(widget) -> None:
    x, y = widget.to_window(*widget.center)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    touch.touch_up()


def hold(widget, seconds=None):
    """Hold for the button's own hold time and a moment more (as the table robot does)."""
    seconds = float(getattr(widget, "hold_seconds", HOLD)) + 0.2 if seconds is None else seconds
    x, y = widget.to_window(*widget.center)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    yield seconds
    touch.touch_up()


def shot(app, name: str) -> None:
    path = OUT / f"{name}.png"
    app.root.export_to_png(str(path))
    obs["shots"].append(name)


def visible_texts(widget) -> list[str]:
    out = []

    def walk(w):
        if w.opacity <= 0 or w.width <= 1 or w.height <= 1:
            return
        text = getattr(w, "text", None)
        if isinstance(text, str) and text:
            out.append(text)
        for c in w.children:
            walk(c)

    walk(widget)
    return out


def check_secrets(app, where: str) -> None:
    """The shared screen never names a living player's character; the neutral night screen
    names no player at all."""
    screen = app.manager.current_screen
    session = app.sessions.get("mafia-plus")
    if session is None or session.state.characters is None:
        return
    st = session.state
    if screen.name == "mafia_plus_card" or (screen.name == "mafia_plus_deal" and getattr(screen, "showing", False)):
        return  # the private peek screens, while held
    if screen.name == "mafia_plus_night" and screen.panel:
        return  # the called role's private panel
    if screen.name == "mafia_plus_end":
        return  # the reveal
    revealed = [n for n, _ in session.view(TABLE).declared]
    texts = visible_texts(screen) + [app.status.phase]
    names = [C.name(c) for c in st.characters]
    night = screen.name == "mafia_plus_night"
    found = flow.leaks(texts, st.players, names, st.alive, revealed, night_neutral=night)
    if found:
        obs["leaks"].append([where, screen.name, found])


def session(app):
    return app.sessions["mafia-plus"]


def setup_game(app, players: int, picks=(), vote="open", custom=()):
    yield 0.4
    home = app.manager.get_screen("home")
    cards = {c.game: c for c in home.ids.cards.children}
    tap(cards["mafia-plus"])
    yield 0.3
    setup = app.manager.get_screen("mafia_plus_setup")
    obs["screens"].append(app.manager.current)
    shot(app, "setup_players")
    # a new name on the big-letter keypad
    tap(setup.ids.add)
    yield STEP
    keys = {b.text: b for b in setup.ids.keypad.children}
    for ch in "ZOE":
        tap(keys[ch])
    yield STEP
    shot(app, "setup_keypad")
    tap(setup.ids.add_name)
    yield STEP
    obs["typed_player_added"] = "Zoe" in app.store.players()
    tap([b for b in setup.ids.roster.children if b.text == "Zoe"][0])  # stand Zoe up again
    for name in NAMES[:players]:
        for _ in range(3):  # a tap on a row still being laid out is retried
            if name in setup.model.seats:
                break
            tap([b for b in setup.ids.roster.children if b.text == name][0])
            yield 0.05
    obs["seated"] = list(setup.model.seats)
    tap(setup.ids.to_seats)
    yield STEP
    ring = setup.ids.ring
    seats = {s.seat: s for s in ring.seats}
    tap(seats[0])
    tap(seats[1])  # swap Anna and Bruno ...
    yield STEP
    tap(seats[0])
    tap(seats[1])  # ... and back
    yield STEP
    shot(app, "setup_seats")
    tap(setup.ids.to_set)
    yield STEP
    yield STEP
    for pick in picks:  # an option of the recommended set ("Mayor K♣"): tapped until it is picked
        for _ in range(3):
            if pick in setup.summary:
                break
            for row in setup.ids.slots.children:
                for b in row.children:
                    if getattr(b, "text", "").startswith(pick + " "):
                        tap(b)
            yield STEP
    if custom:  # a custom set: tap characters of the catalogue in or out
        tap(setup.ids.custom)
        yield STEP
        obs["custom_page"] = setup.page
        for cid in custom:
            button = [b for b in setup.ids.catalogue.children if b.cid == cid][0]
            before = setup.model.count_of(cid)
            for _ in range(3):
                setup.ids.catalogue_scroll.scroll_to(button, padding=10, animate=False)
                yield STEP
                tap(button)
                yield STEP
                if setup.model.count_of(cid) != before:
                    break
            obs.setdefault("custom_problems", []).append(setup.problems)
            obs.setdefault("custom_stats", []).append(setup.custom_title)
        shot(app, "setup_custom")
        tap(setup.ids.custom_done)
        yield STEP
    if vote == "secret":
        tap(setup.ids.vote_secret)
    tap(setup.ids.timer_180)
    yield STEP
    shot(app, "setup_set")
    obs["summary"] = setup.summary
    tap(setup.ids.start)
    yield 0.3
    obs["screens"].append(app.manager.current)
    deal = app.manager.get_screen("mafia_plus_deal")
    shot(app, "deal_shuffle")
    tap(deal.ids.deal)
    yield STEP
    for i in range(players):
        check_secrets(app, f"deal pass {i}")
        if i == 0:
            shot(app, "deal_pass")
        x, y = deal.ids.peek.to_window(*deal.ids.peek.center)
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        yield STEP
        if i == 0:
            obs["peek_card"] = [deal.ids.card.card, deal.ids.card.title, deal.ids.card.faction, deal.peek_seat_name]
            shot(app, "deal_card")
        obs.setdefault("peeks", []).append(deal.showing)
        touch.touch_up()
        yield STEP
        obs.setdefault("hidden_after_release", []).append(not deal.showing)
        tap(deal.ids.next)
        yield STEP


def mafia_seats(st):
    return [i for i, c in enumerate(st.characters) if C.faction(c) == "mafia"]


def pick_night_target(st, step, enabled):
    """The driver's play: the Mafia kills non-Mafiosi, the Railwayman ships the first he can."""
    mafia = set(mafia_seats(st))
    if step == "mafia":
        outside = [s for s in enabled if s not in mafia]
        return (outside or enabled)[0]
    if step == "doctor":
        return enabled[-1]
    return enabled[0]


def play_night(app, shots: dict):
    screen = app.manager.get_screen("mafia_plus_night")
    for _ in range(400):
        if app.manager.current != "mafia_plus_night":
            return
        st = session(app).state
        check_secrets(app, f"night {st.night} step {st.step}")
        legal = st and session(app).engine.legal_actions_by_seat(st)
        if list(legal) == [None] or screen.panel:
            yield 0.06
            continue
        step = E._steps(st)[st.step]
        if "night" not in shots:
            shot(app, "night")
            shots["night"] = True
        yield from hold(screen.ids.open_panel)
        yield STEP
        if screen.panel != "act":
            yield STEP
            continue
        enabled = screen.ids.ring.enabled or []
        if enabled:
            target = pick_night_target(st, step, list(enabled))
            if step == "railwayman":
                obs["shipped"] = st.players[target]
            tap([s for s in screen.ids.ring.seats if s.seat == target][0])
        else:
            opts = list(reversed(screen.ids.options.children))
            tap(opts[-1])  # "Not tonight"
        yield STEP
        if "night_act" not in shots:
            shot(app, "night_act")
            shots["night_act"] = True
        yield from hold(screen.ids.confirm)
        yield STEP
        if screen.panel == "answer":
            obs.setdefault("answers", []).append(screen.answer_text)
            if "night_answer" not in shots:
                shot(app, "night_answer")
                shots["night_answer"] = True
            tap(screen.ids.answer_done)
        yield STEP


def play_day(app, plan, shots):
    screen = app.manager.get_screen("mafia_plus_day")
    st = session(app).state
    check_secrets(app, f"day {st.day}")
    if "day" not in shots:
        yield 0.2
        shot(app, "day")
        shots["day"] = True
    if screen.can_end:
        yield from hold(screen.ids.call_vote)
        return
    accusations = plan.get("accuse", 1)
    mafia = set(mafia_seats(st))
    present = [i for i in range(len(st.players)) if st.alive[i] and i != st.away]
    targets = [s for s in present if s in mafia and s not in st.accused] + \
        [s for s in present if s not in mafia and s not in st.accused]
    for k in range(min(accusations, len(targets))):
        if len(st.accused) >= accusations:
            break
        if screen.mode != "accuse_by":
            tap(screen.ids.accuse)
        yield STEP
        obs.setdefault("accuse_debug", []).append([screen.mode, list(screen.ids.ring.enabled or []), targets[k],
                                                   screen.ids.accuse.to_window(*screen.ids.accuse.center),
                                                   list(screen.ids.accuse.size)])
        by = [s for s in (screen.ids.ring.enabled or []) if s != targets[k]]
        if not by:
            tap(screen.ids.accuse)
            break
        seat_w = screen.ids.ring.seats[by[0]]
        tap(seat_w)
        yield STEP
        if targets[k] in (screen.ids.ring.enabled or []):
            tap(screen.ids.ring.seats[targets[k]])
        else:
            tap(screen.ids.accuse)
        yield STEP
        st = session(app).state
    obs.setdefault("day_debug", []).append([screen.mode, screen.error, list(st.accused), screen.can_call,
                                            list(screen.ids.ring.enabled or [])])
    check_secrets(app, f"day {st.day} accused")
    if "day_accused" not in shots:
        shot(app, "day_accused")
        shots["day_accused"] = True
    yield from hold(screen.ids.call_vote)
    yield STEP


def play_vote(app, plan, shots):
    screen = app.manager.get_screen("mafia_plus_vote")
    for _ in range(200):
        if app.manager.current != "mafia_plus_vote":
            return
        st = session(app).state
        check_secrets(app, f"vote day {st.day} {st.stage}")
        if st.stage == "voting":
            accused = list(st.vote.accused)
            done = len(st.vote.votes)
            want = accused[done % len(accused)] if plan.get("tie") else accused[0]
            if st.vote_secret:
                yield from hold(screen.ids.ballot)
                yield STEP
                if "vote_secret" not in shots:
                    shot(app, "vote_ballot")
                    shots["vote_secret"] = True
            enabled = screen.ids.ring.enabled or []
            if "vote" not in shots and done:
                shot(app, "vote")
                shots["vote"] = True
            if want in enabled:
                tap(screen.ids.ring.seats[want])
            else:
                tap(list(screen.ids.options.children)[-1])  # Abstain
            yield STEP
            continue
        # verdict
        if "verdict" not in shots:
            shot(app, "verdict")
            shots["verdict"] = True
        verdict = session(app).view(TABLE).verdict or ""
        obs.setdefault("verdicts", []).append(verdict)
        if plan.get("tie") and verdict.startswith("tie"):
            plan["tie"] = False
            obs["tie_seen"] = True
        if plan.get("chairman") and not plan.get("tie") and not verdict.startswith("tie") \
                and screen.chairman_open and st.alive[st.characters.index("chairman")]:
            plan["chairman"] = False
            chair = st.characters.index("chairman")
            tap(screen.ids.chairman)
            yield STEP
            tap(screen.ids.ring.seats[chair])
            yield STEP
            shot(app, "verdict_chairman")
            tap([b for b in screen.ids.options.children if b.text == "Re-vote"][0])
            yield STEP
            obs["chairman_used"] = "chairman" in session(app).state.used
            continue
        yield from hold(screen.ids.carry_out)
        yield STEP
        if app.manager.current == "mafia_plus_day" and session(app).state.stage == "discussion" \
                and session(app).state.accused:
            obs["back_to_debate"] = True
            shot(app, "day_after_tie")


def play_game(app, players, picks=(), plan=None, vote="open", custom=()):
    plan = dict(plan or {})
    yield from setup_game(app, players, picks, vote, custom)
    shots: dict = {}
    for _ in range(60):
        current = app.manager.current
        obs["screens"].append(current)
        if current == "mafia_plus_night":
            yield from play_night(app, shots)
        elif current == "mafia_plus_day":
            yield from play_day(app, plan, shots)
        elif current == "mafia_plus_vote":
            yield from play_vote(app, plan, shots)
        elif current == "mafia_plus_end":
            break
        else:
            yield STEP
    yield 0.2
    check_secrets(app, "end")
    end = app.manager.get_screen("mafia_plus_end")
    obs["end_screen"] = app.manager.current
    obs["winners_text"] = end.winners
    obs["reveal"] = end.reveal
    shot(app, "end")
    s = session(app)
    obs["winners"] = list(s.outcome().winners) if s.outcome() else None
    obs["game_status"] = app.store.game(s.game_id).status
    obs["log"] = list(s.view(TABLE).log)
    tap(end.ids.stats)
    yield 0.3
    obs["stats_screen"] = app.manager.current
    stats = app.manager.get_screen("mafia_plus_stats")
    obs["stats_rows"] = [c.text for c in reversed(stats.ids.rows.children)]
    shot(app, "stats")


def game7(app):
    yield from play_game(app, 7, picks=("Mayor",))


def game11(app):
    yield from play_game(app, 11, picks=("Railwayman",), plan={"tie": True, "accuse": 2})


def game11c(app):
    """The recommended 11-player set has "Railwayman / Chairman": a custom set holds both
    (Poor Bloody Infantry out, Chairman in: still 6-3-2)."""
    yield from play_game(app, 11, plan={"chairman": True, "tie": True, "accuse": 2}, vote="secret",
                         custom=("poor_bloody_infantry", "chairman"))


def killnight(app):
    """Play into Night 1 and stop where a living role must choose; tell the test, then idle."""
    yield from setup_game(app, 7, picks=("Mayor",))
    shots = {"night": 1, "night_act": 1, "night_answer": 1, "day": 1, "day_accused": 1}
    for _ in range(300):
        st = session(app).state
        if app.manager.current == "mafia_plus_night" and st.night == 1 and st.step >= 2 \
                and list(session(app).engine.legal_actions_by_seat(st)) != [None]:
            break
        current = app.manager.current
        if current == "mafia_plus_night":
            # one step at a time, so we stop at the first Night 1 choice after the Mafia's
            screen = app.manager.get_screen("mafia_plus_night")
            legal = session(app).engine.legal_actions_by_seat(st)
            if list(legal) == [None] or screen.panel:
                yield 0.06
                continue
            if st.night == 1 and st.step >= 2:
                break
            gen = play_night_once(app)
            yield from gen
        elif current == "mafia_plus_day":
            yield from play_day(app, {}, shots)
        elif current == "mafia_plus_vote":
            yield from play_vote(app, {}, shots)
        else:
            yield STEP
    st = session(app).state
    obs["killed_at"] = [st.phase, st.night, st.step, E.current_step(st).text,
                        app.manager.get_screen("mafia_plus_night").call_text, session(app).game_id]
    (OUT / "killnight.json").write_text(json.dumps(obs, indent=1, default=str))
    (OUT / "ready").write_text("1")
    while True:
        yield 1.0


def play_night_once(app):
    screen = app.manager.get_screen("mafia_plus_night")
    st = session(app).state
    step = E._steps(st)[st.step]
    yield from hold(screen.ids.open_panel)
    yield STEP
    enabled = list(screen.ids.ring.enabled or [])
    if enabled:
        tap(screen.ids.ring.seats[pick_night_target(st, step, enabled)])
    else:
        tap(list(screen.ids.options.children)[0])
    yield STEP
    yield from hold(screen.ids.confirm)
    yield STEP
    if screen.panel == "answer":
        tap(screen.ids.answer_done)
        yield STEP


def panel_snapshot(screen) -> dict:
    """What the called role's private panel shows: texts and enabled states of every control."""
    ring = screen.ids.ring
    return {"panel": screen.panel, "title": screen.ids.panel_title.text, "hint": screen.ids.panel_hint.text,
            "seats": [[s.text, s.disabled, s.dead, s.variant] for s in ring.seats],
            "options": [[b.text, b.disabled, b.variant] for b in reversed(screen.ids.options.children)],
            "confirm": [screen.ids.confirm.text, screen.ids.confirm.disabled],
            "close": [screen.ids.close.text, screen.ids.close.disabled]}


def panels(app):
    """The same Night 1 call with the role's player alive and dead: open the panel, pick, confirm."""
    from companion.session import Session
    from ui.controller import Route
    import mafia_plus_scenes as SC

    app.store.set_setting(flow.CALL_SETTING, 60)  # the padded call outlasts the whole walk
    yield 0.3
    for role, pick in (("doctor", 6), ("bartender", "Shift left")):
        for alive in (True, False):
            s = Session.start(app.store, "mafia-plus", SC.CONFIG, seed=1)
            s.act(E.Dealt(SC.deal(role, alive), by_hand=True))
            SC.play_to_call(s.act, lambda: s.state, role)
            app.store.set_setting(flow.peek_key(s.game_id), len(SC.PLAYERS))
            app.sessions["mafia-plus"] = s
            before = len(s.actions)
            app.go(Route("mafia_plus_night", {"game": "mafia-plus", "game_id": s.game_id}))
            yield 0.3
            screen = app.manager.get_screen("mafia_plus_night")
            rec = {"neutral": visible_texts(screen)}
            yield from hold(screen.ids.open_panel)
            yield STEP
            rec["opened"] = panel_snapshot(screen)
            if isinstance(pick, int):
                tap(screen.ids.ring.seats[pick])
            else:
                tap([b for b in screen.ids.options.children if b.text == pick][0])
            yield STEP
            rec["picked"] = panel_snapshot(screen)
            yield from hold(screen.ids.confirm)
            yield 0.3
            rec["after"] = {"panel": screen.panel, "screen": app.manager.current, "call": screen.call_text,
                            "texts": visible_texts(screen)}
            rec["recorded"] = [type(a).__name__ for a in s.actions[before:]]
            shot(app, f"panel_{role}_{'alive' if alive else 'dead'}")
            obs.setdefault("panels", {})[f"{role}/{'alive' if alive else 'dead'}"] = rec


def cannonvote(app):
    """Day 1, the open vote under way: a false claim is refused in place; then the real Loose
    Cannon stands up, taps their name and the target, and holds to shoot."""
    from companion.session import Session
    from ui.controller import Route
    import mafia_plus_scenes as SC

    yield 0.3
    s = Session.start(app.store, "mafia-plus", SC.CONFIG, seed=1)
    chars = SC.deal("doctor", True)
    s.act(E.Dealt(chars, by_hand=True))
    SC.play_to_vote(s.act, lambda: s.state, votes=2)
    app.store.set_setting(flow.peek_key(s.game_id), len(SC.PLAYERS))
    app.sessions["mafia-plus"] = s
    app.go(Route("mafia_plus_vote", {"game": "mafia-plus", "game_id": s.game_id}))
    yield 0.3
    screen = app.manager.get_screen("mafia_plus_vote")
    cannon, liar, target = chars.index("loose_cannon"), chars.index("detective"), chars.index("mafia_boss")
    obs["cannon_button"] = [screen.ids.cannon.text, screen.ids.cannon.disabled, screen.ids.cannon.opacity]
    obs["stage"] = s.state.stage
    for by in (liar, cannon):
        tap(screen.ids.cannon)
        yield STEP
        tap(screen.ids.ring.seats[by])
        yield STEP
        tap(screen.ids.ring.seats[target])
        yield STEP
        obs.setdefault("shoot_text", []).append([screen.ids.shoot.text, screen.ids.cannon.text, screen.mode])
        if by == cannon:
            shot(app, "vote_cannon")
        yield from hold(screen.ids.shoot)
        yield 0.2
        obs.setdefault("cannon_errors", []).append(screen.error)
    obs["after_shot"] = {"alive": s.state.alive[target], "used": "loose_cannon" in s.state.used,
                         "screen": app.manager.current, "log": list(s.view(TABLE).log[-6:])}


def seats23(app):
    """23 players: the day ring, the open vote and the night panel (narrow seats)."""
    import random

    from companion.session import Session
    from ui.controller import Route

    names = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Hugo", "Irene", "Luca", "Marta",
             "Nadia", "Oscar", "Paola", "Quinto", "Rita", "Sandro", "Teresa", "Ugo", "Valeria", "Walter",
             "Ximena", "Zeno"]
    yield 0.3
    s = Session.start(app.store, "mafia-plus", {"players": names}, seed=3)
    s.draw(None)
    app.store.set_setting(flow.peek_key(s.game_id), len(names))
    app.sessions["mafia-plus"] = s
    rng = random.Random(3)
    while not (s.state.phase == "day" and s.state.stage == "voting" and s.state.vote.votes):
        s.act(s.engine.playout_policy(s.state, s.legal_actions(), rng))
    app.go(Route("mafia_plus_vote", {"game": "mafia-plus", "game_id": s.game_id}))
    yield 0.4
    shot(app, "seats23_vote")
    ring = app.manager.get_screen("mafia_plus_vote").ids.ring
    obs["seat_sizes"] = [[round(w.width), round(w.height)] for w in ring.seats]
    boxes = [(w.x, w.y, w.right, w.top) for w in ring.seats]
    obs["seat_overlaps"] = sum(1 for i, a in enumerate(boxes) for b in boxes[i + 1:]
                               if a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1)
    obs["seat_texts_fit"] = all(w.texture_size[0] <= w.width for w in ring.seats)


# -- 23 players: every screen type measured --------------------------------------------------------
NAMES23 = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Hugo", "Irene", "Luca", "Marta",
           "Nadia", "Oscar", "Paola", "Quinto", "Rita", "Sandro", "Teresa", "Ugo", "Valeria", "Walter",
           "Ximena", "Zeno"]


def _shown(w) -> bool:
    from kivy.core.window import Window

    if not (w.opacity > 0 and w.width > 1 and w.height > 1):
        return False
    x0, y0 = w.to_window(w.x, w.y)
    x1, y1 = w.to_window(w.right, w.top)
    return x0 < Window.width and x1 > 0 and y0 < Window.height and y1 > 0  # on the screen at all


def _walk(w, inside_ring=False, out=None):
    """(widget, inside a seat ring but not a seat) for every visible widget."""
    from ui.games.mafia_plus.widgets import MafiaPlusSeat, MafiaPlusSeatRing

    out = [] if out is None else out
    if not _shown(w):
        return out
    out.append((w, inside_ring and not isinstance(w, MafiaPlusSeat)))
    ring = inside_ring or isinstance(w, MafiaPlusSeatRing)
    for c in w.children:
        _walk(c, ring, out)
    return out


def _full_size(label):
    """The size the label's text needs, never shortened (wrapped at its text width if it wraps)."""
    from kivy.core.text import Label as CoreLabel
    from kivy.core.text.markup import MarkupLabel

    tw = label.text_size[0] if (label.text_size[0] and not label.shorten) else None  # shortened: whole width
    core = (MarkupLabel if label.markup else CoreLabel)(
        text=label.text, font_size=label.font_size, font_name=label.font_name, bold=label.bold,
        halign=label.halign, text_size=(tw, None), line_height=label.line_height)
    core.refresh()
    return core.texture.size


def measure(app, name: str) -> dict:
    """Seat overlaps, clipped labels, small targets, centre text under a seat — on the current screen."""
    from kivy.uix.behaviors import ButtonBehavior
    from kivy.uix.label import Label
    from ui.games.mafia_plus.widgets import MafiaPlusSeatRing

    screen = app.manager.current_screen
    found = {"screen": screen.name, "overlaps": [], "clipped": [], "small": [], "covered": [], "seats": 0}
    shown = _walk(screen)
    rings = [w for w, _ in shown if isinstance(w, MafiaPlusSeatRing)]
    seats = [s for r in rings for s in r.seats if _shown(s)]
    found["seats"] = len(seats)
    for i, a in enumerate(seats):
        for b in seats[i + 1:]:
            if a.x < b.right - 1 and b.x < a.right - 1 and a.y < b.top - 1 and b.y < a.top - 1:
                found["overlaps"].append([a.text, b.text])
    for w, in_ring in shown:
        if isinstance(w, Label) and w.text.strip():
            tw, th_ = w.texture_size
            need_w, need_h = _full_size(w)
            room = w.text_size[0] or w.width
            if tw > w.width + 1 or need_w > room + 1 or need_h > w.height + 1:
                found["clipped"].append([w.text[:60], round(w.width), round(w.height), round(need_w), round(need_h)])
            if in_ring:  # the text in the middle of the ring: its inked box is clear of every seat
                cx = w.center_x if w.halign in ("center", "auto") and not w.text_size[0] else (
                    w.center_x if w.halign == "center" else w.x + min(need_w, w.width) / 2)
                cy = w.center_y
                box = (cx - min(need_w, w.width) / 2, cy - min(need_h, w.height) / 2,
                       cx + min(need_w, w.width) / 2, cy + min(need_h, w.height) / 2)
                for s in seats:
                    if box[0] < s.right and s.x < box[2] and box[1] < s.top and s.y < box[3]:
                        found["covered"].append([w.text[:40], s.text])
        if isinstance(w, ButtonBehavior) and not w.disabled and (w.width < 48 or w.height < 48):
            found["small"].append([getattr(w, "text", type(w).__name__), round(w.width), round(w.height)])
    obs.setdefault("measured", {})[name] = found
    shot(app, name)
    return found


def screens23(app):
    """23 players: every Mafia+ screen type built on one seeded game, shot and measured."""
    import random

    from companion.session import Session
    from ui.controller import Route

    app.store.set_setting(flow.CALL_SETTING, 120)  # no padded call ends while we look
    for name in NAMES23:
        if name not in app.store.players():
            app.store.add_player(name)
    yield 0.3
    home = app.manager.get_screen("home")
    tap({c.game: c for c in home.ids.cards.children}["mafia-plus"])
    yield 0.3
    setup = app.manager.get_screen("mafia_plus_setup")
    for name in NAMES23:
        for _ in range(3):
            if name in setup.model.seats:
                break
            row = [b for b in setup.ids.roster.children if b.text == name]
            if row:
                setup.ids.roster.parent.scroll_to(row[0], animate=False) if hasattr(
                    setup.ids.roster.parent, "scroll_to") else None
                yield 0.05
                tap(row[0])
            yield 0.05
    obs["setup_seated"] = len(setup.model.seats)
    measure(app, "p23_setup_players")
    tap(setup.ids.to_seats)
    yield 0.2
    measure(app, "p23_setup_seats")
    tap(setup.ids.to_set)
    yield 0.2
    measure(app, "p23_setup_set")
    s = Session.start(app.store, "mafia-plus", {"players": NAMES23}, seed=3)
    app.sessions["mafia-plus"] = s
    route = lambda name: Route(name, {"game": "mafia-plus", "game_id": s.game_id})  # noqa: E731
    rng = random.Random(3)

    def play(done):
        for _ in range(3000):
            if done(s.state) or not s.legal_actions():
                return
            s.act(s.engine.playout_policy(s.state, s.legal_actions(), rng))

    s.draw(None)
    app.store.set_setting(flow.peek_key(s.game_id), 0)
    app.go(route("mafia_plus_deal"))
    yield 0.4
    measure(app, "p23_deal_pass")
    deal = app.manager.get_screen("mafia_plus_deal")
    x, y = deal.ids.peek.to_window(*deal.ids.peek.center)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    yield 0.2
    measure(app, "p23_deal_card")
    touch.touch_up()
    yield STEP
    app.store.set_setting(flow.peek_key(s.game_id), len(NAMES23))
    app.go(Route("mafia_plus_card", {"game": "mafia-plus", "game_id": s.game_id, "back": "mafia_plus_deal"}))
    yield 0.3
    card = app.manager.get_screen("mafia_plus_card")
    card.choose(2)
    yield STEP
    measure(app, "p23_my_card")
    play(lambda st: st.phase == "night" and E._steps(st)[st.step] == "mafia")
    app.go(route("mafia_plus_night"))
    yield 0.4
    measure(app, "p23_night")
    night = app.manager.get_screen("mafia_plus_night")
    for _ in range(3):  # a hold that lands while the call is still being set up is simply held again
        yield from hold(night.ids.open_panel)
        yield STEP
        if night.panel == "act":
            break
    obs["night_targets"] = len([w for w in night.ids.ring.seats if not w.disabled and w.opacity > 0])
    measure(app, "p23_night_panel")
    night.close_panel()
    yield STEP
    play(lambda st: st.phase == "day" and st.stage == "discussion")
    app.go(route("mafia_plus_day"))
    yield 0.3
    alive = [i for i, a in enumerate(s.state.alive) if a and i != s.state.away]
    for target in (2, 19, 7):  # Carla, Valeria, Hugo if they are still in
        by = next(i for i in alive if i != target)
        if target in alive:
            s.act(E.Accuse(by, target))
    yield 0.3
    obs["accused"] = [s.state.players[a] for a in s.state.accused]
    measure(app, "p23_day")
    day = app.manager.get_screen("mafia_plus_day")
    tap(day.ids.accuse)  # the seats come back to pick who accuses; the accused stay outlined, uncut
    yield 0.2
    obs["accused_seats"] = [[w.text, w.marked] for w in day.ids.ring.seats if w.marked]
    measure(app, "p23_day_accuse")
    tap(day.ids.accuse)  # Cancel
    yield STEP
    s.act(E.CallVote("eliminate"))
    for _ in range(4):
        by = next(k for k in s.engine.legal_actions_by_seat(s.state) if k is not None)
        s.act(E.CastVote(by, s.state.vote.accused[0]))
    app.go(route("mafia_plus_vote"))
    yield 0.4
    measure(app, "p23_vote")
    play(lambda st: st.phase == "day" and st.stage == "verdict")
    app.go(route("mafia_plus_vote"))
    yield 0.4
    measure(app, "p23_verdict")
    play(lambda st: st.phase == "over")
    app.go(route("mafia_plus_end"))
    yield 0.5
    measure(app, "p23_end")
    app.go(route("mafia_plus_stats"))
    yield 0.4
    measure(app, "p23_stats")


def resume(app):
    """After the SIGKILL: Home offers the game; it reopens on the same night step."""
    yield 0.5
    home = app.manager.get_screen("home")
    buttons = list(home.ids.resume_buttons.children)
    obs["resume_buttons"] = [b.text for b in buttons]
    tap(buttons[0])
    yield 0.4
    st = session(app).state
    screen = app.manager.current_screen
    obs["resumed_at"] = [st.phase, st.night, st.step, E.current_step(st).text,
                         getattr(screen, "call_text", ""), session(app).game_id]
    obs["resumed_screen"] = app.manager.current
    check_secrets(app, "resumed")
    shot(app, "night_resumed")
    # undo asks once and says secrets stay shown
    tap(screen.ids.get("undo") or app.manager.current_screen.children[0])
    yield STEP


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    store = Store.open(DB)
    for name in NAMES:
        store.add_player(name)
    store.set_setting(flow.CALL_SETTING, 0.05)
    store.set_setting(flow.HOLD_SETTING, HOLD)
    store.set_setting("mafia_plus.seed", 7)
    app = CompanionApp(store=store)
    scenarios = {"game7": game7, "game11": game11, "game11c": game11c, "killnight": killnight, "resume": resume,
                 "panels": panels, "cannonvote": cannonvote,
                 "seats23": seats23, "screens23": screens23}
    gen = scenarios[SCENARIO](app)

    return run_scenario(app, store, gen, obs, OUT / f"{SCENARIO}.json")


if __name__ == "__main__":
    sys.exit(main())
