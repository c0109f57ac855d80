"""One garbled row never stops the app or the command line: that game is listed as unreadable
(its number and why), the other games work, and Resume offers only games that can be resumed."""

from __future__ import annotations

import io
import sqlite3
from contextlib import redirect_stderr

import pytest

from companion import cli
from companion.errors import StoreError
from companion.session import Session
from companion.store import Store


def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stderr(err):
        code = cli.main(list(argv), stdout=out)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def db(tmp_path):
    """Three running dice games (1, 2, 3), each with one roll."""
    path = tmp_path / "companion.db"
    with Store.open(path) as store:
        for seed in (1, 2, 3):
            Session.start(store, "dice", {}, seed).draw("roll2d6")
    return path


def garble(path, sql: str, *params) -> None:
    conn = sqlite3.connect(path)
    conn.execute("DROP TRIGGER actions_never_change")  # what a damaged card or a hand edit does
    conn.execute(sql, params)
    conn.commit()
    conn.close()


GARBLES = {
    "config not JSON": ("UPDATE games SET config = '{not json' WHERE id = 2", "settings"),
    "config a JSON list": ("UPDATE games SET config = '[1, 2]' WHERE id = 2", "settings"),
    "seed not a number": ("UPDATE games SET seed = 'abc' WHERE id = 2", "seed"),
    "a game this app does not know": ("UPDATE games SET game = 'chess' WHERE id = 2", "does not know"),
    "action not JSON": ("UPDATE actions SET action = 'dice rolled!' WHERE game_id = 2", "action 0"),
    "action a JSON list": ("UPDATE actions SET action = '[1, 2]' WHERE game_id = 2", "action 0"),
    "action without kind": ("UPDATE actions SET action = '{\"dice\": [1]}' WHERE game_id = 2", "action 0"),
    "action nested deep": ("UPDATE actions SET action = ? WHERE game_id = 2", "action 0"),
}


@pytest.mark.parametrize("case", list(GARBLES))
def test_a_garbled_game_is_listed_as_unreadable_and_the_others_work(db, case):
    sql, why = GARBLES[case]
    garble(db, sql, *(["[" * 100_000 + "]" * 100_000] if "?" in sql else []))
    with Store.open(db) as store:
        games = store.list_games()
        assert [g.id for g in games] == [3, 2, 1]
        assert [g.id for g in store.unfinished_games()] == [3, 1]  # Resume: only what can be resumed
        for gid in (1, 3):
            assert Session.resume(store, gid).state is not None
        with pytest.raises(StoreError, match=f"Game 2 cannot be opened: .*{why}"):
            Session.resume(store, 2)
    code, out, err = run_cli("--db", str(db), "history")
    assert code == 0 and err == ""
    line = [ln for ln in out.splitlines() if ln.split()[0] == "2"][0]
    assert "unreadable" in line and why.split()[0] in line
    for command in (["show", "2"], ["act", "2", '{"kind": "dice_rolled", "dice": [1, 2]}'], ["undo", "2"],
                    ["legal", "2"], ["draw", "2", "roll2d6"]):
        code, out, err = run_cli("--db", str(db), *command)
        assert code == 2 and out == "", command
        assert len(err.strip().splitlines()) == 1 and "Game 2 cannot be opened" in err, (command, err)
    code, out, err = run_cli("--db", str(db), "show", "3")
    assert code == 0 and '"id": 3' in out


def test_a_garbled_setting_reads_as_its_default(db):
    conn = sqlite3.connect(db)
    conn.execute("INSERT INTO settings (key, value) VALUES ('narration.volume', '{oops')")
    conn.commit()
    conn.close()
    with Store.open(db) as store:
        assert store.get_setting("narration.volume", 1.0) == 1.0


def test_history_rows_show_an_unreadable_game_with_its_number_and_why(db):
    from ui.screens.shell_text import history_rows  # Kivy-free text module

    garble(db, "UPDATE games SET config = 'x' WHERE id = 1")
    with Store.open(db) as store:
        rows = history_rows(store.list_games(), lambda g: "Dice & Spinner")
    bad = [r for r in rows if r.game_id == 1][0]
    assert bad.status == "Unreadable" and "game 1" in bad.when and "settings" in bad.when and not bad.resumable
    assert [r.resumable for r in rows if r.game_id != 1] == [True, True]
