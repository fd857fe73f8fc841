// The floor's console: one WebSocket following the floor's stream
// (docs/protocol.md, "Following the floor"), the room drawn from the view the
// server sends, and the floor's work given as the service's commands over the
// same socket, where the server checks the floor's role (RRP5 decisions.2).
// Nothing here decides a rule: each decision shown is the server's, with the
// rules it cites linked to their text.

import { ruleLink } from "./rules.js";
import { $, el } from "./dom.js";
import { openWire } from "./wire.js";

const root = document.getElementById("floor");

// ----- the connection -----------------------------------------------------------

let lastSeq = null; // the last floor number taken: resubscribe "after" it
let ended = false;
let view = null;
let clockAt = { server: 0, local: 0 }; // the server's clock when the view came
let refreshTimer = null;
const decisions = new Map(); // seq -> the floor's message
const following = new Set(); // the tables followed for the floor's rulings on their pots

function status(text) {
  $("status").textContent = text;
}

function notice(text, citations = []) {
  const box = $("notice");
  box.replaceChildren(text, ...citations.flatMap((c) => [" ", ruleLink(c)]));
  box.hidden = !text;
}

const wire = openWire({
  opened() {
    status("Following the floor");
    const ask = { subscribe: "floor" };
    if (lastSeq !== null) ask.after = lastSeq;
    send(ask).then(refresh, (error) => notice(error.message));
  },
  pushed: take,
  replied(message) {
    if (message.result && message.result.floor) setView(message.result);
  },
  lost() {
    following.clear();
    status("Connection lost; reconnecting…");
  },
  ended() {
    following.clear();
    status("Your session has ended: log in again to run the floor.");
  },
  over: () => ended,
});
const send = wire.send;

function take(message) {
  if (message.error) {
    if (message.error.code === "session_revoked") ended = true;
    notice(message.error.message, message.error.citations || []);
    return;
  }
  if (!message.floor) {
    if (message.event && POT[message.event.type]) {
      keep(message);
      drawDecisions();
    }
    return;
  }
  if (message.view) {
    setView(message);
    return;
  }
  if (message.event) {
    if (lastSeq !== null && message.seq <= lastSeq) return; // a repeat after a resync
    lastSeq = message.seq;
    keep(message);
    drawDecisions();
    refresh();
  }
}

function setView(message) {
  view = message.view;
  lastSeq = Math.max(lastSeq ?? -1, message.seq);
  clockAt = { server: view.now ?? 0, local: performance.now() };
  for (const kept of view.recent || []) keep(kept);
  follow();
  draw();
}

/** The pot's rulings are entries of the table's own stream (RRP5 decisions.6,
 * decisions.7): follow each dealing table as the floor to show them. */
function follow() {
  for (const game of view.games) {
    if (!game.dealing || following.has(game.table)) continue;
    following.add(game.table);
    send({ subscribe: game.table, as: "floor", after: lastSeq })
      .catch(() => following.delete(game.table));
  }
}

function nameAt(table, seat) {
  const game = view?.games.find((g) => g.table === table);
  return game?.seated[String(seat)] ?? `seat ${seat}`;
}

/** Keep a floor entry for the decisions' list; the oldest go past 500. */
function keep(message) {
  decisions.set(message.seq, message);
  if (decisions.size > 500) decisions.delete(Math.min(...decisions.keys()));
}

/** Ask for the floor's view again, once, shortly after entries come. */
function refresh() {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => send({ view: "floor" }).catch(() => {}), 120);
}

// ----- time -----------------------------------------------------------------------

function serverNow() {
  return clockAt.server + (performance.now() - clockAt.local) / 1000;
}

function clock(seconds) {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${rest}` : `${m}:${rest}`;
}

/** A countdown to `until` on the server's clock, kept running by tick(). */
function countdown(until, label) {
  const node = el("span", { class: "countdown", "data-until": until, role: "timer",
    "aria-label": label });
  paintCountdown(node);
  return node;
}

function paintCountdown(node) {
  const left = Number(node.dataset.until) - serverNow();
  node.textContent = left > 0 ? clock(left) : "due";
  node.classList.toggle("late", left <= 60);
}

function tick() {
  for (const node of document.querySelectorAll(".countdown")) paintCountdown(node);
  for (const node of document.querySelectorAll(".ago")) node.textContent = ago(node.dataset.at);
  for (const node of document.querySelectorAll(".since")) {
    node.textContent = clock(serverNow() - Number(node.dataset.since));
  }
}

function ago(at) {
  const s = serverNow() - at;
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min ago`;
}

