"""A robot scenario (run by tests/acceptance/play.py): a 7-player Mafia+ deal and two nights with
narration on, noting what the narrator rendered on demand and how the night's bed behaved."""

from __future__ import annotations

import time

from mafia_plus_table import SEVEN, MafiaPlusTable


def _sample_bed(t, seconds: float, into: dict) -> None:
    """Watch the bed for a while: its level while a line plays and while none does."""
    narrator = t.app.narrator
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        t.robot.run_for(0.05)
        key = "speaking" if narrator._stage in ("chime", "speech") else "quiet"
        if narrator.bed_playing and not narrator._bed_fading_in:  # after nightfall's 2.5 s fade-in
            into.setdefault(key, []).append(round(narrator.bed_level, 3))


def seven_player_night(t) -> None:
    table = MafiaPlusTable(t, SEVEN, seed=7)
    table.new_game(picks=["Mayor K♣"])
    table.deal()
    narrator = t.app.narrator  # started with the services, a moment after the first frame
    t.obs["pending_at_night"] = narrator.pending_renders()
    before = narrator.rendered_on_demand
    levels: dict = {}
    _sample_bed(t, 6.0, levels)  # the first calls of Night 0
    t.obs["bed_playing_at_night"] = narrator.bed_playing
    table.night()
    t.obs["on_demand_in_night"] = narrator.rendered_on_demand - before
    t.obs["on_demand_lines"] = narrator.on_demand_lines[before:]
    t.robot.run_for(4.0)  # the dawn's fade
    t.obs["bed_playing_by_day"] = narrator.bed_playing
    t.obs["bed_level_by_day"] = narrator.bed_level
    t.obs["bed_levels"] = levels
    t.obs["bed_volume"] = narrator.bed_volume * narrator.volume
    t.obs["bed_file"] = str(narrator.cache.bed())
    t.obs["a_line_file"] = str(narrator.cache.lookup(narrator.synthesizer, "Morning comes. Everyone, wake up."))
