// The dealer's console: one WebSocket (docs/protocol.md) following one table
// as its dealer sees it (no face-down card, RRP5 policies.23), the reports of
// what happened sent to the floorperson as the service's Report command, the
// ruling shown with its rules, management's options offered to the floor
// (RRP5 decisions.1, decisions.2), and the next deal started. Nothing here
// rules: the server's floorperson does, and says why.

import { ruleLink } from "./rules.js";
import { $, RANKS, SUITS, el, svgNode } from "./dom.js";
import { followView, openWire } from "./wire.js";

const root = document.getElementById("console");
const TABLE = Number(root.dataset.table);
const FLOOR = root.dataset.floor === "true";

// ----- cards --------------------------------------------------------------------

/** A small card: its face ("As") or, for null, its back. */
function card(code) {
  const svg = svgNode("svg", { viewBox: "0 0 40 56", class: "mini-card", role: "img" });
  svg.append(svgNode("rect", { x: 1, y: 1, width: 38, height: 54, rx: 4,
    fill: code ? "#fff" : "#8b1e2d", stroke: "#333", "stroke-width": 1.2 }));
  if (!code || code === "Xx") {
    svg.setAttribute("aria-label", code ? "the joker" : "a face-down card");
    if (!code) {
      svg.append(svgNode("rect", { x: 5, y: 5, width: 30, height: 46, rx: 3, fill: "none",
        stroke: "#f3d9a4", "stroke-width": 1.5 }));
    } else {
      svg.append(svgNode("text", { x: 20, y: 33, "text-anchor": "middle", "font-size": 9,
        fill: "#6a1b9a", "font-weight": 700 }, "JOKER"));
    }
    return svg;
  }
  const [symbol, suitName, color] = SUITS[code[1]];
  svg.dataset.card = code;
  svg.setAttribute("aria-label", `${RANKS[code[0]]} of ${suitName}`);
  svg.append(svgNode("text", { x: 5, y: 20, "font-size": 17, "font-weight": 700, fill: color,
    "font-family": "system-ui, sans-serif" }, code[0] === "T" ? "10" : code[0]));
  svg.append(svgNode("text", { x: 35, y: 50, "text-anchor": "end", "font-size": 24,
    fill: color }, symbol));
  return svg;
}

// ----- the connection -----------------------------------------------------------

let lastSeq = null;
let view = null;
let ended = false;
let positions = []; // the deal's positions -> seats
let pending = null; // {report, options}: a ruling waiting for management
const lastAction = new Map();

function status(text, alert = false) {
  const node = $("status");
  node.textContent = text;
  node.classList.toggle("error", alert);
  node.setAttribute("role", alert ? "alert" : "status");
}

const wire = openWire({
  opened() {
    const subscribe = { subscribe: TABLE, as: "dealer" };
    if (lastSeq !== null) subscribe.after = lastSeq;
    send(subscribe).then(() => { refresh(); askPending(); },
      (error) => status(error.message, true));
  },
  pushed: receive,
  lost(delay) {
    status(`Connection lost: reconnecting in ${(delay / 1000).toFixed(1)} s…`, true);
  },
  ended() {
    ended = true;
    status("Your session has ended: log in again.", true);
  },
});
const send = wire.send;

function receive(message) {
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
  if (lastSeq !== null && message.seq <= lastSeq) return;
  lastSeq = message.seq;
  if (message.event) narrate(message.event, message.by);
  scheduleView();
}

const { schedule: scheduleView, refresh } = followView(send, TABLE, {
  shown(result) {
    if (result.seq > (lastSeq ?? -1)) lastSeq = result.seq;
    render(result.view);
  },
  failed(error) {
    if (error.code) status(error.message, true);
  },
});

/** The ruling waiting for management at this table, asked for when the
 * console opens or comes back (the events of it may be before its time). */
async function askPending() {
  try {
    const result = await send({ ruling: TABLE });
    if (result.pending && (!pending || !pending.ruling)) {
      const { report, options, ruling } = result.pending;
      pending = { report, options, ruling: ruling ?? null };
      showPending(true);
    } else if (!result.pending && pending) {
      pending = null;
    }
  } catch (error) {
    if (error.code) status(error.message, true);
  }
}

// ----- words --------------------------------------------------------------------