function stamp(at) {
  const date = new Date(at * 1000);
  return date.toISOString().slice(11, 19);
}

// ----- the floor's commands ---------------------------------------------------------

/** Give a floor command; a refusal is shown by `form` (its own alert, where
 * the floor is looking) or at the top, with the rules it cites linked. */
async function command(body, done, form = null) {
  const box = form?.querySelector(".form-error");
  notice("");
  if (box) box.hidden = true;
  try {
    const result = await send({ command: body });
    if (done) done(result);
  } catch (error) {
    const words = [error.message || String(error),
      ...(error.citations || []).flatMap((c) => [" ", ruleLink(c)])];
    if (box) {
      box.replaceChildren(...words);
      box.hidden = false;
    } else {
      notice(error.message || String(error), error.citations || []);
    }
  }
}

function control(text, label, key, run, cls = "secondary") {
  const button = el("button", { type: "button", class: cls, "aria-label": label,
    "data-focus": key, text });
  button.addEventListener("click", run);
  return button;
}

// ----- drawing ------------------------------------------------------------------------

const WHEN = { now: "after this deal", "when due for the big blind": "at his big blind",
  "after one more deal": "after one more deal" };

function draw() {
  if (!view) return;
  const focused = document.activeElement?.dataset?.focus;
  drawTally();
  drawGames();
  drawLists();
  drawCalls();
  drawMoves();
  drawAway();
  drawDecisions();
  if (focused) document.querySelector(`[data-focus="${CSS.escape(focused)}"]`)?.focus();
  const free = nextTable();
  const input = $("open-table");
  if (!input.value || view.games.some((g) => g.table === Number(input.value))) input.value = free;
}

function nextTable() {
  const used = new Set(view.games.map((g) => g.table));
  let n = 1;
  while (used.has(n)) n++;
  return n;
}

function allLocks() {
  return view.games.flatMap((g) => g.locks.map((lock) => ({ ...lock, table: g.table })));
}

function drawTally() {
  const seated = view.games.reduce((n, g) => n + Object.keys(g.seated).length, 0);
  const listed = Object.values(view.waiting).reduce((n, names) => n + names.length, 0);
  const calls = allLocks().filter((l) => l.reason === "called").length;
  const items = [
    ["Tables", view.games.length],
    ["Dealing", view.games.filter((g) => g.dealing).length],
    ["Seated", seated],
    ["Waiting", listed],
    ["Calls", calls],
    ["Away", view.away.length],
  ];
  $("tally").replaceChildren(...items.map(([name, n]) =>
    el("div", { class: "tally-item" }, el("dt", { text: name }), el("dd", { text: n }))));
}

function gameState(game) {
  if (game.ruling_pending) return ["ruling pending", "warn"];
  if (game.dealing) return ["dealing", "live"];
  if (Object.keys(game.seated).length) return ["seating", "idle"];
  return [game.locks.length ? "calling the list" : "open, empty", "idle"];
}

function drawSeat(game, seat) {
  const name = game.seated[String(seat)];
  const lock = game.locks.find((l) => l.seat === seat);
  const over = game.playing_over[String(seat)];
  const kept = (game.reserved || {})[String(seat)];
  const away = view.away.find((a) => a.table === game.table && a.seat === seat);
  const item = el("li", { class: "fseat" }, el("span", { class: "num", text: seat }));
  if (name) {
    item.classList.add("taken");
    item.append(el("span", { class: "who", text: name }));
    if (away) item.append(el("span", { class: "tag away-tag", text: "away" }));
    if (over) item.append(el("span", { class: "tag", text: `${over} playing over` }));
  } else if (kept) {
    item.classList.add("held");
    item.append(el("span", { class: "who", text: kept }),
      el("span", { class: "tag", text: "reserved" }));
  } else if (lock) {
    item.classList.add("held");
    item.append(el("span", { class: "who", text: lock.player }),
      el("span", { class: "tag", text: lock.reason === "called" ? "called" : "locked up" }));
  } else {
    item.classList.add("open");
    item.append(el("span", { class: "who", text: "open" }));
  }
  item.setAttribute("aria-label", `Seat ${seat}: ${item.textContent.slice(String(seat).length)}`);
  return item;
}

