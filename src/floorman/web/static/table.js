// The live table: one WebSocket to the server (docs/protocol.md), the table
// drawn from the view the server computes for this person, and the person's
// actions sent as the service's commands. Nothing here decides what is legal
// or what may be seen: the server's view says both (RRP5 policies.23).

import { ruleLink } from "./rules.js";
import { $, RANKS, SUITS, el, svgNode } from "./dom.js";
import { followView, openWire } from "./wire.js";

const root = document.getElementById("table");
const TABLE = Number(root.dataset.table);
const ME = root.dataset.me;
const AS = root.dataset.as;

// ----- cards, drawn here as SVG -------------------------------------------------

/** A card face (code like "As") or, for null, its back. */
export function cardSvg(code) {
  const svg = svgNode("svg", { viewBox: "0 0 60 84", width: 60, height: 84, class: "card",
    role: "img" });
  svg.append(svgNode("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6,
    fill: code ? "#fff" : "#8b1e2d", stroke: "#333", "stroke-width": 1.5 }));
  if (!code) {
    svg.classList.add("back");
    svg.setAttribute("aria-label", "a face-down card");
    svg.append(svgNode("rect", { x: 6, y: 6, width: 48, height: 72, rx: 4, fill: "none",
      stroke: "#f3d9a4", "stroke-width": 2 }));
    svg.append(svgNode("path", { d: "M30 18 L46 42 L30 66 L14 42 Z", fill: "#f3d9a4",
      opacity: 0.8 }));
    return svg;
  }
  if (code === "Xx") {
    svg.dataset.card = code;
    svg.setAttribute("aria-label", "the joker");
    svg.append(svgNode("text", { x: 30, y: 50, "text-anchor": "middle", "font-size": 16,
      "font-weight": 700, fill: "#6a1b9a" }, "JOKER"));
    return svg;
  }
  const [rank, suit] = [code[0], code[1]];
  const [symbol, suitName, color] = SUITS[suit];
  svg.dataset.card = code;
  svg.setAttribute("aria-label", `${RANKS[rank]} of ${suitName}`);
  const label = rank === "T" ? "10" : rank;
  svg.append(svgNode("text", { x: 6, y: 26, "font-size": 24, "font-weight": 700, fill: color,
    "font-family": "system-ui, sans-serif", "letter-spacing": label.length > 1 ? -2 : 0 }, label));
  svg.append(svgNode("text", { x: 54, y: 76, "text-anchor": "end", "font-size": 36, fill: color },
    symbol));
  return svg;
}

/** A card as words, e.g. "A♠", for the log. */
function cardText(code) {
  if (!code) return "🂠";
  if (code === "Xx") return "joker";
  return `${code[0] === "T" ? "10" : code[0]}${SUITS[code[1]][0]}`;
}

/** A run of cards as text nodes, each suit in its colour, for the log. */
function cardsInline(codes) {
  const span = el("span", { class: "cards-inline" });
  for (const code of codes) {
    const suit = code && code !== "Xx" ? code[1] : "";
    span.append(el("span", { class: `ct${suit ? ` s-${suit}` : ""}`, text: cardText(code),
      "aria-label": code ? (code === "Xx" ? "the joker"
        : `${RANKS[code[0]]} of ${SUITS[code[1]][1]}`) : "a face-down card" }));
  }
  return span;
}

// ----- the connection -----------------------------------------------------------

let lastSeq = null; // the last log number taken: resync with "after" it
let view = null;
let ended = false;
let clock = null; // the action clock on the player to act, in this page's time
const lastAction = new Map(); // seat -> what the player last did this deal
const drawn = new Map(); // seat -> the counts of cards he drew this deal
const discards = new Set(); // indexes of the person's own cards marked to throw away
let positions = []; // a deal's positions -> seats
let highest = 0; // the highest bet of the betting round, to word a wager
let followed = false; // whether this page saw its deal start (else the view says the bets)

