// The lobby, live: a called seat's time counts down, and the page comes back
// from the server when a call to this person comes or goes (RRP5 seating.2),
// so nobody has to reload it to learn that a seat is waiting.

const me = document.querySelector(".who span")?.textContent ?? "";
const started = performance.now();

function tick() {
  const gone = (performance.now() - started) / 1000;
  for (const node of document.querySelectorAll(".countdown")) {
    const left = Math.max(0, Math.round(Number(node.dataset.left) - gone));
    node.textContent = `held ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    node.classList.toggle("urgent", left < 60);
  }
}

function callsOf(games) {
  const mine = [];
  for (const game of games) {
    for (const call of game.calls ?? []) if (call.player === me) mine.push(game.table);
  }
  return mine.join(",");
}

const shown = [...document.querySelectorAll("#call")].map((n) => n.dataset.table).join(",");

async function poll() {
  try {
    const answer = await fetch("/lobby", { credentials: "same-origin" });
    if (!answer.ok) return;
    const lobby = await answer.json();
    if (callsOf(lobby.games ?? []) !== shown) location.reload();
  } catch (error) {
    // the server is away for a moment: the next poll tries again
  }
}

tick();
setInterval(tick, 1000);
setInterval(poll, 3000);