function noteLine(label, ...parts) {
  return el("li", {}, el("strong", { text: `${label}: ` }), ...parts);
}

function drawGames() {
  const list = $("games");
  if (!view.games.length) {
    list.replaceChildren(el("li", { class: "empty-note",
      text: "No games are open. Open one below, and its list is called to it." }));
    return;
  }
  list.replaceChildren(...view.games.map((game) => {
    const [state, tone] = gameState(game);
    const t = game.table;
    const head = el("header", { class: "fgame-head" },
      el("h3", { text: `Table ${t}` }),
      el("span", { class: "kind", text: game.stakes && !game.kind.startsWith(`${game.stakes} `)
        ? `${game.kind}, now ${game.stakes}` : game.kind }),

      el("span", { class: `pill ${tone}`, text: state }));
    const seats = el("ol", { class: "fseats", "aria-label": `Seats at table ${t}` },
      ...game.seats.map((s) => drawSeat(game, s)));
    const notes = el("ul", { class: "fnotes" });
    const held = game.locks.filter((l) => l.seat === null);
    if (held.length) {
      notes.append(noteLine("Places held in the new game",
        held.map((l) => l.player).join(", ") + " ", ruleLink("seating.7")));
    }
    if (game.must_move.length) {
      notes.append(noteLine("Must-move list", game.must_move.join(", ") + " ",
        ruleLink("seating.10")));
    }
    for (const change of game.changes) {
      notes.append(noteLine("Seat change",
        `${change.player} asks for ${change.seat === null ? "any seat" : `seat ${change.seat}`} `,
        ruleLink("seating.13")));
    }
    if (game.limit_proposed) {
      const p = game.limit_proposed;
      notes.append(noteLine("Limit proposed", `${p.stakes}; objecting: `
        + (p.objectors.join(", ") || "nobody yet") + " ", ruleLink("policies.17")));
    }
    if (game.observers_refused.length) {
      notes.append(noteLine("Observers refused by", game.observers_refused.join(", ") + " ",
        ruleLink("policies.27")));
    }
    const occupied = Object.keys(game.seated).length;
    const buttons = el("div", { class: "fcontrols" });
    if (!game.dealing) {
      const start = control("Start", `Start the game at table ${t}`, `start-${t}`,
        () => command({ type: "command.StartGame", table: t }), "");
      start.disabled = occupied < 2;
      buttons.append(start);
    }
    buttons.append(control("Break", `Break the game at table ${t}`, `break-${t}`,
      () => command({ type: "command.BreakGame", table: t }), "secondary"));
    const close = control("Close", `Close the game at table ${t}`, `close-${t}`,
      () => command({ type: "command.CloseGame", table: t }), "secondary");
    close.disabled = occupied > 0;
    buttons.append(close, el("a", { class: "watch", href: `/table/${t}`,
      "aria-label": `Watch table ${t}`, text: "Watch the table" }));
    return el("li", { class: `fgame ${tone}`, "data-table": t }, head, seats,
      notes.childElementCount ? notes : null, buttons);
  }));
}

function drawLists() {
  const box = $("lists");
  const kinds = Object.entries(view.waiting);
  if (!kinds.length) {
    box.replaceChildren(el("p", { class: "empty-note", text: "No lists: no game is open." }));
    return;
  }
  const calledNow = new Set(allLocks().filter((l) => l.reason === "called").map((l) => l.player));
  box.replaceChildren(...kinds.map(([kind, names]) => {
    const call = control("Call to a new table", `Call the ${kind} list to a new table`,
      `call-${kind}`, () => {
        $("open-kind").value = kind;
        $("open-table").value = nextTable();
        $("open-table").focus();
        notice(`Opening table ${nextTable()} for ${kind} calls its list (RRP5 seating.2,`
          + " seating.7): check the seats and open the game.");
      });
    call.disabled = names.length === 0;
    return el("div", { class: "wlist" },
      el("h3", {}, el("span", { text: kind }), el("span", { class: "count", text: names.length })),
      names.length
        ? el("ol", { class: "names", "aria-label": `The ${kind} list` },
          ...names.map((n) => el("li", {}, n,
            calledNow.has(n) ? el("span", { class: "tag", text: "called" }) : null)))
        : el("p", { class: "empty-note", text: "Nobody waiting" }),
      call);
  }));
}

