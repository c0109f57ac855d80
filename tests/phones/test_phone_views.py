"""The phones read views only (issue 24): the desk's snapshot holds the commit's views, never the
state, and every page gets a reader bound to its own seat, which refuses another seat's view."""

from __future__ import annotations

import dataclasses
import random

import pytest

from companion import registry
from companion.engine import REVEAL, TABLE, Seat
from companion.views import NotYours, Views
from ui.phones import pages, room
from ui.phones.desk import PhoneDesk, Snapshot

GAMES = ("mafia-plus", "mafia-sicily", "mafia-casino")


def test_the_snapshot_carries_views_not_the_state(tmp_path):
    from companion.session import Session
    from companion.store import Store

    assert "state" not in {f.name for f in dataclasses.fields(Snapshot)}
    store = Store.open(tmp_path / "companion.db")
    try:
        desk = PhoneDesk(lambda job: job())
        session = Session.start(store, "mafia-sicily", {"players": 4}, seed=1)
        desk.watch(session)
        snap = desk.snapshot()
        assert isinstance(snap.views, Views) and snap.views.table == session.view(TABLE)
    finally:
        store.close()


def test_a_seats_reader_refuses_another_seats_view_and_the_reveal_before_the_end():
    engine = registry.get("mafia-sicily")
    mine = Views(engine, engine.new({"players": 4}, 1)).for_seat(1)
    assert mine.mine.seat == 1 and mine.view(Seat(1)) == mine.mine
    with pytest.raises(NotYours):
        mine.view(Seat(2))
    with pytest.raises(NotYours):
        mine.view(REVEAL)
    from companion.games.mafia_plus.views import CALLED

    plus = registry.get("mafia-plus")
    with pytest.raises(NotYours):  # the called role's panel is that role's phone's own seat view
        Views(plus, plus.new({"players": list("ABCDEFG")}, 1)).for_seat(0).view(CALLED)


@pytest.mark.parametrize("game", GAMES)
def test_secret_twins_get_the_same_room_and_the_same_page_on_every_phone(game):
    """Two games that differ only in secrets: the room's screen and every phone's page before the
    hold (what it offers, its ballot, its words) are the same; only a seat's own card may differ."""
    engine = registry.get(game)
    module = pages.for_game(game)
    for seed in (1, 2):
        config = engine.sample_config(None, random.Random(seed))
        for a, b in engine.secret_twins(config, seed, random.Random(seed)):
            va, vb = Views(engine, a), Views(engine, b)
            assert module.room(va.for_room(), None) == module.room(vb.for_room(), None)
            seats = len(pages.seat_names(module, va.table))
            for seat in range(seats):
                assert module.page(va.for_seat(seat), None) == module.page(vb.for_seat(seat), None), (game, seat)
            snap = Snapshot(game, 1, va, 0)
            assert room.page(snap) == room.page(dataclasses.replace(snap, views=vb))


def test_the_phones_dispatch_through_the_manifests_naming_no_game():
    """Which page a game's phones show is its manifest's word (``GameManifest.phone``): no code
    under ui/phones/ names a game (docstrings aside)."""
    import ast
    from pathlib import Path

    from ui.manifest import manifests

    names = {m.game for m in manifests()} | {m.game.replace("-", "_") for m in manifests()}
    for path in sorted((Path(__file__).resolve().parents[2] / "ui" / "phones").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {id(n.body[0].value) for n in ast.walk(tree)
                if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef)) and n.body
                and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                assert not any(name in node.value for name in names), (path.name, node.value)
    with_pages = {m.game for m in manifests() if m.phone}
    assert {"mafia-plus", "mafia-sicily", "mafia-casino"} <= with_pages
    for game in with_pages:
        assert pages.for_game(game).page.__module__ == next(m.phone for m in manifests() if m.game == game)


def test_the_lady_s_look_reaches_only_the_woken_seat_s_phone():
    """Night Zero's wake call: the one the Lady chose reads what she is on its own phone (its own
    seat view's note); every other phone, the Lady's too, says it is not their call."""
    from companion.games.mafia_plus import ENGINE
    from companion.games.mafia_plus import engine as E
    from companion.games.mafia_plus import panels as NP
    from ui.games.mafia_plus import phone

    st = ENGINE.new({"players": list("ABCDEFG"), "set": {"choices": ["bartender"]}}, 1)
    st, _ = ENGINE.apply(st, E.Dealt(("doctor", "detective", "loose_cannon", "lady_of_the_night",
                                      "mafia_boss", "coquette", "bartender"), by_hand=True))
    rng = random.Random(1)
    for _ in range(200):  # Night Zero until the Lady has chosen
        chosen, note = NP.woken(st)
        if chosen is not None or st.phase != "night":
            break
        legal = ENGINE.legal_actions(st)
        st, _ = ENGINE.apply(st, ENGINE.playout_policy(st, legal, rng))
    chosen, note = NP.woken(st)
    assert chosen is not None and note, "the Lady chose somebody on Night Zero"
    views = Views(ENGINE, st)
    key = f"{views.table.night}:{views.table.step_index}:wake"
    hints = {seat: phone.panel(views.for_seat(seat), (key, "", views.for_seat(seat)))["hint"] for seat in range(7)}
    assert hints.pop(chosen) == note
    assert set(hints.values()) == {phone.NOT_YOURS}
