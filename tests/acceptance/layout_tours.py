"""The layout check with the most players each game allows: Il Capo 8, Mafia Casino 6, Contract 5, Sicily 5,
plus Home and Settings. The robot walks to each screen by visible text and records what a person
would find wrong there (tables_help.layout_problems). One app process per window size runs all
tours (play.py), so the three sizes cost three app starts."""

from __future__ import annotations

import re

from kivy.core.window import Window

from tables_help import check_layout, tap_last, type_name

EIGHT = ("Anna", "Ben", "Carla", "Dino", "Elena", "Fabio", "Gina", "Hugo")


def _size(t) -> str:
    t.obs["size"] = f"{Window.width}x{Window.height}-"
    return t.obs["size"]


def _seat(r, names, start_label: str) -> None:
    for name in names:
        if any(c.text == name for c in r.controls()):
            r.tap(name)
        else:
            type_name(r, name)
    r.tap(start_label)


def home_and_settings(t):
    r = t.robot
    _size(t)
    r.wait_for("Choose a game")
    check_layout(t, "home")
    r.tap("Settings")
    r.wait_for("Test the buttons", control=True)
    check_layout(t, "settings")
    r.tap("Test the buttons")
    check_layout(t, "settings-testing")
    r.tap("Stop testing")


def il_capo_eight(t):
    r = t.robot
    _size(t)
    r.tap("Il Capo")
    r.wait_for("Who plays? Tap in seat order")
    if any(c.text == "Continue game" for c in r.controls()):
        check_layout(t, "capo-new-continue")
    _seat(r, EIGHT, "Start with 8")
    r.wait_for("Real spinner", control=True)
    check_layout(t, "capo-table-8")
    r.tap("Real spinner")
    check_layout(t, "capo-hand-pad-8")
    r.tap("6")
    r.tap("R")
    check_layout(t, "capo-landed-8")
    r.tap("Trouble…")
    check_layout(t, "capo-trouble-8")
    r.tap("Cancel")
    r.tap("Hire crew")
    r.wait_for(re.compile(r" hires · "))
    check_layout(t, "capo-hire-8")
    r.tap("‹ Table")
    r.tap("Bank")
    r.wait_for("Back to the game")
    check_layout(t, "capo-bank-8")
    r.tap("Ledger")
    check_layout(t, "capo-ledger-8")
    r.tap("Hide ledger")
    r.tap("Back to the game")
    r.tap("Trouble…")
    r.tap("Shoot a player")
    check_layout(t, "capo-target-8")
    r.tap("Ben")
    r.wait_for(re.compile(r" vs Ben$"))
    check_layout(t, "capo-encounter-8")
    # a result held for Continue (issue #26): Anna's 10 whacks Ben, alone in his car
    r.tap("Real spinner")
    r.tap("10")
    r.tap("R")
    r.wait_for("Continue ›", control=True)
    check_layout(t, "capo-result-8")
    r.tap("Continue ›")
    r.wait_for("Carla to spin")  # the old number cleared at the next mover's turn
    check_layout(t, "capo-next-turn-8")
    # a payment and its confirmation
    r.tap("Bank")
    r.wait_for("Back to the game")
    r.tap("+50K")
    r.tap("Pay bank")
    r.wait_for(re.compile(r"^Done: "))
    check_layout(t, "capo-bank-paid-8")
    r.tap("Back to the game")
    # Home's Resume and the History rows: the game, where it stands, its players
    t.go_home()
    r.wait_for(re.compile(r"^Il Capo · Round 1 · Carla's turn"))
    check_layout(t, "home-resume")
    r.tap("Game history")
    r.wait_for(re.compile(r"^Il Capo · Round 1 · Carla's turn"))
    check_layout(t, "history")
    t.go_home()