function drawCalls() {
  const rows = allLocks().map((lock) => {
    const where = `table ${lock.table}${lock.seat === null ? " (new game)" : `, seat ${lock.seat}`}`;
    const row = el("li", { class: "row" },
      el("span", { class: "who", text: lock.player }),
      el("span", { class: "where", text: lock.reason === "called" ? `called to ${where}`
        : lock.reason === "move" ? `seat held at ${where} for his move`
          : `locked up at ${where}` }));
    if (lock.until !== null && lock.until !== undefined) {
      row.append(countdown(lock.until, `${lock.player}'s call to table ${lock.table} lapses in`));
    }
    if (lock.reason === "called") {
      row.append(control("No answer", `${lock.player} did not answer: call the next name`,
        `noanswer-${lock.player}`,
        () => command({ type: "command.NoAnswer", player: lock.player })));
    }
    return row;
  });
  for (const game of view.games) {
    for (const [seat, player] of Object.entries(game.reserved || {})) {
      rows.push(el("li", { class: "row reserved" },
        el("span", { class: "who", text: player }),
        el("span", { class: "where",
          text: `seat ${seat} at table ${game.table} kept for him, no clock` }),
        ruleLink("seating.8")));
    }
  }
  $("calls").replaceChildren(...(rows.length ? rows
    : [el("li", { class: "empty-note", text: "No calls or lock-ups running." })]));
}

function drawMoves() {
  const rows = view.moving.map((move) => el("li", { class: "row" },
    el("span", { class: "who", text: move.player }),
    el("span", { class: "where",
      text: `table ${move.table} → table ${move.to}, ${WHEN[move.when] || move.when}` }),
    ruleLink("seating.14")));
  $("moves").replaceChildren(...(rows.length ? rows
    : [el("li", { class: "empty-note", text: "No moves ordered." })]));
}

function drawAway() {
  const rows = view.away.map((a) => {
    const since = el("span", { class: "since", "data-since": a.since,
      text: clock(serverNow() - a.since) });
    return el("li", { class: "row" },
      el("span", { class: "who", text: a.player }),
      el("span", { class: "where" }, `table ${a.table}, seat ${a.seat}, away `, since,
        "; chips picked up in"),
      countdown(a.until, `${a.player}'s chips are picked up in`),
      control("+15 min", `Give ${a.player} 15 more minutes away`, `extend-${a.player}`,
        () => command({ type: "command.ExtendAbsence", player: a.player, minutes: 15 })),
      ruleLink("policies.20"));
  });
  $("away").replaceChildren(...(rows.length ? rows
    : [el("li", { class: "empty-note", text: "Nobody is away." })]));
}

// ----- the decisions ------------------------------------------------------------------