function seatOf(position) {
  return positions[position];
}

function nameAt(seat) {
  const found = view?.seats.find((s) => s.seat === seat);
  return found ? `seat ${seat} (${found.player})` : `seat ${seat}`;
}

/** A ruling's words, as the floorperson says them (floorman.floor.Ruling.say). */
function say(ruling) {
  const seatName = (p) => {
    if (p === null || p === undefined) return "";
    const seat = ruling.seats?.[p];
    return seat !== undefined ? `seat ${seat}` : `position ${p}`;
  };
  const fields = { who: seatName(ruling.position),
    to: ruling.to === null || ruling.to === undefined ? "someone not dealt in" : seatName(ruling.to) };
  for (const [key, value] of ruling.amounts ?? []) fields[key] = value;
  for (const [key, value] of ruling.words ?? []) fields[key] = value;
  return ruling.said.replace(/\{(\w+)\}/g, (whole, key) => (key in fields ? fields[key] : whole));
}

const KIND_WORDS = new Map([...document.querySelectorAll("#report-type option")]
  .map((o) => [o.value, o.textContent]));

function describeReport(report) {
  const kind = KIND_WORDS.get(report.type) ?? report.type.replace("report.", "");
  const parts = [];
  const at = (p) => (seatOf(p) !== undefined ? nameAt(seatOf(p)) : `position ${p}`);
  if (report.position !== undefined && report.position !== null) parts.push(at(report.position));
  if (report.cause) parts.push(`RRP5 ${report.cause}`);
  if (report.card) parts.push(report.card);
  if (Array.isArray(report.cards) && report.cards.length) parts.push(report.cards.join(" "));
  if (typeof report.cards === "number") parts.push(`holds ${report.cards} cards`);
  if (report.action) {
    const said = { "action.Fold": "fold", "action.Check": "check", "action.Call": "call",
      "action.Wager": "bet or raise to" }[report.action.type] ?? report.action.type;
    parts.push(`said ${said}${report.action.to ? ` ${report.action.to}` : ""}`);
  }
  if (report.knew !== undefined && report.knew !== null) parts.push(`${at(report.knew)} knew`);
  return parts.length ? `${kind}: ${parts.join(", ")}` : kind;
}

function citations(list) {
  const box = el("p", { class: "citations" }, el("span", { class: "label", text: "Rules: " }));
  list.forEach((c, i) => {
    if (i) box.append(", ");
    box.append(ruleLink(c));
  });
  return box;
}

function log(text, kind = "") {
  const list = $("log");
  list.querySelector(".log-empty")?.remove();
  list.prepend(el("li", { class: kind ? `log-${kind}` : "", text }));
  while (list.children.length > 60) list.lastChild.remove();
}

function narrate(event, by) {
  const seat = event.position !== undefined ? seatOf(event.position) : undefined;
  const did = (text) => {
    if (seat === undefined) return;
    lastAction.set(seat, text);
    log(`${nameAt(seat)} ${text}`);
  };
  if (event.type?.startsWith("report.")) {
    log(`Reported${by ? ` by ${by}` : ""}: ${describeReport(event)}`, "report");
    showReported(event, by);
    return;
  }
  switch (event.type) {
    case "floor.Ruling": {
      const decided = showRuling(event, by);
      const head = decided ? `Management's decision${by ? ` (${by})` : ""}` : "Ruling";
      log(`${head}: ${say(event)} [${event.citations.join(", ")}]`, "ruling");
      break;
    }
    case "table.DealStarted":
      positions = event.dealt_in;
      lastAction.clear();
      log(`Deal ${event.number} begins; the button is at seat ${event.button}`, "deal");
      break;
    case "table.DealFinished":
      log(event.voided ? `Deal ${event.number} is void: every chip went back`
        : `Deal ${event.number} is over`, event.voided ? "void" : "deal");
      if (event.voided) lastAction.clear();
      if (pending) {
        pending = null;
        const options = $("ruling").querySelector(".options");
        if (options) options.replaceWith(el("p", { class: "note", text: "The deal is over: nothing waits for management now." }));
      }
      break;
    case "deal.BlindPosted": did(`posts ${event.amount}`); break;
    case "deal.AntePosted": did(`antes ${event.amount}`); break;
    case "deal.BringInPosted": did(`brings in for ${event.amount}`); break;
    case "deal.Folded": did("folds"); break;
    case "deal.Checked": did("checks"); break;
    case "deal.Called": did(`calls${event.all_in ? ", all in" : ""}`); break;
    case "deal.Wagered": did(`bets or raises to ${event.to}${event.all_in ? ", all in" : ""}`); break;
    case "deal.Drew": did(event.cards.length ? `draws ${event.cards.length}` : "stands pat"); break;
    case "deal.HandShown":
    case "deal.PlayerShowed": did("shows"); break;
    case "deal.HandMucked":
    case "deal.PlayerMucked": did("mucks"); break;
    case "deal.HandKilled": did("has a dead hand"); break;
    case "deal.PotAwarded":
      for (const [position, amount] of event.amounts) {
        lastAction.set(seatOf(position), `wins ${amount}`);
        log(`${nameAt(seatOf(position))} wins ${amount}`);
      }
      break;
    default: break;
  }
}

