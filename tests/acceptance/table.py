"""What every robot scenario shares: the robot, the outside reader, the report, and the checks a
person at the table would make after each step (did every announcement reach the screen? does
the shared screen give a living player's character away?)."""

from __future__ import annotations

import re
from pathlib import Path

from robot import Outside, Robot, Stalled, missing_announcements, norm

HOME_TITLE = re.compile(r"^Resume|^Mafia\+$")


class Table:
    def __init__(self, app, robot: Robot, outside: Outside, obs: dict, out: Path, log):
        self.app = app
        self.robot = robot
        self.outside = outside
        self.obs = obs
        self.out = out
        self.log = log
        self.obs.setdefault("leaks", [])
        self.obs.setdefault("missing", [])
        self.obs.setdefault("shots", [])
        self._produced: dict[int, int] = {}

    # -- getting around -------------------------------------------------------------------------
    def go_home(self) -> None:
        """Back to the home screen the way a person would: the status bar's back button."""
        r = self.robot
        for _ in range(6):
            if r.sees("Dice & Spinner"):
                return
            for label in ("‹ Home", "‹ Back", "Close", "Cancel"):
                if any(c.text == label for c in r.controls()):
                    r.tap(label)
                    r.run_for(0.3)
                    break
            else:
                r.run_for(0.5)

    def shot(self, name: str) -> None:
        self.robot.shot(name)
        self.obs["shots"].append(name)

    # -- the checks after every step ------------------------------------------------------------
    def check_announcements(self, game_id: int, final: bool = False) -> None:
        """Every table-audience line the engine produced was on screen at some moment. Called at
        each boundary of the game (a night begins, a day begins, the end): every line produced
        before the previous boundary must have been seen by now (the night's first call is
        produced by the deal but shown when the night begins)."""
        lines = self.outside.table_lines(game_id)
        due = lines if final else lines[: self._produced.get(game_id, 0)]
        self._produced[game_id] = len(lines)
        for line in missing_announcements(self.robot, due):
            if line not in self.obs["missing"]:
                self.obs["missing"].append(line)

    def check_no_secret(self, game_id: int, where: str, private_open: bool = False) -> None:
        """No living player's character is readable on the shared screen (outside a private peek):
        a text naming a living player together with that player's character."""
        if private_open:
            return
        from companion.games.mafia_plus import characters as C

        _, state, _ = self.outside.replay(game_id)
        if state.characters is None or state.phase == "over":
            return
        revealed = {state.players[s] for s, _ in state.reveals} | {state.players[s] for s, _ in state.declared}
        for text in self.robot.texts():
            for seat, (name, cid) in enumerate(zip(state.players, state.characters)):
                if not state.alive[seat] or name in revealed:
                    continue
                title = C.CHARACTERS[cid].name
                if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) and \
                        re.search(rf"(?<!\w){re.escape(title)}(?!\w)", text, re.IGNORECASE):
                    self.obs["leaks"].append({"where": where, "text": text})
