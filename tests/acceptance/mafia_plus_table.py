"""Mafia+ played by the table robot: a group of friends, one device, nobody reaching inside.

Each player knows only what they saw on their own private screen (their card at the deal, their
night answers); the robot keeps that knowledge per player, as the people would, and acts on it.
Who is alive is public: it is read from the stored game's table view, from outside the app.
Where the players choose (a victim, a vote), they follow a simple policy that ends games quickly:
the Mafia kills a random non-Mafioso, and by day the town (helped by the robot knowing every
card) accuses and votes out a Mafioso.
"""

from __future__ import annotations

import random
import re

from companion.engine import TABLE
from companion.games.mafia_plus import characters as C
from companion.games.mafia_plus.narration import LINES

from kivy.uix.label import Label

from robot import NotOnScreen, Stalled
from tables_help import check_layout, missing_glyphs, seat_names

PATIENCE = 45.0  # a line or two of narration plus a padded call, generously
CALLS = {text: key[len("call."):] for key, text in LINES.items() if key.startswith("call.")}
NAMES = {C.CHARACTERS[c].name: c for c in C.CHARACTERS}
LADY_TAP = "Lady of the Night, tap the shoulder"


def seat(name: str):
    """A seat button on the ring: the name, perhaps with a badge (votes, "away")."""
    return re.compile(rf"^{re.escape(name)}(( · | ).*)?$")


def hide_answer(r) -> None:
    """A private answer is hidden with "Seen it · hide"; it also hides itself after a few seconds,
    which a slow reader (a loaded machine) may have let happen already."""
    try:
        r.wait_for("Seen it · hide", timeout=4, control=True)
        r.tap("Seen it · hide", timeout=2)
    except (Stalled, NotOnScreen):
        pass


