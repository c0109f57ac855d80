"""One package per game's screens: ``ui/games/<game>/``.

Each package's ``__init__.py`` is Kivy-free and declares the game's manifest
(``MANIFEST = ui.manifest.GameManifest(...)``: home card, screens, entry screen, Back targets,
route, speaking policy, sample game), which the shell discovers, so two games never edit the same
file. Screen modules sit beside it (one module per screen, its .kv beside it), each a
``ui.game_screen.GameScreen``. See docs/adding-a-game.md.
"""
