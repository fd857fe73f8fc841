"""The ``floorman`` command line.

Each subcommand is a thin layer over the library: it reads text, calls the
library, and prints. Errors that floorman raises on purpose are printed as one
line on standard error (with the rules they cite) and exit with status 2.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence

from floorman import __version__
from floorman._static import TYPE_CHECKING, cast
from floorman.errors import FloormanError, NotationError
from floorman.evaluation import MOST_CARDS, MOST_WILD_CARDS, JokerRule
from floorman.games import GAMES, RuleSet, Structure

if TYPE_CHECKING:
    import argparse

    from floorman._replay_report import Tally
    from floorman.evaluation import HandValue
    from floorman.evaluation.equity import EquityResult
    from floorman.formats.cardroom_log import CardroomRecord
    from floorman.formats.room_log import RoomRecord
    from floorman.formats.session import DealRecord, Session
    from floorman.rulebook import Rule

# Each command imports what it uses when it runs, so that a command starts
# without the modules of the others (equity's numpy, the service, the bots, and
# json, which a replay writing text does not use).
# The equity command's choices, as floorman.evaluation.equity defines them (a test
# checks that they agree), so that building the parser does not import numpy.
_EQUITY_GAMES = ("holdem", "omaha", "omaha8")
_MAX_SAMPLES = 2_000_000

__all__ = ["main"]

_WIDTH = 78


def _print_rule(found: Rule) -> None:
    import textwrap

    from floorman.floor import rulings_citing

    print(f"{found.citation}  ({found.section_title})")
    print(textwrap.fill(found.paraphrase, width=_WIDTH))
    applied = rulings_citing(found.citation.id)
    if applied:
        print("Rulings that apply it:")
        for text in applied:
            print(
                textwrap.fill(text, width=_WIDTH, initial_indent="  - ", subsequent_indent="    ")
            )


def _cmd_rule(args: argparse.Namespace) -> int:
    from floorman.rulebook import rule

    for i, rid in enumerate(args.ids):
        if i:
            print()
        _print_rule(rule(rid))
    return 0


def _cmd_rules(args: argparse.Namespace) -> int:
    import textwrap

    from floorman.rulebook import SECTIONS, all_rules

    if args.section and args.section not in SECTIONS:
        raise FloormanError(
            f"unknown section {args.section!r}; sections are: " + ", ".join(SECTIONS)
        )
    for found in all_rules():
        if args.section and found.citation.section != args.section:
            continue
        line = f"{found.citation.id:<24} {found.paraphrase}"
        print(textwrap.shorten(line, width=_WIDTH * 2 if args.long else _WIDTH))
    return 0


def _equity_json(result: EquityResult) -> str:
    import json

    from floorman.cards import format_cards

    return json.dumps(
        {
            "game": result.game.value,
            "board": format_cards(result.board),
            "dead": format_cards(result.dead),
            "deals": result.deals,
            "exact": result.exact,
            "seed": result.seed,
            "hands": [
                {
                    "cards": format_cards(h.cards),
                    "wins": h.wins,
                    "ties": h.ties,
                    "equity": h.equity,
                }
                for h in result.hands
            ],
        }
    )


def _cmd_equity(args: argparse.Namespace) -> int:
    from floorman.cards import format_cards
    from floorman.evaluation.equity import EquityGame, equity

    result = equity(
        args.hands,
        board=args.board,
        dead=args.dead,
        game=EquityGame(args.game),
        samples=args.samples,
        seed=args.seed,
    )
    if args.json:
        print(_equity_json(result))
        return 0
    if result.board:
        print(f"board: {format_cards(result.board)}")
    if result.dead:
        print(f"dead:  {format_cards(result.dead)}")
    table = result.table()
    if result.game is EquityGame.OMAHA_EIGHT:
        # In a split game a hand that takes part of the pot did not tie.
        table = table.replace("    tie", "  split", 1)
    print(table)
    return 0


def _value_dict(label: str, value: HandValue | None) -> dict[str, object]:
    if value is None:
        return {"ranking": label, "qualifies": False}
    return {
        "ranking": label,
        "name": value.name,
        "description": value.description,
        "category": value.category.name.lower(),
        "strength": value.strength,
        "citations": [str(c) for c in value.citations],
    }


def _cmd_eval(args: argparse.Namespace) -> int:
    import json

    from floorman.cards import Rank, format_cards, parse_cards
    from floorman.evaluation import (
        best_five,
        evaluate_ace_to_five,
        evaluate_deuce_to_seven,
        evaluate_eight_or_better,
        evaluate_high,
        evaluate_omaha,
        evaluate_omaha_eight_or_better,
    )

    cards = parse_cards(args.cards)
    board = parse_cards(args.board) if args.board else ()
    wild = [Rank.parse(r) for r in args.wild]
    joker = JokerRule(args.joker)
    results: list[tuple[str, HandValue | None]] = []
    if args.omaha:
        results.append(("high", evaluate_omaha(cards, board)))
        results.append(("eight-or-better", evaluate_omaha_eight_or_better(cards, board)))
    else:
        hand = cards + board
        evaluators: dict[str, Callable[[], HandValue | None]] = {
            "high": lambda: evaluate_high(hand, wild=wild, joker=joker),
            "ace-to-five": lambda: evaluate_ace_to_five(hand, wild=wild),
            "deuce-to-seven": lambda: evaluate_deuce_to_seven(hand),
            "eight-or-better": lambda: evaluate_eight_or_better(hand),
        }
        for name in args.ranking or ["high"]:
            results.append((name, evaluators[name]()))
    if args.json:
        print(json.dumps([_value_dict(label, value) for label, value in results]))
        return 0
    for label, value in results:
        if value is None:
            print(f"{label:<16} no qualifying low")
            continue
        print(f"{label:<16} {value.description}")
        if label == "high" and not args.omaha and not wild and "Xx" not in args.cards:
            print(f"{'':<16} best five: {format_cards(best_five(cards + board))}")
    return 0


def _read_input(name: str) -> str:
    """The text of the file ``name``, or of standard input for ``-``; a file that
    cannot be read raises NotationError saying why (missing, a directory, not UTF-8)."""
    try:
        if name == "-":
            raw = getattr(sys.stdin, "buffer", None)
            return raw.read().decode("utf-8") if raw is not None else sys.stdin.read()
        with open(name, encoding="utf-8") as handle:
            return handle.read()
    except OSError as error:
        raise NotationError(error.strerror or str(error), text=name) from None
    except UnicodeDecodeError as error:
        raise NotationError(f"not UTF-8 text (byte {error.start})", text=name) from None


def _cmd_replay(args: argparse.Namespace) -> int:
    import functools
    import time

    from floorman._program import finished, loading

    with loading():
        from floorman._replay_report import Progress, Tally
        from floorman._replay_run import (
            SOLO,
            Reading,
            WorkerLost,
            chunks_of,
            in_order,
            jobs_of,
            replay_chunk,
        )
        from floorman.formats import replay as _  # noqa: F401 - the dealer, loaded here

    start = time.monotonic()
    readers: list[Reading] = []
    tally = Tally(files=len(args.files))
    progress = Progress(
        sys.stderr, clock=time.monotonic, enabled=not args.quiet and _is_terminal(sys.stderr)
    )
    screen = _is_terminal(sys.stdout)
    work = functools.partial(replay_chunk, rules=args.rules, as_json=args.json)
    jobs = args.jobs or os.cpu_count() or 1
    # Unasked, the workers start only once a run has lasted SOLO seconds: a short
    # run is over before they would have imported the dealer.
    solo = 0.0 if args.jobs else SOLO
    chunks = chunks_of(jobs_of(args.files, readers=readers))
    results = in_order(work, chunks, jobs=jobs, solo=solo)
    status, stopped, outcomes = 0, None, 0
    try:
        for chunk in results:
            if progress.drawn and (screen or any(o.err is not None for o in chunk)):
                progress.clear()
            # A chunk's lines are written together: one write, not two a line, where
            # standard output is unbuffered (PYTHONUNBUFFERED, python -u).
            lines: list[str] = []
            for outcome in chunk:
                tally.add(outcome)
                status = max(status, outcome.status)
                if outcome.out is not None:
                    lines.append(outcome.out)
                if outcome.err is not None:
                    _write_lines(lines)
                    print(outcome.err, file=sys.stderr)
            _write_lines(lines)
            outcomes += len(chunk)
            reading = readers[-1] if readers else None
            progress.update(
                tally.hands,
                reading.file if reading else None,
                reading.reader.position / reading.size if reading and reading.size else None,
            )
    except WorkerLost as lost:
        progress.clear()
        print(f"floorman replay: {lost}; stopped", file=sys.stderr)
        status, stopped = 2, "a worker process was lost"
    except KeyboardInterrupt:
        results.close()  # the workers stop before the summary is written
        progress.clear()
        if not args.quiet:
            _replay_summary(args, tally, time.monotonic() - start, "interrupted (Ctrl-C)")
        raise
    finally:
        results.close()
        progress.clear()
    if not args.quiet and (outcomes > 1 or stopped):
        _replay_summary(args, tally, time.monotonic() - start, stopped)
    finished()
    return status


def _write_lines(lines: list[str]) -> None:
    """Write ``lines`` to standard output as print() would, each ended, and empty the list."""
    if lines:
        sys.stdout.write("\n".join(lines) + "\n")
        lines.clear()


def _replay_summary(
    args: argparse.Namespace, tally: Tally, seconds: float, stopped: str | None
) -> None:
    if args.json:
        print(tally.json(seconds=seconds, stopped=stopped), file=sys.stderr)
    else:
        print(tally.text(seconds=seconds, stopped=stopped), file=sys.stderr)


def _is_terminal(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty()) if isatty is not None else False
    except (OSError, ValueError):
        return False


def _jobs(text: str) -> int:
    try:
        jobs = int(text)
    except ValueError:
        jobs = 0
    if jobs < 1:
        import argparse

        raise argparse.ArgumentTypeError(f"jobs is a whole number 1 or more, not {text!r}")
    return jobs


def _describe_deal(record: DealRecord) -> str:

    posts = ", ".join(
        f"seat {p.seat} {p.blind} {p.amount}{' dead' if p.dead else ''}" for p in record.posts
    )
    stacks = " ".join(f"{s}:{c}" for s, c in record.stacks)
    where = f"button {record.button}" if record.button is not None else "no button"
    missed = "".join(f"; seat {s} missed the {b} blind" for s, b in record.missed)
    dealt = " ".join(map(str, record.dealt_in))
    ruled = "".join(
        f"; {ruling.decision} [{', '.join(str(c) for c in ruling.citations)}]"
        for _, ruling in record.rulings
    )
    return (
        f"deal {record.number}: {where}; {posts or 'no posts'}{missed}; dealt in {dealt}"
        f"{ruled}; stacks {stacks}"
    )


def _cmd_session(args: argparse.Namespace) -> int:
    import json

    from floorman.formats.phh import write_phhs
    from floorman.formats.replay import history_from_deal
    from floorman.formats.session import play_session

    try:
        text = _read_input(args.file)
    except NotationError as error:
        print(f"floorman session: {args.file}: {error}", file=sys.stderr)
        return 2

    form = "json" if args.json else args.format
    holder: list[Session] = []

    def show(record: DealRecord) -> None:
        if form == "json":
            print(json.dumps(record.to_json()), flush=True)
        elif form == "text":
            print(_describe_deal(record), flush=True)

    try:
        session = play_session(text, on_deal=show)
        holder.append(session)
    except FloormanError as error:
        print(f"floorman session: {args.file}: {error}", file=sys.stderr)
        return 1
    if form == "pokerstars":
        hands = [session.pokerstars(i) for i, deal in enumerate(session.played) if not deal.voided]
        print("\n\n\n".join(hands))
    elif form == "phh":
        histories = []
        for record, deal in zip(session.deals, session.played, strict=True):
            try:
                histories.append(history_from_deal(deal))
            except FloormanError as error:
                print(
                    f"floorman session: deal {record.number} not written: {error}", file=sys.stderr
                )
        print(write_phhs(histories), end="")
    return 0


def _describe_record(record: RoomRecord) -> str:
    minutes = int(record.event.at // 60)
    when = f"{minutes // 60}:{minutes % 60:02d}"
    who = "floor" if record.decision else ""
    cited = ", ".join(c.id for c in record.event.citations)
    rules = f" [RRP5 {cited}]" if cited else ""
    return f"{when:>6}  {who:<5}  {record.describe()}{rules}"


def _cmd_room(args: argparse.Namespace) -> int:
    import json

    from floorman.formats.room_log import play_room

    try:
        text = _read_input(args.file)
    except NotationError as error:
        print(f"floorman room: {args.file}: {error}", file=sys.stderr)
        return 2

    def show(record: RoomRecord) -> None:
        if args.decisions and not record.decision:
            return
        if args.json:
            print(json.dumps(record.to_json()), flush=True)
        else:
            print(_describe_record(record), flush=True)

    try:
        play_room(text, on_event=show)
    except FloormanError as error:
        print(f"floorman room: {args.file}: {error}", file=sys.stderr)
        return 1
    return 0


def _cmd_cardroom(args: argparse.Namespace) -> int:
    import json

    from floorman.formats.cardroom_log import play_cardroom
    from floorman.service.log import dumps_entries

    try:
        text = _read_input(args.file)
    except NotationError as error:
        print(f"floorman cardroom: {args.file}: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(dumps_entries(()), end="", flush=True)  # the header naming the schema

    def show(record: CardroomRecord) -> None:
        if args.json:
            print(json.dumps(record.to_json(), allow_nan=False), flush=True)
        else:
            print(record.describe(), flush=True)

    try:
        play_cardroom(text, on_entry=show)
    except FloormanError as error:
        print(f"floorman cardroom: {args.file}: {error}", file=sys.stderr)
        return 1
    return 0


def _blinds(text: str) -> tuple[int, ...]:
    parts = text.split("/")
    if not 1 <= len(parts) <= 2 or not all(p.isdigit() and int(p) > 0 for p in parts):
        import argparse

        raise argparse.ArgumentTypeError(f"{text!r} is not blinds such as 1/2 or 2")
    return tuple(int(p) for p in parts)


def _cmd_play(args: argparse.Namespace) -> int:
    from floorman import play

    if args.server is not None:
        from floorman.client.commands import play as play_at  # the server extra

        if not args.name:
            raise NotationError("playing at a server needs --name (and --password or the prompt)")
        return play_at(
            args.server, name=args.name, password=args.password, table=args.table, chips=args.chips
        )
    structure = args.structure
    if structure is None:
        # Each game's usual structure: Omaha at pot limit, hold'em and draw at no
        # limit, stud and triple draw at limit (the only way floorman deals them).
        game = GAMES[args.game]
        usual = Structure.POT_LIMIT if game.omaha else Structure.NO_LIMIT
        structure = (usual if usual in game.structures else game.structures[0]).value
    return play.run(
        game=args.game,
        structure=structure,
        blinds=args.blinds,
        seats=args.seats,
        bots=args.bots if args.bots is not None else args.seats - 1,
        chips=args.chips,
        seed=args.seed,
        button=args.button,
    )


def _cmd_demo(args: argparse.Namespace) -> int:
    print(f"floorman {__version__}: Robert's Rules of Poker, cited.\n")
    print("$ floorman equity AsKs QhQd")
    _cmd_equity(_parser().parse_args(["equity", "AsKs", "QhQd"]))
    print("\n$ floorman equity 'As Ah Kd Qd' '7s 8s 9h Th' --game omaha8 --board '2s 5h Kh'")
    _cmd_equity(
        _parser().parse_args(
            ["equity", "As Ah Kd Qd", "7s 8s 9h Th", "--game", "omaha8", "--board", "2s 5h Kh"]
        )
    )
    print("\n$ floorman eval 'Kd Ks 5c 5h 9s 2d 3c' --ranking high ace-to-five")
    _cmd_eval(
        _parser().parse_args(["eval", "Kd Ks 5c 5h 9s 2d 3c", "--ranking", "high", "ace-to-five"])
    )
    print("\n$ floorman eval 'Ah Ad Ac As Xx'")
    _cmd_eval(_parser().parse_args(["eval", "Ah Ad Ac As Xx"]))
    print("\n$ floorman rule ranking.11 ties.1")
    _cmd_rule(_parser().parse_args(["rule", "ranking.11", "ties.1"]))
    return 0


def _cmd_serve(args: argparse.Namespace) -> int:
    from floorman.server.commands import serve  # the server extra, only when serving

    if args.demo:
        from floorman.server.demo import run_demo

        return run_demo(db=args.db, host=args.host, port=args.port)
    from floorman.service import TimeLimits

    limits = (
        TimeLimits(action=args.action, bank=args.bank, refill=args.refill)
        if args.action > 0
        else None
    )
    return serve(
        db=args.db or "sqlite:///floorman.db",
        host=args.host,
        port=args.port,
        deal_pause=args.deal_pause,
        time_limits=limits,
        grace=args.grace,
    )


def _cmd_bots(args: argparse.Namespace) -> int:
    from floorman.client.commands import run_bots  # the server extra

    return run_bots(
        args.server,
        tables=args.tables,
        per_table=args.per_table,
        admin=args.admin,
        password=args.password,
        deals=args.deals,
        seed=args.seed,
        kind=args.kind,
    )


def _cmd_admin_create(args: argparse.Namespace) -> int:
    from floorman.server.commands import create_admin

    return create_admin(args.name, db=args.db)


def _parser() -> argparse.ArgumentParser:
    import argparse

    parser = argparse.ArgumentParser(
        prog="floorman",
        description="A poker cardroom that runs games exactly by Robert's Rules of Poker.",
    )
    parser.add_argument("--version", action="version", version=f"floorman {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    p = sub.add_parser(
        "equity",
        help="each hand's exact (or sampled) equity in a matchup",
        description="Win, tie and equity of each hand over every board (or --samples boards).",
    )
    p.add_argument("hands", nargs="+", metavar="HAND", help="hole cards, e.g. AsKs or 'As Ks'")
    p.add_argument("--board", default="", help="board cards already dealt, e.g. 'Qs Js 2c'")
    p.add_argument("--dead", default="", help="cards known to be out of play")
    p.add_argument("--game", choices=_EQUITY_GAMES, default="holdem", help="poker form")
    p.add_argument(
        "--samples",
        type=int,
        help=f"sample this many boards instead of all (1 to {_MAX_SAMPLES:,}: an exact run"
        " enumerates 1,712,304 boards at most)",
    )
    p.add_argument(
        "--seed",
        type=int,
        default=0,
        help="seed for --samples, 0 or more (default 0); same seed, same result",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=_cmd_equity)

    p = sub.add_parser(
        "eval",
        help="name a hand under one or more rankings",
        description="Evaluate the best hand among the cards (hole cards plus --board).",
    )
    p.add_argument(
        "cards",
        help=f"the cards, e.g. 'As Ks Qd 7c 7h'; Xx is the joker; 5 to {MOST_CARDS} cards"
        f" with the board ({MOST_WILD_CARDS} with wild cards)",
    )
    p.add_argument("--board", default="", help="board cards (required with --omaha)")
    p.add_argument(
        "--ranking",
        nargs="+",
        choices=["high", "ace-to-five", "deuce-to-seven", "eight-or-better"],
        help="rankings to read the hand by (default: high)",
    )
    p.add_argument("--omaha", action="store_true", help="exactly two hole cards plus three board")
    p.add_argument("--wild", nargs="*", default=[], metavar="RANK", help="wild ranks, e.g. 2")
    p.add_argument(
        "--joker", choices=[j.value for j in JokerRule], default="bug", help="what the joker is"
    )
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=_cmd_eval)

    p = sub.add_parser(
        "rule",
        help="print a rule of the rulebook with our paraphrase",
        description="Print rules by citation, e.g. blinds.9 or 'RRP5 misdeals.1.2'.",
    )
    p.add_argument("ids", nargs="+", metavar="RULE", help="a citation such as blinds.9")
    p.set_defaults(run=_cmd_rule)

    p = sub.add_parser(
        "rules",
        help="list the rules of the rulebook",
        description="List every rule (or one section's) with the start of its paraphrase.",
    )
    p.add_argument("section", nargs="?", help="a section slug, e.g. blinds")
    p.add_argument("--long", action="store_true", help="show more of each paraphrase")
    p.set_defaults(run=_cmd_rules)

    p = sub.add_parser(
        "replay",
        help="replay PHH hand histories through the dealer",
        description="Replay .phh/.phhs files: every action checked by the rules; prints the"
        " finishing stacks, or the refused action with the rule it breaks, one line a hand"
        " in file order. A .phhs is read a hand at a time, in constant memory, and the"
        " hands are shared among processes (--jobs). A run of more than one hand ends"
        " with a summary on standard error (hands replayed, refused by rule, other stacks"
        " than recorded, unreadable, hands a second; one JSON object with --json); a run"
        " that lasts shows its progress there while standard error is a terminal. Exit"
        " status 1 if a hand is refused or ends with other stacks than recorded, 2 if"
        " input cannot be read.",
    )
    p.add_argument(
        "files", nargs="+", metavar="FILE", help="a .phh or .phhs file; - reads standard input"
    )
    p.add_argument(
        "--rules",
        choices=[r.value for r in RuleSet],
        default=RuleSet.ROBERTS.value,
        help="whose rules settle the corners where they differ (default: roberts)",
    )
    p.add_argument("--json", action="store_true", help="one JSON object per hand, one a line")
    p.add_argument(
        "-j",
        "--jobs",
        type=_jobs,
        default=None,
        metavar="N",
        help="replay in N processes (default: one a core, once the run has lasted a"
        " second); 1 replays in this process alone",
    )
    p.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="no progress line and no summary on standard error, only the hands",
    )
    p.set_defaults(run=_cmd_replay)

    p = sub.add_parser(
        "session",
        help="play a table session log: button, blinds and stacks deal by deal",
        description="Play a table session (see floorman.formats.session for the format)"
        " and print each deal: button, posts with the rules that required them, the seats"
        " dealt in and the stacks after it. A refused event stops the session, naming its"
        " line and the rule (exit status 1).",
    )
    p.add_argument("file", metavar="FILE", help="a session log; - reads standard input")
    p.add_argument("--json", action="store_true", help="one JSON object per deal, one a line")
    p.add_argument(
        "--format",
        choices=["text", "json", "pokerstars", "phh"],
        default="text",
        help="what to print: each deal in words (default), as JSON, or every deal as a"
        " PokerStars or PHH hand history",
    )
    p.set_defaults(run=_cmd_session)

    p = sub.add_parser(
        "room",
        help="play a room log: the floor's waiting lists, seating and moves",
        description="Play a room log (see floorman.formats.room_log for the format) and"
        " print each event it caused, when it happened (hours:minutes from the start),"
        " whether it is the floor's own decision, and the rules behind it. A refused or"
        " unreadable line stops the log, naming the line and the rule (exit status 1).",
    )
    p.add_argument("file", metavar="FILE", help="a room log; - reads standard input")
    p.add_argument("--json", action="store_true", help="one JSON object per event, one a line")
    p.add_argument(
        "--decisions",
        action="store_true",
        help="only the floor's decisions (calls, lock-ups, pick-ups, moves, broken games)",
    )
    p.set_defaults(run=_cmd_room)

    p = sub.add_parser(
        "cardroom",
        help="play a cardroom log: the floor and its tables' deals, one night",
        description="Play a cardroom log (see floorman.formats.cardroom_log for the format):"
        " the floor's lines and the tables' lines through one cardroom, every chip on the"
        " cage's books. Prints each entry of the cardroom's log: when (hours:minutes from"
        " the start), where (a table, the cage, the floor's own decision), what happened and"
        " the rules behind it. A refused or unreadable line stops the log, naming the line"
        " and the rule (exit status 1).",
    )
    p.add_argument("file", metavar="FILE", help="a cardroom log; - reads standard input")
    p.add_argument(
        "--json",
        action="store_true",
        help="the cardroom's log as JSON lines under its schema line, as the service saves"
        " it (Cardroom.rebuild reads it back)",
    )
    p.set_defaults(run=_cmd_cardroom)

    p = sub.add_parser(
        "play",
        help="play at a table against bots in the terminal",
        description="A game at one table against simple bots: you sit in seat 1. The"
        " button, blinds, missed blinds and sitting out follow the rulebook. Type 'help'"
        " at the prompt for the commands.",
    )
    p.add_argument("--game", choices=list(GAMES), default="holdem", help="the poker form")
    p.add_argument(
        "--structure",
        choices=[s.value for s in Structure],
        help="betting structure (default: no-limit where the game allows it, else limit)",
    )
    p.add_argument("--blinds", type=_blinds, default=(1, 2), help="blinds, e.g. 1/2 (default)")
    p.add_argument("--seats", type=int, default=6, help="seats at the table (default 6)")
    p.add_argument("--bots", type=int, help="how many bots (default: every other seat)")
    p.add_argument("--chips", type=int, default=200, help="each player's buy-in (default 200)")
    p.add_argument("--seed", type=int, help="repeat the same cards and bots")
    p.add_argument(
        "--button", choices=["dead", "moving"], default="dead", help="button method (RRP5 blinds.2)"
    )
    p.add_argument(
        "--server",
        metavar="URL",
        help="play at a floorman server (http://HOST:PORT) instead, as --name",
    )
    p.add_argument("--name", help="your account at the server (registered if new)")
    p.add_argument("--password", help="its password (default: asked for)")
    p.add_argument("--table", type=int, help="the server's table (default: one with a seat)")
    p.set_defaults(run=_cmd_play)

    p = sub.add_parser(
        "bots",
        help="seat floorman's bots at a server's tables, as its clients",
        description="Bots register at the server and play through its protocol, each"
        " deciding from its own player's view. With --admin that admin opens the tables"
        " and credits the bots' play money; without, the bots join open games with their"
        " own balances. The server's dealer deals (floorman serve --deal-pause).",
    )
    p.add_argument("--server", metavar="URL", required=True, help="http://HOST:PORT")
    p.add_argument("--tables", type=int, default=1, help="how many tables (default 1)")
    p.add_argument("--per-table", type=int, default=3, help="bots at each table (default 3)")
    p.add_argument("--admin", help="an admin who opens the tables and credits the bots")
    p.add_argument(
        "--password",
        help="the admin's password (default: $FLOORMAN_ADMIN_PASSWORD, else asked for)",
    )
    p.add_argument("--deals", type=int, help="stop after this many deals (default: Ctrl-C)")
    p.add_argument("--seed", type=int, help="repeat the same bots and names")
    p.add_argument("--kind", help="the game of the tables opened (default '1/2 no-limit holdem')")
    p.set_defaults(run=_cmd_bots)

    p = sub.add_parser("serve", help="serve the cardroom over HTTP and WebSockets")
    p.add_argument(
        "--db",
        help="sqlite:///PATH or postgresql://... (default sqlite:///floorman.db; with --demo,"
        " a new file removed at the end)",
    )
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument(
        "--deal-pause",
        type=float,
        default=2.0,
        metavar="SECONDS",
        help="the house dealer starts each table's next deal this long after it is ready"
        " (default 2; a negative number: only a dealer's or the floor's StartDeal deals)",
    )
    p.add_argument(
        "--action",
        type=float,
        default=30.0,
        metavar="SECONDS",
        help="the action clock: seconds for each decision before the time bank runs"
        " (default 30; 0: no clock, and nobody's turn ever runs out; RRP5 dead-hands.1.6)",
    )
    p.add_argument(
        "--bank",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help="each player's time bank, used when his action clock runs out (default 60)",
    )
    p.add_argument(
        "--refill",
        type=float,
        default=5.0,
        metavar="SECONDS",
        help="what a time bank gets back at each deal its player is dealt in (default 5)",
    )
    p.add_argument(
        "--grace",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="how long a seated player may be without a connection before he is stepped"
        " away, sat out after the deal (default 10; RRP5 policies.20)",
    )
    p.add_argument(
        "--demo",
        action="store_true",
        help="a demo room: tables with bots waiting for you, on a new SQLite file",
    )
    p.set_defaults(run=_cmd_serve)

    p = sub.add_parser("admin", help="the cardroom's accounts, from the command line")
    admin = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    q = admin.add_parser("create", help="create an admin (the password from the prompt or stdin)")
    q.add_argument("name")
    q.add_argument(
        "--db", default="sqlite:///floorman.db", help="sqlite:///PATH or postgresql://..."
    )
    q.set_defaults(run=_cmd_admin_create)

    p = sub.add_parser("demo", help="a short tour: equity, evaluation, rules")
    p.set_defaults(run=_cmd_demo)
    return parser


# The options of ``floorman replay`` read without the parser: each flag, and each
# option with the attribute it sets.
_REPLAY_FLAGS = {"--json": "json", "-q": "quiet", "--quiet": "quiet"}
_REPLAY_OPTIONS = {"--rules": "rules", "-j": "jobs", "--jobs": "jobs"}


def _plain_replay(argv: Sequence[str]) -> argparse.Namespace | None:
    """``floorman replay``'s arguments as the parser reads them, when they are plain:
    the options spelt out in full, each value a word of its own and one the parser
    takes, and the files in one run, none of them an option. None for anything
    else (help, a mistake, an abbreviation), which the parser reads and answers.

    A replay is over in a few milliseconds a hand, so it starts without building
    the parser of every command (and the modules the parser imports).

    >>> _plain_replay(["replay", "-q", "a.phh", "-", "--rules", "roberts"]).files
    ['a.phh', '-']
    >>> _plain_replay(["replay", "a.phh", "--json", "b.phh"]) is None  # the parser refuses it
    True
    """
    if not argv or argv[0] != "replay":
        return None
    found: dict[str, object] = {
        "command": "replay",
        "files": [],
        "rules": RuleSet.ROBERTS.value,
        "json": False,
        "jobs": None,
        "quiet": False,
        "run": _cmd_replay,
    }
    files: list[str] = []
    after = False  # an option came after the files: a file after it is an error
    at = 1
    while at < len(argv):
        arg = argv[at]
        if arg in _REPLAY_FLAGS:
            found[_REPLAY_FLAGS[arg]] = True
        elif arg in _REPLAY_OPTIONS:
            if at + 1 == len(argv) or argv[at + 1].startswith("-"):
                return None
            value = argv[at + 1]
            if arg == "--rules":
                if value not in {r.value for r in RuleSet}:
                    return None
                found["rules"] = value
            else:
                try:
                    jobs = int(value)
                except ValueError:
                    return None
                if jobs < 1:
                    return None
                found["jobs"] = jobs
            at += 1
        elif arg == "-" or not arg.startswith("-"):
            if after:
                return None
            files.append(arg)
            at += 1
            continue
        else:
            return None
        after = bool(files)
        at += 1
    if not files:
        return None
    found["files"] = files
    from types import SimpleNamespace

    # The parser's Namespace is a plain holder of attributes, as SimpleNamespace is.
    return cast("argparse.Namespace", SimpleNamespace(**found))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    Without ``argv`` it reads the program's own (``sys.argv``) and runs as the
    program, whose process ends when it returns: what the command made is then
    left out of the cyclic collector's last pass at exit (see :func:`gc.freeze`),
    which would take some milliseconds to free memory the process gives back
    whole. Standard output is flushed before.
    """
    status = _main(argv)
    if argv is None:
        import gc

        gc.freeze()
    return status


def _main(argv: Sequence[str] | None) -> int:
    args = _plain_replay(sys.argv[1:] if argv is None else argv)
    if args is None:
        args = _parser().parse_args(argv)
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        try:
            status = run(args)
        except FloormanError as error:
            print(f"floorman {args.command}: {error}", file=sys.stderr)
            status = 2
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader stopped early (`floorman rules | head -1`): stop quietly, as
        # the Python documentation advises, with the status Python itself gives.
        _silence_stdout()
        return 1
    except KeyboardInterrupt:
        # Ctrl-C: stop without a traceback, with the shell's status for SIGINT.
        print(file=sys.stderr)
        return 130
    return status


def _silence_stdout() -> None:
    """Point standard output at the null device, so the flush at exit cannot fail."""
    try:
        fileno = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return  # not a real file (a test's capture): nothing is flushed at exit
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fileno)


if __name__ == "__main__":
    sys.exit(main())