/** Rule ids or "RRP5 x.y" citations as links to their rule pages. */
function ruleLinks(citations) {
  return (citations ?? []).map(ruleLink);
}

function status(text, alert = false) {
  const node = $("status");
  node.textContent = text;
  node.classList.toggle("error", alert);
  node.setAttribute("role", alert ? "alert" : "status");
}

/** A refusal, kept in sight with its rules as links until the next action. */
function refused(error) {
  const node = $("alert");
  node.replaceChildren(error.message);
  const links = ruleLinks(error.citations);
  if (links.length) {
    const rules = el("span", { class: "rules" }, " (");
    links.forEach((link, i) => rules.append(...(i ? [", ", link] : [link])));
    rules.append(")");
    node.append(rules);
  }
  node.dataset.code = error.code ?? "";
  node.hidden = false;
}

function clearRefusal() {
  $("alert").hidden = true;
  $("alert").replaceChildren();
}

const wire = openWire({
  opened() {
    status("Connected.");
    const subscribe = { subscribe: TABLE, as: AS };
    if (lastSeq !== null) subscribe.after = lastSeq;
    send(subscribe).then(refresh, refused);
  },
  pushed: receive,
  lost(delay) {
    status(`Connection lost: reconnecting in ${(delay / 1000).toFixed(1)} s…`, true);
    root.dataset.connected = "false";
  },
  ended() {
    ended = true;
    status("Your session has ended: log in again from the lobby.", true);
    controls(null);
  },
});
const send = wire.send;

function receive(message) {
  if (message.error) {
    refused(message.error);
    return;
  }
  if (message.table !== TABLE || typeof message.seq !== "number") return;
  if (message.view !== undefined) {
    lastSeq = Math.max(lastSeq ?? -1, message.seq);
    setClock(message.clock);
    render(message.view);
    return;
  }
  if (lastSeq !== null && message.seq <= lastSeq) return; // a resync overlapping what came
  lastSeq = message.seq;
  if (message.event) narrate(message.event);
  scheduleView();
}

const { schedule: scheduleView, refresh } = followView(send, TABLE, {
  shown(result) {
    if (result.seq > (lastSeq ?? -1)) lastSeq = result.seq;
    setClock(result.clock);
    render(result.view);
    root.dataset.connected = "true";
  },
  failed(error) {
    if (error.code) refused(error);
  },
});

// ----- the clock ------------------------------------------------------------------

/** The server's clock (RRP5 dead-hands.1.6) in this page's time: when the
 * action time ends and when the bank does, for the seat to act. */
function setClock(given) {
  if (!given) {
    clock = null;
    return;
  }
  const here = performance.now() / 1000;
  const ends = here + (given.began + given.action - given.now);
  clock = { seat: given.seat, ends, deadline: ends + given.bank };
}