class MafiaPlusTable:
    """The people at one Mafia+ table."""

    peek_seconds = 1.0  # how long each player looks at their card
    screenshots = True  # a picture of each kind of moment (seconds each on a loaded machine)
    layout = False  # and the layout check a person makes at each (tables_help.check_layout)

    def __init__(self, t, names: list[str], seed: int = 1):
        self.t = t
        self.r = t.robot
        self.names = list(names)
        self.cards: dict[str, str] = {}  # name -> character id, as each saw on their own card
        self.rng = random.Random(seed)
        self.game_id: int | None = None
        self.lady_choice: str | None = None
        self.day_plan: dict[int, str] = {}
        self.calls_seen: list[str] = []
        self.obs = t.obs
        self.obs.setdefault("steps", 0)
        self.protect: set[str] = set()  # characters the Mafia's policy never chooses

    # -- what is public -------------------------------------------------------------------------
    def table(self):
        engine, state, _ = self.t.outside.replay(self.game_id)
        return engine.view(state, TABLE), state

    def alive(self) -> list[str]:
        view, _ = self.table()
        return [p for p, a in zip(view.players, view.alive) if a]

    def check(self, where: str, private_open: bool = False, boundary: bool = False) -> None:
        """After every step: the shared screen names no living player's character; at each
        boundary (a night, a day begins) every earlier announcement reached the screen."""
        self.obs["steps"] += 1
        for seen in self.r._visible():  # a card suit drawn as an empty box reads as nothing
            if not isinstance(seen.widget, Label):
                continue
            if missing_glyphs(seen.widget) and seen.text not in self.obs.setdefault("boxes", []):
                self.obs["boxes"].append(seen.text)
            if re.search(r"\[/?(b|i|u|font|color|size)\b", seen.text) and seen.text not in self.obs.setdefault("markup", []):
                self.obs["markup"].append(seen.text)  # "[b]Characters[/b]" drawn as letters
        self.obs["cut"] = sorted(self.r.cut)  # what the robot saw shortened on any screen it acted on
        if self.game_id is None:
            return
        if boundary:
            self.t.check_announcements(self.game_id)
        self.t.check_no_secret(self.game_id, where, private_open)

    def picture(self, name: str) -> None:
        """A kind of moment reached: its picture, and with ``layout`` what a person would find
        wrong there (a text cut or drawn over another, a target under 48 px, text under 22 px)."""
        if self.layout:
            self.r.run_for(0.3)  # a person looks at a screen once it has settled, not at its first frame
            before = len(self.obs.get("layout", []))
            check_layout(self.t, name)  # takes the picture too (the first time)
            if len(self.obs["layout"]) > before:  # what was found, as it looked
                self.t.shot(f"layout-{before}-{name}")
        elif self.screenshots:
            self.t.shot(name)

    def shot_once(self, name: str) -> None:
        """A screenshot the first time this table reaches a kind of moment (per game size)."""
        name = f"{name}-{len(self.names)}"
        if name not in self.obs.setdefault("shots", []) and name not in self.obs.get("screens", []):
            self.picture(name)

    # -- setting up -------------------------------------------------------------------------------
    def new_game(self, picks=(), vote: str = "Open (hands up)", custom: list[str] | None = None) -> None:
        r = self.r
        r.tap("Mafia+")
        r.wait_for("Who plays? Tap names to seat them")
        seat_names(r, self.names)  # remembered from an earlier game, or typed
        r.wait_for(re.compile(rf"^{len(self.names)} seated"))
        self.picture("mp-setup-players")
        r.tap("Seats ›")
        self.picture("mp-setup-seats")
        r.tap("Cards ›")
        for option in picks:
            r.tap(option)
        if custom:
            r.tap("Custom set…")
            r.wait_for("Tap cards in or out")
            for name in custom:  # a card in the set goes out, one not in it comes in
                r.scroll_to(name)
                r.tap(name)
            self.picture("mp-setup-custom")
            r.tap("Use these cards ›")
        self.picture("mp-setup-set")
        r.tap("Talk & vote ›")
        r.tap(vote)
        self.picture("mp-setup-vote")
        r.hold("Start: deal the cards")
        r.wait_for("Deal the cards")
        self.game_id = self.t.outside.latest_game("mafia-plus")
        self.obs["game_id"] = self.game_id

    def deal(self) -> None:
        r = self.r
        r.tap("Deal the cards")
        for name in self.names:
            r.wait_for(f"Pass to {name}")
            self.check("deal")
            self.shot_once("mp-deal-pass")
            seen = r.peek("Hold to see my card", seconds=self.peek_seconds)
            assert f"For {name} only" in seen, seen
            self.cards[name] = next(NAMES[t] for t in seen if t in NAMES)
            self.check("deal, card hidden again")
            r.hold("Seen it · pass on ›")
        self.obs["cards"] = dict(self.cards)

    # -- the night ------------------------------------------------------------------------------
    def who_answers(self, role: str) -> str | None:
        """The living player who plays the role called now (as they know from their own card)."""
        view, state = self.table()
        alive = {p for p, a in zip(view.players, view.alive) if a}
        away = view.away
        if role == "mafia":
            boss = [n for n, c in self.cards.items() if C.CHARACTERS[c].leader and n in alive and n != away]
            members = [n for n, c in self.cards.items() if C.CHARACTERS[c].faction == "mafia" and n in alive
                       and n != away]
            return (boss or members or [None])[0]
        if role in ("sleep", "mafia_meet", "dawn"):
            return None
        return next((n for n, c in self.cards.items() if c == role and n in alive and n != away), None)

    def choose_target(self, role: str, actor: str) -> str:
        alive = self.alive()
        if role == "mafia":
            pool = [p for p in alive if C.CHARACTERS[self.cards[p]].faction != "mafia"
                    and self.cards[p] not in self.protect]
        elif role == "doctor":
            pool = alive
        else:
            pool = [p for p in alive if p != actor]
        return self.rng.choice(sorted(pool))

    def pick(self, role: str, actor: str, offered: list[str]) -> str | None:
        """Whom the called player chooses among the names their panel offers (None: no names)."""
        if not offered:
            return None
        target = self.choose_target(role, actor)
        if target not in offered:
            target = self.rng.choice(offered)
        if role == "lady_of_the_night":
            self.lady_choice = target
        return target

    def night_panel(self, role: str, actor: str) -> None:
        """The called player opens their private panel, taps a target and holds to confirm."""
        r = self.r
        r.hold("Called? Hold to open")
        r.wait_for(re.compile(r"^For .* only$|^For the one the Lady chose$"))
        if role == "lady_tap":  # an answer: read it at once (it hides itself after a few seconds)
            r.wait_for(re.compile("Lady of the Night"))
            self.obs.setdefault("lady_learned", r.texts())
            self.check("the Lady's chosen reads", private_open=True)
            hide_answer(r)
            return
        self.check("night panel", private_open=True)
        self.shot_once(f"mp-night-panel-{role}")
        offered = [c.text for c in r.controls() if c.text in self.names]
        self.obs.setdefault("offered", {}).setdefault(role, len(offered))  # the first night's panel
        target = self.pick(role, actor, offered)
        if target:
            r.tap(target)
            r.hold(re.compile(rf"^Hold to .* {re.escape(target)}$"))
        else:
            r.tap("Not tonight")
            r.hold(re.compile(r"^Hold to confirm"))
        if role in ("detective", "lady_of_the_night"):
            r.wait_for("Seen it · hide")
            self.obs.setdefault("answers", []).append(r.texts())
            self.check("an answer", private_open=True)  # (a suit drawn as a box shows here)
            hide_answer(r)

    def night(self) -> None:
        """From "Night falls" to the morning: each call answered by whoever plays that role."""
        r = self.r
        handled = None
        self.check("night begins", boundary=True)
        while True:
            text = r.wait_for(re.compile("|".join(re.escape(c) for c in CALLS) + "|" + LADY_TAP
                                         + "|^Accuse$|^Player stats$"), timeout=PATIENCE)
            self.check("night")
            if text in ("Accuse", "Player stats"):
                return
            if text == handled:
                r.run_for(0.2)
                continue
            handled = text
            self.calls_seen.append(text)
            if text.startswith(LADY_TAP):
                if self.lady_choice:
                    self.night_panel("lady_tap", self.lady_choice)
                    self.lady_choice = None
                continue
            role = CALLS[text]
            self.shot_once(f"mp-night-call-{role}")
            actor = self.who_answers(role)
            if actor is not None:
                self.night_panel(role, actor)
                self.check("night, panel closed")

    # -- the day --------------------------------------------------------------------------------
    def accuse(self, by: str, whom: str) -> None:
        r = self.r
        r.tap("Accuse")
        r.wait_for("Who accuses? Tap them.")
        self.shot_once("mp-day-who-accuses")
        r.tap(by)
        r.tap(whom)
        r.wait_for(re.compile(rf"{re.escape(by)} accuses {re.escape(whom)}\."))
        self.check("day, accused")
        self.shot_once("mp-day-accused")

    def in_town(self) -> list[str]:
        """The living players not shipped out of town (public: the train is announced)."""
        view, _ = self.table()
        return [p for p, a in zip(view.players, view.alive) if a and p != view.away]

    def day(self, how: str = "eliminate") -> None:
        """Accuse a Mafioso and someone else, call the vote, everyone votes, carry out.
        ``how``: "eliminate", "reveal", "cannon"; "tie" (the first vote splits evenly, the table
        debates again and votes again); "chairman" (the Chairman annuls the verdict and calls a
        re-vote)."""
        r = self.r
        r.wait_for("Accuse", timeout=PATIENCE)
        self.check("day begins", boundary=True)
        alive = self.in_town()
        mafia = [p for p in alive if C.CHARACTERS[self.cards[p]].faction == "mafia"]
        town = [p for p in alive if p not in mafia]
        if how == "cannon":
            cannon = next((p for p in alive if self.cards[p] == "loose_cannon"), None)
            if cannon and mafia:
                r.tap("Loose Cannon")
                r.tap(cannon)
                r.tap(mafia[0])
                r.hold(f"Hold: {cannon} shoots {mafia[0]}")
                self.check("day, cannon")
                return
        target = mafia[0] if mafia else town[-1]
        accuser = town[0] if town[0] != target else town[1]
        self.accuse(accuser, target)
        other = next(p for p in town if p not in (target, accuser))
        self.accuse(target, other)
        r.hold("Vote to reveal" if how == "reveal" else "Call the vote")
        if how == "tie":
            self.obs["tie"] = self.vote(target, other, mafia, tie=True)  # "Debate again"
            r.wait_for("Call the vote", control=True, timeout=PATIENCE)  # the same accused, debated again
            self.check("day, after the tie", boundary=True)
            r.hold("Call the vote")
        chairman = next((p for p in alive if self.cards[p] == "chairman"), None)
        if how == "chairman" and chairman:
            self.vote(target, other, mafia, carry_out=False)
            r.tap("Chairman")
            r.wait_for("Chairman: stand up and tap your own name.")
            r.tap(seat(chairman))
            r.wait_for(f"{chairman}, as Chairman: re-vote or end the Day?")
            self.picture("mp-chairman")
            r.tap("Re-vote")
            self.obs["chairman"] = chairman
            self.check("day, the Chairman annulled the vote")
        self.vote(target, other, mafia)

    def vote(self, target: str, other: str, mafia: list[str], tie: bool = False, carry_out: bool = True) -> str:
        """Everyone votes: the town for ``target``, the Mafia for ``other``; with ``tie`` the votes
        alternate between the two (the last abstains when the voters are odd), an even split."""
        r = self.r
        voters = len(self.in_town())
        cast = 0

        def choice(voter):
            if tie:
                return None if (voters % 2 and cast == voters - 1) else (target if cast % 2 == 0 else other)
            return other if voter in mafia else target

        while True:
            text = r.wait_for(re.compile(r" votes$|^Carry out$|^Debate again$|^Pass to "), timeout=PATIENCE)
            self.check("vote")
            if text in ("Carry out", "Debate again"):
                break
            if text.startswith("Pass to "):
                voter = text[len("Pass to "):]
                r.hold("Hold to vote in secret")
                pick = choice(voter)
                r.tap(seat(pick) if pick else "Abstain")
                cast += 1
                r.wait_gone(f"Pass to {voter}")
                continue
            voter = text[: -len(" votes")]
            self.shot_once("mp-vote")
            pick = choice(voter)
            r.tap(seat(pick) if pick else "Abstain")
            cast += 1
            r.wait_gone(text)
        if tie:
            self.picture("mp-tie")
            self.obs["tie_screen"] = r.texts()
            r.hold("Debate again")
            return text
        if not carry_out:
            return text
        self.picture("mp-verdict")
        r.hold("Carry out")
        self.check("verdict carried out")
        return text

    def to_the_end(self, days: list[str]) -> None:
        """Play nights and days until the reveal."""
        for how in days + ["eliminate"] * 8:
            self.night()
            if self.r.sees("Player stats"):
                break
            self.day(how)  # the next night (or the end) is waited for by night()
        self.r.wait_for("Player stats", timeout=PATIENCE)
        self.check("the end")
        self.t.check_announcements(self.game_id, final=True)
        self.picture("mp-end")
        self.obs["end"] = self.r.texts()
        shown = next((t for t in self.obs["end"] if t.startswith("Winners: ")), "")
        self.obs["winners_on_screen"] = sorted(re.findall(r"(\w[\w' ]*?) \(", shown))
        engine, state, _ = self.t.outside.replay(self.game_id)
        outcome = engine.outcome(state)
        self.obs["winners_stored"] = sorted(w if isinstance(w, str) else state.players[w] for w in outcome.winners)


