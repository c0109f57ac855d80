"""The called role's night panel now lives on the rules side (``companion.games.mafia_plus.panels``,
read as ``session.view(CALLED)`` or ``view(Seat(n)).panel``); its words are re-exported here for
the tests and tools that spell the panel's buttons."""

from companion.games.mafia_plus.panels import (ANSWER_STEPS, NARRATION_STEPS, NO_ANSWER, VERBS,  # noqa: F401
                                               NightPanel, confirm_text, night_panel, option_text,
                                               role_title)
