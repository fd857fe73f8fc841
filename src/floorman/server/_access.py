"""Who may give which command over the network, checked by the server on
every command, never trusting the client.

A player gives the commands of his own seat and chips only: one person plays
a hand, nobody plays another's chips or posts for him (RRP5 policies.9,
policies.10, policies.14), so the command's player must be the account logged
in. The dealer starts deals and reports irregularities; the floor rules,
runs the games and lists and sanctions, and the shift's supervisor has the
last word (RRP5 decisions.2): the floor's commands need the floor role (an
admin holds every role's powers). Chips move between players only through
the deal and the floor's rulings: no player moves chips to another or out of
a pot, so no player's command can push a bet or pot out (RRP5 policies.13).
"""

from __future__ import annotations

from floorman.errors import AccountError
from floorman.rulebook import cite
from floorman.service import commands as c
from floorman.store import Account, Role

__all__ = ["CHIPS_MOVED", "DEALERS", "FLOOR", "OWN", "check"]

#: A player's own commands: the command's ``player`` is the one giving it.
OWN: tuple[type, ...] = (
    c.Arrive,
    c.SignUp,
    c.Unlist,
    c.LeaveArea,
    c.TakeSeat,
    c.Sit,
    c.Refuse,
    c.Leave,
    c.ChangeSeat,
    c.ChangeGame,
    c.StepAway,
    c.ComeBack,
    c.PlayOver,
    c.Buy,
    c.CashOut,
    c.Act,
    c.Choose,
    c.Straddle,
    c.ObjectToLimit,
    c.AskDeckChange,
    c.ObjectToObservers,
    c.AllowObservers,
)
#: The dealer's work (the floor may do it too).
DEALERS: tuple[type, ...] = (c.StartDeal, c.Report)
#: The floor's and management's work.
FLOOR: tuple[type, ...] = (
    c.OpenGame,
    c.StartGame,
    c.CloseGame,
    c.BreakGame,
    c.Sanction,
    c.KeepApart,
    c.Reserve,
    c.NoAnswer,
    c.ExtendAbsence,
    c.Decide,
    c.Transfer,
    c.Impound,
    c.Release,
    c.ProposeLimit,
    c.FlagConduct,
)
#: The floor's commands that move chips between players or out of a pot.
CHIPS_MOVED: tuple[type, ...] = (c.Transfer, c.Impound, c.Release)


def _holds(account: Account, *roles: Role) -> bool:
    return Role.ADMIN in account.roles or any(r in account.roles for r in roles)


def check(account: Account, command: c.Command) -> None:
    """Refuse a command the account may not give; changes nothing."""
    if isinstance(command, OWN):
        player = getattr(command, "player", None)
        if player != account.name:
            raise AccountError(
                "{account} may give this command only for himself, not for {player}: only"
                " the player plays his hand and his chips",
                code="not_your_seat",
                citations=cite("policies.9", "policies.10", "policies.14"),
                account=account.name,
                player=player,
            )
        if Role.PLAYER not in account.roles:
            raise AccountError(
                "{account} has no player role",
                code="not_permitted",
                account=account.name,
            )
        return
    if isinstance(command, DEALERS):
        needed: tuple[Role, ...] = (Role.DEALER, Role.FLOOR)
    elif isinstance(command, FLOOR):
        needed = (Role.FLOOR,)
    else:  # a command nobody may give over the network
        needed = ()
    if not _holds(account, *needed):
        if isinstance(command, CHIPS_MOVED):
            raise AccountError(
                "{command} is the floor's ruling; {account} may not move chips to another"
                " player or out of a pot",
                code="not_permitted",
                citations=cite("decisions.2", "policies.13"),
                command=type(command).__name__,
                account=account.name,
            )
        raise AccountError(
            "{command} is {roles}'s to give; {account} is not",
            code="not_permitted",
            citations=cite("decisions.2"),
            command=type(command).__name__,
            roles=" or ".join(r.value for r in needed) or "nobody",
            account=account.name,
        )