def casino_six(t):
    r = t.robot
    _size(t)
    r.tap("Mafia Casino")
    r.wait_for("Money")
    _seat(r, EIGHT[:6], "Start with 6 players")
    r.wait_for("App picks", control=True)
    check_layout(t, "casino-market-6")
    r.tap("App picks")
    r.wait_for("Anna", control=True)
    if Window.height > Window.width:  # App picks, six names and Undo: upright in two rows, whole
        check_layout(t, "casino-first-player-6")  # (in one row at 800x480 three are still cut)
    r.tap("Anna")
    r.wait_for("Play a card", control=True)
    check_layout(t, "casino-table-6")
    r.tap("Play a card")
    check_layout(t, "casino-action-6")
    r.tap("Poker")
    r.tap("Play")
    r.wait_for(re.compile(r"^All cards face up: tap Anna's two cards"))  # after the reveal (issue 26)
    check_layout(t, "casino-poker-pad-6")
    r.tap("‹ Back")
    r.tap("Ledger")
    r.tap("Correction…")
    check_layout(t, "casino-correction-6")
    r.tap("Cancel")


def contract_five(t):
    r = t.robot
    _size(t)
    r.tap("Contract")
    r.wait_for(re.compile(r"^Tap the players|players\. "))
    for name in EIGHT[:5]:
        if any(c.text == name for c in r.controls()):
            r.tap(name)
        else:
            type_name(r, name)
    check_layout(t, "contract-new-5")
    r.tap("Start · 5 players")
    r.tap("Deal the trafficking tiles")
    check_layout(t, "contract-bonuses-5")
    r.tap("‹ Back")
    for _ in range(8):
        controls = [c.text for c in r.controls()]
        if "No deck: the app draws" in controls:
            r.tap("No deck: the app draws")
        elif "Influence" in controls:
            break
        else:
            r.run_for(0.3)
    check_layout(t, "contract-round-5")
    r.tap("Play areas")
    check_layout(t, "contract-areas-5")
    r.tap("‹ Back")
    # the influence panel (cards and tokens for one Mafioso): everyone influences, on the same
    # Mafioso where they can (five players' points on one tile), then five passes and the count
    first = None
    for turn in range(5):
        tap_last(r, "Influence")
        r.wait_for("Influence: tap the Mafioso.")
        for place in ([first] if first else []) + list("123456"):
            r.tap(place)
            r.run_for(0.2)
            if any(re.search(r"\+[\d½]+$", c.text) for c in r.controls()):
                first = first or place
                break
        if turn == 0:
            check_layout(t, "contract-compose-5")
        r.tap(next(c.text for c in r.controls() if re.search(r"\+[\d½]+$", c.text)))
        r.tap("Play")
        r.run_for(0.3)
    check_layout(t, "contract-round-influenced-5")
    for _ in range(5):
        r.wait_for("Pass", control=True)
        r.tap("Pass")
        r.run_for(0.2)
    for _ in range(30):
        controls = [c.text for c in r.controls()]
        if "Next round ›" in controls:
            break
        choice = next((c for c in controls if c == "No deck: the app draws" or c.startswith("With the")
                       or c == "Take the Copper card"), None)
        if choice:
            r.tap(choice)
        r.run_for(0.4)
    r.run_for(2.0)  # every tile shown
    check_layout(t, "contract-count-5")
    r.tap("Next round ›")


