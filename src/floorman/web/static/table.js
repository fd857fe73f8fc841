// The live table: one WebSocket to the server (docs/protocol.md), the table
// drawn from the view the server computes for this person, and the person's
// actions sent as the service's commands. Nothing here decides what is legal
// or what may be seen: the server's view says both (RRP5 policies.23).

const root = document.getElementById("table");
const TABLE = Number(root.dataset.table);
const ME = root.dataset.me;
const AS = root.dataset.as;
const SVG = "http://www.w3.org/2000/svg";

const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) if (child) node.append(child);
  return node;
};

// ----- cards, drawn here as SVG -------------------------------------------------

const RANKS = { A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight",
  7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "two" };
const SUITS = { s: ["♠", "spades", "#1d1d1f"], h: ["♥", "hearts", "#c8102e"],
  d: ["♦", "diamonds", "#1f5fbf"], c: ["♣", "clubs", "#137a3a"] };

function svgNode(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

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

// ----- the connection -----------------------------------------------------------

let socket = null;
let nextId = 1;
let lastSeq = null; // the last log number taken: resync with "after" it
let retry = 0;
let viewTimer = null;
let view = null;
let ended = false;
const waiting = new Map(); // message id -> [resolve, reject]
const lastAction = new Map(); // seat -> what the player last did this deal
let positions = []; // a deal's positions -> seats
let highest = 0; // the highest bet of the betting round, to word a wager
let followed = false; // whether this page saw its deal start (else the view says the bets)

function status(text, alert = false) {
  const node = $("status");
  node.textContent = text;
  node.classList.toggle("error", alert);
  node.setAttribute("role", alert ? "alert" : "status");
}

function send(message) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      reject(new Error("not connected: reconnecting"));
      return;
    }
    waiting.set(id, [resolve, reject]);
    socket.send(JSON.stringify({ id, ...message }));
  });
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws`);
  socket.addEventListener("open", () => {
    retry = 0;
    status("Connected.");
    const subscribe = { subscribe: TABLE, as: AS };
    if (lastSeq !== null) subscribe.after = lastSeq;
    send(subscribe).then(refresh, (error) => status(error.message, true));
  });
  socket.addEventListener("message", (message) => receive(JSON.parse(message.data)));
  socket.addEventListener("close", (closed) => {
    for (const [, [, reject]] of waiting) reject(new Error("the connection dropped"));
    waiting.clear();
    if (closed.code === 4401) {
      ended = true;
      status("Your session has ended: log in again from the lobby.", true);
      controls(null);
      return;
    }
    const delay = Math.min(5000, 250 * 2 ** retry++);
    status(`Connection lost: reconnecting in ${(delay / 1000).toFixed(1)} s…`, true);
    setTimeout(connect, delay);
  });
}

function receive(message) {
  if (message.id !== undefined && message.id !== null && waiting.has(message.id)) {
    const [resolve, reject] = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error) reject(Object.assign(new Error(message.error.message), message.error));
    else resolve(message.result);
    return;
  }
  if (message.error) {
    status(message.error.message, true);
    return;
  }
  if (message.table !== TABLE || typeof message.seq !== "number") return;
  if (message.view !== undefined) {
    lastSeq = Math.max(lastSeq ?? -1, message.seq);
    render(message.view);
    return;
  }
  if (lastSeq !== null && message.seq <= lastSeq) return; // a resync overlapping what came
  lastSeq = message.seq;
  if (message.event) narrate(message.event);
  scheduleView();
}

// The view is asked for at most every 60 ms however fast the events come
// (a table of bots deals without pause), and once more after the last one.
let asking = false;
let stale = false;

function scheduleView() {
  stale = true;
  if (viewTimer === null && !asking) viewTimer = setTimeout(refresh, 60);
}

async function refresh() {
  viewTimer = null;
  if (asking) return;
  asking = true;
  stale = false;
  try {
    const result = await send({ view: TABLE });
    if (result.seq > (lastSeq ?? -1)) lastSeq = result.seq;
    render(result.view);
  } catch (error) {
    if (error.code) status(error.message, true);
  } finally {
    asking = false;
    if (stale) scheduleView();
  }
}

// ----- what happened ------------------------------------------------------------

function nameAt(seat) {
  const found = view?.seats.find((s) => s.seat === seat);
  return found ? found.player : `seat ${seat}`;
}

function log(text) {
  const list = $("log");
  list.prepend(el("li", { text }));
  while (list.children.length > 40) list.lastChild.remove();
}

function narrate(event) {
  const seat = event.position !== undefined ? positions[event.position] : undefined;
  const did = (text) => {
    if (seat === undefined) return;
    lastAction.set(seat, text);
    log(`${nameAt(seat)} ${text}`);
  };
  const allIn = event.all_in ? ", all in" : "";
  switch (event.type) {
    case "table.DealStarted":
      followed = true;
      positions = event.dealt_in;
      lastAction.clear();
      highest = 0;
      log(`Deal ${event.number} begins; the button is at seat ${event.button}`);
      break;
    case "deal.StreetStarted":
      if (event.street === 0) break; // the blinds are the first round's bets
      followed = true;
      highest = 0;
      for (const key of lastAction.keys()) {
        if (lastAction.get(key) !== "folds") lastAction.delete(key);
      }
      break;
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
    case "deal.Drew":
      did(event.cards.length ? `draws ${event.cards.length}` : "stands pat");
      break;
    case "deal.PlayerShowed":
    case "deal.HandShown": did("shows"); break;
    case "deal.PlayerMucked":
    case "deal.HandMucked": did("mucks"); break;
    case "deal.HandKilled": did("has a dead hand"); break;
    case "deal.PotAwarded":
      for (const [position, amount] of event.amounts) {
        const winner = positions[position];
        lastAction.set(winner, `wins ${amount}${event.hand ? ` with ${event.hand}` : ""}`);
        log(`${nameAt(winner)} wins ${amount}${event.hand ? ` with ${event.hand}` : ""}`);
      }
      break;
    case "table.DealFinished":
      log(`Deal ${event.number} is over`);
      break;
    case "timing.TurnTimedOut":
      log(`seat ${event.seat}'s time ran out`);
      break;
    default:
      break;
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
  const stakes = seen.blinds.length ? `${seen.blinds.join("/")} ` : "";
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
  seats(seen, mine);
  board(seen);
  controls(seen);
}

