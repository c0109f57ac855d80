"""Il Capo: the app as the Underboss (bank, spinner, NPCs, combat, crews, counters, showdown)."""

from .actions import *  # noqa: F401,F403
from .actions import ALL_ACTIONS
from .engine import ENGINE, IlCapoEngine, IlCapoState, prompt, ranked_crew, table_view

__all__ = ["ENGINE", "IlCapoEngine", "IlCapoState", "prompt", "ranked_crew", "table_view",
           *(cls.__name__ for cls in ALL_ACTIONS)]
