"""The natural voice's speed: piper with the shipped voice, as ratios and times (printed, never
asserted in tests).

- synthesis real-time factor: seconds spent rendering / seconds of speech rendered (below 1 is
  faster than real time), with the voice loaded once in its worker (tts.PiperSynthesizer), and
  the Pi 4 estimate (x benchmarks/common.py's factor: an estimate only, see the note);
- time from a call to the moment its sound can start: the WAV ready with a warm cache (the night
  after the pre-render), with a cold cache (the worker up, the line rendered now) and with a cold
  worker (the voice loaded first: the very first line after start-up or a voice change);
- time to pre-render a whole 23-player night: every fixed line plus the lines that name players
  (ui/narration/lines.py) for a 23-player game, on the background queue (a spread sample of
  SAMPLE lines is rendered and scaled to all of them; FULL=1 renders every one);
- Il Capo (8 players) and Mafia Casino (6): a seeded random game played to its end with the
  look-ahead after every commit (ui/narration/games.py), as deep as the app looks with a natural
  voice (one move; DEPTH=2 for espeak-ng's two): the time to find the lines (mean and worst commit: the worker's CPU), the lines queued over the whole game with the
  nameless lines of start-up, the time to render them all (sampled and scaled like the night),
  and the new lines a commit queues (median, worst) with the time to render them: what a table
  must leave between two moves for every line to be ready.

Run: .venv/bin/python benchmarks/bench_voice.py   (needs piper-tts and a voice, e.g. pip install '.[voice]')
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("KIVY_NO_FILELOG", "1")

from benchmarks.common import Row, ms, pi4_factor, pi4_ms, print_table  # noqa: E402
from ui.narration.tts import (NarrationConfig, PiperSynthesizer, Renderer, WavCache,  # noqa: E402
                              choose_synthesizer, wav_duration)
from ui.narration.voices import find_voices  # noqa: E402

LINES = ["The Doctor wakes and chooses someone to heal.",
         "Mafia, wake up and silently choose one person to eliminate. If you cannot agree, the Boss decides.",
         "Thank you. The Detective goes back to sleep.", "Morning comes. Everyone, wake up.",
         "Tonight we lost Anna and Bob."]
SAMPLE = 60  # lines of the 23-player night actually rendered (scaled to all of them)


def night_lines(players: int) -> list[str]:
    from companion.games.mafia_plus import sets as S
    from ui.narration.lines import fixed_lines, mafia_plus_lines

    cast = S.recommended_set(players)
    state = types.SimpleNamespace(players=tuple(f"Player{i + 1}" for i in range(players)), alive=(True,) * players,
                                  cast=cast, characters=cast, phase="night", day=0)
    return fixed_lines() + mafia_plus_lines(state)


def game_lines(game: str, players: int, seed: int = 7) -> dict:
    """A seeded random game of ``game`` with the look-ahead after every commit (ui/shell/sound.py's
    depth for a natural voice)."""
    import random

    from companion import registry
    from ui.narration import games as G

    engine = registry.get(game)
    rng = random.Random(seed)
    state, config = G._sample_game(engine, players, rng)
    queued: dict[str, None] = dict.fromkeys(G.fixed_lines(game) if game in G.FIXED_GAMES else [])
    finds, fresh = [], []
    for _ in range(600):
        if engine.outcome(state) is not None:
            break
        start = time.perf_counter()
        ahead = G.lines_ahead(game, state, depth=int(os.environ.get("DEPTH", 1)), config=config)
        finds.append(time.perf_counter() - start)
        fresh.append(sum(1 for t in ahead if t not in queued))
        queued.update(dict.fromkeys(ahead))
        action = engine.chance(state, rng) or engine.playout_policy(state, engine.legal_actions(state), rng)
        state, _ = engine.apply(state, action)
    return {"lines": list(queued), "finds": finds, "fresh": fresh, "commits": len(finds)}


def render_time(renderer: Renderer, lines: list[str]) -> float:
    """Seconds to render ``lines`` on the background queue (a spread sample, scaled)."""
    sample = lines if os.environ.get("FULL") else lines[:: max(1, len(lines) // SAMPLE)]
    start = time.perf_counter()
    for f in renderer.prerender(sample):
        f.result()
    return (time.perf_counter() - start) * len(lines) / len(sample)


def main() -> None:
    voices = [v for v in find_voices() if v.source == "shipped"] or find_voices()
    if not voices:
        print("no piper voice installed: pip install '.[voice]' (docs/narration.md)")
        return
    config = NarrationConfig(piper_voice=str(voices[0].path))
    synth, note = choose_synthesizer(config)
    if not isinstance(synth, PiperSynthesizer):
        print(f"piper cannot run here: {note}")
        return
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        cache = WavCache(Path(tmp) / "cold-worker")
        start = time.perf_counter()
        cache.render(synth, LINES[0])
        cold_worker = time.perf_counter() - start
        spent = spoken = 0.0
        colds = []
        for i, text in enumerate(LINES):
            start = time.perf_counter()
            path = WavCache(Path(tmp) / f"rtf{i}").render(synth, text)
            took = time.perf_counter() - start
            colds.append(took)
            spent, spoken = spent + took, spoken + wav_duration(path)
        rtf = spent / spoken
        renderer = Renderer(synth, cache)
        warm = []
        for _ in range(20):
            start = time.perf_counter()
            renderer.submit(LINES[0]).result()
            warm.append(time.perf_counter() - start)
        lines = night_lines(23)
        # every line takes long on one thread: a spread sample, scaled to the whole (FULL=1: all)
        sample = lines if os.environ.get("FULL") else lines[:: max(1, len(lines) // SAMPLE)]
        night_cache = WavCache(Path(tmp) / "night")
        night = Renderer(synth, night_cache)
        start = time.perf_counter()
        for f in night.prerender(sample):
            f.result()
        whole = (time.perf_counter() - start) * len(lines) / len(sample)
        games = {}
        for game, players in (("il-capo", 8), ("mafia-casino", 6)):
            played = game_lines(game, players)
            per_line = render_time(Renderer(synth, WavCache(Path(tmp) / game)), played["lines"])
            games[(game, players)] = (played, per_line / max(1, len(played["lines"])))
        night.close()  # the renderers share the synthesizer: closed once, at the end
        renderer.close()
        synth.close()
    factor = pi4_factor()
    rows.append(Row("synthesis real-time factor", f"{rtf:.2f} ({spoken:.1f} s speech)", rtf * factor, 1.0,
                    "< 1 on Pi", f"~{rtf * factor:.2f}"))
    rows.append(Row("call -> sound ready, warm cache", ms(statistics.median(warm)), statistics.median(warm) * 1e3,
                    None, "-", pi4_ms(statistics.median(warm))))
    rows.append(Row("call -> sound ready, cold cache", ms(statistics.median(colds)), statistics.median(colds) * 1e3,
                    None, "-", pi4_ms(statistics.median(colds))))
    rows.append(Row("... cold worker (voice load)", ms(cold_worker), cold_worker * 1e3, None, "-", pi4_ms(cold_worker)))
    rows.append(Row("pre-render a 23-player night", f"{whole:.0f} s, {len(lines)} lines", whole, None, "-",
                    f"~{whole * factor / 60:.0f} min"))
    for (game, players), (played, per_line) in games.items():
        finds, fresh = played["finds"], sorted(played["fresh"])
        title = f"{game} ({players}, {played['commits']} commits)"
        mean_find, worst_find = statistics.mean(finds), max(finds)
        rows.append(Row(f"{title}: find next lines, mean", ms(mean_find), mean_find * 1e3, None, "-",
                        pi4_ms(mean_find)))
        rows.append(Row("... worst commit", ms(worst_find), worst_find * 1e3, None, "-", pi4_ms(worst_find)))
        whole = per_line * len(played["lines"])
        rows.append(Row("... render every line of the game", f"{whole:.0f} s, {len(played['lines'])} lines", whole,
                        None, "-", f"~{whole * factor / 60:.0f} min"))
        median_fresh, worst_fresh = fresh[len(fresh) // 2], fresh[-1]
        rows.append(Row("... new lines per commit: median", f"{median_fresh} ({median_fresh * per_line:.1f} s)",
                        median_fresh * per_line, None, "-", f"~{median_fresh * per_line * factor:.1f} s"))
        rows.append(Row("... worst commit", f"{worst_fresh} ({worst_fresh * per_line:.1f} s)",
                        worst_fresh * per_line, None, "-", f"~{worst_fresh * per_line * factor:.0f} s"))
    print_table(f"Narration: piper, voice {voices[0].name}", rows,
                "The Pi figures scale this machine's times by a pure-Python reference loop; onnxruntime is native\n"
                "code with NEON on the Pi, so they are a cautious estimate, not a measurement.")


if __name__ == "__main__":
    main()
