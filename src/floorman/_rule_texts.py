"""Our own one-line paraphrases of the rules of Robert's Rules of Poker, version 5.

Ids follow the RRP5 citation scheme, ``<section>.<rule>[.<sub>]`` (e.g. ``misdeals.1.2``), with
``<section>.intro`` for a rule stated in a section's opening paragraph. The texts are short
paraphrases in our own words, not the rulebook's sentences; where an older printing of the
button-and-blind chapter adds something, the addition is folded in and marked "(older printing)".
Source: "Robert's Rules of Poker" by Bob Ciaffone.
"""

from __future__ import annotations

from floorman._static import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Final

SECTIONS: Final[dict[str, str]] = {
    "conduct.prohibited": "Conduct: acts not permitted",
    "conduct.improper": "Conduct: improper acts, grounds for warning, suspension or barring",
    "smoking": "Smoking policy",
    "decisions": "Decisions: who rules and when a ruling may be asked for",
    "policies": "Cardroom policies",
    "seating": "Waiting lists and seating",
    "ranking": "Ranking of hands",
    "buy-in": "Buy-in",
    "misdeals": "Misdeals",
    "dead-hands": "Dead hands",
    "irregularities": "Irregularities",
    "betting": "Betting and raising",
    "showdown": "Showdown",
    "ties": "Ties, suit order and odd chips",
    "blinds": "Button and blind use",
}

