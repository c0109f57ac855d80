"""Home's Resume and the History rows (issue #26), without Kivy: the most recently *played*
unfinished games first (last action time, not start), each with who plays and where it stands
in the table's own words."""

import pytest

import companion.store as store_module
from companion.games.il_capo import EndTurn, Spun
from companion.session import Session
from companion.store import Store
from ui.screens.home_resume import players_of, resume_infos, resume_text, standing_of


@pytest.fixture
def store(tmp_path):
    with Store.open(tmp_path / "c.db") as s:
        yield s


@pytest.fixture
def clock(monkeypatch):
    """The store's clock, moved by hand (second resolution, as stored)."""
    now = {"t": 0}

    def tick():
        now["t"] += 1
        return f"2026-12-02T20:{now['t'] // 60:02d}:{now['t'] % 60:02d}+00:00"

    monkeypatch.setattr(store_module, "now", tick)
    return now


def test_resume_offers_the_most_recently_played_games_not_the_most_recently_started(store, clock):
    older = Session.start(store, "il-capo", {"players": ["Anna", "Ben", "Carla"]}, seed=1)
    newer = Session.start(store, "il-capo", {"players": ["Zoe", "Yann"]}, seed=2)
    dice = Session.start(store, "dice", {}, seed=3)
    older.act(Spun(5, "R", True))  # the first game started is the one just played
    assert [g.id for g in store.unfinished_games()] == [older.game_id, dice.game_id, newer.game_id]
    newer.act(Spun(2, "L", True))
    assert store.unfinished_games()[0].id == newer.game_id
    assert store.unfinished_games()[0].last_played == store.last_played(newer.game_id)


def test_a_resume_entry_names_the_players_and_where_the_game_stands_in_the_tables_words(store, clock):
    game = Session.start(store, "il-capo", {"players": ["Anna", "Ben", "Carla", "Dino", "Elena"]}, seed=1)
    game.act(Spun(5, "R", True))
    game.act(EndTurn())
    info = resume_infos(store, store.unfinished_games(), lambda g: "Il Capo")[0]
    assert info.players == "Anna, Ben, Carla, Dino, Elena"
    assert info.standing == "Round 1 · Ben's turn"  # the status line's own words (ui.games.il_capo.logic)
    assert resume_text(info) == "Il Capo · Round 1 · Ben's turn — Anna, Ben, Carla +2"


def test_standing_follows_the_game_as_it_is_played(store, clock):
    game = Session.start(store, "il-capo", {"players": ["Anna", "Ben"]}, seed=1)
    record = store.unfinished_games()[0]
    assert standing_of(store, record) == "Round 1 · Anna's turn"
    game.act(Spun(5, "R", True))
    game.act(EndTurn())
    assert standing_of(store, store.unfinished_games()[0]) == "Round 1 · Ben's turn"  # not a stale cache


def test_a_game_whose_log_cannot_be_read_says_nothing_instead_of_breaking_home(store, clock):
    from types import SimpleNamespace as NS

    assert standing_of(store, NS(id=999, game="il-capo")) == ""


def test_players_of_every_config_shape():
    assert players_of({"players": ["Anna", "Ben"]}) == "Anna, Ben"
    assert players_of({"players": 3, "names": ["Anna", "", "Carla"]}) == "Anna, Player 2, Carla"
    assert players_of({"players": 6}) == "6 players"
    assert players_of(None) == "" and players_of({}) == ""
