// A ruling's citation as a link to its rule's page, the same link the server
// draws (floorman.web.rules.rule_link): every page links rulings alike.

/** An anchor to /rules/{citation} for "RRP5 seating.10" or "seating.10". */
export function ruleLink(citation) {
  const id = String(citation).trim().replace(/^RRP5\s+/, "");
  const link = document.createElement("a");
  link.className = "rule-link";
  link.href = `/rules/${encodeURIComponent(id)}`;
  link.textContent = `RRP5 ${id}`;
  return link;
}
