"""A whole 2-player game (5 rounds of 4 Mafiosi) entered tap by tap, with the final score computed by hand.

Tiles: Brakova 6/2, Yakaz 7/3, Rodrigos 8/4, Costa 9/5. Positions below are 0-based (1 and 3 face up).
Copper starts on position 0, Vicelard on position 3, every round.
"""

from contract_helpers import E, area, play, run, start

from companion.engine import TABLE
from companion.games.contract.engine import (CopperDiscard, HireVicelard, Influence, MafiosoTurnedUp, Pass,
                                             PayCopper, PlaceBlackmat, Reinforce)


def test_full_two_player_game_with_hand_computed_final_score():
    # ---- Round 1: Anna first, Bruno (last player) holds the Vicelard card.
    s = start(2, ("yakaz-4", "costa-5"))
    assert (s.first, s.vicelard_card, s.hands) == (0, 1, (5, 5))
    s = play(s, Influence(0, 1, 1, ("contract:yakaz",)),        # Anna 3 on the Yakaz 4
             Influence(1, 0, 1, ("dollar",)),                   # Bruno 2 on face-down position 0
             Influence(0, 3, 1, ("contract:costa",)),           # Anna 3 on the Costa 5
             Influence(1, 3, 1, ("vicelard_contract",)),        # Bruno 3 on the Costa 5 (Vicelard's)
             Pass(0))
    s, texts = run(s, Pass(1))
    assert E.awaiting_turn_up(s) == 0                           # Bruno won the face-down card
    s, texts = run(s, MafiosoTurnedUp(0, "blackmat-1", by_hand=True))
    assert any("Bruno has no family column yet" in t for t in texts)
    assert any("Bruno takes the Copper card" in t for t in texts)   # Copper was on a Blackmat
    assert "The Costa 5: Anna 3, Bruno 3. Anna and Bruno tie at 3: nobody wins it, it is discarded." in texts
    assert s.areas == (area("yakaz-4"), area(waiting=("blackmat-1",)))
    # ---- Round 2: Bruno first; nobody won Vicelard's Mafioso, Bruno holds the Copper card.
    assert (s.round, s.first, s.vicelard_card, s.copper_card) == (2, 1, None, 1)
    assert s.hands == (8, 9) and s.discard == 3 and s.draw_pile == 33
    s = play(s, MafiosoTurnedUp(1, "yakaz-5"), MafiosoTurnedUp(3, "brakova-3"))
    s = play(s, Influence(1, 1, 1, ("contract:yakaz", "copper")),    # Bruno 4 on the Yakaz 5
             Influence(0, 1, 1, ("contract:yakaz",)),               # Anna 3
             Pass(1),
             Reinforce(0, 1, 0, ("contract:yakaz",)),               # Anna 5
             Influence(1, 3, 1, ("back",)),                         # Bruno 1½ on the Brakova 3
             HireVicelard(0, 1, ("half_dollar", "half_dollar")),     # Vicelard onto the Yakaz 5
             PayCopper(1, 3, ("half_dollar",)),                     # Copper onto the Brakova 3
             Pass(0))
    s, texts = run(s, Pass(1))
    assert "The Yakaz 5: Anna 5, Bruno 4. Anna wins it with 5 points." in texts
    assert "Bruno's waiting Blackmat 1 joins the Brakova." in texts
    assert s.areas == (area("yakaz-4", "yakaz-5"), area("brakova-3", blackmats={"brakova": ("blackmat-1",)}))
    # ---- Round 3: Anna first with the Vicelard card; Bruno took the Copper card again.
    assert (s.round, s.first, s.vicelard_card, s.copper_card) == (3, 0, 0, 1)
    assert s.hands == (9, 10) and s.discard == 10 and s.draw_pile == 24
    s = play(s, MafiosoTurnedUp(1, "yakaz-3"), MafiosoTurnedUp(3, "rodrigos-5"))
    s = play(s, Influence(0, 1, 1, ("contract:yakaz",)),                       # Anna 3 on the Yakaz 3
             Influence(1, 3, 1, ("contract:rodrigos", "dollar")),              # Bruno 4 on the Rodrigos 5
             Influence(0, 3, 1, ("vicelard_contract", "contract:rodrigos")),   # Anna 5
             Reinforce(1, 3, 1, ("copper",)),                                  # Bruno 6
             Reinforce(0, 3, 0, ("back",)),                                    # Anna 5½
             Influence(1, 2, 1, ("half_dollar",)),                             # Bruno 1½ face down
             Pass(0))
    s, texts = run(s, Pass(1))
    assert 'Anna is the first: "First to have 3 cards of the same family" — a 3 $ briefcase.' in texts
    s, texts = run(s, MafiosoTurnedUp(2, "blackmat-4", by_hand=True))
    assert "The Blackmat 4 joins Bruno's Brakova." in texts
    assert 'Bruno is the first: "First to have 2 Blackmat cards" — a 3 $ briefcase.' in texts
    assert "The Rodrigos 5: Bruno 6, Anna 5½. Bruno wins it with 6 points." in texts
    # ---- Round 4: Bruno first with the Vicelard card; nobody won Copper's Mafioso.
    assert (s.round, s.first, s.vicelard_card, s.copper_card) == (4, 1, 1, None)
    assert s.hands == (10, 10) and s.discard == 16 and s.draw_pile == 17
    s = play(s, MafiosoTurnedUp(1, "costa-4"), MafiosoTurnedUp(3, "yakaz-3"))
    s = play(s, Influence(1, 3, 1, ("contract:yakaz", "vicelard_contract")),  # Bruno 5 on the Yakaz 3
             Influence(0, 1, 1, ("contract:costa",)),                         # Anna 3 on the Costa 4
             HireVicelard(1, 0, ("dollar",), 3),                              # Vicelard chases Copper to the Yakaz 3
             Influence(0, 3, 1, ("contract:yakaz",)),                         # Anna 3 on the Yakaz 3
             Pass(1))
    s, texts = run(s, Pass(0))
    assert s.pending and E.legal_actions(s)[-1].kind == "take_copper_card"
    s, texts = run(s, CopperDiscard(1, 0, "yakaz-5"))
    assert s.areas == (area("yakaz-4", "yakaz-3", "costa-4"),
                       area("brakova-3", "rodrigos-5", "yakaz-3", blackmats={"brakova": ("blackmat-1", "blackmat-4")}))
    # ---- Round 5: Anna first; nobody holds a special card.
    assert (s.round, s.first, s.vicelard_card, s.copper_card) == (5, 0, None, None)
    assert s.hands == (10, 10) and s.discard == 20 and s.draw_pile == 13
    s = play(s, MafiosoTurnedUp(1, "costa-3"), MafiosoTurnedUp(3, "blackmat-3"))
    s = play(s, Influence(0, 3, 1, ("dollar",)),                 # Anna 2 on the Blackmat 3
             Influence(1, 1, 1, ("contract:costa",)),            # Bruno 3 on the Costa 3
             Influence(0, 0, 1, ("back",)),                      # Anna 1½ face down (Copper's)
             Pass(1), Pass(0),
             MafiosoTurnedUp(0, "brakova-5", by_hand=True))
    s, texts = run(s, CopperDiscard(0, 1, "brakova-3"))         # Bruno's Brakova column empties
    assert [a.family for a in E.legal_actions(s)] == ["yakaz", "rodrigos"]
    s = play(s, PlaceBlackmat(1, "blackmat-1", "rodrigos"), PlaceBlackmat(1, "blackmat-4", "yakaz"))
    assert [a.family for a in E.legal_actions(s)] == ["brakova", "yakaz", "costa"]   # Anna's Blackmat 3
    s, texts = run(s, PlaceBlackmat(0, "blackmat-3", "costa"))
    assert s.phase == "over" and E.legal_actions(s) == []
    assert s.areas == (area("brakova-5", "yakaz-4", "yakaz-3", "costa-4", blackmats={"costa": ("blackmat-3",)}),
                       area("yakaz-3", "rodrigos-5", "costa-3",
                            blackmats={"rodrigos": ("blackmat-1",), "yakaz": ("blackmat-4",)}))
    # ---- Final score, by hand:
    # Brakova: Anna 5 alone -> first 6 $.
    # Yakaz: Anna 4+3 = 7, Bruno 3+4(Blackmat) = 7 -> tie, Anna's highest card 4 beats 3: Anna 7 $, Bruno 3 $.
    # Rodrigos: Bruno 5+1 = 6 alone -> 8 $.  Costa: Anna 4+3 = 7, Bruno 3 -> Anna 9 $, Bruno 5 $.
    # In game: Anna "3 of the same family" 3 $, Bruno "2 Blackmats" 3 $.
    # End: most Mafiosi 5-5 tie; largest family Anna 2 (Yakaz) vs 1 -> Anna 4 $;
    #      strength 3: Anna Yakaz 3 + Blackmat 3, Bruno Yakaz 3 + Costa 3 -> tie.
    # Anna 6 + 7 + 9 + 3 + 4 = 29 $; Bruno 3 + 8 + 5 + 3 = 19 $.
    score = E.final_score(s)
    anna, bruno = score.rows
    assert anna.trafficking == (("brakova", "first", 6), ("yakaz", "first", 7), ("costa", "first", 9))
    assert bruno.trafficking == (("yakaz", "second", 3), ("rodrigos", "first", 8), ("costa", "second", 5))
    assert anna.briefcases == (("First to have 3 cards of the same family", 3), ("Largest family of one colour", 4))
    assert bruno.briefcases == (("First to have 2 Blackmat cards", 3),)
    assert (anna.total, bruno.total) == (29, 19)
    outcome = E.outcome(s)
    assert outcome.winners == (0,) and outcome.reason == "Anna wins with 29 $."
    assert "Final score: Anna 29 $ and Bruno 19 $." in texts
    assert E.view(s, TABLE).score == score
    # influence cards are all accounted for: pile + discard + hands (nothing left on the table)
    assert s.draw_pile + s.discard + sum(s.hands) == 53