function mmss(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function clockText() {
  if (!clock) return null;
  const here = performance.now() / 1000;
  if (here < clock.ends) {
    return { text: `time ${mmss(clock.ends - here)}`, bank: false,
      label: `${mmss(clock.ends - here)} to act, then the time bank ${mmss(clock.deadline - clock.ends)}` };
  }
  return { text: `bank ${mmss(clock.deadline - here)}`, bank: true,
    label: `on the time bank: ${mmss(clock.deadline - here)} left` };
}

function tickClock() {
  const shown = clockText();
  for (const node of document.querySelectorAll(".seat .clock")) {
    if (!shown || Number(node.dataset.seat) !== clock.seat) {
      node.hidden = true;
      continue;
    }
    node.hidden = false;
    node.textContent = shown.text;
    node.setAttribute("aria-label", shown.label);
    node.classList.toggle("bank", shown.bank);
  }
}
setInterval(tickClock, 250);

// ----- what happened ------------------------------------------------------------

function nameAt(seat) {
  const found = view?.seats.find((s) => s.seat === seat);
  return found ? found.player : `seat ${seat}`;
}

function log(...parts) {
  const list = $("log");
  const item = el("li", {}, ...parts);
  if (parts.length === 1 && typeof parts[0] === "string") item.textContent = parts[0];
  list.prepend(item);
  while (list.children.length > 80) list.lastChild.remove();
  return item;
}

const STREETS = ["", "Flop", "Turn", "River"];
let boardSoFar = [];

function narrate(event) {
  const seat = event.position !== undefined ? positions[event.position] : undefined;
  const who = seat === undefined ? "" : nameAt(seat);
  const did = (text, ...more) => {
    if (seat === undefined) return;
    lastAction.set(seat, text);
    log(`${who} ${text}`, ...more);
  };
  const allIn = event.all_in ? ", all in" : "";
  switch (event.type) {
    case "table.DealStarted":
      followed = true;
      positions = event.dealt_in;
      lastAction.clear();
      drawn.clear();
      discards.clear();
      boardSoFar = [];
      highest = 0;
      log(el("strong", { text: `Deal ${event.number}` }),
        ` begins; the button is at seat ${event.button}`).classList.add("deal-start");
      break;
    case "deal.StreetStarted":
      if (event.street === 0) break; // the blinds are the first round's bets
      followed = true;
      highest = 0;
      for (const key of lastAction.keys()) {
        if (lastAction.get(key) !== "folds") lastAction.delete(key);
      }
      // A board's street is told with its cards (deal.BoardDealt).
      if (!["flop", "turn", "river"].includes(event.name)) {
        log(el("em", { text: event.name })).classList.add("street");
      }
      break;
    case "deal.BoardDealt": {
      boardSoFar = boardSoFar.concat(event.cards);
      const name = view?.game === "holdem" || view?.game?.startsWith("omaha")
        ? (STREETS[Math.min(3, Math.max(1, boardSoFar.length - 2))] ?? "Board") : "Board";
      log(`${event.run ? `Run ${event.run + 1}, ` : ""}${name}: `, cardsInline(event.cards),
        boardSoFar.length > event.cards.length ? " — board " : "",
        boardSoFar.length > event.cards.length ? cardsInline(boardSoFar) : "");
      break;
    }
    case "deal.HoleDealt": {
      if (seat === undefined) break;
      const up = event.cards.filter((card, i) => event.up[i] && card);
      const mineDown = event.cards.filter((card, i) => !event.up[i] && card);
      if (up.length) log(`${who} is dealt `, cardsInline(up), " face up");
      if (mineDown.length && who === ME) {
        const drawing = view?.in_deal && drawn.has(seat);
        log(drawing ? "You draw " : "You are dealt ", cardsInline(mineDown),
          up.length ? " face down" : "");
      }
      break;
    }
    case "deal.BlindPosted":
      highest = Math.max(highest, event.amount);
      did(`posts ${event.amount}${event.dead ? ` and ${event.dead} dead` : ""}`);
      break;
    case "deal.AntePosted": did(`antes ${event.amount}`); break;
    case "deal.BringInPosted":
      highest = Math.max(highest, event.amount);
      did(`brings in for ${event.amount}`);
      break;
    case "deal.Folded": did("folds"); break;
    case "deal.Checked": did("checks"); break;
    case "deal.Called":
      did(event.all_in ? `calls ${event.amount} more, all in` : `calls ${highest}`);
      break;
    case "deal.Wagered":
      if (!followed && view?.in_deal) highest = Math.max(0, ...view.seats.map((s) => s.bet));
      did(`${highest > 0 ? "raises to" : "bets"} ${event.to}${allIn}`);
      highest = Math.max(highest, event.to);
      break;
    case "deal.Drew": { // the cards come after, dealt as hole cards
      const count = event.discards.length;
      if (seat !== undefined) drawn.set(seat, [...(drawn.get(seat) ?? []), count]);
      did(count ? `draws ${count}` : "stands pat");
      if (who === ME) discards.clear();
      break;
    }
    case "deal.PlayerShowed":
    case "deal.HandShown":
      did("shows ", cardsInline(event.cards));
      lastAction.set(seat, "shows");
      break;
    case "deal.PlayerMucked":
    case "deal.HandMucked": did("mucks"); break;
    case "deal.HandKilled": did("has a dead hand"); break;
    case "deal.PotAwarded": {
      const pot = event.pot ? `side pot ${event.pot}` : "the main pot";
      const share = event.share && event.share !== "whole" ? ` (${event.share})` : "";
      for (const [position, amount] of event.amounts) {
        const winner = positions[position];
        const hand = event.hand ? ` with ${event.hand}` : "";
        lastAction.set(winner, `wins ${amount}${hand}`);
        log(`${nameAt(winner)} wins ${pot}${share}, ${amount}${hand}`).classList.add("won");
      }
      break;
    }
    case "table.DealFinished":
      log(`Deal ${event.number} is over`);
      setTimeout(histories, 300);
      break;
    case "timing.TimeBankUsed":
      break;
    case "timing.TurnTimedOut":
      log(`${nameAt(event.seat)}'s time ran out (${event.outcome ?? "ruled"})`,
        ...ruleLinks(event.citations).flatMap((a) => [" ", a]));
      break;
    case "table.SatOut":
      if (event.seat !== undefined) log(`${nameAt(event.seat)} sits out`);
      break;
    case "table.CameBack":
      if (event.seat !== undefined) log(`${nameAt(event.seat)} is back`);
      break;
    default:
      break;
  }
}

// ----- the last deals' histories ------------------------------------------------

async function histories() {
  if (AS === "observer") return;
  try {
    const answer = await fetch("/hands", { credentials: "same-origin" });
    if (!answer.ok) return;
    const hands = ((await answer.json()).hands ?? []).filter((h) => h.table === TABLE);
    const items = hands.slice(-8).reverse().map((h) => {
      const base = `/history/${h.table}/${h.deal}`;
      const item = el("li", { "data-deal": h.deal },
        el("a", { href: base, text: `Deal ${h.deal}` }), " · ",
        el("a", { href: `${base}/phh`, download: "", text: "PHH",
          "aria-label": `Download deal ${h.deal} as PHH` }));
      // Each player's copy has his own cards and the hands shown (RRP5 policies.23).
      item.append(" · ", el("a", { href: `${base}/pokerstars`, download: "", text: "PokerStars",
        "aria-label": `Download deal ${h.deal} as PokerStars text` }));
      return item;
    });
    const list = $("histories");
    if (items.length) list.replaceChildren(...items);
    else list.replaceChildren(el("li", { class: "note", text: "No finished deal of yours here yet." }));
  } catch (error) {
    // the next deal's end tries again
  }
}

// ----- the table ----------------------------------------------------------------

function mySeat(seen) {
  return seen?.seats.find((s) => s.player === ME) ?? null;
}

function render(seen) {
  view = seen;
  if (!seen) {
    status(`Table ${TABLE} is not dealing yet.`);
    $("seats").replaceChildren();
    controls(null);
    return;
  }
  if (!positions.length) {
    for (const s of seen.seats) if (s.position !== null) positions[s.position] = s.seat;
  }
  const mine = mySeat(seen);
  const acting = seen.to_act ? nameAt(seen.to_act) : null;
  const stakes = seen.blinds.length ? `${seen.blinds.join("/")} `
    : `${seen.small_bet}/${seen.big_bet} `;
  const title = `${stakes}${seen.structure} ${seen.game}`;
  if (seen.in_deal) {
    const turn = acting ? (acting === ME ? "your turn" : `${acting} to act`) : seen.turn;
    status(`${title} · deal ${seen.deal} · ${seen.street} · pot ${seen.pot} · ${turn}`);
  } else {
    status(`${title} · between deals${mine ? "" : " · watching"}`);
  }
  root.dataset.deal = seen.deal;
  root.dataset.inDeal = seen.in_deal;
  root.dataset.street = seen.in_deal ? seen.street : "";
  root.dataset.turn = seen.turn;
  root.dataset.game = seen.game;
  seats(seen, mine);
  board(seen);
  controls(seen);
  tickClock();
}

function cardLabel(card, up, mine) {
  const face = card ? cardSvg(card) : cardSvg(null);
  if (up === undefined) return face;
  face.classList.add(up ? "up" : "down");
  if (card && !up && mine) {
    face.setAttribute("aria-label", `${face.getAttribute("aria-label")}, face down`);
  } else if (card && up) {
    face.setAttribute("aria-label", `${face.getAttribute("aria-label")}, face up`);
  }
  return face;
}

function seats(seen, mine) {
  const bySeat = new Map(seen.seats.map((s) => [s.seat, s]));
  const size = seen.size;
  const bottom = mine ? mine.seat : 1;
  const stud = seen.seats.some((s) => s.up.some(Boolean)) || seen.game.includes("stud")
    || seen.game === "razz";
  const list = [];
  for (let seat = 1; seat <= size; seat++) {
    const s = bySeat.get(seat);
    // Round the oval, the person's own chair at the bottom.
    const angle = Math.PI / 2 + ((seat - bottom) * 2 * Math.PI) / size;
    const place = (node) => { // through the CSSOM: the page's policy allows no inline style
      node.style.setProperty("--x", `${(50 + 44 * Math.cos(angle)).toFixed(1)}%`);
      node.style.setProperty("--y", `${(50 + 40 * Math.sin(angle)).toFixed(1)}%`);
      return node;
    };
    if (!s) {
      list.push(place(el("li", { class: "seat empty", "data-seat": seat,
        "aria-label": `seat ${seat}, open` }, el("span", { class: "name", text: `seat ${seat}` }),
      el("span", { class: "stack", text: "open" }))));
      continue;
    }
    const own = s.player === ME;
    const classes = ["seat"];
    if (own) classes.push("mine");
    if (seen.in_deal && seen.to_act === seat) classes.push("to-act");
    if (s.folded) classes.push("folded");
    if (s.away) classes.push("away");
    const notes = [];
    if (seen.button === seat) notes.push(el("span", { class: "dealer-button", title: "the button",
      "aria-label": "the button", text: "D" }));
    if (seen.small_blind === seat && seen.blinds.length) {
      notes.push(el("span", { class: "blind", title: "small blind", text: "SB" }));
    }
    if (seen.big_blind === seat && seen.blinds.length) {
      notes.push(el("span", { class: "blind", title: "big blind", text: "BB" }));
    }
    if (s.away) notes.push(el("span", { class: "tag", text: "sitting out" }));
    else if (s.owes?.length && !seen.in_deal) {
      notes.push(el("span", { class: "tag", text: `owes ${s.owes.join(", ")}` }));
    } else if (s.stack === 0 && !s.bet && !s.cards.length) {
      notes.push(el("span", { class: "tag", text: "no chips" }));
    }
    const hand = el("div", { class: `hand${stud ? " stud" : ""}${s.cards.length > 4 ? " many" : ""}`,
      "aria-label": `${s.player}'s cards` });
    s.cards.forEach((card, i) => {
      const face = cardLabel(card, stud ? Boolean(s.up[i]) : undefined, own);
      if (own && discards.has(i)) face.classList.add("marked");
      hand.append(face);
    });
    const action = lastAction.get(seat);
    const draws = drawn.get(seat);
    const label = [`seat ${seat}`, s.player, `stack ${s.stack}`];
    if (s.bet) label.push(`bet ${s.bet}`);
    if (action) label.push(action);
    if (draws) label.push(`drew ${draws.join(", then ")}`);
    if (seen.in_deal && seen.to_act === seat) label.push("to act");
    list.push(place(el("li", { class: classes.join(" "), "data-seat": seat,
      "data-player": s.player, "data-dealt": seen.in_deal && s.position !== null,
      "aria-label": label.join(", ") },
    el("div", { class: "who" }, el("span", { class: "name", text: s.player }), ...notes),
    el("span", { class: "stack", text: s.stack.toLocaleString() }),
    hand,
    s.bet ? el("span", { class: "bet", text: `bet ${s.bet}` }) : null,
    draws ? el("span", { class: "drew", text: `drew ${draws.join(" · ")}` }) : null,
    action ? el("span", { class: "action", text: action }) : null,
    el("span", { class: "clock", "data-seat": seat, role: "timer", hidden: true }))));
  }
  $("seats").replaceChildren(...list);
}

function board(seen) {
  const cards = seen.board.map(cardSvg);
  $("board").replaceChildren(...cards);
  $("board").hidden = !cards.length;
  const pots = seen.pots.map((pot, i) => `${i ? `side pot ${i}` : "main pot"}: ${pot.amount}`);
  // The main and side pots once the round's bets are in them; the total while bets are out.
  const settled = seen.seats.every((s) => !s.bet);
  $("pots").textContent = seen.in_deal
    ? `Pot ${seen.pot}${pots.length > 1 && settled ? ` (${pots.join(", ")})` : ""}` : "";
}

// ----- the person's controls ----------------------------------------------------

let keys = new Map(); // key -> the button it presses
let chosen = null; // the amount chosen for a wager, kept while the options stay the same
let buying = 200; // the chips the person means to add, kept as the controls are redrawn

function button(text, key, run, { cls = "", label, local = false } = {}) {
  const node = el("button", { type: "button", class: cls, "aria-keyshortcuts": key.toUpperCase(),
    "aria-label": label ?? text, "data-key": key },
  el("span", { text }), el("kbd", { text: key.toUpperCase(), "aria-hidden": "true" }));
  keys.set(key, node);
  if (local) { // changes only the page (a preset): nothing sent, nothing to wait for
    node.addEventListener("click", run);
    return node;
  }
  node.addEventListener("click", async () => {
    clearRefusal();
    for (const b of $("controls").querySelectorAll("button")) b.disabled = true;
    try {
      await run();
    } catch (error) {
      refused(error);
    } finally {
      scheduleView();
    }
  });
  return node;
}

function command(body) {
  return send({ command: { player: ME, ...body } });
}

function act(move, to = 0, cards = []) {
  return command({ type: "command.Act", move, to, cards });
}

function clamp(value, low, high) {
  return Math.max(low, Math.min(high, Math.round(value)));
}

function wagerControls(legal, seen, mine) {
  const low = legal.min_to;
  const high = legal.max_to;
  const word = seen.seats.some((s) => s.bet > 0) && legal.call + (mine?.bet ?? 0) > 0
    ? "Raise to" : "Bet";
  const part = el("div", { class: "wager" });
  const facing = (mine?.bet ?? 0) + legal.call;
  const potAfterCall = seen.pot + legal.call;
  const amount = el("input", { id: "amount", type: "number", min: low, max: high, step: 1,
    value: low, inputmode: "numeric", "aria-label": `${word} amount, ${low} to ${high}` });
  const slider = el("input", { id: "amount-slider", type: "range", min: low, max: high,
    step: 1, value: low, "aria-label": `${word} amount slider` });
  const allIn = (mine?.bet ?? 0) + (mine?.stack ?? 0);
  const go = button(`${word} ${low}`, "r", () => act("wager", Number(amount.value)),
    { cls: "primary", label: `${word} ${low}` });
  const options = `${seen.deal}/${seen.street}/${legal.seat}/${low}/${high}`;
  const set = (value) => {
    const to = clamp(value, low, high);
    chosen = { options, to };
    amount.value = to;
    slider.value = to;
    go.firstChild.textContent = `${word} ${to}${to === allIn ? " (all in)" : ""}`;
    go.setAttribute("aria-label", `${word} ${to}`);
  };
  amount.addEventListener("input", () => set(Number(amount.value) || low));
  slider.addEventListener("input", () => set(Number(slider.value)));
  amount.addEventListener("keydown", (key) => {
    if (key.key === "Enter") go.click();
  });
  const presets = el("div", { class: "presets", role: "group", "aria-label": "Amount presets" });
  if (low < high) {
    // Pot-limit: the most the deal allows is the pot, and the last preset says so.
    const potLimit = seen.structure === "pot-limit";
    const choices = [["Min", "1", low], ["½ pot", "2", facing + potAfterCall / 2],
      ["Pot", "3", facing + potAfterCall]];
    if (potLimit) {
      choices.pop();
      choices.push([high === allIn ? "Pot max · all in" : "Pot max", "3", high]);
    } else {
      choices.push(["All in", "4", high]);
    }
    for (const [text, key, value] of choices) {
      presets.append(button(text, key, () => set(value),
        { cls: "preset", label: `${text}: ${clamp(value, low, high)}`, local: true }));
    }
    part.append(el("label", { for: "amount", class: "sr-only", text: `${word} amount` }),
      amount, slider, presets);
  }
  part.append(go);
  if (chosen?.options === options) set(chosen.to);
  return part;
}

/** The draw: the person's cards to mark for discarding (a click or its
 * number key), and one button drawing as many as are marked. */
function drawControls(mine) {
  const part = el("div", { class: "draw", role: "group", "aria-label": "Choose your discards" });
  const cards = el("div", { class: "discards" });
  const go = button("", "d", () => {
    const thrown = [...discards].sort().map((i) => mine.cards[i]);
    return act("draw", 0, thrown);
  }, { cls: "primary" });
  const word = () => {
    const n = discards.size;
    const text = n ? `Draw ${n}` : "Stand pat";
    go.firstChild.textContent = text;
    go.setAttribute("aria-label", n ? `Draw ${n}: throw away the ${n} marked` : "Stand pat: draw none");
  };
  mine.cards.forEach((card, i) => {
    const pick = el("button", { type: "button", class: "pick", "aria-pressed": discards.has(i),
      "data-key": String(i + 1), "aria-keyshortcuts": String(i + 1),
      "aria-label": `Discard ${cardSvg(card).getAttribute("aria-label")}` }, cardSvg(card),
    el("kbd", { text: String(i + 1), "aria-hidden": "true" }));
    const toggle = () => {
      if (discards.has(i)) discards.delete(i);
      else discards.add(i);
      pick.setAttribute("aria-pressed", discards.has(i));
      document.querySelectorAll(".seat.mine .hand svg.card")[i]?.classList.toggle("marked",
        discards.has(i));
      word();
    };
    pick.addEventListener("click", toggle);
    keys.set(String(i + 1), pick);
    cards.append(pick);
  });
  word();
  part.append(el("p", { class: "hint", text: "Mark the cards to throw away (click or 1–5), then draw:" }),
    cards, go);
  return part;
}

function betweenDeals(seen, mine, parts) {
  // Out of chips and in no deal (all in is not broke): chips added now play
  // from the next deal.
  const broke = mine.stack === 0 && (!seen.in_deal || mine.position === null);
  if (broke) parts.push(el("p", { class: "hint", text: "Out of chips: add chips to be dealt in." }));
  if (mine.away) {
    parts.push(button("Come back and post", "b", () => command({ type: "command.ComeBack",
      post: true, restored: null }), { cls: "primary", label: "Come back and post now" }));
    parts.push(button("Come back at the big blind", "w", () => command({
      type: "command.ComeBack", post: false, restored: null }),
    { label: "Come back and wait for the big blind" }));
  } else if (!seen.in_deal && mine.owes.length) {
    // Out of chips, nothing can be posted till chips are added: adding them
    // is the first thing to do, and the choice to post waits for them.
    parts.push(button("Post now", "p", () => command({ type: "command.Choose", post: true }),
      { cls: broke ? "" : "primary", label: `Post ${mine.owes.join(" and ")} now` }));
    parts.push(button("Wait for the big blind", "w",
      () => command({ type: "command.Choose", post: false })));
  } else {
    parts.push(button("Sit out", "o", () => command({ type: "command.StepAway", took: 0 }),
      { label: seen.in_deal ? "Sit out from the next deal" : "Sit out" }));
  }
  const chips = el("input", { id: "buy", type: "number", min: 1, step: 1, value: buying,
    inputmode: "numeric", "aria-label": "Chips to add" });
  chips.addEventListener("input", () => { buying = chips.value; });
  const buy = el("div", { class: "buy" }, el("label", { for: "buy", text: "Chips" }), chips,
    button("Add chips", "a", () => command({ type: "command.Buy", chips: Number(chips.value),
      arrived: true, announced: true }), { cls: broke ? "primary" : "secondary" }));
  parts.push(buy);
  parts.push(button("Leave the table", "l", async () => {
    await command({ type: "command.Leave" });
    try {
      await command({ type: "command.CashOut", chips: null }); // nothing held: refused
    } catch (error) {
      // seated till the deal ends, or nothing to cash: the chips stay on the books
    }
    location.assign("/");
  }, { cls: "secondary" }));
}

let drawnFor = null; // what the controls show now: they are rebuilt only when it changes

function controls(seen) {
  const box = $("controls");
  const mine = mySeat(seen);
  const legal = seen?.legal ?? null;
  // The same choices are not rebuilt, so a button being pressed or an amount
  // being typed is not swept away by a view that changed nothing of them.
  const myTurn = Boolean(legal && mine && legal.seat === mine.seat);
  const showing = JSON.stringify([ended, Boolean(seen), seen?.in_deal,
    mine && [mine.seat, mine.away, mine.owes, mine.stack === 0, mine.position],
    myTurn && [seen.deal, seen.street, seen.pot, legal, mine.cards, mine.bet, mine.stack]]);
  if (showing === drawnFor && box.querySelector("button:not([disabled]), p")) return;
  drawnFor = showing;
  keys = new Map();
  if (!seen || ended) {
    box.replaceChildren();
    return;
  }
  const parts = [];
  const turn = [];
  if (legal && mine && legal.seat === mine.seat) {
    if (legal.turn === "bet") {
      if (legal.fold) turn.push(button("Fold", "f", () => act("fold"), { cls: "danger" }));
      if (legal.check) turn.push(button("Check", "c", () => act("check")));
      if (legal.call > 0) {
        turn.push(button(`Call ${legal.call}`, "c", () => act("call"),
          { label: `Call ${legal.call}` }));
      }
      if (legal.bring_in > 0) {
        turn.push(button(`Bring in ${legal.bring_in}`, "i", () => act("bring-in")));
      }
      if (legal.max_to > 0) turn.push(wagerControls(legal, seen, mine));
      if (legal.chop) turn.push(button("Chop the blinds", "h", () => act("chop")));
    } else if (legal.turn === "show or muck") {
      turn.push(button("Show", "s", () => act("show")));
      if (legal.muck) turn.push(button("Muck", "m", () => act("muck"), { cls: "danger" }));
    } else if (legal.turn === "draw") {
      turn.push(drawControls(mine));
    }
  }
  if (turn.length) {
    parts.push(el("div", { class: "turn", role: "group", "aria-label": "Your turn" }, ...turn));
  } else if (mine) {
    betweenDeals(seen, mine, parts);
  } else {
    parts.push(el("p", { class: "note", text: "You are watching this table. Sit down from the lobby." }));
  }
  box.replaceChildren(...parts);
}

document.addEventListener("keydown", (key) => {
  if (key.ctrlKey || key.metaKey || key.altKey) return;
  const target = key.target;
  if (target instanceof HTMLInputElement && target.type !== "range") return;
  const pressed = keys.get(key.key.toLowerCase());
  if (pressed && !pressed.disabled) {
    key.preventDefault();
    pressed.click();
  }
});

wire.connect();
histories();