def twelve_players(t) -> None:
    """The 12-player game with a custom set (the Railwayman and the Chairman both in), a secret
    vote, a tie on Day 1 and the Chairman's re-vote on Day 2, from "New game" to the reveal."""
    names = ["Anna", "Ben", "Carla", "Dario", "Elena", "Franco", "Gina", "Hugo", "Ines", "Jonas", "Kira", "Luca"]
    table = MafiaPlusTable(t, names, seed=12)
    table.protect = {"chairman"}  # the Mafia's policy spares him, so his power is seen
    table.new_game(custom=["Chairman", "Mayor"], vote="Secret (phone or pass)")
    table.deal()
    table.to_the_end(["tie", "chairman"])
    t.obs["calls"] = table.calls_seen
    t.obs["night_calls"] = len(table.calls_seen)
    t.obs["railwayman_called"] = any(CALLS.get(c) == "railwayman" for c in table.calls_seen)


def twenty_three_players(t) -> None:
    """The most players the game allows: the recommended set, the deal, Night 1 and a whole Day
    (an open vote of everyone in town), to the next night's first call."""
    names = ["Anna", "Ben", "Carla", "Dario", "Elena", "Franco", "Gina", "Hugo", "Ines", "Jonas", "Kira", "Luca",
             "Marta", "Nico", "Olga", "Paolo", "Quinn", "Rosa", "Sara", "Tino", "Ugo", "Vera", "Walt"]
    table = MafiaPlusTable(t, names, seed=23)
    table.layout = True  # every kind of moment measured with the most seats (the test plays it at two sizes)
    table.new_game()
    table.deal()
    table.night()
    table.day("eliminate")
    t.obs["next_night"] = t.robot.wait_for(re.compile("|".join(re.escape(c) for c in CALLS) + "|^Player stats$"),
                                           timeout=PATIENCE)
    table.check("night 2 begins", boundary=True)
    t.obs["calls"] = table.calls_seen


