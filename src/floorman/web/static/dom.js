// The pages' small DOM helpers and the cards' names and colours, shared by the
// table page, the dealer's console and the floor's console.

export const SVG = "http://www.w3.org/2000/svg";

export const $ = (id) => document.getElementById(id);

/** An element: attributes (``text`` sets its text; null, undefined and false
 * leave an attribute out, true sets it empty) and children (null, undefined,
 * false and "" left out, so ``cond && child`` reads). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) {
    if (child !== null && child !== undefined && child !== false && child !== "") node.append(child);
  }
  return node;
}

/** An SVG element, its attributes and its text. */
export function svgNode(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

export const RANKS = { A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine",
  8: "eight", 7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "two" };
/** Each suit's symbol, name and colour (four colours: a suit is told at a glance). */
export const SUITS = { s: ["♠", "spades", "#1d1d1f"], h: ["♥", "hearts", "#c8102e"],
  d: ["♦", "diamonds", "#1f5fbf"], c: ["♣", "clubs", "#137a3a"] };
