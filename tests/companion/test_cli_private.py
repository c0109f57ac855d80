"""No tells on the command line (issue 13): a drawn card, what is left in a deck and a private
result are printed only for the seat they belong to (``--as seat:N``) or ``--as reveal``."""

from __future__ import annotations

import io
import json
import random
from contextlib import redirect_stderr

import pytest

from companion import cli
from companion.session import Session
from companion.store import Store


def invoke(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stderr(err):
        code = cli.main(list(argv), stdout=out)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def at_a_card_draw(tmp_path):
    """A three-player Mafia (Sicily) game played (seeded) up to a card draw from a deck."""
    db = tmp_path / "c.db"
    with Store.open(db) as store:
        for seed in range(40):
            session = Session.start(store, "mafia-sicily", {"players": 3}, seed)
            rng = random.Random(seed)
            for _ in range(400):
                state = session.state
                if state.prompt and state.prompt[0] == "draw" and dict(state.decks)[state.prompt[1]]:
                    return db, session
                if session.outcome() is not None:
                    break
                if session.pending_chance() is not None:
                    session.draw()
                elif session.chance_requests():
                    session.draw(session.chance_requests()[0])
                else:
                    legal = session.legal_actions()
                    session.act(session.engine.playout_policy(state, legal, rng))
    pytest.fail("no seeded game reached a card draw")


def card_words(engine, card_id: str) -> list[str]:
    card = engine.card_by_id[card_id]
    return [card_id, card.name]


def test_legal_at_a_card_draw_never_lists_what_is_left_in_the_deck(at_a_card_draw):
    db, session = at_a_card_draw
    deck = session.state.prompt[1]
    left = dict(session.state.decks)[deck]
    code, out, err = invoke("--db", str(db), "legal", str(session.game_id))
    assert code == 0 and err == ""
    assert "# the game waits for a draw" in out and '"card": "<card>"' in out and f'"deck": "{deck}"' in out
    for card in left:
        assert f'"{card}"' not in out, f"legal lists the hidden card {card}"
    assert not [line for line in out.splitlines() if '"card_drawn"' in line and not line.startswith("#")]


def test_draw_prints_the_card_only_for_the_seat_that_drew_it(at_a_card_draw):
    db, session = at_a_card_draw
    engine = session.engine
    seat = engine.seat_of(session.state, session.state.prompt[2])
    code, out, err = invoke("--db", str(db), "draw", str(session.game_id))
    assert code == 0 and err == ""
    with Store.open(db) as store:
        drawn = store.log(session.game_id)[-1]
    assert drawn["kind"] == "card_drawn"
    for word in card_words(engine, drawn["card"]):
        assert word not in out, f"the table output names the drawn card: {out!r}"
    assert "draws a" in out  # what the table hears
    # a draw seen by its own seat: undo, draw again as that seat (a new draw: the log moved on)
    assert invoke("--db", str(db), "undo", str(session.game_id))[0] == 0
    code, mine, _ = invoke("--db", str(db), "draw", str(session.game_id), "--as", f"seat:{seat}")
    with Store.open(db) as store:
        drawn = store.log(session.game_id)[-1]
    assert code == 0 and f"[seat:{seat} only] You drew {engine.card_by_id[drawn['card']].name}" in mine
    assert not any(line.startswith("{") for line in mine.splitlines())  # no unmarked JSON with the card
    assert invoke("--db", str(db), "undo", str(session.game_id))[0] == 0
    other = (seat + 1) % 3
    code, theirs, _ = invoke("--db", str(db), "draw", str(session.game_id), "--as", f"seat:{other}")
    with Store.open(db) as store:
        drawn = store.log(session.game_id)[-1]
    assert code == 0 and all(word not in theirs for word in card_words(engine, drawn["card"]))


def test_draw_as_reveal_prints_the_drawn_action(at_a_card_draw):
    db, session = at_a_card_draw
    code, out, _ = invoke("--db", str(db), "draw", str(session.game_id), "--as", "reveal")
    assert code == 0 and json.loads(out.splitlines()[0])["kind"] == "card_drawn"


@pytest.mark.parametrize("command", [["show"], ["draw"], ["act", '{"kind": "pass"}']])
@pytest.mark.parametrize("seat", ["seat:-1", "seat:3", "seat:9223372036854775808"])
def test_a_seat_that_is_not_in_the_game_is_refused(at_a_card_draw, command, seat):
    db, session = at_a_card_draw
    before = len(Store.open(db).log(session.game_id))
    argv = [command[0], str(session.game_id), *command[1:], "--as", seat]
    code, out, err = invoke("--db", str(db), *argv)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "no seat" in err or "audience" in err
    assert len(Store.open(db).log(session.game_id)) == before  # nothing was played


def test_a_public_roll_still_prints_the_drawn_action(tmp_path):
    db = str(tmp_path / "d.db")
    gid = invoke("--db", db, "new", "dice", "--seed", "3")[1].strip()
    code, out, _ = invoke("--db", db, "draw", gid, "roll2d6")
    assert code == 0 and json.loads(out.splitlines()[0])["kind"] == "dice_rolled"
