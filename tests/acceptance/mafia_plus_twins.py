"""Mafia+ secret twins through the real app (issue 13): two games that differ only in what is hidden,
played with the same public moves, must look and sound the same to the table.

A *pair* is two seeds of the new-game setting ``mafia_plus.seed`` whose deals give every seat the
same faction but not the same character (found with the engine from outside the app, ``pair_seeds``),
and the night choices each twin's called players make (twin "A" takes the first allowed target in seat
order, twin "B" the last; the Mafia's victim is public at dawn, so both kill the same player, and the
Doctor never heals that victim). The public plan for Day 1 is the same for both twins and is chosen
so that the hidden difference grows: the Loose Cannon (the same seat in both twins) shoots, or the
table votes out, the seat that is the Doctor in one twin and a Detective or Loose Cannon in the other;
so on Night 1 one twin calls a dead Doctor (nobody opens the panel, the app continues by itself)
where the other has a living Doctor who opens the panel and heals.

While the twins play, the table's eyes (``Recorder``) take the shared screen, settled
(``shared_fingerprint``: texts, places, controls, enabled, colours; the status bar's title is the
screen's name), before every public move and at every night call, in order (``timeline``); nothing
is looked at while a private screen (a peek, a called player's panel) is open or for a hidden move.
The speaker is heard through ``Ears`` (each line and when it started). The test compares the two
timelines look by look, the speech line by line with each line's length as rendered, and checks
that every night call was followed by at least its padded quiet (one-sided: load only makes a
pause longer).

Each twin runs in its own app process (the speaker of one process would carry A's lines into B);
several pairs are played one after the other in that process; between games the owner writes the next
seed into the settings, as play.py does before the app starts.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import time
from pathlib import Path

from companion.games.mafia_plus import characters as C

from mafia_plus_table import CALLS, LADY_TAP, PATIENCE, MafiaPlusTable, hide_answer, seat
from twins import Ears, first_difference, settled, shared_fingerprint

NAMES = ["Anna", "Ben", "Carla", "Dario", "Elena", "Franco", "Gina"]
CONFIG = {"players": NAMES, "set": {"choices": ["mayor"]}, "vote": "open"}
PICKS = ["Mayor K♣"]
#: a countdown shows the time left; the two twins' clocks are not in step, the value is not a secret
CLOCK = re.compile(r"^\d{1,2}:\d\d$")


# -- the pairs ----------------------------------------------------------------------------------

def deal_of(seed: int) -> tuple[str, ...]:
    """The deal a new 7-player game with ``seed`` draws (the session's first draw), from outside."""
    from companion.games.mafia_plus import ENGINE
    from companion.simulate import chance_rng

    return ENGINE.chance(ENGINE.new(CONFIG, seed), chance_rng(seed, 0)).characters


def pair_seeds(want, limit: int = 2000) -> tuple[int, int]:
    """The first two seeds whose deals give every seat the same faction and satisfy ``want(a, b)``."""
    seen: dict[tuple, list[tuple[int, tuple]]] = {}
    for seed in range(1, limit):
        deal = deal_of(seed)
        factions = tuple(C.CHARACTERS[c].faction for c in deal)
        for other, odeal in seen.get(factions, []):
            if want(odeal, deal):
                return other, seed
        seen.setdefault(factions, []).append((seed, deal))
    raise LookupError("no pair of seeds deals what the twins need")


def _swap_only(a, b, x: str, y: str) -> bool:
    """The two deals differ exactly by characters ``x`` and ``y`` trading seats."""
    return _swaps_only(a, b, (x, y))


def _swaps_only(a, b, *pairs) -> bool:
    """The two deals differ exactly by each pair of characters trading seats."""
    diff = sorted((p, q) for p, q in zip(a, b) if p != q)
    return diff == sorted([(x, y) for x, y in pairs] + [(y, x) for x, y in pairs])


PAIRS = {
    # the Doctor and the Detective trade seats, and so do the Mafia Boss and the Coquette; on Day 1
    # the Loose Cannon (the same seat in both) shoots the Doctor's seat of twin A: on Night 1 one
    # twin calls a dead Doctor and a living Detective, the other a living Doctor and a dead Detective
    "doctor-detective-boss": dict(want=lambda a, b: _swaps_only(a, b, ("doctor", "detective"),
                                                                ("mafia_boss", "coquette")), out="doctor"),
    # the Doctor and the Loose Cannon trade seats, and so do the Mafia Boss and the Coquette; the
    # Doctor's seat (twin A) is voted out on Day 1: Night 1 calls a dead Doctor in one twin, a living
    # one in the other, and on Day 2 one twin's Loose Cannon is dead
    "doctor-cannon-boss": dict(want=lambda a, b: _swaps_only(a, b, ("doctor", "loose_cannon"),
                                                             ("mafia_boss", "coquette")), out="doctor"),
    # the Doctor and the Loose Cannon trade seats; the Doctor's seat (twin A) is voted out on Day 1
    "doctor-cannon": dict(want=lambda a, b: _swap_only(a, b, "doctor", "loose_cannon"), out="doctor"),
    # the Doctor and the Detective trade seats; the Detective's seat (twin A) is voted out on Day 1
    "doctor-detective": dict(want=lambda a, b: _swap_only(a, b, "doctor", "detective"), out="detective"),
    # the Mafia Boss and the Coquette trade seats; the Boss's seat (twin A) is voted out on Day 1,
    # so on Night 1 one twin's Mafia decides without its Boss
    "boss-coquette": dict(want=lambda a, b: _swap_only(a, b, "mafia_boss", "coquette"), out="mafia_boss"),
}


def plan(name: str) -> dict:
    """Seeds, the Day 1 sentence and the Night 1 victim of one pair (the same public plan for both)."""
    spec = PAIRS[name]
    a, b = pair_seeds(spec["want"])
    deal = deal_of(a)
    out = NAMES[deal.index(spec["out"])]
    mafia = [NAMES[i] for i, c in enumerate(deal) if C.CHARACTERS[c].faction == "mafia"]
    mayor = NAMES[deal.index("mayor")]  # the Mayor voted out would take the voters along: not today
    cannon = NAMES[deal.index("loose_cannon")]
    # Day 1 ends with the Loose Cannon's shot when the Loose Cannon sits in the same seat in both
    # twins (standing up is public), else with a vote
    day = "cannon" if deal_of(b).index("loose_cannon") == deal.index("loose_cannon") else "vote"
    victim = next(n for n in NAMES if n not in mafia and n not in (out, mayor, cannon))
    return {"name": name, "seeds": {"A": a, "B": b}, "out": out, "victim": victim, "day": day, "cannon": cannon,
            "deals": {"A": list(deal), "B": list(deal_of(b))}}


# -- watching the shared screen -----------------------------------------------------------------

def _masked(fp: list) -> list:
    return [(("<clock>",) + tuple(w[1:])) if CLOCK.match(w[0]) else w for w in fp]


class Recorder:
    """The table's eyes for the twins: the shared screen, settled, before every public move (a tap,
    a hold, a peek by text) and wherever the driver asks (a night call has just been made, the Day
    has begun). Installed on the robot's finger; nothing is looked at while a private screen is open
    or for a hidden move (a called player reaching for the device at night)."""

    def __init__(self, robot):
        self.r = robot
        self.private = False
        self.hidden = False
        self.timeline: list[dict] = []
        for name in ("tap", "hold", "peek"):
            setattr(robot, name, self._looking_first(name, getattr(robot, name)))

    def _looking_first(self, kind: str, act):
        def move(pattern, *args, **kwargs):
            if not (self.private or self.hidden):
                self.checkpoint(f"{kind} {getattr(pattern, 'pattern', pattern)}")
            return act(pattern, *args, **kwargs)
        return move

    def checkpoint(self, label: str) -> None:
        assert not self.private, "a private screen is open: the table does not look"
        fp = _masked(settled(self.r, shared_fingerprint))
        self.timeline.append({"at": label, "fp": json.loads(json.dumps(fp))})


# -- the twin table -----------------------------------------------------------------------------

class TwinTable(MafiaPlusTable):
    peek_seconds = 0.4
    screenshots = False
    def __init__(self, t, twin: str, plan: dict, rec: Recorder):
        super().__init__(t, NAMES, seed=1)
        self.twin = twin
        self.plan = plan
        self.rec = rec
        self.acted: list[str] = []  # what this twin's called players did (hidden)
        self.calls: list[dict] = []  # each night call: its text, when it showed, when the next showed

    def new_game(self, picks=PICKS, vote: str = "Open (hands up)", custom=None) -> None:
        """The players are remembered from earlier evenings (the test wrote them in before the app
        started): they are tapped, never typed."""
        super().new_game(picks, vote, custom)

    def choose(self, role: str, actor: str, targets: list[str]) -> str:
        if role == "mafia":
            return self.plan["victim"]
        pool = [n for n in NAMES if n in targets]
        if role == "doctor":
            pool = [n for n in pool if n != self.plan["victim"]] or pool
        return pool[0] if self.twin == "A" else pool[-1]

    def night_panel(self, role: str, actor: str) -> None:
        """The called player (hidden from the table) opens the private panel and acts."""
        r = self.r
        self.rec.hidden = True
        try:
            r.hold("Called? Hold to open")
            self.rec.private = True
            r.wait_for(re.compile(r"^For .* only$|^For the one the Lady chose$"))
            self.check("night panel", private_open=True)
            if role == "lady_tap":
                hide_answer(r)
                self.acted.append(f"{actor} woken by the Lady")
                return
            targets = [c.text for c in r.controls() if c.text in self.names]
            target = self.choose(role, actor, targets)
            r.tap(target)
            if role == "lady_of_the_night":
                self.lady_choice = target
            r.hold(re.compile(rf"^Hold to .* {re.escape(target)}$"))
            self.acted.append(f"{role} ({actor}): {target}")
            if role in ("detective", "lady_of_the_night"):
                hide_answer(r)
            r.wait_gone(re.compile(r"^For .* only$|^Seen it · hide$"))
        finally:
            self.rec.private = self.rec.hidden = False

    def night(self) -> None:
        """From "Night falls" to the morning; each call answered by whoever plays that role (nobody,
        when that player is dead: the app continues by itself). The table looks at every call as it
        is made; when each call showed (and gave way to the next) is noted."""
        r = self.r
        handled = None
        self.check("night begins", boundary=True)
        calls = re.compile("|".join(re.escape(c) for c in CALLS) + "|" + re.escape(LADY_TAP) + "|^Accuse$")
        while True:
            text = r.wait_for(calls, timeout=PATIENCE)
            if text == "Accuse":
                self._call_ended()
                return
            if text == handled:
                r.run_for(0.05)
                continue
            self._call_ended()
            handled = text
            self.calls.append({"text": text, "shown": time.monotonic()})
            self.rec.checkpoint(f"night call {text[:40]!r}")
            if text.startswith(LADY_TAP):
                if self.lady_choice:
                    self.night_panel("lady_tap", self.lady_choice)
                    self.lady_choice = None
                continue
            role = CALLS[text]
            actor = self.who_answers(role)
            if actor is not None and role not in ("sleep", "mafia_meet", "dawn"):
                self.night_panel(role, actor)
                self.check("night, panel closed")

    def _call_ended(self) -> None:
        if self.calls and "ended" not in self.calls[-1]:
            self.calls[-1]["ended"] = time.monotonic()

    def day_one(self) -> None:
        """The public plan: the Loose Cannon stands up and shoots the planned player, or the planned
        player is accused and voted out by everyone."""
        r = self.r
        r.wait_for("Accuse", timeout=PATIENCE)
        self.check("day begins", boundary=True)
        out = self.plan["out"]
        if self.plan["day"] == "cannon":
            cannon = self.plan["cannon"]
            r.tap("Loose Cannon")
            r.tap(cannon)
            r.tap(seat(out))
            r.hold(f"Hold: {cannon} shoots {out}")
            self.check("day, cannon")
            return
        others = [p for p in self.alive() if p != out]
        self.accuse(others[0], out)
        self.accuse(out, others[1])
        r.hold("Call the vote")
        while True:
            text = r.wait_for(re.compile(r" votes$|^Carry out$"), timeout=PATIENCE)
            self.check("vote")
            if text == "Carry out":
                break
            r.tap(seat(out))
            r.wait_gone(text)
        r.hold("Carry out")
        self.check("verdict carried out")


def _owner_sets(db: str, key: str, value) -> None:
    """The owner changes a documented store setting between games (play.py writes the first ones
    before the app starts, the same way)."""
    con = sqlite3.connect(db, timeout=10)
    try:
        with con:
            con.execute("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", (key, json.dumps(value)))
    finally:
        con.close()


def _twin_run(t, twin: str) -> None:
    """One twin in this app process: every pair in $TWIN_PAIRS in turn. Writes this twin's record
    (timelines, speech, calls, what was done in secret) to $TWIN_RECORD_<twin>."""
    pairs = os.environ.get("TWIN_PAIRS", "doctor-detective-boss").split(",")
    record = Path(os.environ[f"TWIN_RECORD_{twin}"])
    ears = Ears(t.app)
    rec = Recorder(t.robot)
    out = {"twin": twin, "games": []}
    try:
        for name in pairs:
            p = plan(name)
            _owner_sets(t.outside.db, "mafia_plus.seed", p["seeds"][twin])
            rec.timeline = []
            heard_from = ears.mark()
            table = TwinTable(t, twin, p, rec)
            game = {"pair": name, "plan": p, "timeline": rec.timeline}
            out["games"].append(game)
            try:
                table.new_game(picks=PICKS)
                table.deal()
                table.night()
                table.day_one()
                table.night()
                t.robot.wait_for("Accuse", timeout=PATIENCE)
                rec.checkpoint("Day 2 begins")
            finally:
                game["cards"] = table.cards
                game["acted"] = table.acted
                game["calls"] = table.calls
                game["heard"] = ears.lines[heard_from:]
                game["heard_at"] = ears.at[heard_from:]
                game["lengths"] = _lengths(t.app, game["heard"])
                game["pads"] = [_pad(t, line) for line in game["heard"]]
            t.go_home()
    finally:
        record.write_text(json.dumps(out))
        t.obs["games"] = [{"pair": g["pair"], "screens": len(g["timeline"]), "lines": len(g.get("heard", [])),
                           "acted": g.get("acted")} for g in out["games"]]


def _pad(t, line: str) -> float | None:
    """A night call's padded minimum length as documented (flow.call_seconds with the owner's
    setting; the Lady's wake-up call twice the minimum, at least LADY_TAP_SECONDS), or None for
    other lines."""
    from ui.games.mafia_plus import flow
    from ui.games.mafia_plus.night import LADY_TAP_SECONDS, LADY_WAKE
    from ui.narration import line_duration_hint

    if line not in CALLS and line != LADY_WAKE:
        return None
    minimum = t.app.store.get_setting(flow.CALL_SETTING, flow.MIN_CALL_SECONDS)
    if line == LADY_WAKE:  # counted from the moment the words have been said: at least this
        return max(2 * minimum, LADY_TAP_SECONDS)
    narrator = getattr(t.app, "narrator", None)  # the rendered length, as the night screen pads it
    return flow.call_seconds(line, minimum, narrator.call_length if narrator is not None else line_duration_hint)


def _lengths(app, lines: list[str]) -> list[float]:
    """Each heard line's length as the speaker renders it (the WAV's length when one was rendered,
    else the reading time of text-only mode), to the hundredth of a second."""
    narrator = getattr(app, "narrator", None)
    if narrator is None:
        return []
    return [round(narrator.duration_hint(line), 2) for line in lines]


def twin_a(t) -> None:
    _twin_run(t, "A")


def twin_b(t) -> None:
    _twin_run(t, "B")


# -- comparing two records (in the test, outside both apps) -------------------------------------

def compare(a: dict, b: dict) -> list[str]:
    """Every pair's first difference between the twins (screens, speech), as sentences; [] if none."""
    problems = []
    for ga, gb in zip(a["games"], b["games"]):
        where = f"pair {ga['pair']} (seeds {ga['plan']['seeds']['A']}/{gb['plan']['seeds']['B']})"
        ta, tb = ga["timeline"], gb["timeline"]
        for i, (sa, sb) in enumerate(zip(ta, tb)):
            if sa["at"] != sb["at"]:
                problems.append(f"{where}, look {i}: the twins do different things: {sa['at']!r} vs {sb['at']!r}")
                break
            diff = first_difference([tuple(w) for w in sa["fp"]], [tuple(w) for w in sb["fp"]])
            if diff:
                problems.append(f"{where}, look {i} (before {sa['at']!r}): {diff}")
                break
        else:
            if len(ta) != len(tb):
                longer, which = (ta, "A") if len(ta) > len(tb) else (tb, "B")
                extra = longer[min(len(ta), len(tb))]
                texts = [w[0] for w in extra["fp"]][:12]
                problems.append(f"{where}: twin {which} shows {abs(len(ta) - len(tb))} more screen(s); the first "
                                f"(at {extra['at']!r}): {texts}")
        ha, hb = ga.get("heard", []), gb.get("heard", [])
        la, lb = ga.get("lengths", []), gb.get("lengths", [])
        for i, (x, y) in enumerate(zip(ha, hb)):
            if x != y:
                problems.append(f"{where}: spoken line {i} differs: {x!r} vs {y!r}")
                break
            if i < min(len(la), len(lb)) and abs(la[i] - lb[i]) > 0.05:
                problems.append(f"{where}: spoken line {i} {x!r} is {la[i]} s long in twin A, {lb[i]} s in B")
                break
        if len(ha) != len(hb):
            problems.append(f"{where}: twin A heard {len(ha)} lines, twin B {len(hb)}")
    return problems


def short_calls(record: dict, slack: float = 1.0) -> list[str]:
    """Night calls after which the speaker went on sooner than the call's padded minimum. Every call
    is followed by that much quiet whoever holds the role (alive, dead or absent): the table must
    learn nothing from a pause. The slack is what CI's load did to when a line's start is *noted*
    (4.53 s measured for a 5.00 s pad, one line's note late); the tells this catches were 1.4-3.4 s
    short (a living Doctor's cut call 3.13 s of 4.50 s; an unpadded call 2.19 s of 5.00 s)."""
    out = []
    for g in record["games"]:
        lines, at, pads = g.get("heard", []), g.get("heard_at", []), g.get("pads", [])
        for i in range(min(len(lines), len(at), len(pads)) - 1):
            if pads[i] is not None and at[i + 1] - at[i] < pads[i] - slack:
                out.append(f"twin {record['twin']}, pair {g['pair']}: after {lines[i][:50]!r} the speaker went on "
                           f"after {at[i + 1] - at[i]:.2f} s with {lines[i + 1][:40]!r}, before the call's "
                           f"{pads[i]:.2f} s")
    return out