// ----- the ruling -----------------------------------------------------------------

let reported = null; // the last report at this table, and who made it

function reportLine(report, by, label = "Reported: ") {
  return el("p", { class: "reported" }, el("span", { class: "label", text: label }),
    describeReport(report), by ? el("span", { class: "by", text: ` · by ${by}` }) : null);
}

function showReported(report, by) {
  reported = { report, by, fresh: true };
  $("ruling").replaceChildren(reportLine(report, by),
    el("p", { class: "note", text: "The floorperson is ruling…" }));
}

function showRuling(ruling, by) {
  const fresh = reported?.fresh ?? false;
  if (reported) reported.fresh = false;
  const parts = [];
  const decided = !fresh && pending !== null;
  if (decided) {
    // Management's choice on the ruling that waited: both, the choice last.
    if (reported && pending.ruling) parts.push(reportLine(reported.report, reported.by));
    parts.push(pending.ruling ? rulingCard(pending.ruling, "Ruling", null)
      : reportLine(pending.report, null, "Waited for management: "));
    parts.push(rulingCard(ruling, "Management's decision", by, "decision"));
    pending = null;
  } else {
    if (reported) parts.push(reportLine(reported.report, reported.by));
    parts.push(rulingCard(ruling, "Ruling", null));
    pending = ruling.options.length
      ? { report: reported?.report ?? null, options: ruling.options, ruling } : null;
  }
  $("ruling").replaceChildren(...parts);
  if (pending) $("ruling").append(optionsBox(pending.options));
  return decided;
}

function rulingCard(ruling, title, by, cls = "") {
  return el("article", { class: `ruling ${cls} code-${ruling.code}`, "data-code": ruling.code },
    el("h3", { text: title }, by ? el("span", { class: "by", text: ` · by ${by}` }) : null),
    el("p", { class: "said", text: capital(say(ruling)) }),
    citations(ruling.citations));
}

function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** The ruling waiting for management, as the console found it on opening
 * (``asked``), with its words when the server sent them. */
function showPending(asked = false) {
  const box = $("ruling");
  if (!pending) return;
  if (pending.ruling && !asked) return; // shown with its ruling
  box.replaceChildren(
    reportLine(pending.report, null, pending.ruling ? "Reported: " : "Waiting for management: "),
    ...(pending.ruling ? [rulingCard(pending.ruling, "Ruling", null)] : []),
    optionsBox(pending.options));
}

function optionsBox(options) {
  const group = el("div", { class: "options", role: "group", "aria-labelledby": "options-title" },
    el("h3", { id: "options-title", text: "Management's options" }));
  const buttons = el("div", { class: "buttons" });
  for (const choice of options) {
    const button = el("button", { type: "button", class: "option", "data-choice": choice,
      disabled: !FLOOR, text: capital(choice) });
    button.addEventListener("click", () => decide(choice, group));
    buttons.append(button);
  }
  group.append(buttons);
  group.append(FLOOR
    ? el("p", { class: "note", text: "The rules leave this to management: choose one." })
    : el("p", { class: "note" }, "The floor decides (", ruleLink("decisions.1"), ", ",
      ruleLink("decisions.2"), "): call the floor to the table."));
  return group;
}

