"""The command line: plays dice end to end, replays, simulates; bad input is one line and exit 2."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion import cli

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def db(tmp_path, monkeypatch):
    path = tmp_path / "cli.db"
    monkeypatch.setenv("MAFIA_COMPANION_DB", str(path))
    return path


def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_the_dice_game(capsys):
    code, out, _ = run(capsys, "games")
    assert code == 0 and "dice" in out and "Dice & Spinner" in out


def test_dice_played_end_to_end(capsys, db):
    code, out, _ = run(capsys, "new", "dice", "--seed", "7")
    gid = out.strip()
    assert code == 0 and gid.isdigit()
    code, out, _ = run(capsys, "draw", gid, "roll2d6")
    drawn = json.loads(out.splitlines()[0])
    assert drawn["kind"] == "dice_rolled" and len(drawn["dice"]) == 2 and out.splitlines()[1].startswith("Rolled")
    code, out, _ = run(capsys, "act", gid, '{"kind": "dice_rolled", "dice": [4, 2], "by_hand": true}')
    assert out.strip() == "Rolled 4 + 2 = 6 (physical dice)"
    code, out, _ = run(capsys, "legal", gid)
    assert '{"kind": "finish"}' in out and f"# companion draw {gid} spin" in out
    code, out, _ = run(capsys, "show", gid, "--as", "table")
    view = json.loads(out)
    assert view["view"]["results"][-1] == "Rolled 4 + 2 = 6 (physical dice)" and view["outcome"] is None
    code, out, _ = run(capsys, "undo", gid)
    assert out.strip() == "Undone: Rolled 4 + 2 = 6 (physical dice)."
    run(capsys, "act", gid, '{"kind": "finish"}')
    code, out, _ = run(capsys, "history")
    assert "Dice & Spinner" in out and "finished" in out


@pytest.mark.parametrize("argv, message", [
    (["act", "1", "{not json"], "not valid JSON"),
    (["act", "1", '{"kind": "dice_rolled", "dice": [9, 1]}'], "9 is not a face"),
    (["act", "1", '{"kind": "teleport"}'], "Unknown action kind 'teleport'"),
    (["show", "1", "--as", "everyone"], "not an audience"),
    (["show", "77"], "no game number 77"),
    (["new", "chess"], "no game called 'chess'"),
    (["new", "dice", "--config", "[1, 2]"], "must be a JSON object"),
    (["new", "dice", "--config", '{"speed": 3}'], "no option speed"),
    (["simulate", "dice", "--games", "0"], "at least 1"),
    (["replay", "/nonexistent/file.jsonl"], "Cannot read"),
])
def test_bad_input_is_one_line_on_stderr_and_exit_2(capsys, db, argv, message):
    run(capsys, "new", "dice", "--seed", "1")
    code, out, err = run(capsys, *argv)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_failed_act_leaves_the_log_unchanged(capsys, db):
    run(capsys, "new", "dice", "--seed", "1")
    run(capsys, "act", "1", '{"kind": "dice_rolled", "dice": [1, 1]}')
    run(capsys, "act", "1", '{"kind": "dice_rolled", "dice": [0, 1]}')
    _, out, _ = run(capsys, "show", "1")
    assert json.loads(out)["view"]["results"] == ["Rolled 1 + 1 = 2"]


def test_replay_prints_every_event_and_the_outcome_as_json_lines(capsys):
    code, out, _ = run(capsys, "replay", str(ROOT / "docs/scenarios/dice-example.jsonl"))
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert [line.get("text") for line in lines[:-1]] == [
        "Rolled 3 + 5 = 8", "Rolled 6", "Rolled 4 + 2 = 6 (physical dice)", "Spun 9 left", "The dice are put away."]
    assert lines[-1] == {"outcome": {"winners": [], "reason": "The dice were put away."}}


def test_replay_names_the_bad_line(capsys, tmp_path):
    f = tmp_path / "bad.jsonl"
    f.write_text('{"game": "dice", "config": {}, "seed": 1}\n{"kind": "finish"}\n{"kind": "finish"}\n')
    code, _, err = run(capsys, "replay", str(f))
    assert code == 2 and "Line 3" in err and "game is over" in err


def test_replay_without_header_says_what_a_header_is(capsys, tmp_path):
    f = tmp_path / "bad.jsonl"
    f.write_text('{"kind": "finish"}\n')
    code, _, err = run(capsys, "replay", str(f))
    assert code == 2 and "must be the header" in err


def test_simulate_prints_one_summary_line(capsys):
    code, out, _ = run(capsys, "simulate", "dice", "--games", "20", "--seed", "3")
    summary = json.loads(out)
    assert code == 0 and summary["games"] == 20 and summary["finished"] == 20
    assert summary["games_per_second"] > 0 and sum(summary["outcomes"].values()) == 20


def test_python_dash_m_companion_is_the_same_command(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "companion", "games"], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0 and "dice" in proc.stdout


def test_companion_package_never_imports_kivy_gpiozero_or_serial():
    code = ("import sys, companion.cli, companion.session, companion.store, companion.registry;"
            "companion.registry.engines();"
            "bad = [m for m in ('kivy', 'gpiozero', 'serial', 'evdev') if m in sys.modules];"
            "print(bad); sys.exit(1 if bad else 0)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_new_with_a_player_count_takes_the_recommended_setup(capsys, db):
    import json as _json

    from companion.store import Store
    code, out, _ = run(capsys, "new", "mafia-plus", "--players", "Ann,Ben,Cid,Dee,Eve,Fay,Gus", "--seed", "4")
    assert code == 0
    with Store.open(db) as store:
        config = store.game(int(out)).config
    assert config["players"] == ["Ann", "Ben", "Cid", "Dee", "Eve", "Fay", "Gus"]
    assert "set" in config and "characters" not in config and config["vote"] == "open"
    _json.dumps(config)


def test_legal_says_when_the_game_waits_for_a_draw(capsys, db):
    run(capsys, "new", "mafia-plus", "--players", "7", "--seed", "4")
    code, out, _ = run(capsys, "legal", "1")
    assert code == 0 and "# the game waits for a draw: companion draw 1" in out
