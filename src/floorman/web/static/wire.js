// The one WebSocket a page keeps to the server (docs/protocol.md): requests
// carry an id and are answered by it, everything else is pushed to the page,
// and a dropped connection is opened again with a growing delay. A page says
// what to do when the socket opens (subscribe, with "after" the last number
// it took), with each push, when the connection is lost, and when its session
// has ended (closed with 4401: logging in again is the only way back).

export function openWire({ opened, pushed, replied = () => {}, lost, ended, over = () => false }) {
  let socket = null;
  let nextId = 1;
  let retry = 0;
  const waiting = new Map(); // request id -> [resolve, reject]

  function send(message) {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      if (!socket || socket.readyState !== WebSocket.OPEN) {
        reject(new Error("not connected: reconnecting by itself"));
        return;
      }
      waiting.set(id, [resolve, reject]);
      socket.send(JSON.stringify({ id, ...message }));
    });
  }

  function take(message) {
    if (message.id !== undefined && message.id !== null && waiting.has(message.id)) {
      const [resolve, reject] = waiting.get(message.id);
      waiting.delete(message.id);
      // A refusal rejects with an Error carrying its code and citations.
      if (message.error) reject(Object.assign(new Error(message.error.message), message.error));
      else resolve(message.result);
      replied(message);
      return;
    }
    pushed(message);
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws`);
    socket.addEventListener("open", () => {
      retry = 0;
      opened();
    });
    socket.addEventListener("message", (raw) => take(JSON.parse(raw.data)));
    socket.addEventListener("close", (closed) => {
      for (const [, [, reject]] of waiting) reject(new Error("the connection dropped"));
      waiting.clear();
      if (closed.code === 4401 || over()) {
        ended();
        return;
      }
      const delay = Math.min(5000, 250 * 2 ** retry++);
      lost(delay);
      setTimeout(connect, delay);
    });
  }

  return { connect, send, open: () => socket !== null && socket.readyState === WebSocket.OPEN };
}

// A table's view asked for again as its events come: at most every 60 ms
// however fast they come (a table of bots deals without pause), and once more
// after the last one. `shown` takes each answer, `failed` each refusal.
export function followView(send, table, { shown, failed }) {
  let timer = null;
  let asking = false;
  let stale = false;

  function schedule() {
    stale = true;
    if (timer === null && !asking) timer = setTimeout(refresh, 60);
  }

  async function refresh() {
    timer = null;
    if (asking) return;
    asking = true;
    stale = false;
    try {
      shown(await send({ view: table }));
    } catch (error) {
      failed(error);
    } finally {
      asking = false;
      if (stale) schedule();
    }
  }

  return { schedule, refresh };
}