const SAY = {
  "room.GameOpened": (e) => `opened table ${e.table}: ${e.kind}, ${e.seats} seats`
    + (e.main ? `, must-move for table ${e.main}` : ""),
  "room.GameStarted": (e) => `started the game at table ${e.table}`
    + (e.button ? `, the button at seat ${e.button}` : ""),
  "room.GameClosed": (e) => `closed table ${e.table}`,
  "room.GameBroken": (e) => `broke the game at table ${e.table}`,
  "room.PlayerArrived": (e) => `${e.player} arrived`,
  "room.AreaLeft": (e) => `${e.player} left the playing area`
    + (e.lockup ? `, leaving ${e.lockup} for a lock-up` : ""),
  "room.AreaReturned": (e) => `${e.player} is back in the playing area`,
  "room.InterestNoted": (e) => `noted ${e.player}'s interest in ${e.kind}`,
  "room.KeptApart": (e) => `keeps ${e.players.join(" and ")} out of the same game`,
  "room.PlayerListed": (e) => `put ${e.player} on the ${e.kind} list (place ${e.place + 1})`,
  "room.PlayerDelisted": (e) => `took ${e.player} off the ${e.kind} list: ${e.reason}`,
  "room.PlayerCalled": (e) => `called ${e.player} to table ${e.table}`
    + (e.seat ? `, seat ${e.seat}` : ""),
  "room.SeatLocked": (e) => `held ${e.seat ? `seat ${e.seat}` : "a place"} at table ${e.table}`
    + ` for ${e.player}` + (e.money ? ` (${e.money} lock-up)` : ""),
  "room.LockUpPickedUp": (e) => `picked up ${e.player}'s lock-up at table ${e.table}`,
  "room.PlayerSeated": (e) => `seated ${e.player} at table ${e.table}, seat ${e.seat}`,
  "room.SeatRefused": (e) => `${e.player} turned down table ${e.table}`
    + (e.kept_place ? ", keeping his place" : ""),
  "room.PlayerLeft": (e) => `${e.player} left table ${e.table}, seat ${e.seat}`,
  "room.PassedOver": (e) => `passed ${e.player} over for table ${e.table}: not here`,
  "room.MoveDue": (e) => `ordered ${e.player} from table ${e.table} to table ${e.to}`,
  "room.PlayerMoved": (e) => `moved ${e.player} from table ${e.table} to table ${e.to},`
    + ` seat ${e.to_seat}`,
  "room.SeatChangeRequested": (e) => `${e.player} asked for a seat change at table ${e.table}`,
  "room.WentAway": (e) => `${e.player} stepped away from table ${e.table}`,
  "room.CameBack": (e) => `${e.player} came back to table ${e.table}`,
  "room.AbsenceExtended": (e) => `extended ${e.player}'s absence`,
  "room.ChipsPickedUp": (e) => `picked up ${e.player}'s chips at table ${e.table}`,
  "room.BarredFromGame": (e) => `barred ${e.player} from table ${e.table} for an hour`,
  "room.SeatReserved": (e) => `reserved seat ${e.seat} at table ${e.table} for ${e.player}`
    + (e.reason ? `: ${e.reason}` : ""),
  "room.Sanctioned": (e) => `gave ${e.player} a ${e.sanction}`,
  "room.SeatRemoved": (e) => `took seat ${e.seat} away at table ${e.table}`,
  "cage.ChipsSold": (e) => `the cage sold ${e.player} ${e.amount} in chips`,
  "cage.ChipsCashed": (e) => `the cage cashed ${e.amount} in chips for ${e.player}`,
  "cage.ChipsBrought": (e) => `${e.player} brought ${e.amount} in chips to table ${e.table}`,
  "cage.ChipsCarried": (e) => `${e.player} holds ${e.amount} from table ${e.table}: ${e.reason}`,
  "cage.TimeTaken": (e) => `took ${e.amount} time from ${e.player} at table ${e.table}`,
  "cardroom.AwayAfterDeal": (e) => `${e.player} sits out at table ${e.table} after this deal`,
  "cardroom.BackAfterDeal": (e) => `${e.player} plays on at table ${e.table}`,
  "cardroom.LimitObjected": (e) => `${e.player} objects to the new limit at table ${e.table}`,
  "cardroom.DeckChanged": (e) => `a new ${e.setup ? "setup" : "deck"} at table ${e.table},`
    + ` asked for by ${e.player}`,
  "cardroom.ObserversRefused": (e) => `${e.player} objects to observers at table ${e.table}`,
  "cardroom.ObserversAllowed": (e) => `${e.player} allows observers at table ${e.table}`,
  "cardroom.LimitProposed": (e) => `proposed ${e.stakes} at table ${e.table}`,
  "cardroom.LimitRefused": (e) => `the limit change to ${e.stakes} at table ${e.table} was`
    + ` refused: ${e.objectors.join(" and ")} objected`,
  "cardroom.LimitChanged": (e) => `table ${e.table} plays ${e.stakes} (was ${e.was})`
    + (e.objectors.length ? `; ${e.objectors.join(", ")} objected` : ""),
  "cardroom.ConductFlagged": (e) => `flagged: ${e.note} (table ${e.table}, deal ${e.deal})`,
};

// The floor's rulings on a pot, from the table's stream: events name seats.
const POT = {
  "table.ChipsImpounded": (e, t) => `held ${e.amount} of ${nameAt(t, e.seat)}'s chips at`
    + ` table ${t} while the decision on deal ${e.deal} is pending`,
  "table.ImpoundReleased": (e, t) => `released ${e.amount} held chips to ${nameAt(t, e.seat)}`
    + ` at table ${t}`,
  "table.PotTransferred": (e, t) => `moved ${e.amount} of deal ${e.deal}'s pot from`
    + ` ${nameAt(t, e.seat)} to ${nameAt(t, e.to)} at table ${t}`,
};

function say(event, table) {
  if (POT[event.type]) return POT[event.type](event, table);
  const words = SAY[event.type];
  if (words) return words(event);
  const [, name] = event.type.split(".");
  return (name || event.type).replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase()
    + (event.player ? `: ${event.player}` : "") + (event.table ? `, table ${event.table}` : "");
}

