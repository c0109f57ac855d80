"""``companion``: the headless command line (also ``python -m companion``).

Every game the touchscreen runs can be played from here, replayed from a scenario file, or
simulated thousands of times. Bad input is one line on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, Iterable, TextIO

from . import __version__, registry
from .engine import REVEAL, TABLE, Event, parse_audience, replay, to_jsonable
from .errors import BadActionData, CompanionError
from .session import Session
from .simulate import playout
from .store import Store

EPILOG = """\
examples:
  companion games
  companion new dice --seed 7                  # prints the new game's number, e.g. 1
  companion draw 1 roll2d6                     # the app rolls (seeded, recorded)
  companion act 1 '{"kind": "dice_rolled", "dice": [4, 2], "by_hand": true}'   # physical dice
  companion legal 1                            # what may be played now, one JSON action per line
  companion show 1 --as table                  # or seat:N, or reveal
  companion undo 1
  companion new mafia-plus --players Ann,Ben,Cid,Dee,Eve,Fay,Gus
  companion replay docs/scenarios/dice-example.jsonl
  companion simulate mafia-plus --games 100 --players 12 --seed 1
"""


class UsageError(CompanionError):
    pass


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="companion", description="Mafia Table Companion: play, replay and simulate "
                                "the table games from the command line.", epilog=EPILOG,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    p.add_argument("--db", help="database file (default: companion.db in the user's data directory, "
                   "or $MAFIA_COMPANION_DB)")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("games", help="list the games this companion runs")
    new = sub.add_parser("new", help="start a game and print its number")
    new.add_argument("game", help="a name from `companion games`")
    new.add_argument("--players", help="a number (default names P1..Pn) or comma-separated names in seat order")
    new.add_argument("--config", help="configuration as JSON; keys override the defaults")
    new.add_argument("--seed", type=int, help="seed for every chance draw (default: random)")
    act = sub.add_parser("act", help="play one action, given as JSON")
    act.add_argument("game_id", type=int)
    act.add_argument("action", help="the action as JSON, as `companion legal` prints it")
    draw = sub.add_parser("draw", help="let the companion roll, spin, shuffle or deal")
    draw.add_argument("game_id", type=int)
    draw.add_argument("request", nargs="?", help="e.g. roll2d6, roll1d6, spin; omit for the deal/shuffle the game waits on")
    legal = sub.add_parser("legal", help="list the actions that may be played now (JSON lines)")
    legal.add_argument("game_id", type=int)
    show = sub.add_parser("show", help="show a game as one audience sees it")
    show.add_argument("game_id", type=int)
    show.add_argument("--as", dest="audience", default="table", help="table (default), seat:N or reveal")
    undo = sub.add_parser("undo", help="take back the last action")
    undo.add_argument("game_id", type=int)
    sub.add_parser("history", help="list every game in the database")
    rep = sub.add_parser("replay", help="play a scenario file; print events and the outcome as JSON lines")
    rep.add_argument("file", help="scenario file (see docs/scenarios.md); - for standard input")
    sim = sub.add_parser("simulate", help="random legal playouts; one JSON summary line")
    sim.add_argument("game")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--players", type=int)
    box = sub.add_parser("box", help="export or import a game's box values (the real cards' numbers) as TOML")
    box.add_argument("direction", choices=("export", "import"))
    box.add_argument("game", help="il-capo, mafia-casino or contract")
    box.add_argument("file", help="the TOML file to write (export) or read (import)")
    return p


def _out(line: Any, stream: TextIO) -> None:
    stream.write((line if isinstance(line, str) else json.dumps(line, ensure_ascii=False)) + "\n")


def _print_events(events: Iterable[Event], stream: TextIO) -> None:
    for event in events:
        prefix = "" if event.audience == TABLE else f"[{event.audience} only] "
        _out(prefix + event.text, stream)


def _config_for(engine, players: str | None, config_json: str | None, seed: int) -> dict:
    config: dict[str, Any] = {}
    if players:
        names = [n.strip() for n in players.split(",") if n.strip()]
        if len(names) == 1 and names[0].isdigit():
            config = engine.default_config(int(names[0]), random.Random(seed))
        else:
            config = engine.default_config(len(names), random.Random(seed))
            config["players"] = names
    if config_json:
        try:
            extra = json.loads(config_json)
        except json.JSONDecodeError as err:
            raise UsageError(f"--config is not valid JSON: {err.msg} at character {err.pos}.") from None
        if not isinstance(extra, dict):
            raise UsageError("--config must be a JSON object, like '{\"vote\": \"secret\"}'.")
        config.update(extra)
    return config


def _parse_json(text: str, what: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise BadActionData(f"{what} is not valid JSON: {err.msg} at character {err.pos}.") from None


def run(argv: list[str], stdout: TextIO | None = None) -> int:
    stdout = stdout or sys.stdout
    args = _parser().parse_args(argv)
    if args.command is None:
        _parser().print_help(stdout)
        return 0
    if args.command == "games":
        for engine in registry.engines():
            _out(f"{engine.name:14} {engine.title} ({engine.min_players}-{engine.max_players} players)"
                 if engine.max_players < 99 else f"{engine.name:14} {engine.title}", stdout)
        return 0
    if args.command == "replay":
        return _replay(args.file, stdout)
    if args.command == "simulate":
        return _simulate(args, stdout)

    with Store.open(args.db) as store:
        for notice in store.notices:
            print(notice, file=sys.stderr)
        if args.command == "box":  # companion/box.py does the work (docs/box.md)
            from . import box

            if args.direction == "export":
                _out(f"Wrote the box values of {box.TITLES[box.name_of(args.game)]} to "
                     f"{box.export_file(store, args.game, args.file)}.", stdout)
            else:
                box.import_file(store, args.game, args.file)
                _out(f"Imported the box values of {box.TITLES[box.name_of(args.game)]} from {args.file}.", stdout)
            return 0
        if args.command == "new":
            engine = registry.get(args.game)
            seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
            session = Session.start(store, args.game, _config_for(engine, args.players, args.config, seed), seed)
            _out(str(session.game_id), stdout)
            return 0
        if args.command == "history":
            for g in store.list_games():
                _out(f"{g.id:5}  {g.title:16} {g.status:9} started {g.started}" +
                     (f"  ended {g.ended}" if g.ended else ""), stdout)
            return 0
        session = Session.resume(store, args.game_id)
        if args.command == "act":
            _print_events(session.act_dict(_parse_json(args.action, "ACTION")), stdout)
        elif args.command == "draw":
            action, events = session.draw(args.request)
            _out(json.dumps(action.to_dict()), stdout)
            _print_events(events, stdout)
        elif args.command == "legal":
            if session.pending_chance() is not None:
                _out(f"# the game waits for a draw: companion draw {session.game_id}"
                     "   (or act with the physical result)", stdout)
            for action in session.legal_actions():
                _out(action.to_dict(), stdout)
            for request in session.chance_requests():
                _out(f"# companion draw {session.game_id} {request}", stdout)
        elif args.command == "show":
            audience = parse_audience(args.audience)
            out = {"game": session.engine.name, "id": session.game_id,
                   "view": to_jsonable(session.view(audience))}
            outcome = session.outcome()
            out["outcome"] = outcome.to_dict() if outcome else None
            _out(json.dumps(out, indent=2, ensure_ascii=False), stdout)
        elif args.command == "undo":
            taken = session.undo()
            _out(f"Undone: {session.engine.describe(taken, session.state)}.", stdout)
        return 0


def _read_scenario(file: str) -> tuple[dict, list[tuple[int, dict]]]:
    text = sys.stdin.read() if file == "-" else _read_file(file)
    header = None
    actions: list[tuple[int, dict]] = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        data = _parse_json(line, f"Line {number} of {file}")
        if header is None:
            if not isinstance(data, dict) or "game" not in data:
                raise BadActionData(f"Line {number} of {file} must be the header: "
                                    '{"game": ..., "config": {...}, "seed": N}.')
            header = data
        else:
            actions.append((number, data))
    if header is None:
        raise BadActionData(f"{file} is empty: a scenario starts with a header line (see docs/scenarios.md).")
    return header, actions


def _read_file(file: str) -> str:
    try:
        return Path(file).read_text(encoding="utf-8")
    except OSError as err:
        raise UsageError(f"Cannot read {file}: {err.strerror}.") from None
    except UnicodeDecodeError:
        raise UsageError(f"{file} is not a text file.") from None


def _replay(file: str, stdout: TextIO) -> int:
    header, lines = _read_scenario(file)
    engine = registry.get(header["game"])
    seed = header.get("seed", 0)
    if not isinstance(seed, int):
        raise BadActionData(f"The seed in {file} must be a whole number.")
    state = engine.new(header.get("config", {}), seed)
    for number, data in lines:
        try:
            action = engine.actions.from_dict(data)
            state, events = engine.apply(state, action)
        except CompanionError as err:
            raise type(err)(f"Line {number} of {file}: {err}") from None
        for event in events:
            _out(event.to_dict(), stdout)
    outcome = engine.outcome(state)
    _out({"outcome": outcome.to_dict() if outcome else None}, stdout)
    return 0


def _simulate(args, stdout: TextIO) -> int:
    engine = registry.get(args.game)
    if args.games < 1:
        raise UsageError("--games must be at least 1.")
    if args.players is not None and not engine.min_players <= args.players <= engine.max_players:
        raise UsageError(f"{engine.title} is for {engine.min_players} to {engine.max_players} players, "
                         f"not {args.players}.")
    outcomes: Counter[str] = Counter()
    finished = actions = 0
    start = time.perf_counter()
    for i in range(args.games):
        result = playout(engine, args.seed + i, args.players)
        actions += len(result.actions)
        if result.outcome is not None:
            finished += 1
            outcomes[result.outcome.reason] += 1
    elapsed = time.perf_counter() - start
    _out({"game": engine.name, "games": args.games, "finished": finished, "actions": actions,
          "outcomes": dict(outcomes.most_common()), "games_per_second": round(args.games / elapsed, 1)}, stdout)
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        return run(argv)
    except CompanionError as err:
        print(f"companion: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
