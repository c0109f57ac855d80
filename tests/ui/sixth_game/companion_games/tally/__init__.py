"""Tally's engine package (as ``companion/games/tally/`` would be): the dice engine under another
name, enough for a game that opens; its box is declared in box_fields.py beside it."""

from companion.games.dice.engine import DiceEngine


class TallyEngine(DiceEngine):
    name = "tally"


ENGINE = TallyEngine()