async function decide(choice, group) {
  for (const b of group.querySelectorAll("button")) b.disabled = true;
  try {
    await send({ command: { type: "command.Decide", table: TABLE, choice } });
    status(`Decided: ${choice}.`);
  } catch (error) {
    status(error.message, true);
    for (const b of group.querySelectorAll("button")) b.disabled = !FLOOR;
  }
}

// ----- the table ------------------------------------------------------------------

function render(seen) {
  view = seen;
  const start = $("start-deal");
  if (!seen) {
    status(`Table ${TABLE} is not dealing yet: the floor starts the game.`);
    $("seats").replaceChildren();
    $("board").replaceChildren();
    $("pot").textContent = "";
    $("street").textContent = "";
    start.disabled = true;
    seatPicks();
    return;
  }
  if (seen.in_deal) {
    positions = [];
    for (const s of seen.seats) if (s.position !== null) positions[s.position] = s.seat;
  }
  const stakes = seen.blinds.length ? `${seen.blinds.join("/")} ` : "";
  const title = `${stakes}${seen.structure} ${seen.game}`;
  if (seen.in_deal) {
    const acting = seen.to_act ? nameAt(seen.to_act) : null;
    status(`${title} · deal ${seen.deal} · ${seen.street} · pot ${seen.pot}${acting ? ` · ${acting} to act` : ""}`);
  } else {
    status(`${title} · deal ${seen.deal} is over · ready for the next deal`);
  }
  root.dataset.deal = seen.deal;
  root.dataset.inDeal = seen.in_deal;
  start.disabled = ended || seen.in_deal;
  seatRows(seen);
  $("board").replaceChildren(...seen.board.map(card));
  $("board").hidden = !seen.board.length;
  // Side pots are named once someone is all in; before that the split is the bets'.
  const allIn = seen.seats.some((s) => s.position !== null && s.stack === 0 && !s.folded);
  const pots = seen.pots.map((pot, i) => `${i ? `side pot ${i}` : "main"} ${pot.amount}`);
  $("pot").textContent = seen.in_deal
    ? `Pot ${seen.pot}${allIn && pots.length > 1 ? ` (${pots.join(", ")})` : ""}` : "";
  $("street").textContent = seen.in_deal ? capital(seen.street) : "Between deals";
  seatPicks();
}

function seatRows(seen) {
  const rows = [];
  for (const s of [...seen.seats].sort((a, b) => a.seat - b.seat)) {
    const classes = [];
    if (seen.in_deal && seen.to_act === s.seat) classes.push("to-act");
    if (s.folded) classes.push("folded");
    if (s.away) classes.push("away");
    const marks = [];
    if (seen.button === s.seat) marks.push(el("span", { class: "dealer-button", title: "the button", "aria-label": "the button", text: "D" }));
    if (s.away) marks.push(el("span", { class: "tag", text: "sitting out" }));
    if (seen.in_deal && seen.to_act === s.seat) marks.push(el("span", { class: "tag turn", text: "to act" }));
    // Between deals only the cards shown stay on the table.
    const cards = seen.in_deal ? s.cards : s.cards.filter((c) => c);
    const hand = el("span", { class: "hand", "aria-label": `${cards.length} cards` }, ...cards.map(card));
    rows.push(el("tr", { class: classes.join(" "), "data-seat": s.seat, "data-player": s.player },
      el("th", { scope: "row", text: String(s.seat) }),
      el("td", {}, el("span", { class: "name", text: s.player }), ...marks),
      el("td", { class: "num", text: s.stack.toLocaleString() }),
      el("td", { class: "num", text: s.bet ? String(s.bet) : "" }),
      el("td", {}, hand),
      el("td", { class: "last", text: s.folded ? "folded" : (lastAction.get(s.seat) ?? "") })));
  }
  $("seats").replaceChildren(...rows);
}

