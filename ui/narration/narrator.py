"""The narrator: lines of text in, one spoken line at a time out, never two at once.

TABLE-UX.md, "Night and secrets": "Sound is the main channel at night: every line spoken, calm
pace, a soft chime before each call, never two lines at once. The text of the line is on screen
too." The narrator keeps a queue of lines; Kivy's Clock drives it on the UI thread (it polls the
playing sound's state and the render futures), the worker thread in ``tts.Renderer`` only writes
WAV files. Every line is delivered to ``on_line`` whether or not it can be heard, so the game
flow never depends on audio: with no audio device or no TTS the narrator is *text-only* and
waits a reading pause proportional to the line instead of the sound.

Use it from the UI thread only (``say``, ``stop``, ``repeat_last``, ``volume``).
"""

from __future__ import annotations

import logging
import time
from collections import deque
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from kivy.clock import Clock
from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, BoundedNumericProperty, StringProperty

from ui.narration.tts import (CALM_WPM, CHIME_SECONDS, EspeakSynthesizer, NarrationConfig, Renderer,
                              Synthesizer, WavCache, choose_synthesizer, line_duration_hint,
                              wav_duration)

log = logging.getLogger(__name__)

NO_AUDIO = "no audio device"
NO_TTS = "no speech synthesizer installed"
SWITCHED_OFF = "narration switched off"

_PICK = object()  # "choose the synthesizer from the config" (None means: there is none)
#: the bed's share of its volume while a line (or its chime) plays: ducked under every word
BED_DUCK = 0.3
BED_DUCK_SECONDS = 0.25   # how fast the bed dips under a line and comes back
BED_FADE_SECONDS = 2.5    # how slowly it fades in at night and out at dawn


def _clamp_volume(value: float) -> float:
    return 0.0 if value < 0.0 else 1.0


def reading_pause(text: str, wpm: float = CALM_WPM) -> float:
    """Text-only mode: time to read a line on screen (the spoken duration at the narration's
    pace, at least 1.5 s at the calm pace; an owner who sets a brisker pace reads briskly too)."""
    return max(1.5 * CALM_WPM / max(wpm, 1), line_duration_hint(text, wpm))


_pause_at = reading_pause  # the module function, where a parameter shadows its name


@dataclass(slots=True)
class _Line:
    text: str
    chime: bool
    future: Future | None  # the WAV being rendered; None in text-only mode


