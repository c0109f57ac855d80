"""The shell's words without Kivy (ui/screens/shell_text.py is loaded by path: the ui.screens
package imports Kivy's Builder, this module does not)."""

from __future__ import annotations

import doctest
import importlib.util
import sys
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parents[3]
_spec = importlib.util.spec_from_file_location("shell_text", ROOT / "ui/screens/shell_text.py")
st = importlib.util.module_from_spec(_spec)
sys.modules["shell_text"] = st  # dataclasses look their module up
_spec.loader.exec_module(st)


def test_shell_text_doctests_pass():
    result = doctest.testmod(st)
    assert result.failed == 0 and result.attempted > 10


def test_status_bar_line_keeps_problem_words_when_compacted():
    from ui.widgets.status_bar import table_connections

    line = "buttons: NEXT, BACK, ROLL, 6 seats · reader disconnected"
    assert table_connections(line) == "buttons ok · reader disconnected"
    assert table_connections("buttons: keyboard stand-ins · reader disconnected") == "reader disconnected"


def test_history_rows_say_unfinished_finished_and_only_unfinished_resume():
    records = [SimpleNamespace(id=2, game="dice", status="running", started="2026-03-12T20:04:00+00:00", ended=None),
               SimpleNamespace(id=1, game="dice", status="finished", started="2026-03-12T19:00:00+00:00",
                               ended="2026-03-12T19:30:00+00:00")]
    rows = st.history_rows(records, lambda g: "Dice & Spinner")
    assert [(r.status, r.resumable) for r in rows] == [("Unfinished", True), ("Finished", False)]
    assert "ended" in rows[1].when and "ended" not in rows[0].when


def test_mafia_plus_cards_are_bound_by_character_id_with_rank_and_suit():
    cards = st.mafia_plus_cards()
    doctor = [c for c in cards if c.ref == "mafia-plus:doctor"][0]
    assert doctor.label == "K♡ Doctor" and doctor.faction == "city"
    assert st.card_label("mafia-plus:doctor") == "K♡ Doctor"


def test_on_screen_keyboard_capitalises_word_starts_and_limits_the_length():
    text = ""
    for key in "JEAN-LUC":
        text = st.type_key(text, key)
    assert text == "Jean-Luc"
    assert st.type_key("x" * st.MAX_NAME, "A") == "x" * st.MAX_NAME


def test_command_names_for_the_live_button_test():
    from hardware.commands import PowerMenu, TagSeen, Undo, Vote

    assert st.command_name(Vote(2)) == "SEAT 3"
    assert st.command_name(TagSeen("0011259375")) == "TAG 0011 259 375"
    assert st.command_name(Undo()) == "BACK held (undo)"
    assert st.command_name(PowerMenu()) == "BACK + NEXT (power)"