/** Each seat picker offers the seats dealt in, by their deal position. */
function seatPicks() {
  const dealt = [];
  if (view?.in_deal) {
    for (const s of view.seats) if (s.position !== null) dealt.push(s);
    dealt.sort((a, b) => a.seat - b.seat);
  }
  // Rebuilt only when the seats dealt in change, so an open list stays open.
  const signature = dealt.map((s) => `${s.position}:${s.seat}:${s.player}`).join(",");
  for (const select of document.querySelectorAll("select.seat-pick")) {
    if (select.dataset.signature === signature && select.options.length) continue;
    select.dataset.signature = signature;
    const kept = select.value;
    const options = [];
    if (select.dataset.kind === "seat?") options.push(el("option", { value: "", text: select.dataset.none }));
    for (const s of dealt) options.push(el("option", { value: s.position, text: `Seat ${s.seat}: ${s.player}` }));
    if (!dealt.length && select.dataset.kind === "seat") options.push(el("option", { value: "", text: "no deal under way" }));
    select.replaceChildren(...options);
    if ([...select.options].some((o) => o.value === kept)) select.value = kept;
  }
}

// ----- the report form ------------------------------------------------------------

const form = $("report");
const kind = $("report-type");

function shownSet() {
  for (const set of form.querySelectorAll("fieldset.report-kind")) {
    set.hidden = set.dataset.type !== kind.value;
    set.disabled = set.hidden;
  }
}

function readReport() {
  const set = form.querySelector(`fieldset.report-kind[data-type="${kind.value}"]`);
  const report = { type: kind.value };
  for (const input of set.querySelectorAll("[data-field]")) {
    const name = input.dataset.field;
    const value = input.type === "checkbox" ? input.checked : input.value.trim();
    switch (input.dataset.kind) {
      case "seat":
        if (value === "") throw new Error("pick the seat: a report names a player dealt in");
        report[name] = Number(value);
        break;
      case "seat?": report[name] = value === "" ? null : Number(value); break;
      case "bool": report[name] = value; break;
      case "number?": report[name] = value === "" ? null : Number(value); break;
      case "card?":
        if (value !== "" && !input.checkValidity()) throw new Error(`${value} is not a card: write it as As, Td or 7c`);
        report[name] = value === "" ? null : value[0].toUpperCase() + value[1].toLowerCase();
        break;
      case "cards": {
        const cards = value.split(/[\s,]+/).filter(Boolean);
        if (cards.some((c) => !/^[2-9TJQKA][shdc]$/i.test(c))) throw new Error("write the cards as As Td 7c");
        report[name] = cards.map((c) => c[0].toUpperCase() + c[1].toLowerCase());
        break;
      }
      case "action": {
        const action = { type: value, position: report.position };
        if (value === "action.Wager") {
          const to = Number(set.querySelector("[data-to]").value);
          if (!Number.isInteger(to) || to < 1) throw new Error("say the amount the bet or raise goes to");
          action.to = to;
        }
        report[name] = action;
        break;
      }
      default: report[name] = value;
    }
  }
  if (report.action) report.action.position = report.position;
  return report;
}

form.addEventListener("submit", async (submitted) => {
  submitted.preventDefault();
  const sendButton = $("report-send");
  let report;
  try {
    report = readReport();
  } catch (error) {
    status(error.message, true);
    return;
  }
  sendButton.disabled = true;
  try {
    await send({ command: { type: "command.Report", table: TABLE, report } });
    status("Reported: the floorperson has ruled.");
  } catch (error) {
    status(error.message, true);
    const box = $("ruling");
    box.replaceChildren(el("p", { class: "error", role: "alert", text: capital(error.message) }),
      ...(error.citations?.length ? [citations(error.citations)] : []));
  } finally {
    sendButton.disabled = false;
    scheduleView();
  }
});

kind.addEventListener("change", shownSet);
for (const select of form.querySelectorAll('select[data-kind="action"]')) {
  const to = select.closest("fieldset").querySelector("[data-to]");
  const sync = () => { to.disabled = select.value !== "action.Wager"; };
  select.addEventListener("change", sync);
  sync();
}

$("start-deal").addEventListener("click", async () => {
  const start = $("start-deal");
  start.disabled = true;
  try {
    await send({ command: { type: "command.StartDeal", table: TABLE, runs: 1, shuffled: true,
      auto_showdown: true } });
  } catch (error) {
    status(error.message, true);
    start.disabled = false;
  }
});

document.addEventListener("keydown", (key) => {
  if (key.ctrlKey || key.metaKey || key.altKey) return;
  const target = key.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement) return;
  if (key.key.toLowerCase() === "n" && !$("start-deal").disabled) {
    key.preventDefault();
    $("start-deal").click();
  }
});

shownSet();
wire.connect();