class Narrator(EventDispatcher):
    """Speaks lines one at a time, in order, with an optional soft chime before a call.

    Events (bind with ``narrator.bind(on_line=..., on_idle=...)`` or pass callables):
    ``on_line(narrator, text)`` when a line starts (before its chime; show the text then) and
    ``on_idle(narrator)`` when the queue has run dry (or ``stop`` emptied it).

    ``is_text_only`` / ``text_only_reason`` say why nothing is heard ("no audio device", "no speech
    synthesizer installed", "narration switched off"); both are Kivy properties the status line
    can bind to.
    """

    __events__ = ("on_line", "on_idle")

    volume = BoundedNumericProperty(1.0, min=0.0, max=1.0, errorhandler=_clamp_volume)
    is_text_only = BooleanProperty(False)
    text_only_reason = StringProperty("")
    is_busy = BooleanProperty(False)
    current_line = StringProperty("")
    last_line = StringProperty("")
    #: a sentence for the status line when the natural voice was wanted but cannot speak
    notice = StringProperty("")
    bed_volume = BoundedNumericProperty(0.5, min=0.0, max=1.0, errorhandler=_clamp_volume)
    #: True from start_bed() until the bed has faded out
    bed_playing = BooleanProperty(False)

    def __init__(self, config: NarrationConfig | Mapping[str, Any] | None = None, *,
                 synthesizer: Any = _PICK, cache: WavCache | None = None,
                 sound_loader: Callable[[str], Any] | None = None,
                 reading_pause: Callable[[str], float] | None = None,
                 poll_interval: float = 1 / 30,
                 on_line: Callable[..., None] | None = None,
                 on_idle: Callable[..., None] | None = None,
                 **kwargs):
        super().__init__(**kwargs)
        cfg = config if isinstance(config, NarrationConfig) else NarrationConfig.from_mapping(config)
        self.config = cfg
        self.cache = cache if cache is not None else WavCache(cfg.resolved_cache_dir())
        note = ""
        if synthesizer is _PICK:
            synth, note = choose_synthesizer(cfg)
        else:
            synth = synthesizer
        self.notice = note
        self.bed_volume = cfg.bed_volume

        def fallback() -> Synthesizer | None:
            espeak = EspeakSynthesizer(cfg.voice, cfg.speed, cfg.pitch, command=cfg.espeak_command,
                                       timeout=cfg.timeout)
            return espeak if espeak.is_available() else None

        self._renderer = Renderer(synth, self.cache, fallback=fallback) if synth is not None else None
        self._bed_sound: Any = None
        self._bed_level = 0.0
        self._bed_stopping = False
        self._bed_fading_in = False
        self._bed_ticker = None
        self._load = sound_loader if sound_loader is not None else _kivy_sound_loader
        self._reading_pause = reading_pause or (lambda text: _pause_at(text, cfg.speed))
        self._poll_interval = poll_interval
        self._queue: deque[_Line] = deque()
        self._line: _Line | None = None
        self._stage = ""          # "" | "chime" | "render" | "speech" | "reading"
        self._sound: Any = None
        self._chime_sound: Any = None
        self._deadline = 0.0
        self._ticker = None
        self._generation = 0
        if on_line is not None:
            self.bind(on_line=on_line)
        if on_idle is not None:
            self.bind(on_idle=on_idle)
        if synth is None:
            self._go_text_only(SWITCHED_OFF if cfg.engine == "none" else NO_TTS)
        else:
            self._probe_audio()

    # -- the API the screens call ----------------------------------------------------------
    def say(self, text: str, chime: bool = False) -> None:
        """Queue ``text``; it is spoken after every line queued before it (never overlapping)."""
        self._queue.append(self._make_line(text, chime))
        self._wake()

    def say_next(self, text: str, chime: bool = False) -> None:
        """Queue ``text`` to play right after the current line, ahead of the rest of the queue."""
        self._queue.appendleft(self._make_line(text, chime))
        self._wake()

    def repeat_last(self) -> str | None:
        """Say the last line that started once more, right after the current one; returns it."""
        if not self.last_line:
            return None
        self.say_next(self.last_line)
        return self.last_line

    @property
    def synthesizer(self) -> Synthesizer | None:
        """The voice speaking now (espeak-ng after a fallback from an unusable piper voice)."""
        return self._renderer.synth if self._renderer is not None else None

    def prerender(self, lines: Iterable[str], first: bool = False) -> None:
        """Render lines in the background (a game's fixed lines, the names after the deal), after
        every line due now, so they are ready before they are said; ``first``: before the rest
        of the background (a game's next moves)."""
        if self._renderer is not None and not self.is_text_only:
            self._renderer.prerender(list(lines), first=first)

    @property
    def rendered_on_demand(self) -> int:
        """Lines said before their WAV was ready (0 for a night the pre-render covered)."""
        return self._renderer.on_demand if self._renderer is not None else 0

    @property
    def on_demand_lines(self) -> list[str]:
        return list(self._renderer.on_demand_lines) if self._renderer is not None else []

    @property
    def unforeseen_lines(self) -> list[str]:
        """Lines said that nothing had asked to render before (the pre-render missed them)."""
        return list(self._renderer.unforeseen_lines) if self._renderer is not None else []

    def pending_renders(self) -> int:
        return self._renderer.pending() if self._renderer is not None else 0

    # -- the night's bed of sound --------------------------------------------------------------
    def start_bed(self) -> bool:
        """Fade in the soft, looping bed that masks the room at night; True when it plays."""
        self._bed_stopping = False
        if self._bed_sound is None:
            if self.is_text_only or self._renderer is None:
                return False
            try:
                path = self.cache.bed()
            except OSError as error:
                log.warning("narration: no night bed (%s)", error)
                return False
            if path is None:
                return False
            try:
                sound = self._load(str(path))
            except Exception as error:
                log.warning("narration: cannot load the night bed (%s)", error)
                return False
            if sound is None or not (sound.length or 0) > 0:
                return False
            sound.loop = True
            sound.volume = 0.0
            try:
                sound.play()
            except Exception as error:
                log.warning("narration: the night bed could not play (%s)", error)
                return False
            self._bed_sound, self._bed_level = sound, 0.0
            self._bed_fading_in = True
        self.bed_playing = True
        if self._bed_ticker is None:
            self._bed_ticker = Clock.schedule_interval(self._bed_step, 1 / 30)
        return True

    def stop_bed(self, fade: bool = True) -> None:
        """Fade the bed out (dawn); ``fade=False`` silences it at once (leaving the game)."""
        if self._bed_sound is None:
            self.bed_playing = False
            return
        self._bed_stopping = True
        if not fade:
            self._bed_off()

    @property
    def bed_level(self) -> float:
        """The bed's volume right now (0 when silent): ducked under each line, 0 by day."""
        return self._bed_level if self._bed_sound is not None else 0.0

    def bed_target(self) -> float:
        if self._bed_stopping:
            return 0.0
        speaking = self._stage in ("chime", "speech")
        return self.bed_volume * self.volume * (BED_DUCK if speaking else 1.0)

    def _bed_step(self, dt: float) -> bool | None:
        if self._bed_sound is None:
            self._bed_ticker = None
            return False
        target = self.bed_target()
        full = max(self.bed_volume * self.volume, 0.05)
        if self._bed_fading_in and self._bed_level >= target:
            self._bed_fading_in = False  # nightfall's fade-in is over: from now on it only ducks
        slow = self._bed_stopping or (self._bed_fading_in and target > self._bed_level)
        seconds = BED_FADE_SECONDS if slow else BED_DUCK_SECONDS
        step = full * max(dt, 1 / 60) / seconds
        level = self._bed_level
        level = min(target, level + step) if target > level else max(target, level - step)
        self._bed_level = level
        self._bed_sound.volume = level
        if self._bed_stopping and level <= 0.0:
            self._bed_off()
            return False
        return None

    def _bed_off(self) -> None:
        sound, self._bed_sound = self._bed_sound, None
        if self._bed_ticker is not None:
            self._bed_ticker.cancel()
            self._bed_ticker = None
        self._bed_level = 0.0
        self._bed_stopping = False
        self.bed_playing = False
        if sound is not None:
            try:
                sound.stop()
            except Exception:  # pragma: no cover
                pass
            _unload(sound)

    def stop(self) -> None:
        """Silence now and forget every queued line; ``on_idle`` follows if anything was queued."""
        was_busy = self.is_busy
        self._generation += 1
        self._stop_sound()
        for line in self._queue:
            if line.future is not None:
                line.future.cancel()  # not started yet: spare the Pi the work
        self._queue.clear()
        self._line, self._stage = None, ""
        self._cancel_ticker()
        self.current_line = ""
        self.is_busy = False
        if was_busy:
            self.dispatch("on_idle")

    def close(self) -> None:
        """Stop and let the worker thread go (app shutdown)."""
        self.stop()
        self._bed_off()
        if self._chime_sound is not None:
            _unload(self._chime_sound)
            self._chime_sound = None
        if self._renderer is not None:
            self._renderer.close()

    def duration_hint(self, text: str, chime: bool = False) -> float:
        """Seconds this line will take: the real WAV length when already rendered, else the estimate."""
        seconds = 0.0
        if self.synthesizer is not None and not self.is_text_only:
            path = self.cache.lookup(self.synthesizer, text)
            seconds = wav_duration(path) if path is not None else 0.0
        if seconds <= 0.0:
            seconds = line_duration_hint(text)
        return seconds + (CHIME_SECONDS if chime else 0.0)

    def call_length(self, text: str) -> float:
        """How long a night call with its chime sounds: the rendered WAV's real length (the night
        screen pads every call to at least this, so the pause after it is the same for a living and
        a dead role); the estimate while it is not rendered yet, or in text-only mode."""
        return self.duration_hint(text, chime=not self.is_text_only)  # no chime is heard in text-only mode

    @property
    def voice_name(self) -> str:
        """The voice in a word or two, for Settings: "joe", "espeak-ng", "none"."""
        synth = self.synthesizer
        if synth is None:
            return "none"
        if synth.engine == "piper":
            from ui.narration.voices import Voice

            return Voice(synth.model, "").name.split(" (")[0]
        return synth.engine

    @property
    def describe(self) -> str:
        """For the status line: "espeak-ng (voice en-us, 150 words per minute)" or "text only: why"."""
        if self.is_text_only:
            return f"text only: {self.text_only_reason}"
        return self.synthesizer.describe() if self.synthesizer is not None else ""

    # default handlers (EventDispatcher needs them)
    def on_line(self, text: str) -> None:
        pass

    def on_idle(self) -> None:
        pass

    def on_volume(self, _instance, value: float) -> None:
        if self._sound is not None:
            self._sound.volume = value

    # -- the queue, on the UI thread --------------------------------------------------------
    def _make_line(self, text: str, chime: bool) -> _Line:
        text = str(text)
        future = None
        if self._renderer is not None and not self.is_text_only and text.strip():
            future = self._renderer.submit(text)  # starts rendering now: pre-renders the queue
        return _Line(text, bool(chime), future)

    def _wake(self) -> None:
        self.is_busy = True
        if self._ticker is None:
            # The first step runs on the next frame: on_line never fires inside say() itself.
            self._ticker = Clock.schedule_interval(self._step, self._poll_interval)

    def _cancel_ticker(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
            self._ticker = None

    def _step(self, _dt: float = 0.0) -> bool | None:
        generation = self._generation
        for _ in range(8):  # a few transitions per frame at most; each stage waits by returning
            if generation != self._generation:
                return False  # stop() ran inside a listener
            stage = self._stage
            if stage == "":
                if not self._queue:
                    self._become_idle()
                    return False
                self._start_line(self._queue.popleft())
                continue
            if stage == "chime":
                if self._is_playing(self._sound):
                    return None
                self._sound = None  # the chime sound is kept loaded for the next call
                self._stage = "render"
                continue
            if stage == "render":
                if self._renderer is not None and self._renderer.notice and not self.notice:
                    self.notice = self._renderer.notice  # the voice fell back to espeak-ng
                line = self._line
                if self.is_text_only or line.future is None:
                    self._start_reading(line)
                    return None
                if not line.future.done():
                    return None
                if line.future.cancelled() or line.future.exception() is not None:
                    error = None if line.future.cancelled() else line.future.exception()
                    log.warning("narration: %s; showing the line as text", error)
                    self._start_reading(line)
                    return None
                self._start_speech(line, line.future.result())
                return None
            if stage == "speech":
                if self._is_playing(self._sound):
                    return None
                self._stop_sound()
                self._finish_line()
                continue
            if stage == "reading":
                if time.monotonic() < self._deadline:
                    return None
                self._finish_line()
                continue
        return None

    def _start_line(self, line: _Line) -> None:
        self._line = line
        self.current_line = line.text
        self.last_line = line.text
        self._stage = "render"
        generation = self._generation
        self.dispatch("on_line", line.text)
        if generation != self._generation:
            return
        if line.chime and not self.is_text_only:
            sound = self._chime()
            if sound is not None and self._play(sound):
                self._stage = "chime"

    def _start_speech(self, line: _Line, path: Path) -> None:
        sound = self._load_sound(path)
        if sound is None or not self._play(sound):
            if sound is not None:
                _unload(sound)
            self._start_reading(line)
            return
        self._stage = "speech"

    def _start_reading(self, line: _Line) -> None:
        self._stage = "reading"
        self._deadline = time.monotonic() + max(0.0, float(self._reading_pause(line.text)))

    def _finish_line(self) -> None:
        self._line, self._stage = None, ""
        self.current_line = ""

    def _become_idle(self) -> None:
        self._cancel_ticker()
        self._line, self._stage = None, ""
        self.current_line = ""
        if self.is_busy:
            self.is_busy = False
            self.dispatch("on_idle")

    # -- sound ----------------------------------------------------------------------------------
    def _play(self, sound: Any) -> bool:
        """Start ``sound``; False (and text-only mode) when the device plays nothing."""
        sound.volume = self.volume
        try:
            sound.play()
        except Exception as error:  # a broken backend must not end the game
            log.warning("narration: sound could not play (%s)", error)
            self._go_text_only(NO_AUDIO)
            return False
        if sound.state != "play":
            self._go_text_only(NO_AUDIO)  # SDL opened no device: the sound stays stopped
            return False
        self._sound = sound
        return True

    def _load_sound(self, path: Path) -> Any:
        try:
            sound = self._load(str(path))
        except Exception as error:
            log.warning("narration: cannot load %s (%s)", path, error)
            sound = None
        if sound is None or not (sound.length or 0) > 0:
            # A WAV that loads with length 0 means SDL's mixer has no device (ARCHITECTURE.md).
            if sound is not None:
                _unload(sound)
            self._go_text_only(NO_AUDIO)
            return None
        return sound

    def _chime(self) -> Any:
        if self._chime_sound is None:
            try:
                path = self.cache.chime()
            except OSError as error:
                log.warning("narration: no chime (%s)", error)
                return None
            self._chime_sound = self._load_sound(path)
        return self._chime_sound

    def _probe_audio(self) -> None:
        """Load the chime once at start: length 0 tells us now that nothing will be heard."""
        self._chime()

    def _is_playing(self, sound: Any) -> bool:
        return sound is not None and sound.state == "play"

    def _stop_sound(self) -> None:
        sound, self._sound = self._sound, None
        if sound is None:
            return
        try:
            if sound.state == "play":
                sound.stop()
        except Exception:  # pragma: no cover - backend trouble while stopping
            pass
        if sound is not self._chime_sound:
            _unload(sound)

    def _go_text_only(self, reason: str) -> None:
        if not self.is_text_only:
            log.info("narration: text-only mode (%s)", reason)
        self.text_only_reason = reason
        self.is_text_only = True


def _unload(sound: Any) -> None:
    try:
        sound.unload()
    except Exception:  # pragma: no cover
        pass


def _kivy_sound_loader(path: str) -> Any:
    from kivy.core.audio import SoundLoader  # imported late: SDL's audio opens on first use
    return SoundLoader.load(path)
