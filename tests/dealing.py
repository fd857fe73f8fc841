"""A scripted dealer for tests: the cards of each hand are given up front."""

from __future__ import annotations

from floorman.cards import Card, parse_cards
from floorman.deal import Action, Deal, DealBoard, DealHole, Stakes, Turn
from floorman.deal import events as ev
from floorman.games import Game, Structure


class Scripted:
    """A deal whose hole cards (dealing order per player) and board are given.

    Whenever the deal waits for the dealer, the next cards are dealt from the
    script, so a test only plays the players' actions.
    """

    def __init__(
        self,
        game: Game,
        *,
        structure: Structure,
        stakes: Stakes,
        stacks: tuple[int, ...],
        holes: list[str],
        board: str = "",
        auto_showdown: bool = True,
    ) -> None:
        self.deal = Deal(
            game, structure=structure, stakes=stakes, stacks=stacks, auto_showdown=auto_showdown
        )
        self.holes: list[list[Card]] = [list(parse_cards(h)) for h in holes]
        self.board: list[Card] = list(parse_cards(board))
        self._feed()

    def _feed(self) -> None:
        while True:
            legal = self.deal.legal()
            if legal.turn is Turn.DEAL_HOLE and legal.position is not None:
                cards = self.holes[legal.position][: legal.cards]
                del self.holes[legal.position][: legal.cards]
                self.deal.apply(DealHole(position=legal.position, cards=tuple(cards)))
            elif legal.turn is Turn.DEAL_BOARD:
                cards = self.board[: legal.cards]
                del self.board[: legal.cards]
                self.deal.apply(DealBoard(cards=tuple(cards)))
            else:
                return

    def act(self, *actions: Action) -> list[ev.Event]:
        """Apply the actions in order, dealing whenever the dealer is due."""
        out: list[ev.Event] = []
        for action in actions:
            out += self.deal.apply(action)
            self._feed()
        return out

    def awarded(self) -> dict[int, int]:
        """Chips won by each player over all pots."""
        won: dict[int, int] = {}
        for e in self.deal.events:
            if isinstance(e, ev.PotAwarded):
                for p, amount in e.amounts:
                    won[p] = won.get(p, 0) + amount
        return won

    def of(self, kind: type) -> list:
        """The events of one kind, in order."""
        return [e for e in self.deal.events if isinstance(e, kind)]
