"""What the Game Master says aloud, as data: one line per step, keyed by a line id.

Rulebook, "Night": *the GM wakes the Mafia … and then, one by one, every character with a Night
ability gets woken up*. The app calls every role in the set every night, dead or alive, shipped
out or at home, with the same words, so that nothing is learned from silence. No line ever names a
seat's character: lines name roles (to call them) or players (to announce public facts), never both.

>>> line("call.doctor")
'The Doctor wakes and chooses someone to heal.'
>>> line("day.stats", stats="6-2-3")
'The stats are 6-2-3 (City-Mafia-Syndicate).'
"""

from __future__ import annotations

LINES: dict[str, str] = {
    # -- the deal and the night ------------------------------------------------------------------
    "deal.done": "The cards are dealt. Look at your own card in secret and tell no one.",
    "deal.all_seen": "Everyone has seen their card.",  # the table's screen, once the last card was seen
    "call.sleep": "Night falls. Everyone, close your eyes and sleep.",
    "done.sleep": "The town is asleep.",
    "call.mafia_meet": ("Mafia, wake up and look around: these are your fellow members. "
                        "The Boss, raise your hand so the Mafia knows who has the final word."),
    "done.mafia_meet": "Mafia, close your eyes and go back to sleep.",
    "call.mafia": ("Mafia, wake up and silently choose one person to eliminate. "
                   "If you cannot agree, the Boss decides."),
    "done.mafia": "Thank you. Mafia, go back to sleep.",
    "call.doctor": "The Doctor wakes and chooses someone to heal.",
    "done.doctor": "Thank you. That person can sleep soundly tonight. The Doctor goes back to sleep.",
    "call.railwayman": "The Railwayman wakes and chooses one person to ship out of town.",
    "done.railwayman": "Thank you. The Railwayman goes back to sleep.",
    "call.detective": "The Detective wakes and chooses one person to investigate.",
    "done.detective": "Thank you. The Detective goes back to sleep.",
    "call.angel_of_death": "The Angel of Death wakes and marks one person.",
    "done.angel_of_death": "Thank you. The Angel of Death goes back to sleep.",
    "call.janitor": "The Janitor wakes and may sweep tonight's dirt under the rug.",
    "done.janitor": "Thank you. The Janitor goes back to sleep.",
    "call.bartender": "The Bartender wakes and may get the Mafia drunk, to the left or to the right.",
    "done.bartender": "Thank you. The Bartender goes back to sleep.",
    "call.gun_shop_owner": "The Gun Shop Owner wakes. If the Mafia came for you tonight, you may shoot once more.",
    "done.gun_shop_owner": "Thank you. The Gun Shop Owner goes back to sleep.",
    "call.lady_of_the_night": ("The Lady of the Night wakes and chooses one person to seduce. "
                               "She will see their card."),
    "done.lady_of_the_night": "Thank you. The Lady of the Night goes back to sleep.",
    # the Lady's second waking (the night screen's: the one she chose learns who chose them)
    "lady.wake": ("Lady of the Night, tap the shoulder of the one you chose. Whoever was tapped: "
                  "open your eyes, hold to open, and see who chose you."),
    "lady.sleep": "Thank you. Go back to sleep.",
    "call.bodyguard": "The Bodyguard wakes and chooses one person to protect.",
    "done.bodyguard": "Thank you. The Bodyguard goes back to sleep.",
    "call.blackmailer": ("The Blackmailer wakes and chooses one person to blackmail. "
                         "That person will learn who holds their secret."),
    "done.blackmailer": "Thank you. The Blackmailer goes back to sleep.",
    "call.blackmailing_boss": ("The Blackmailing Boss wakes and chooses one person to blackmail. "
                               "That person will learn who holds their secret."),
    "done.blackmailing_boss": "Thank you. The Blackmailing Boss goes back to sleep.",
    "call.dawn": "Morning comes. Everyone, wake up.",
    # -- the day ---------------------------------------------------------------------------------
    "day.start": "Day {day} begins.",
    "day.starting_stats": "The starting stats are {stats} (City-Mafia-Syndicate).",
    "day.deaths": "Tonight we lost {names}.",
    "day.no_deaths": "Nobody was eliminated tonight.",
    "day.away": "{name} has been shipped out of town for today and tonight: they may not speak, vote or act.",
    "day.stats": "The stats are {stats} (City-Mafia-Syndicate).",
    "day.stats_hidden": "The stats are unavailable today.",
    "day.accused": "{by} accuses {name}.",
    "day.dropped": "{name} is no longer accused.",
    "vote.call.eliminate": "The vote begins: who should be eliminated? The accused: {names}.",
    "vote.call.reveal": "The vote to reveal begins: whose Faction should be revealed? The accused: {names}.",
    "vote.secret": "This vote is secret.",
    "vote.cast": "{by} votes for {name}.",
    "vote.abstain": "{by} abstains.",
    "vote.cast_secret": "{by} has voted.",
    "vote.tally": "The votes: {tally}.",
    "vote.majority": "{name} has the majority.",
    "vote.tie": "It is a tie between {names}.",
    "vote.nobody": "Nobody received a vote.",
    "vote.debate": "Debate again; the accused may be narrowed down.",
    "vote.sentence_eliminate": "The sentence is carried out: {name} walks the plank.",
    "vote.survived": "{name} survives.",
    "vote.sentence_reveal": "{name}'s Faction is revealed: {thumb} — {faction}.",
    "vote.no_sentence": "Nobody is sentenced today.",
    "day.eliminated": "{names} {verb} eliminated.",
    "chairman.declares": "{by} stands up as the Chairman: the vote is annulled.",
    "chairman.revote": "The Chairman calls a re-vote to {mode}.",
    "chairman.end_day": "The Chairman ends the Day.",
    "daughter.declares": "{by} stands up as the Chairman's Daughter: her vote counts double.",
    "cannon.shoots": "{by} stands up as the Loose Cannon and shoots {name}!",
    "cannon.self": "{by} stands up as the Loose Cannon and shoots themselves!",
    "cannon.missed": "Nobody is eliminated.",
    "day.ends": "The Day ends.",
    "day.no_vote": "Nobody here can be accused today: the Day ends without a vote.",
    # -- the end ---------------------------------------------------------------------------------
    "end.city": "The Mafia has been eliminated: the City wins!",
    "end.mafia": "The City has been eliminated: the Mafia wins!",
    "end.both": "The City and the Mafia were eliminated at the same moment: neither core Faction wins.",
    "end.syndicate": "The Syndicate survivors win too: {names}.",
    "end.syndicate_reason": "The Syndicate survivors win too.",
}


def line(line_id: str, **values: object) -> str:
    """The exact words for ``line_id`` with ``values`` filled in."""
    return LINES[line_id].format(**values)


def names_text(names: list[str] | tuple[str, ...]) -> str:
    """'Anna', 'Anna and Bob', 'Anna, Bob and Carl'."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]
