"""The app shell's jobs, each in a module of its own (mixins of ``ui.app.CompanionApp``):
sound, inputs, navigation and screenshots. ``ui/app.py`` is the wiring."""