def sicily_five(t):
    """Mafia (Sicily) with five players: the new game (and its keypad), the home cities, real dice,
    a move, the map (and a counter chosen on it), a private card screen, the score."""
    r = t.robot
    size = _size(t)
    r.tap("Mafia (Sicily)")
    r.wait_for("Start the game")
    r.tap("+ New name")
    r.wait_for("Type the name_")
    check_layout(t, "sicily-keypad-5")
    r.tap("Cancel")
    for name in EIGHT[:5]:
        if any(c.text == name for c in r.controls()):
            r.tap(name)
        else:
            type_name(r, name)
    check_layout(t, "sicily-new-5")
    r.tap("3")  # one seat plays two Families: "Red + Orange" whole on its chip
    r.wait_for(re.compile(r"^Red \+ Orange$"))
    check_layout(t, "sicily-new-3")
    r.tap("5")
    r.tap("Start the game")
    r.wait_for(re.compile(r"as home city$"), control=True)
    check_layout(t, "sicily-homes-5")
    while not any(c.text == "Enter real dice" for c in r.controls()):
        homes = [c.text for c in r.controls() if c.text.endswith("as home city")]
        r.tap(next((h for h in homes if "Palermo" in h or "Catania" in h), homes[0]))
        r.run_for(0.2)
    r.tap("Enter real dice")
    r.wait_for(re.compile(r"^Real first die"))
    check_layout(t, "sicily-real-dice-5")
    r.tap("5")
    r.wait_for(re.compile(r"^Real second die"))
    r.tap("6")
    r.wait_for("Map: tap a counter's space", control=True)
    r.run_for(1.0)  # the dice land
    check_layout(t, "sicily-move-5")
    r.tap("Map: tap a counter's space")
    r.wait_for("Back to the turn", control=True)
    check_layout(t, "sicily-map-5")
    r.tap("Messina")  # no counter of the Family to move there: said in place, on its own panel
    r.wait_for(re.compile(r"^None of the counters to move is there"))
    check_layout(t, "sicily-map-refused-5")
    r.tap("Palermo")
    r.wait_for(re.compile(r"^Tap the space the .+ moved to"))
    check_layout(t, "sicily-map-chosen-5")
    r.tap("Back to the turn")
    r.wait_for(re.compile(r"^Moved elsewhere\? Map"), control=True)
    check_layout(t, "sicily-move-chosen-5")
    r.tap("Cards")
    r.wait_for("Hold to see the cards", control=True)
    check_layout(t, "sicily-hand-5")
    r.tap("‹ Back")
    r.tap("Score")
    r.wait_for("Back to the table", control=True)
    check_layout(t, "sicily-score-5")
    r.tap("Back to the table")
    assert size


def contract_round_upright(t):
    """Contract's round upright at 720x1280 (issue #23): five players' row of six Mafiosi in rows
    of three, the actions and the bars whole, then the influence panel."""
    r = t.robot
    _size(t)
    r.tap("Contract")
    r.wait_for(re.compile(r"^Tap the players|players\. "))
    for name in EIGHT[:5]:
        if any(c.text == name for c in r.controls()):
            r.tap(name)
        else:
            type_name(r, name)
    r.tap("Start · 5 players")
    r.tap("Deal the trafficking tiles")
    r.tap("‹ Back")
    for _ in range(8):
        controls = [c.text for c in r.controls()]
        if "No deck: the app draws" in controls:
            r.tap("No deck: the app draws")
        elif "Influence" in controls:
            break
        else:
            r.run_for(0.3)
    check_layout(t, "contract-round-upright-5")
    r.tap("Influence")
    r.wait_for("Influence: tap the Mafioso.")
    for place in "123456":
        r.tap(place)
        r.run_for(0.2)
        if any(re.search(r"\+[\d½]+$", c.text) for c in r.controls()):
            break
    check_layout(t, "contract-compose-upright-5")
    r.tap("Cancel")


def mafia_plus_seven(t):
    """Mafia+ with seven players: the new game, the deal, Night 1's calls and panels, the Day and
    its vote, each kind of screen checked (issue #23: upright); one Night and Day, not the whole game
    (the Nights are paced by their spoken lines)."""
    from mafia_plus_table import MafiaPlusTable

    _size(t)
    table = MafiaPlusTable(t, ["Anna", "Ben", "Carla", "Dario", "Elena", "Franco", "Gina"], seed=7)
    table.layout = True
    table.new_game(picks=["Mayor K♣"])
    table.deal()
    table.night()
    table.day("eliminate")