function seats(seen, mine) {
  const bySeat = new Map(seen.seats.map((s) => [s.seat, s]));
  const size = seen.size;
  const bottom = mine ? mine.seat : 1;
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
    const classes = ["seat"];
    if (s.player === ME) classes.push("mine");
    if (seen.in_deal && seen.to_act === seat) classes.push("to-act");
    if (s.folded) classes.push("folded");
    if (s.away) classes.push("away");
    const notes = [];
    if (seen.button === seat) notes.push(el("span", { class: "dealer-button", title: "the button",
      "aria-label": "the button", text: "D" }));
    if (s.away) notes.push(el("span", { class: "tag", text: "sitting out" }));
    else if (s.stack === 0 && !s.bet && !s.cards.length) {
      notes.push(el("span", { class: "tag", text: "no chips" }));
    }
    const hand = el("div", { class: "hand", "aria-label": `${s.player}'s cards` });
    for (const card of s.cards) hand.append(cardSvg(card));
    const action = lastAction.get(seat);
    const label = [`seat ${seat}`, s.player, `stack ${s.stack}`];
    if (s.bet) label.push(`bet ${s.bet}`);
    if (action) label.push(action);
    if (seen.in_deal && seen.to_act === seat) label.push("to act");
    list.push(place(el("li", { class: classes.join(" "), "data-seat": seat,
      "data-player": s.player, "aria-label": label.join(", ") },
    el("div", { class: "who" }, el("span", { class: "name", text: s.player }), ...notes),
    el("span", { class: "stack", text: s.stack.toLocaleString() }),
    hand,
    s.bet ? el("span", { class: "bet", text: `bet ${s.bet}` }) : null,
    action ? el("span", { class: "action", text: action }) : null)));
  }
  $("seats").replaceChildren(...list);
}

function board(seen) {
  const cards = seen.board.map(cardSvg);
  $("board").replaceChildren(...cards);
  const pots = seen.pots.map((pot, i) => `${i ? `side pot ${i}` : "main pot"}: ${pot.amount}`);
  $("pots").textContent = seen.in_deal ? `Pot ${seen.pot}${pots.length > 1 ? ` (${pots.join(", ")})` : ""}` : "";
}

// ----- the person's controls ----------------------------------------------------

let keys = new Map(); // key -> the button it presses

