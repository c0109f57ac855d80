import sys
from sicily_robot import new_game
def run(t):
    r = t.robot
    r.tap("Mafia (Sicily)")
    r.run_for(0.5); r.shot("setup")
    r.tap("‹ Home")
    new_game(r)
    for i in range(8):
        r.run_for(1.0)
        print("---", r.screen_text(), flush=True)
        print("   controls:", [c.text for c in r.controls()], flush=True)
        r.shot(f"s{i}")
        ctl = [c.text for c in r.controls() if c.text not in ("Cards","Score","Undo","‹ Home")]
        if ctl: r.tap(ctl[0])