// The cardroom's own bookkeeping, not a decision anyone made.
const QUIET = new Set(["cardroom.SeatsWait", "cardroom.SeatsFollow", "cardroom.HouseTableOpened"]);

function drawDecisions() {
  const list = $("decisions");
  const kept = [...decisions.values()].filter((m) => !QUIET.has(m.event.type))
    .sort((a, b) => b.seq - a.seq).slice(0, 80);
  list.replaceChildren(...kept.map((m) => {
    const cites = m.event.citations || [];
    return el("li", { class: cites.length ? "decision ruled" : "decision", "data-seq": m.seq },
      el("time", { class: "ago", "data-at": m.at, title: `${stamp(m.at)} UTC`,
        text: ago(m.at) }),
      el("span", { class: "what", text: say(m.event, m.table) }),
      m.by ? el("span", { class: "by", text: m.by }) : null,
      el("span", { class: "rules" }, ...cites.map((c) => ruleLink(c))));
  }));
}

// ----- the forms ------------------------------------------------------------------------

$("open-game").addEventListener("submit", (submitted) => {
  submitted.preventDefault();
  const form = submitted.target;
  const main = form.main.value ? Number(form.main.value) : null;
  command({ type: "command.OpenGame", table: Number(form.table.value),
    kind: form.kind.value.trim(), seats: Number(form.seats.value), main, extra: false },
  () => { form.main.value = ""; });
});

$("sanction").addEventListener("submit", (submitted) => {
  submitted.preventDefault();
  const form = submitted.target;
  const minutes = form.minutes.value ? Number(form.minutes.value) : null;
  command({ type: "command.Sanction", player: form.player.value.trim(),
    sanction: form.sanction.value, rules: [form.rule.value], minutes },
  () => { form.player.value = ""; form.minutes.value = ""; });
});

$("reserve").addEventListener("submit", (submitted) => {
  submitted.preventDefault();
  const form = submitted.target;
  command({ type: "command.Reserve", table: Number(form.table.value),
    seat: Number(form.seat.value), player: form.player.value.trim(),
    reason: form.reason.value.trim() },
  () => form.reset(), form);
});

$("apart").addEventListener("submit", (submitted) => {
  submitted.preventDefault();
  const form = submitted.target;
  command({ type: "command.KeepApart",
    players: [form.first.value.trim(), form.second.value.trim()] },
  () => form.reset(), form);
});

$("limit").addEventListener("submit", (submitted) => {
  submitted.preventDefault();
  const form = submitted.target;
  command({ type: "command.ProposeLimit", table: Number(form.table.value),
    stakes: form.stakes.value.trim() },
  () => { form.stakes.value = ""; }, form);
});

const pot = $("pot");
function potFields() {
  const ruling = pot.ruling.value;
  for (const pair of pot.querySelectorAll(".pair[data-only]")) {
    const shown = pair.dataset.only.split(" ").includes(ruling);
    pair.hidden = !shown;
    for (const input of pair.querySelectorAll("input")) input.disabled = !shown;
  }
  // Released chips go all at once unless an amount is named (RRP5 decisions.7).
  pot.amount.required = ruling !== "release";
  pot.amount.placeholder = ruling === "release" ? "all of them" : "";
}
pot.ruling.addEventListener("change", potFields);
potFields();
pot.addEventListener("submit", (submitted) => {
  submitted.preventDefault();
  const ruling = pot.ruling.value;
  const table = Number(pot.table.value);
  const amount = pot.amount.value ? Number(pot.amount.value) : null;
  const deal = pot.deal.value ? Number(pot.deal.value) : null;
  const body = ruling === "impound"
    ? { type: "command.Impound", table, player: pot.player.value.trim(), amount, deal }
    : ruling === "release"
      ? { type: "command.Release", table, to: pot.to.value.trim(), amount, deal }
      : { type: "command.Transfer", table, player: pot.player.value.trim(),
        to: pot.to.value.trim(), amount, deal };
  if (!following.has(table) && wire.open()) {
    following.add(table);
    send({ subscribe: table, as: "floor", after: lastSeq }).catch(() => following.delete(table));
  }
  command(body, () => { pot.amount.value = ""; }, pot);
});

setInterval(tick, 1000);
wire.connect();