function button(text, key, run, { cls = "", label } = {}) {
  const node = el("button", { type: "button", class: cls, "aria-keyshortcuts": key.toUpperCase(),
    "aria-label": label ?? text, "data-key": key },
  el("span", { text }), el("kbd", { text: key.toUpperCase(), "aria-hidden": "true" }));
  node.addEventListener("click", async () => {
    for (const b of $("controls").querySelectorAll("button")) b.disabled = true;
    try {
      await run();
    } catch (error) {
      status(error.message, true);
    } finally {
      scheduleView();
    }
  });
  keys.set(key, node);
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
  const go = button(`${word} ${low}`, "r", () => act("wager", Number(amount.value)),
    { cls: "primary", label: `${word} ${low}` });
  const set = (value) => {
    const to = clamp(value, low, high);
    amount.value = to;
    slider.value = to;
    go.firstChild.textContent = `${word} ${to}${to === high ? " (all in)" : ""}`;
    go.setAttribute("aria-label", `${word} ${to}`);
  };
  amount.addEventListener("input", () => set(Number(amount.value) || low));
  slider.addEventListener("input", () => set(Number(slider.value)));
  amount.addEventListener("keydown", (key) => {
    if (key.key === "Enter") go.click();
  });
  const presets = el("div", { class: "presets", role: "group", "aria-label": "Amount presets" });
  if (low < high) {
    const choices = [["Min", "1", low], ["½ pot", "2", facing + potAfterCall / 2],
      ["Pot", "3", facing + potAfterCall], ["All in", "4", high]];
    for (const [text, key, value] of choices) {
      presets.append(button(text, key, async () => set(value),
        { cls: "preset", label: `${text}: ${clamp(value, low, high)}` }));
    }
    part.append(el("label", { for: "amount", class: "sr-only", text: `${word} amount` }),
      amount, slider, presets);
  }
  part.append(go);
  return part;
}

function controls(seen) {
  keys = new Map();
  const box = $("controls");
  if (!seen || ended) {
    box.replaceChildren();
    return;
  }
  const mine = mySeat(seen);
  const legal = seen.legal;
  const parts = [];
  if (legal && mine && legal.seat === mine.seat) {
    if (legal.turn === "bet") {
      if (legal.fold) parts.push(button("Fold", "f", () => act("fold"), { cls: "danger" }));
      if (legal.check) parts.push(button("Check", "c", () => act("check")));
      if (legal.call > 0) {
        parts.push(button(`Call ${legal.call}`, "c", () => act("call"),
          { label: `Call ${legal.call}` }));
      }
      if (legal.bring_in > 0) {
        parts.push(button(`Bring in ${legal.bring_in}`, "i", () => act("bring-in")));
      }
      if (legal.max_to > 0) parts.push(wagerControls(legal, seen, mine));
      if (legal.chop) parts.push(button("Chop the blinds", "h", () => act("chop")));
    } else if (legal.turn === "show or muck") {
      parts.push(button("Show", "s", () => act("show")));
      if (legal.muck) parts.push(button("Muck", "m", () => act("muck"), { cls: "danger" }));
    } else if (legal.turn === "draw") {
      parts.push(button("Stand pat", "p", () => act("draw")));
    }
  } else if (mine) {
    if (mine.away) {
      parts.push(button("Come back", "b", () => command({ type: "command.ComeBack", post: true,
        restored: null }), { cls: "primary" }));
    } else if (!seen.in_deal && mine.owes.length) {
      parts.push(button("Post to play", "p", () => command({ type: "command.Choose", post: true }),
        { cls: "primary" }));
      parts.push(button("Wait for the big blind", "w",
        () => command({ type: "command.Choose", post: false })));
    } else {
      parts.push(button("Sit out", "o", () => command({ type: "command.StepAway", took: 0 })));
    }
    if (!seen.in_deal && mine.stack === 0) {
      const chips = el("input", { id: "buy", type: "number", min: 1, step: 1, value: 200,
        "aria-label": "Chips to buy" });
      parts.push(el("label", { for: "buy", text: "Chips" }), chips,
        button("Buy chips", "y", () => command({ type: "command.Buy", chips: Number(chips.value),
          arrived: true, announced: true })));
    }
    parts.push(button("Leave the table", "l", async () => {
      await command({ type: "command.Leave" });
      try {
        await command({ type: "command.CashOut", chips: null }); // nothing held: refused
      } catch (error) {
        // seated till the deal ends, or nothing to cash: the chips stay on the books
      }
      location.assign("/");
    }, { cls: "secondary" }));
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

connect();
