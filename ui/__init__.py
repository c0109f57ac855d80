"""The touchscreen app (Kivy). Importing this package imports no Kivy: ``ui.controller`` stays
testable in a plain interpreter; Kivy is configured and imported by ``ui.main`` only."""
