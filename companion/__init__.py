"""Mafia Table Companion: pure rules engines, the durable session and the command line.

Nothing in this package imports kivy, gpiozero or serial, so every rule runs (and is tested,
replayed and simulated) in a plain interpreter.
"""

__version__ = "0.1.0"
