collect_ignore = ["mafia_plus_driver.py"]
