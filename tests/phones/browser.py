"""Phones in a real browser: Debian's headless Chromium driven by selenium, used like a person.

One Chromium, one window per phone; each phone opens the table at its own loopback address
(127.0.0.2, 127.0.0.3, ...), so each has its own cookies exactly as separate phones would. A
phone finds buttons by their visible text, touches only visible and enabled ones, holds hold
buttons for their hold time, and waits for the page to show what comes next (a page that shows
nothing new within a generous limit is a stall).

What each page *received* is recorded by the browser itself: a script added before the page
loads keeps every WebSocket frame and every fetch body the page got (window.__received), so a
test can scan them for another seat's secrets. The page's own code is untouched.
"""

from __future__ import annotations

import shutil
import time

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

PATIENCE = 20.0
RECORD = r"""
window.__received = [];
const NativeSocket = window.WebSocket;
window.WebSocket = function (...args) {
  const ws = new NativeSocket(...args);
  ws.addEventListener("message", (e) => window.__received.push(String(e.data)));
  return ws;
};
window.WebSocket.prototype = NativeSocket.prototype;
const nativeFetch = window.fetch;
window.fetch = async (...args) => {
  const response = await nativeFetch(...args);
  response.clone().text().then((t) => window.__received.push(t));
  return response;
};
"""


class Stalled(AssertionError):
    """The page stopped showing anything new."""


def chromium_available() -> str | None:
    """Why a browser test cannot run here (None when it can)."""
    if not shutil.which("chromium") or not shutil.which("chromedriver"):
        return "Debian's chromium and chromium-driver are not installed (./dev installs them)"
    return None


class Browser:
    """``pump(seconds)`` lets the table run while a page is waited for (the table robot's
    ``run_for`` when the Kivy app shares this process; a plain sleep otherwise)."""

    def __init__(self, width: int = 390, height: int = 844, pump=time.sleep) -> None:
        self.pump = pump
        options = webdriver.ChromeOptions()
        options.binary_location = shutil.which("chromium")
        for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--no-first-run", "--disable-background-networking", "--disable-component-update",
                     "--disable-sync", "--disable-background-timer-throttling",
                     "--disable-renderer-backgrounding", "--disable-backgrounding-occluded-windows",
                     f"--window-size={width},{height}"):
            options.add_argument(flag)
        self.driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
        self._first = True
        self.width, self.height = width, height

    def phone(self, url: str) -> "PhonePage":
        if self._first:
            self._first = False
        else:
            self.driver.switch_to.new_window("window")
        handle = self.driver.current_window_handle
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD})
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {  # a phone, portrait
            "width": self.width, "height": self.height, "deviceScaleFactor": 1, "mobile": True})
        self.driver.get(url)
        return PhonePage(self.driver, handle, self.pump)

    def close(self) -> None:
        self.driver.quit()


class PhonePage:
    def __init__(self, driver, handle: str, pump=time.sleep) -> None:
        self.driver = driver
        self.pump = pump
        self.handle = handle
        self.kept: list[str] = []  # frames received before a reload

    def _here(self):
        if self.driver.current_window_handle != self.handle:
            self.driver.switch_to.window(self.handle)
        return self.driver

    # -- eyes ------------------------------------------------------------------------------------
    def text(self) -> str:
        """Everything a person can read on the page now (hidden sections are not read)."""
        return self._here().find_element(By.TAG_NAME, "body").text

    def received(self) -> list[str]:
        return self.kept + list(self._here().execute_script("return window.__received || []"))

    def html(self, css: str = "main") -> str:
        return self._here().find_element(By.CSS_SELECTOR, css).get_attribute("outerHTML")

    def wait_for(self, text: str, patience: float = PATIENCE) -> str:
        end = time.monotonic() + patience
        while time.monotonic() < end:
            seen = self.text()
            if text in seen:
                return seen
            self.pump(0.05)
        raise Stalled(f"stalled waiting for {text!r}; the page shows: {self.text()!r}")

    def buttons(self) -> list:
        """The visible, enabled buttons, in page order."""
        for _ in range(3):
            try:
                return [b for b in self._here().find_elements(By.TAG_NAME, "button")
                        if b.is_displayed() and b.is_enabled()]
            except StaleElementReferenceException:
                continue
        return []

    # -- a finger ----------------------------------------------------------------------------------
    def control(self, text: str):
        for _ in range(3):
            try:
                for button in self._here().find_elements(By.TAG_NAME, "button"):
                    if button.is_displayed() and button.is_enabled() and button.text.strip() == text:
                        return button
                break
            except StaleElementReferenceException:
                continue
        raise AssertionError(f"no visible, enabled button {text!r}; the page shows: {self.text()!r}")

    def tap(self, text: str) -> None:
        self.control(text).click()

    def hold(self, text: str) -> None:
        """Hold like a person watching the ring: down, until the ring has filled, then up. (A
        fixed pause is not enough on a loaded machine: the page may see the finger go down late
        and the lift at once, a hold too short to count.)"""
        button = self.control(text)
        ActionChains(self._here()).click_and_hold(button).perform()
        started = False
        end = time.monotonic() + PATIENCE
        try:
            while time.monotonic() < end:
                filling = "holding" in (button.get_attribute("class") or "")
                if filling:
                    started = True
                elif started:
                    break  # the ring filled (or the page moved on)
                self.pump(0.05)
        except StaleElementReferenceException:
            pass
        finally:
            ActionChains(self._here()).release().perform()
        if not started:
            raise Stalled(f"holding {text!r} never filled its ring; the page shows: {self.text()!r}")

    def press(self, text: str) -> None:
        """A finger that stays down (hold-to-peek) until ``lift``."""
        ActionChains(self._here()).click_and_hold(self.control(text)).perform()

    def lift(self) -> None:
        ActionChains(self._here()).release().perform()

    def reload(self) -> None:
        self.kept += self.received()
        self._here().refresh()

    def screenshot(self, path) -> None:
        self._here().save_screenshot(str(path))
