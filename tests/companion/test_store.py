"""The store: durable, append-only, migrating, and never deleting a file it cannot use."""

import sqlite3

import pytest

from companion.errors import GameNotFound, StoreError
from companion.store import APPLICATION_ID, SCHEMA_VERSION, Store, default_path


@pytest.fixture
def store(tmp_path):
    with Store.open(tmp_path / "c.db") as s:
        yield s


def test_new_database_uses_wal_full_sync_and_current_schema(store):
    conn = store.db.conn
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert {"games", "actions", "players", "tags", "settings"} <= set(store.db.table_names())


def test_default_path_is_in_user_data_dir_unless_overridden(monkeypatch, tmp_path):
    monkeypatch.delenv("MAFIA_COMPANION_DB", raising=False)
    assert default_path().name == "companion.db" and "mafia-companion" in str(default_path())
    monkeypatch.setenv("MAFIA_COMPANION_DB", str(tmp_path / "x.db"))
    assert default_path() == tmp_path / "x.db"


def test_action_log_is_append_only(store):
    gid = store.create_game("dice", 1, 5, {})
    store.append(gid, 0, {"kind": "finish"})
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        store.db.conn.execute("UPDATE actions SET action='{}'")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        store.db.conn.execute("DELETE FROM actions")
    assert store.log(gid) == [{"kind": "finish"}]


def test_same_seq_twice_is_refused_and_the_first_is_kept(store):
    gid = store.create_game("dice", 1, 5, {})
    store.append(gid, 0, {"kind": "finish"})
    with pytest.raises(StoreError, match="nothing was changed"):
        store.append(gid, 0, {"kind": "other"})
    assert store.log(gid) == [{"kind": "finish"}]


def test_players_settings_and_tags_are_remembered(tmp_path):
    path = tmp_path / "c.db"
    with Store.open(path) as s:
        s.add_player("  Anna ")
        s.add_player("bob")
        s.add_player("ANNA")  # same name, other case: remembered once
        s.set_setting("volume", 0.7)
        s.bind_tag("0A00B1C2D3", "player", "Anna")
    with Store.open(path) as s:
        assert s.players() == ["Anna", "bob"]
        assert s.get_setting("volume") == 0.7 and s.get_setting("missing", 3) == 3
        assert s.tag("0A00B1C2D3").ref == "Anna" and s.tag("nope") is None


def test_bad_player_names_and_tag_kinds_are_refused_with_a_sentence(store):
    with pytest.raises(StoreError, match="needs a name"):
        store.add_player("   ")
    with pytest.raises(StoreError, match="too long"):
        store.add_player("x" * 30)
    with pytest.raises(StoreError, match="player or a card"):
        store.bind_tag("1", "weapon", "x")
    assert store.players() == [] and store.tags() == []


def test_unknown_game_id_says_so(store):
    with pytest.raises(GameNotFound, match="no game number 42"):
        store.game(42)


def test_corrupt_database_is_moved_aside_never_deleted(tmp_path):
    path = tmp_path / "companion.db"
    path.write_bytes(b"this is not sqlite at all" * 100)
    with Store.open(path) as s:
        assert s.notices and "damaged" in s.notices[0] and "nothing was deleted" in s.notices[0]
        assert s.list_games() == []
    kept = [p for p in tmp_path.iterdir() if ".unusable-" in p.name]
    assert len(kept) == 1 and kept[0].read_bytes() == b"this is not sqlite at all" * 100


def test_foreign_database_is_moved_aside(tmp_path):
    path = tmp_path / "companion.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.commit()
    conn.close()
    with Store.open(path) as s:
        assert "another program" in s.notices[0]
    kept = [p for p in tmp_path.iterdir() if ".unusable-" in p.name]
    assert sqlite3.connect(kept[0]).execute("SELECT count(*) FROM recipes").fetchone()[0] == 0


def test_database_from_a_newer_app_is_refused_not_touched(tmp_path):
    path = tmp_path / "c.db"
    Store.open(path).close()
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version={SCHEMA_VERSION + 5}")
    conn.close()
    with pytest.raises(StoreError, match="newer version"):
        Store.open(path)


def test_old_schema_is_migrated(tmp_path):
    path = tmp_path / "c.db"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA application_id={APPLICATION_ID}")  # ours, but at schema 0
    conn.close()
    with Store.open(path) as s:
        assert s.db.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_read_only_connection_refuses_writes_with_a_sentence_and_keeps_the_log(tmp_path):
    path = tmp_path / "c.db"
    with Store.open(path) as s:
        gid = s.create_game("dice", 1, 1, {})
        s.append(gid, 0, {"kind": "finish"})
        s.db.conn.execute("PRAGMA query_only=ON")  # what a read-only file does to writes
        with pytest.raises(StoreError, match="nothing was saved|nothing was changed"):
            s.append(gid, 1, {"kind": "finish"})
    with Store.open(path) as s:
        assert s.log(gid) == [{"kind": "finish"}]


def test_disk_full_gives_a_clear_message_and_no_half_written_action(tmp_path):
    path = tmp_path / "c.db"
    with Store.open(path) as s:
        gid = s.create_game("dice", 1, 1, {})
        s.append(gid, 0, {"kind": "dice_rolled", "dice": [1, 2], "by_hand": False})
        pages = s.db.conn.execute("PRAGMA page_count").fetchone()[0]
        s.db.conn.execute(f"PRAGMA max_page_count={pages}")  # the file may not grow: a full disk
        with pytest.raises(StoreError, match="disk is full"):
            for seq in range(1, 2000):
                s.append(gid, seq, {"kind": "dice_rolled", "dice": [3, 4], "by_hand": False, "pad": "x" * 500})
        written = len(s.log(gid))
    with Store.open(path) as s:
        log = s.log(gid)
        assert len(log) == written and all(entry["kind"] == "dice_rolled" for entry in log)
