"""Il Capo's screens: the app as the Underboss (Kivy-free: read at start-up, see ui/manifest.py)."""

from ui.manifest import GameManifest, HomeCard


SCREENS = {
    "il_capo_new": "ui.games.il_capo.new_game",
    "il_capo_table": "ui.games.il_capo.table",
    "il_capo_syndicate": "ui.games.il_capo.syndicate",
    "il_capo_encounter": "ui.games.il_capo.encounter",
    "il_capo_bank": "ui.games.il_capo.bank",
    "il_capo_hire": "ui.games.il_capo.hire",
    "il_capo_end": "ui.games.il_capo.end",
}
PARENT = {"il_capo_bank": "il_capo_table", "il_capo_hire": "il_capo_table"}

def standing(view) -> str:
    """Where a game stands, for Resume: the table's status line without the game's name."""
    from ui.games.il_capo.logic import phase_text

    return phase_text(view).removeprefix("Il Capo · ")


MANIFEST = GameManifest(
    game="il-capo",
    card=HomeCard("Il Capo", "Underboss & bank", "♠", "mafia", order=20),
    standing="ui.games.il_capo:standing",  # Home's Resume and the History
    screens=SCREENS,
    entry="il_capo_new",
    parent=PARENT,
    route="ui.games.il_capo.logic:route_for",  # the screen a state belongs on
    speak="ui.games.il_capo.logic:spoken",  # NPC moves and every outcome; bank entries stay quiet
    sample="ui.games.il_capo.samples:sample_route",  # --screenshot's seeded games
)
