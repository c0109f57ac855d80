collect_ignore = ["sicily_driver.py"]  # a script run in subprocesses, not a test module
