"""Contract's screens (Kivy-free declarations; the screen modules import Kivy when first visited).

The app is the scorekeeper: the cards stay on the table and the players tap what they play.
"""

from ui.manifest import GameManifest, HomeCard


SCREENS = {
    "contract_round": "ui.games.contract.round",
    "contract_new": "ui.games.contract.new_game",
    "contract_reveal": "ui.games.contract.reveal",
    "contract_count": "ui.games.contract.count",
    "contract_areas": "ui.games.contract.areas",
    "contract_bonuses": "ui.games.contract.bonuses",
    "contract_score": "ui.games.contract.score",
}


PARENT = {
    "contract_reveal": "contract_round",
    "contract_count": "contract_round",
    "contract_areas": "contract_round",
    "contract_bonuses": "contract_round",
}

def standing(view) -> str:
    """Where a game stands, for Resume: "Round 2/4"."""
    return f"Round {max(view.round, 1)}/{view.rounds}"


MANIFEST = GameManifest(
    game="contract",
    card=HomeCard("Contract", "Scorekeeper", "♣", "syndicate", order=40),
    standing="ui.games.contract:standing",  # Home's Resume and the History
    screens=SCREENS,
    entry="contract_round",
    parent=PARENT,
    route="ui.games.contract.flow:route",
    speak="ui.games.contract.flow:lines",
    sample="ui.games.contract.samples:sample",
)
