"""A sixth game that lives in the test folder (docs/adding-a-game.md's proof): Tally, a counter
of chips, in two folders as every game is: ``companion_games/tally/`` (its engine and box
fields, as companion/games/tally/ would be) and ``ui_games/tally/`` (its manifest and screen, as
ui/games/tally/ would be). ``site/sitecustomize.py`` adds the two folders to the package paths
the app already scans, in an app started with ``site/`` on PYTHONPATH: no shared file is edited."""
