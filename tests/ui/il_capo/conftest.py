collect_ignore = ["il_capo_driver.py"]  # a script run in subprocesses, not a test module
