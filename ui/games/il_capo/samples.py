"""Sample games for ``--screenshot`` (the manifest's ``sample``): a seeded three-player game
played to the step each screen shows. Only ever run on a throwaway database."""

from __future__ import annotations

from ui.controller import Route

GAME = "il-capo"
SAMPLE_SEED = 4242
SAMPLE_PLAYERS = ["Anna", "Ben", "Carla"]


def _played(table, steps):
    """A seeded game with ``steps`` played: ('draw', request) / ('act', action); (session, news)."""
    session = table.start(GAME, {"players": list(SAMPLE_PLAYERS)}, seed=SAMPLE_SEED)
    events = []
    for kind, what in steps:
        events = session.draw(what)[1] if kind == "draw" else session.act(what)
    return session, " ".join(e.text for e in events if e.text)


def sample_route(table, screen: str) -> Route:
    from companion.games.il_capo import (Challenge, DevelopSkyscraper, EndTurn, EnterMansion, Hire,
                                         NavigateDeadMansRow, PayPlayer, Receive, Spun)

    if screen == "il_capo_new":
        for name in ("Anna", "Ben", "Carla", "Dino", "Elena"):
            table.store.add_player(name)
        return Route(screen, {"game": GAME, "seats": ["Carla", "Anna", "Ben"]})
    opening = [("act", Spun(6, "R")), ("act", Receive(0, 500_000, "board")), ("act", Hire("Firpo")),
               ("act", EndTurn())]
    steps = {
        "il_capo_table": opening + [("act", Spun(4, "L"))],
        "il_capo_bank": opening + [("act", Spun(3, "L")), ("act", PayPlayer(1, 2, 50_000, "deal"))],
        "il_capo_encounter": [("act", Receive(0, 500_000, "board")), ("act", Spun(6, "R")),
                              ("act", Hire("Firpo")), ("act", Challenge(1)), ("act", Spun(4, "L"))],
        "il_capo_hire": [("act", Receive(0, 350_000, "board")), ("act", Spun(6, "R"))],
        "il_capo_syndicate": [("act", Spun(5, "R")), ("act", EndTurn())] * 3 + [("draw", None)],
        "il_capo_end": [("act", Receive(0, 2_000_000, "board")), ("act", Spun(6, "R")),
                        ("act", DevelopSkyscraper()), ("act", NavigateDeadMansRow()), ("act", EnterMansion()),
                        ("act", Spun(10, "R"))],
    }.get(screen)
    if steps is None:
        return Route(screen, {"game": GAME})
    session, news = _played(table, steps)
    params = {"game": GAME, "game_id": session.game_id}
    if screen == "il_capo_bank":
        params["seat"] = 1
    elif screen in ("il_capo_table", "il_capo_encounter", "il_capo_end"):
        params["news"] = news
    return Route(screen, params)