RULES: Final[dict[str, str]] = {
    "conduct.prohibited.intro": (
        "The house tries to keep the room pleasant but does not answer for how any player "
        "behaves; it has a code of conduct and may refuse the room to anyone who breaks it. The "
        "acts listed below are forbidden."
    ),
    "conduct.prohibited.1": "No collusion with another player and no cheating of any other kind.",
    "conduct.prohibited.2": (
        "No threats, spoken or physical, against any customer or member of staff."
    ),
    "conduct.prohibited.3": "No swearing or obscene talk.",
    "conduct.prohibited.4": "No disturbances: no quarrelling, shouting or excessive noise.",
    "conduct.prohibited.5": "Cards must not be thrown, torn, bent or crumpled.",
    "conduct.prohibited.6": "No damaging or defacing of property.",
    "conduct.prohibited.7": "No use of illegal drugs.",
    "conduct.prohibited.8": "No one may carry a weapon.",
    "conduct.improper.intro": (
        "The acts listed below are improper; committing one can bring a warning, a suspension or "
        "a bar from the room."
    ),
    "conduct.improper.1": "Acting out of turn on purpose.",
    "conduct.improper.2": "Splashing chips into the pot on purpose.",
    "conduct.improper.3": (
        "Agreeing to check the hand through to the end while a third player is all-in."
    ),
    "conduct.improper.4": (
        "At showdown, announcing what another player's hand holds before that hand has been "
        "turned faceup on the table."
    ),
    "conduct.improper.5": "At showdown, telling another player to turn a hand faceup.",
    "conduct.improper.6": (
        "Disclosing what a live hand holds, in a pot with more than two players, while betting is "
        "still open."
    ),
    "conduct.improper.7": (
        "Disclosing what a folded hand held before the betting is over. During a deal nobody may "
        "tell anyone, even someone out of the pot, what a hand contains, so it cannot reach an "
        "active player."
    ),
    "conduct.improper.8": "Holding up the game without need.",
    "conduct.improper.9": (
        "Discarding away from the muck on purpose; discards should travel low and at moderate "
        "speed, not aimed at the dealer's hands or rack."
    ),
    "conduct.improper.10": (
        "Stacking chips so that they get in the way of dealing or of seeing the cards."
    ),
    "conduct.improper.11": (
        "Saying or doing anything that could unfairly affect play, whether or not the person has "
        "a hand in the pot."
    ),
    "conduct.improper.12": "Using a mobile phone while seated at the table.",
    "smoking.intro": (
        "The smoking rules below are for a room that allows some smoking; a room with a total ban "
        "does not need them."
    ),
    "smoking.1": "Both seats next to the dealer are non-smoking seats.",
    "smoking.2": "No cigars or pipes anywhere in the cardroom.",
    "smoking.3": "Guests and spectators may not smoke.",
    "decisions.1": (
        "Management may rule as fairness requires, even where a literal reading of the rules "
        "would point to another result."
    ),
    "decisions.2": "The shift supervisor has the final word on any decision.",
    "decisions.3": (
        "An error or irregularity should be raised as soon as it happens or is first seen; "
        "waiting may change the ruling."
    ),
    "decisions.4": (
        "The house bears no liability when an employee, acting in good faith, misreads a rule or "
        "makes a wrong decision."
    ),
    "decisions.5": (
        "A ruling on a pot can be asked for only until the next deal begins (the first riffle of "
        "the shuffle) or the game ends or moves to another table; after that the result stands."
    ),
    "decisions.6": (
        "If a pot went to the wrong player and got mixed with other chips, and the ruling was "
        "asked for in time (decisions.5), management may rebuild the betting to find the pot's "
        "size and move that amount to the rightful winner."
    ),
    "decisions.7": (
        "Play may be asked to go on while a ruling is briefly delayed (e.g. to review the camera "
        "tape or reach the shift supervisor); meanwhile the house may hold all or part of the "
        "pot."
    ),
    "decisions.8": (
        "Since the same act can mean different things from different people, an offender's likely "
        "intent is weighed, looking at e.g. poker experience and past record."
    ),
    "policies.1": "Management decides when any game opens or closes.",
    "policies.2": (
        "Time (seat rent) is paid in advance and the dealer collects it from every player before "
        "dealing. A player who declines may play one courtesy hand at Seven-Card Stud, or play up "
        "to the blind in button games, only if nobody is waiting; if two or more names are on the "
        "list when time is due, all pay, and a new player pays nothing when at most one person "
        "waits."
    ),
    "policies.3": (
        "No cash on the table; only chips play. If a player unaware of the rule has cash in play "
        "during a hand, the dealer may allow it unless someone in the pot objects, and has it "
        "changed into chips once the hand is over; another casino's chips never play and are "
        "dealt with the same way."
    ),
    "policies.4": (
        "A player leaving the table may take chips and money away for safety but must bring all "
        "of it back on return; the house does not answer for chips left unattended, though it "
        "tries to guard them."
    ),
    "policies.5": (
        "A player who cashes out and comes back to that game less than an hour later must buy in "
        "for the amount taken away."
    ),
    "policies.6": (
        "Table stakes: a hand is played only with what sits before the player when the deal "
        "begins, plus chips purchased and still on their way, which count only if the amount was "
        "announced (else only the minimum buy-in counts). All chips and money must be visible."
    ),
    "policies.7": (
        "Playing behind is allowed only for chips bought and not yet arrived, and only for an "
        "amount announced to the table (otherwise just the minimum buy-in plays)."
    ),
    "policies.8": "Chips may not be played out of a rack.",
    "policies.9": "A hand is played by one person only.",
    "policies.10": "No one may play with chips that belong to another player.",
    "policies.11": "A player needs permission before sitting down in a game.",
    "policies.12": (
        "Playing over (using an absent player's seat) needs the floorperson's permission and a "
        "playover box; the absent player's consent is not needed."
    ),
    "policies.13": "Pushing bets, also called saving or potting out, is forbidden.",
    "policies.14": "No one may put up an ante or post a blind on another player's behalf.",
    "policies.15": (
        "Players may not agree to split pots, in any game; in button games the small and big "
        "blind may chop when every other player has folded."
    ),
    "policies.16": (
        "Insurance deals are forbidden. At big-bet poker the rest of the board may be dealt two "
        "or three times when a player is all-in."
    ),
    "policies.17": (
        "If at least two players oppose a change of the betting limit, it stays; any increase "
        "also needs management's approval."
    ),
    "policies.18": (
        "Cards must stay in full view: above the level of the table, not beyond its edge, and "
        "never wholly hidden under the hands."
    ),
    "policies.19": (
        "Every player may see an opponent's chips clearly; larger-value chips should be easy to "
        "see."
    ),
    "policies.20": (
        "The chips of a player away from the table over 30 minutes may be picked up; telling a "
        "floorperson beforehand can extend the absence, and frequent or long absences may also "
        "lead to pick-up."
    ),
    "policies.21": (
        "While someone is waiting to play, a locked seat in a freshly started game is released "
        "after five minutes, and no seat may be held locked beyond ten minutes."
    ),
    "policies.22": (
        "A fresh deck stays in play for at least one complete orbit of the table, and a fresh "
        "setup for at least 60 minutes, except when a deck is faulty or damaged or the cards turn "
        "sticky."
    ),
    "policies.23": "No one may look through the discards or the undealt stub.",
    "policies.24": (
        "When a deal is over, the dealer should not show which card would have come next."
    ),
    "policies.25": (
        "Players should follow the game and not slow it; distractions (e.g. reading) are "
        "discouraged, and a player who causes a problem this way will be asked to stop."
    ),
    "policies.26": "Only players may sit at the table.",
    "policies.27": (
        "Outside tournaments a player may seat a guest behind them if nobody in the game objects; "
        "the guest may look at no hand but that player's."
    ),
    "policies.28": "Players may not speak a foreign language while a hand is in progress.",
    "seating.1": "A name goes on a waiting list only if the player is there in person.",
    "seating.2": (
        "Players must stay in the playing area and listen for their name; one who means to leave "
        "should tell the list-person and may leave $20 for a lock-up."
    ),
    "seating.3": (
        "With several games of the same stakes and form and no must-move, the house seats each "
        "new player where a player is most needed, to keep existing games going; a switch to a "
        "similar game is refused if it would leave the old game shorter than the new one."
    ),
    "seating.4": "No player may hold seats in two games at once.",
    "seating.5": (
        "The house may forbid any two players (spouses, relatives, business partners and the "
        "like) to play in the same game."
    ),
    "seating.6": (
        "At the start of a button game the active players each draw a card for the button; in "
        "high and high-low split games the top card by suit takes it, in low games the bottom "
        "card by suit."
    ),
    "seating.7": (
        "In a new game, whoever reaches the table first picks first among the open seats; of two "
        "arriving together for the same seat, the one higher on the list gets it. A player still "
        "in a pot at another game may have a chosen seat locked up until that hand ends."
    ),
    "seating.8": (
        "Management may keep a particular seat for a player for good reason, e.g. so a player "
        "with poor eyesight can see the board."
    ),
    "seating.9": (
        "To avoid a quarrel over seats, a supervisor may start a game with one player more than "
        "usual; the extra seat is taken away as soon as someone leaves."
    ),
    "seating.10": (
        "To protect a running game, the house may make a newly opened game of the same form and "
        "limit a must-move game, whose list follows the original waiting order. A player who "
        "refuses to go into the main game has to quit, and for one hour may neither play the "
        "must-move game nor sign up for its list."
    ),
    "seating.11": (
        "To keep a place on the list, a player must take a seat in a new or must-move game if, "
        "with that player in it, three or fewer seats would remain empty."
    ),
    "seating.12": (
        "In button games a player called from the must-move game into the main one may keep "
        "playing until the big blind is due, then enters the main game as a newcomer, posting the "
        "big blind or waiting for it. At stud only one more hand is allowed before the move."
    ),
    "seating.13": (
        "A seated player's request to change seats has priority over a newcomer's choice of an "
        "empty seat; but once the newcomer is seated, or has a buy-in or lock-up marker on the "
        "table, the seat goes to a seated player only if that player had asked for it beforehand. "
        "Among seated players the earliest request wins."
    ),
    "seating.14": (
        "In button games, a player who chooses to lock up a seat at another table must go at once "
        "if two or more names wait for the seat being given up, though the button may first be "
        "played if a blind was already paid; with fewer than two waiting, the player may stay "
        "until the blind. At stud the player plays just the current hand if someone waits for the "
        "seat, else one more."
    ),
    "seating.15": (
        "When a game breaks, players may draw cards for their seating order in a similar game, "
        "the floorperson drawing for absent players. An absent player whose card earns an "
        "immediate seat has it locked until due the big blind (two hands at stud), then goes to "
        "the top of the list if not back."
    ),
    "ranking.intro": (
        "In high games the highest hand shown down takes the pot, in low games the lowest; "
        "between hands of equal rank the odd cards (kickers) decide. The categories below run "
        "from lowest to highest."
    ),
    "ranking.1": (
        "High card: cards rank from 2 (lowest) up to ace (highest), except at ace-to-five "
        "lowball, where the ace is always the lowest card."
    ),
    "ranking.2": "One pair: two cards of one rank plus three unmatched cards.",
    "ranking.3": "Two pair: a pair of one rank, a pair of another rank and one unmatched card.",
    "ranking.4": "Three of a kind: three cards of one rank plus two unmatched cards.",
    "ranking.5": (
        "Straight: five cards of consecutive rank, not all of one suit. Unless stated otherwise "
        "the ace counts high (A-K-Q-J-10) or low (5-4-3-2-A)."
    ),
    "ranking.6": (
        "Flush: five cards of one suit; of two flushes, the one with higher cards ranks higher."
    ),
    "ranking.7": "Full house: three of a kind plus a pair.",
    "ranking.8": "Four of a kind: four cards of one rank.",
    "ranking.9": (
        "Straight flush: a straight with all five cards in one suit; of two straight flushes, the "
        "one with higher cards ranks higher."
    ),
    "ranking.10": "Royal flush: A-K-Q-J-10, all five in one suit.",
    "ranking.11": (
        "Five of a kind: four cards of one rank plus a wild card or joker; it tops every other "
        "category."
    ),
    "buy-in.intro": (
        "The buy-in is the least a player without chips must purchase; buying less than that is a "
        "short buy. What follows covers buying in before and during a game."
    ),
    "buy-in.1": (
        "A player joining a game has to buy in fully; at limit poker this means at least 10 times "
        "the game's largest bet, unless the game specifies another amount."
    ),
    "buy-in.2": (
        "A player may buy short only once per game; topping up a stack by any amount between "
        "hands does not count as a buy-in."
    ),
    "buy-in.3": (
        "A player made to move from a broken or must-move game into one with the same limit may "
        "carry on with the same money even if it is under the minimum buy-in; a player who moves "
        "by choice must buy in properly for the new game."
    ),
    "misdeals.intro": "A misdeal is a dealing error after which the hand must be dealt again.",
    "misdeals.1": (
        "Each case below is a misdeal only if the mistake is called out before a second player "
        "has acted; after two players have acted in turn, the hand must be finished (misdeals.2)."
    ),
    "misdeals.1.1": (
        "The dealer mistakenly exposes, or deals faceup, either of the first two cards of the hand."
    ),
    "misdeals.1.2": "The dealer exposes two or more cards.",
    "misdeals.1.3": "Two or more boxed (wrongly faced) cards turn up.",
    "misdeals.1.4": "Two or more extra cards are dealt into the starting hands.",
    "misdeals.1.5": (
        "A player gets the wrong number of cards; exception: the top card may still be dealt if "
        "it reaches that player in proper sequence."
    ),
    "misdeals.1.6": "Any card other than an exposed card is dealt out of proper order.",
    "misdeals.1.7": "The dealer button was in the wrong place.",
    "misdeals.1.8": "The first card went to the wrong seat.",
    "misdeals.1.9": "A hand was dealt to a vacant seat or to someone not entitled to one.",
    "misdeals.1.10": (
        "A player entitled to a hand was left out; only a player who is at the table or has "
        "posted a blind or ante counts as entitled."
    ),
    "misdeals.2": (
        "After significant action no misdeal can be called: the hand is played out, and a player "
        "whose hand is fouled gets no money back."
    ),
    "dead-hands.intro": (
        "A dead hand is one that can no longer be legally played: it takes no further action and "
        "has no claim to any part of the pot."
    ),
    "dead-hands.1": "A hand is dead in any of the cases below.",
    "dead-hands.1.1": "Its holder folds, or announces a fold, while facing a bet or raise.",
    "dead-hands.1.2": (
        "Its holder throws it away in a forward motion and a player behind acts as a result, even "
        "without a bet to face."
    ),
    "dead-hands.1.3": (
        "At Seven-Card Stud, facing a bet, its holder lifts the upcards off the table, turns them "
        "facedown, or mixes them with the downcards."
    ),
    "dead-hands.1.4": (
        "It has too many or too few cards for the game. Exceptions: at stud a hand lacking only "
        "its last card can be kept live, and before the draw at lowball or draw high a short hand "
        "stays live."
    ),
    "dead-hands.1.5": (
        "Its holder acts while holding a joker among the hidden cards in a game played without "
        "jokers; acting without looking at every card means bearing the risk of an improper card "
        "(irregularities.8, irregularities.9)."
    ),
    "dead-hands.1.6": (
        "Its holder is on the clock facing a bet or raise and runs past the time limit."
    ),
    "dead-hands.2": (
        "A hand pitched into the muck may be declared dead, but if it can clearly be identified "
        "management may allow it back when that is best for the game, and leans toward allowing "
        "it when the player folded on wrong information."
    ),
    "dead-hands.3": "A hand thrown onto another player's cards is dead, faceup or facedown.",
    "irregularities.1": (
        "If the button turns out to have been misplaced on the last hand, the button and blind "
        "for the next hand are set so that, where possible, each player gets each position once "
        "in the round."
    ),
    "irregularities.2": (
        "Players must guard their own cards at all times, with a hand, a chip or some object on "
        "top; an unguarded hand that gets fouled, or that the dealer mucks by accident, gets no "
        "redress."
    ),
    "irregularities.3": (
        "A card with a different-coloured back found during a hand voids all action and every "
        "bettor takes back their chips; one found in the stub leaves all action standing."
    ),
    "irregularities.4": (
        "If two identical cards (same rank, same suit) turn up, all action is void and each "
        "bettor gets back the chips they put in, subject to irregularities.5."
    ),
    "irregularities.5": (
        "Someone who knows the deck is faulty must point it out; a player who instead bets "
        "aggressively hoping to win the pot (a freeroll) may forfeit the refund, and the chips "
        "may stay in for the following deal."
    ),
    "irregularities.6": (
        "When a pot holds extra money carried over from the previous deal (e.g. forfeited under "
        "irregularities.5), only players dealt in on that previous deal may get a hand."
    ),
    "irregularities.7": (
        "A boxed card counts as a blank scrap of paper and is replaced by the next card in the "
        "deck, unless that card already went facedown to a player and got mixed with other "
        "downcards; then the boxed card is replaced once the rest of that round is dealt."
    ),
    "irregularities.8": (
        "A joker in a game that does not use it is a scrap of paper and causes no misdeal. Found "
        "before its holder acts, it is replaced as a boxed card is (irregularities.7; the rule "
        "number is missing in the text); a player who acts without pointing it out has a dead "
        "hand."
    ),
    "irregularities.9": (
        "Playing a hand without looking at every card means bearing the risk of an irregular card "
        "or an unwanted joker."
    ),
    "irregularities.10": (
        "The result of a hand stands even if one or more cards are missing from the deck."
    ),
    "irregularities.11": (
        "If the dealer gives out one card too many before the first betting round, that card goes "
        "back on the deck and becomes the burn card."
    ),
    "irregularities.12": (
        "How an exposed card is handled depends on the game (see each game's rules). A card the "
        "dealer flashes counts as exposed, one a player flashes plays, and a downcard that lands "
        "off the table is exposed; to ask for a ruling, announce the flash or exposure before "
        "looking at the card."
    ),
    "irregularities.13": (
        "A player may neither accept nor refuse a card exposed by dealer error; the rules of the "
        "game being played decide."
    ),
    "irregularities.14": "Cards a player drops on the floor still play.",
    "irregularities.15": (
        "Cards the dealer puts out before the betting round is over do not play, even if a player "
        "still to act then folds."
    ),
    "betting.1": "Check-raising is allowed in every game except some forms of lowball.",
    "betting.2": "No-limit and pot-limit games put no cap on the number of raises.",
    "betting.3": (
        "At limit poker, the caps below apply whenever three or more players remain in the pot "
        "without being all-in."
    ),
    "betting.3.1": (
        "Games with three or more betting rounds: at most a bet and three raises per round."
    ),
    "betting.3.2": (
        "Games with two betting rounds (e.g. lowball, draw high): at most a bet and four raises "
        "per round."
    ),
    "betting.4": (
        "Raising is unlimited once play is heads-up, if that happens before the cap is reached; a "
        "round already capped stays capped even when a fold leaves two players."
    ),
    "betting.5": (
        "Every bet or raise must be at least as large as the previous bet or raise of the round, "
        "except an all-in."
    ),
    "betting.6": (
        "At limit, an all-in short of half a bet does not let players who already acted and "
        "matched every earlier bet raise again; a player facing it may fold, call or complete to "
        "a full bet. An all-in of half a bet or more works as a full bet: fold, call or raise a "
        "full bet over it (facing a $15 all-in on a $20 round, raise to $35)."
    ),
    "betting.7": (
        "At no-limit and pot-limit every raise must be at least the previous bet or raise of the "
        "round, except an all-in. A player who already acted and does not face a full wager may "
        "not raise again over an all-in smaller than the minimum bet (the minimum bring-in) or "
        "smaller than the full last bet or raise."
    ),
    "betting.8": (
        "The smallest chip in play is the smallest one used for antes, blinds, rake or time "
        "collection (house rules may exclude chips kept only for house revenue); smaller chips "
        "never play, however many, and must be coloured up between deals. With bets in units of "
        "$1 or more, fractions of a dollar do not play; an all-in player must put in every chip "
        "that plays."
    ),
    "betting.9": (
        "A spoken action binds: declaring a fold, check, bet, call or raise in turn commits the "
        "player to it."
    ),
    "showdown.1": (
        "To win any share of a pot a player must turn every card faceup on the table, whether "
        "used in the final hand or not, with the card backs touching the table."
    ),
    "showdown.2": (
        "Cards speak: hands are read as shown, not as called. The dealer helps read them but "
        "players must keep their cards until a winner is declared; a spoken call binds no one, "
        "but miscalling on purpose to make someone throw away a winner is unethical and may cost "
        "the pot."
    ),
    "showdown.3": (
        "Anyone at the table (player, dealer or floorperson) who notices a wrong amount going "
        "into a pot, or a pot about to be awarded in error, is ethically bound to say so."
    ),
    "showdown.4": "The dealer kills every losing hand before awarding the pot.",
    "showdown.5": (
        "Any player dealt into the hand may ask to see any called hand, even after the opponent's "
        "or the winning hand has gone to the muck; the privilege can be withdrawn if abused. If a "
        "non-winner asks to see a folded hand, that hand becomes dead; if the winner asks to see "
        "a loser's hand, both stay live and the better hand wins."
    ),
    "showdown.6": (
        "Show one, show all: every player is entitled to the same information about the cards of "
        "another player's hand."
    ),
    "showdown.6.1": (
        "After a deal, cards shown to one player may be seen by every player who was dealt cards "
        "in that deal."
    ),
    "showdown.6.2": (
        "Cards shown to someone not in the hand, or to a player who cannot use them in betting, "
        "should be kept from the others until the betting is over, so the deal's outcome is not "
        "affected."
    ),
    "showdown.6.3": (
        "While a hand is in progress, cards shown to a player who may still have to make a "
        "betting decision this round must be shown to all players immediately."
    ),
    "showdown.6.4": (
        "Cards shown to a player with no decision left in the current round, but who could use "
        "them in a later round, should be shown to the others when the current round ends."
    ),
    "showdown.6.5": (
        "If only part of a hand was shown, the unseen cards need not be shown; the shown cards "
        "are handled as in showdown.6.1 to showdown.6.4."
    ),
    "showdown.7": (
        "If the last round is checked through (or everyone is all-in), the first player to act "
        "shows first; if there was betting, the last player to bet or raise shows first. A likely "
        "winner is urged to show at once, and side-pot players show before a player all-in only "
        "for the main pot."
    ),
    "ties.1": (
        "Cards dealt to settle e.g. who gets the button when a game starts, or the seating order "
        "from a broken game, go clockwise from the dealer's left, whatever the button. Equal "
        "ranks are split by suit, highest to lowest: spades, hearts, diamonds, clubs; a pot is "
        "never decided by suit."
    ),
    "ties.2": "When a pot is split, an odd chip is changed into the game's smallest unit.",
    "ties.3": "No player gets more than one odd chip.",
    "ties.4": "When two or more hands tie, the odd chip goes as follows.",
    "ties.4.1": "Button games: to the first tied hand clockwise from the button.",
    "ties.4.2": (
        "Seven-Card Stud: to whoever holds the top card by suit in high games, or the bottom card "
        "by suit in low games, counting every card the player holds, not only the best five."
    ),
    "ties.4.3": (
        "High-low split: when high and low share the pot, the high hand gets the odd chip; tied "
        "high hands settle it as in the high form of that game, tied low hands as in its low "
        "form. Identical hands split the pot as evenly as possible."
    ),
    "ties.5": "The main pot and each side pot are split separately, never lumped together.",
    "blinds.intro": (
        "In button games a dealer who does not play usually deals; a disk (the button) marks the "
        "dealer position, whose holder gets the last card of the deal, acts last from the second "
        "betting round on, and passes the button one seat clockwise after each deal. Blinds go in "
        "before the cards and are part of the poster's bet unless the game's structure or the "
        "situation makes some or all of a blind dead (chips that are dead are not part of the "
        "bet). With two blinds the seat just clockwise of the button posts the small one and the "
        "next seat the big one; with more blinds the smallest is normally to the button's left, "
        "never on it. On the first round the player to the big blind's left opens (fold, call the "
        "big blind or raise); on later rounds the first active player to the button's left "
        "begins."
    ),
    "blinds.1": (
        "The game's form and blind sizes set the minimum bring-in and the opener's allowed "
        "raises; a blind too short to post in full does not lower the minimum bring-in."
    ),
    "blinds.2": (
        "In each round every player must get a turn with the button and must pay the full blind "
        "obligation; the house designates one of the two methods below."
    ),
    "blinds.2.1": (
        "Moving button: the button always advances to the next player and the blinds follow, so a "
        "hand may have more than one big blind."
    ),
    "blinds.2.2": (
        "Dead button: the player due the big blind posts it, and the small blind and the button "
        "are placed to fit, even in front of an empty seat, so one player may act last on two "
        "hands in a row."
    ),
    "blinds.3": (
        "The big blind is its poster's opening bet, and any blind poster may raise at the first "
        "turn to act, except with a dead collection blind. The big blind keeps this option even "
        "when someone goes all-in for less than a minimum raise (older printing)."
    ),
    "blinds.4": "Heads-up with two blinds, the button posts the small blind.",
    "blinds.5": "A new player joining the game chooses one of the options below.",
    "blinds.5.1": "Wait until the big blind comes round.",
    "blinds.5.2": (
        "Post the size of the big blind and be dealt in at once; this post is live. At lowball a "
        "new player must post twice the big blind or else wait for it."
    ),
    "blinds.6": (
        "A new player who lets the button pass once without posting has not missed a blind, and "
        "enters by posting only the big blind (blinds.5)."
    ),
    "blinds.7": "Someone playing over counts as a new player: post a big blind or wait for it.",
    "blinds.8": (
        "No new player is dealt in, and no missed blind is made up, in the seats between the big "
        "blind and the button; wait for the button to pass (buying the button is an alternative "
        "rule, in the Explanations)."
    ),
    "blinds.9": (
        "A player who missed one or more blinds comes back by posting all missed blinds or by "
        "waiting for the big blind. When posting, the part up to the minimum opening bet is live "
        "and the rest is dead (put in the middle, not part of the bet); the player may raise at "
        "the next turn."
    ),
    "blinds.10": (
        "If a player who owes a missed blind gets cards without posting, the hand is dead when "
        "the player has looked at it but neither posted nor acted; if the player has acted and "
        "put chips in before the mistake is noticed, the hand plays and the blind must be posted "
        "on the next deal."
    ),
    "blinds.11": (
        "A player who busts all-in must make up the blinds that pass before buying again, and on "
        "returning does not count as a new player."
    ),
    "blinds.12": "The blind rules below apply to a newly started game.",
    "blinds.12.1": (
        "Everyone who drew for the button is active and must make up any missed blinds."
    ),
    "blinds.12.2": (
        "A new player need not post until the button has gone once around the table, as long as "
        "no blind has yet passed that seat."
    ),
    "blinds.12.3": (
        "Changing seats carries no penalty as long as no blind has yet passed the new seat."
    ),
    "blinds.13": (
        "In multi-blind games a player who moves seats is dealt in at the first hand in the same "
        "position relative to the blinds: moving two active seats farther from the big blind "
        "means waiting two hands, moving closer means no wait. One who has missed no blind may "
        "instead post the size of the big blind and play at once; at lowball the player must "
        "instead kill the pot, or wait either for the same relative position or for the big blind "
        "(older printing)."
    ),
    "blinds.14": (
        "A player who deals off, i.e. plays the button and then changes seats (older printing), "
        "may let the blind pass the new seat once and come back in behind the button without "
        "posting."
    ),
    "blinds.15": "At limit poker a live straddle is allowed only in games designated for it.",
    "blinds.16": (
        "No sleeping bets: apart from the blinds and a straddle where blinds.15 permits one, "
        "nobody puts chips out before the cards to stand as a bet for later action, neither "
        "from another seat nor on behalf of a player away from the table."
    ),
}