def seven_players(t) -> None:
    """The 7-player game: from "New game" to the reveal, every step checked."""
    table = MafiaPlusTable(t, ["Anna", "Ben", "Carla", "Dario", "Elena", "Franco", "Gina"], seed=7)
    table.new_game(picks=["Mayor K♣"])
    table.deal()
    table.to_the_end(["reveal", "cannon"])
    t.obs["calls"] = table.calls_seen
    t.obs["night_calls"] = len(table.calls_seen)


SEVEN = ["Anna", "Ben", "Carla", "Dario", "Elena", "Franco", "Gina"]


def until_night_one_then_wait(t) -> None:
    """Play to the first call of Night 1, tell the test (a file), and wait to be killed."""
    import json

    table = MafiaPlusTable(t, SEVEN, seed=7)
    table.new_game(picks=["Mayor K♣"])
    table.deal()
    table.night()
    table.day("eliminate")
    call = t.robot.wait_for(re.compile("|".join(re.escape(c) for c in CALLS if c != LINES["call.sleep"])),
                            timeout=PATIENCE)
    (t.out / "cards.json").write_text(json.dumps({"cards": table.cards, "game_id": table.game_id, "call": call}))
    (t.out / "ready").write_text("Night 1")
    t.robot.run_for(600)


def resume_night_one(t) -> None:
    """After the kill: tap Resume; the night carries on by itself from the call it was on."""
    import json

    saved = json.loads((t.out.parent / "first" / "cards.json").read_text())
    table = MafiaPlusTable(t, SEVEN, seed=8)
    table.cards, table.game_id = saved["cards"], saved["game_id"]
    r = t.robot
    r.wait_for("Dice & Spinner")
    r.tap(re.compile(r"^Mafia\+ · "))
    t.obs["resumed_on"] = r.wait_for(re.compile("|".join(re.escape(c) for c in CALLS)), timeout=PATIENCE)
    t.obs["killed_on"] = saved["call"]
    # Pause at night looks paused and says how to go on; the night does not move meanwhile
    r.tap("Pause")
    r.wait_for("Paused")
    t.obs["paused"] = r.texts()
    r.run_for(3)
    t.obs["still_paused"] = r.sees("Paused") and r.sees("Resume the game")
    r.tap("Resume the game")
    t.obs["after_pause"] = r.wait_for(re.compile("|".join(re.escape(c) for c in CALLS)), timeout=PATIENCE)
    table.night()
    r.wait_for("Accuse", timeout=PATIENCE)
    t.obs["day"] = r.texts()
    table.check("day after the resumed night")
