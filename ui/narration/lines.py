"""Every line the narrator can know before it is due, so nothing waits for synthesis at the table.

``fixed_lines()``: the words that never change (the Mafia+ night script, day and vote lines with no
blanks, the timer's warnings, the screens' own lines), rendered in the background after start-up
and after a voice change. ``mafia_plus_lines(state)``: the lines with names and numbers that can
be said from this state on (who died tonight, the stats, who is accused, who votes), rendered as
soon as the names are known (the deal) and again at each nightfall. The cache keeps them all.
"""

from __future__ import annotations

from itertools import combinations


#: words the Mafia+ engine says that are not in its LINES table (the robot's narrated night finds
#: any line missing here: tests/ui/narration/test_narrated_night.py)
ENGINE_LINES = ["Everyone is awake."]


def fixed_lines() -> list[str]:
    from companion.games.mafia_plus.narration import LINES  # the screens' own Mafia+ lines too
    from ui.games.mafia_plus import flow
    from ui.screens.settings import TEST_LINE

    lines = [t for t in LINES.values() if "{" not in t]
    lines += ENGINE_LINES
    lines += [TEST_LINE, flow.timer_warning(31, 29) or "", flow.timer_warning(1, 0) or ""]
    return [t for t in dict.fromkeys(lines) if t]


def mafia_plus_lines(state, deaths_at_once: int = 3) -> list[str]:
    """The lines with blanks that this game can say from ``state`` on, most urgent first: the
    coming dawn (days, deaths of up to ``deaths_at_once`` living players, the stats reachable
    tonight), then the day's accusations and votes by name."""
    from companion.games.mafia_plus import sets as S
    from companion.games.mafia_plus.narration import line, names_text

    players = list(state.players)
    alive = list(state.alive) if state.alive else [True] * len(players)
    living = [p for p, a in zip(players, alive) if a]
    out: list[str] = []
    day = state.day + 1 if state.phase in ("deal", "night") else state.day
    out += [line("day.start", day=d) for d in range(max(day, 1), max(day, 1) + 2)]
    out.append(line("day.starting_stats", stats=S.stats_text(state.cast)))
    most = deaths_at_once if len(living) <= 9 else 2
    for k in range(1, most + 1):
        for group in combinations(living, k):  # announced in seat order, as the engine does
            out.append(line("day.deaths", names=names_text(group)))
    if state.characters is not None:
        c, m, s = S.stats([ch for ch, a in zip(state.characters, alive) if a])
        for i in range(c + 1):
            for j in range(m + 1):
                for k in range(s + 1):
                    if (c - i) + (m - j) + (s - k) <= 3:
                        out.append(line("day.stats", stats=f"{i}-{j}-{k}"))
    for name in living:
        out += [line("day.away", name=name), line("day.dropped", name=name),
                line("vote.majority", name=name), line("vote.survived", name=name),
                line("vote.sentence_eliminate", name=name), line("vote.abstain", by=name),
                line("vote.cast_secret", by=name), line("day.eliminated", names=name, verb="is")]
    for by in living:
        for name in living:
            if by != name:
                out += [line("day.accused", by=by, name=name), line("vote.cast", by=by, name=name)]
    return list(dict.fromkeys(out))
