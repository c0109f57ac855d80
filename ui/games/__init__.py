"""One package per game's screens: ``ui/games/<game>/``.

Each package's ``__init__.py`` is Kivy-free and declares, as plain data, what the controller
merges into its tables (so two games never edit the same file):

    SCREENS = {"il_capo_table": "ui.games.il_capo.table", ...}   # screen name -> module with SCREEN
    GAME_ENTRY = {"il-capo": "il_capo_table"}                      # engine -> first screen
    PARENT = {"il_capo_ledger": "il_capo_table"}                   # where Back goes (default: home)

Screen modules sit beside it (one module per screen, its .kv beside it). A screen class may
offer ``sample_route(app) -> Route`` to build a seeded sample game for ``--screenshot``.
"""
