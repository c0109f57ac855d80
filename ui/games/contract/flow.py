"""Contract's flow (Kivy-free, read by the manifest): which screen the game's state belongs on,
what the narrator says after a commit, and the one table view a commit is shown from.

Everything here reads the engine's view (``ContractView``) or the commit's events, never the raw
state. ``table_view`` keeps the view of the session's latest position, so that the route and the
screen drawing after one tap compute it once (tests/ui/contract/test_contract_taps.py).
"""

from __future__ import annotations

from companion.engine import TABLE

GAME = "contract"

#: the events of a count that the narrator reads out: each Mafioso counted, then what followed
SPOKEN = ("counted", "copper_card", "copper_discard", "vicelard_card", "blackmat", "briefcase")

_LAST: dict = {}  # "session", "seq", "view": the view of the latest position shown


def table_view(session):
    """The table's view of ``session`` now (computed once per commit or undo)."""
    if _LAST.get("session") is session and _LAST.get("seq") == session.seq:
        return _LAST["view"]
    view = session.view(TABLE)
    _LAST.update(session=session, seq=session.seq, view=view)
    return view


def route(session) -> str:
    """The screen the game's state belongs on: the count while it runs, the score at the end."""
    if session is None:
        return "contract_new"
    if session.outcome() is not None:
        return "contract_score"
    return "contract_count" if table_view(session).phase == "count" else "contract_round"


def lines(session, events) -> list[str]:
    """The count is read out as it happens, line by line (the cards stay on the table)."""
    return [e.text for e in events if e.kind in SPOKEN]
