"""The app's sound: the narrator (its voice, volume, on/off, the night bed, pre-rendering) and the
sound panel the status bar opens. A mixin of ``ui.app.CompanionApp``; sound trouble is a sentence
in the banner, never a crash (docs/narration.md)."""

from __future__ import annotations

import logging

from kivy.clock import Clock

from companion.errors import CompanionError
from ui.controller import Route
from ui.widgets.status_bar import SoundPanel

log = logging.getLogger("ui.app")

VOLUME_KEY = "narration.volume"
NARRATION_ON_KEY = "narration.on"
VOICE_KEY = "narration.voice"          # the owner's pick in Settings: a voice file's path, or "espeak"
BED_VOLUME_KEY = "narration.bed_volume"  # the night bed's volume, 0 (off) .. 1


class SoundMixin:
    def _start_narrator(self) -> None:
        try:
            from ui.narration import NarrationConfig, Narrator

            try:
                config = NarrationConfig.load()
            except CompanionError as error:
                self.add_problems([f"The narration settings need fixing, so the defaults are used: {error}"])
                config = NarrationConfig()
            self.narration_config = config
            narrator = Narrator(self._with_voice_pick(config))
        except Exception as error:  # sound is never worth a crash
            log.exception("narration could not start")
            self.text_only, self.text_only_reason = True, "narration could not start"
            self.add_problems([f"Narration could not start ({error}); every line is shown on screen only."])
            return
        self._use_narrator(narrator)
        self._start_look_ahead()

    # -- the lines of the games that build their words (Il Capo, the Casino, Contract, Sicily) --
    def _start_look_ahead(self) -> None:
        """Every commit of those games queues the lines of the next two moves (found by their
        engine on a worker), and so does a game opening with its names (ui/narration/games.py)."""
        if getattr(self, "look_ahead", None) is not None:
            return
        try:
            from ui.narration.ahead import LookAhead

            self.look_ahead = LookAhead(lambda lines, first: Clock.schedule_once(
                lambda _dt: self._prerender_ahead(lines, first), 0))
            self.table.follow(self._narration_follow)
            manager = getattr(self, "manager", None)
            if manager is not None:
                manager.bind(current=lambda *_: self._look_at_open_games())
            Clock.schedule_once(lambda _dt: self._look_at_open_games(), 0)
        except Exception:  # sound is never worth a crash: lines are rendered when said
            log.exception("narration: the look-ahead could not start")

    def _narration_follow(self, session, events) -> None:
        self._look_ahead_of(session, force=True)

    def _look_at_open_games(self) -> None:
        """A game just opened (a new game, a resumed one): its names are known now."""
        for session in list(self.table.sessions.values()):
            self._look_ahead_of(session)

    def _look_ahead_of(self, session, force: bool = False) -> None:
        from ui.narration.games import GAMES, state_of

        ahead = getattr(self, "look_ahead", None)
        game = session.engine.name
        if ahead is None or game not in GAMES or self.narrator is None or not self.narrator.config.prerender:
            return
        seen = getattr(self, "_looked_at", None)
        if seen is None:
            seen = self._looked_at = {}
        key = (session.game_id, session.action_count)
        if not force and seen.get(game) == key:
            return
        seen[game] = key
        try:
            # espeak-ng renders a line in tens of ms: two moves ahead. A natural voice takes a
            # second or more a line (benchmarks/bench_voice.py): one move ahead, half the lines
            # (and half the cache) for the lines that can come next
            synth = self.narrator.synthesizer
            depth = 2 if synth is not None and synth.engine == "espeak-ng" else 1
            ahead.want(game, state_of(session), session.config, depth=depth)
        except Exception:
            log.exception("narration: the lines ahead could not be asked for")

    def _prerender_ahead(self, lines, first: bool = True) -> None:
        if self.narrator is not None:
            try:
                self.narrator.prerender(lines, first=first)
            except Exception:
                log.exception("narration: lines ahead could not be queued")

    def _with_voice_pick(self, config):
        """The settings file's narration config with the owner's pick from Settings on top."""
        from dataclasses import replace

        pick = self.store.get_setting(VOICE_KEY, "")
        if config.engine == "none" or not pick:
            return config
        if pick == "espeak":
            return replace(config, engine="espeak")
        return replace(config, engine="auto", piper_voice=str(pick))

    def _use_narrator(self, narrator) -> None:
        old = self.narrator
        self.narrator = narrator
        narrator.bind(is_text_only=self._narrator_changed, text_only_reason=self._narrator_changed,
                      last_line=lambda _n, line: setattr(self, "last_line", line),
                      notice=lambda _n, text: self.add_problems([text]))
        self.add_problems([narrator.notice])
        self._narrator_natural = (narrator.is_text_only, narrator.text_only_reason)
        self.set_volume(float(self.store.get_setting(VOLUME_KEY, 1.0)), remember=False)
        self.set_bed_volume(float(self.store.get_setting(BED_VOLUME_KEY, narrator.config.bed_volume)),
                            remember=False)
        self.set_narration(bool(self.store.get_setting(NARRATION_ON_KEY, True)), remember=False)
        self._narrator_changed()
        if old is not None:
            old.close()
        if narrator.config.prerender:
            # every fixed line of every game, in the background, after the first screen has drawn
            Clock.schedule_once(lambda _dt: self._prerender_fixed(narrator), 1.0)

    def _prerender_fixed(self, narrator) -> None:
        if narrator is not self.narrator:
            return
        try:
            from ui.narration.lines import fixed_lines

            narrator.prerender(fixed_lines())
            ahead = getattr(self, "look_ahead", None)
            if ahead is not None:  # the nameless lines of the games that build their words
                from ui.narration.games import FIXED_GAMES

                ahead.fixed(FIXED_GAMES)
            self._looked_at = {}  # a new voice: the open games' next lines again
            self._look_at_open_games()
        except Exception:  # a missing line is rendered when said; never worth a crash
            log.exception("narration: the fixed lines could not be queued")

    def set_voice(self, pick: str) -> None:
        """Settings: speak with another voice (a piper voice file's path, or "espeak"); the fixed
        lines are rendered again in the background for it."""
        from ui.narration import Narrator

        self._remember(VOICE_KEY, pick)
        config = getattr(self, "narration_config", None)
        if config is None or self.narrator is None:
            return
        self._use_narrator(Narrator(self._with_voice_pick(config)))

    def set_bed_volume(self, volume: float, remember: bool = True) -> None:
        volume = round(max(0.0, min(1.0, float(volume))), 2)
        self.bed_volume = volume
        if self.narrator is not None:
            self.narrator.bed_volume = volume
            if volume == 0.0:
                self.narrator.stop_bed(fade=False)
        if remember:
            self._remember(BED_VOLUME_KEY, volume)

    def night_sound(self, on: bool) -> None:
        """The Mafia+ night's bed of sound: on at nightfall, faded out at dawn (docs/narration.md)."""
        narrator = self.narrator
        if narrator is None:
            return
        if on and self.narration_on and narrator.config.night_bed and self.bed_volume > 0:
            narrator.start_bed()
        else:
            narrator.stop_bed(fade=True)

    def prerender_lines(self, lines) -> None:
        """Render lines in the background now that their names are known (the deal, nightfall)."""
        if self.narrator is not None:
            try:
                self.narrator.prerender(lines)
            except Exception:
                log.exception("narration: lines could not be queued")

    def _narrator_changed(self, *_):
        narrator = self.narrator
        if self.narration_on:
            # a device found missing while playing is a natural reason, kept when narration is switched back on
            self._narrator_natural = (narrator.is_text_only, narrator.text_only_reason)
        self.text_only = narrator.is_text_only
        self.text_only_reason = narrator.text_only_reason if narrator.is_text_only else ""

    # -- sound ------------------------------------------------------------------------------
    def set_volume(self, volume: float, remember: bool = True) -> None:
        volume = round(max(0.0, min(1.0, float(volume))), 2)
        self.volume = volume
        if self.narrator is not None:
            self.narrator.volume = volume
        if remember:
            self._remember(VOLUME_KEY, volume)

    def set_narration(self, on: bool, remember: bool = True) -> None:
        """Narration on/off (off = text only, "narration switched off"); the line still shows."""
        from ui.narration import SWITCHED_OFF

        self.narration_on = bool(on)
        narrator = self.narrator
        if narrator is not None:
            if not on:
                narrator.stop()
                narrator.stop_bed(fade=False)
                narrator.text_only_reason = SWITCHED_OFF
                narrator.is_text_only = True
            elif narrator.text_only_reason == SWITCHED_OFF and narrator.synthesizer is not None:
                natural_text_only, natural_reason = self._narrator_natural
                if natural_reason == SWITCHED_OFF:  # switched off before it ever spoke
                    natural_text_only, natural_reason = False, ""
                narrator.text_only_reason = natural_reason
                narrator.is_text_only = natural_text_only
            self._narrator_changed()
        if remember:
            self._remember(NARRATION_ON_KEY, bool(on))

    def can_switch_narration(self) -> bool:
        """Narration can be switched on only when there is a synthesizer and a device."""
        narrator = self.narrator
        return narrator is not None and narrator.synthesizer is not None and (
            not self._narrator_natural[0] or self._narrator_natural[1] == "narration switched off")

    def repeat_last(self) -> str | None:
        """The "repeat last announcement" button: the line is said (and shown) once more."""
        narrator = self.narrator
        return narrator.repeat_last() if narrator is not None else None

    def _remember(self, key: str, value) -> None:
        try:
            self.store.set_setting(key, value)
        except CompanionError as error:  # a full disk: the setting works now, say it will not stick
            self.add_problems([str(error)])

    def open_sound_panel(self) -> None:
        if self.sound_panel is not None:
            return
        panel = SoundPanel()
        for name in ("volume", "text_only", "last_line"):
            panel.__setattr__(name, getattr(self, name))
        panel.sound_text = self.status.sound_text
        panel.volume_text = f"{round(self.volume * 100)}%"
        self._panel_bindings = [
            ("volume", lambda _a, v: (setattr(panel, "volume", v), setattr(panel, "volume_text", f"{round(v * 100)}%"))),
            ("text_only", lambda _a, v: setattr(panel, "text_only", v)),
            ("last_line", lambda _a, v: setattr(panel, "last_line", v)),
        ]
        for name, callback in self._panel_bindings:
            self.fbind(name, callback)
        self.status.fbind("sound_text", self._panel_sound_text)
        panel.bind(on_volume_step=lambda _p, steps: self.set_volume(round(self.volume + steps * 0.1, 1)),
                   on_repeat=lambda *_: self.repeat_last(),
                   on_settings=lambda *_: (self.close_sound_panel(), self.go(Route("settings"))),
                   on_dismiss=lambda *_: self.close_sound_panel())
        self.sound_panel = panel
        self.root.add_widget(panel)

    def _panel_sound_text(self, _bar, text):
        if self.sound_panel is not None:
            self.sound_panel.sound_text = text

    def close_sound_panel(self) -> None:
        panel, self.sound_panel = self.sound_panel, None
        if panel is None:
            return
        for name, callback in self._panel_bindings:
            self.funbind(name, callback)
        self.status.funbind("sound_text", self._panel_sound_text)
        self.root.remove_widget(panel)

    def _hush(self) -> None:
        """An undo: what is being said told of the move taken back; the music bed plays on."""
        narrator = self.narrator
        if narrator is not None:
            narrator.stop()

    def _say(self, text: str, chime: bool = False) -> None:
        narrator = self.narrator
        if narrator is not None:
            narrator.say(text, chime=chime)

