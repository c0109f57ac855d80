"""Screenshots (``--screenshot``): a seeded sample game for the screen asked for, a few real frames
once the layout settled, the window exported as a PNG. A mixin of ``ui.app.CompanionApp``."""

from __future__ import annotations

import sys

from kivy.clock import Clock

from ui.controller import Route

SAMPLE_SEED = 20260  # screenshots: the same sample game every time
SAMPLE_DRAWS = ("roll2d6", "spin", "roll2d6", "roll1d6", "spin", "roll2d6")


class ScreenshotMixin:
    # -- screenshots ----------------------------------------------------------------------
    def seed_sample(self):
        """A small reproducible dice game so screenshots show real results."""
        from companion.session import Session

        session = Session.start(self.store, "dice", {}, seed=SAMPLE_SEED)
        for request in SAMPLE_DRAWS:
            session.draw(request)
        self.sessions["dice"] = session
        return session

    def _prepare_screenshot(self) -> None:
        name = self.screenshot_screen
        if self.sample:
            self.seed_sample()
        from ui.manifest import manifest_of_screen

        manifest = manifest_of_screen(name)
        if name == "coming_soon":
            route = self.controller.sample_coming_soon()
        elif manifest is not None and manifest.sample:
            route = manifest.sample_route(self.table, name) or Route(name)  # a seeded sample game
        elif hasattr(type(self.screen(name)), "sample_route"):
            route = self.screen(name).sample_route(self)  # a seeded sample game for the picture
        else:
            route = Route(name)
        if name == "dice_entry":
            self.go(Route("dice"))
        self.go(route)
        for screen in self.manager.screens:
            if hasattr(screen, "settle"):
                screen.settle()  # no animation half-way in a picture
        self._frames_left = 4
        Clock.schedule_once(self._take_screenshot, 0.3)

    def _take_screenshot(self, *_):
        # a few real frames after the layout settled, whatever the machine's speed
        self._frames_left -= 1
        if self._frames_left > 0:
            Clock.schedule_once(self._take_screenshot, 0)
            return
        try:
            self.root.export_to_png(self.screenshot)
        except Exception as error:  # a picture that cannot be written is a failed run, said in words
            print(f"Could not write the screenshot {self.screenshot}: {error}", file=sys.__stderr__, flush=True)
            self.exit_code = 1
        self.stop()

