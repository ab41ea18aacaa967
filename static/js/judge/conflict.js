/* A hand refused because another device changed the table: the conflict side by side,
   the hands the server holds that the phone did not know of (read from
   tournaments.views.queue.hands_after) and the hand the phone queued; and "Enter it
   again", which puts the queued hand into the form on the table's current version (it
   leaves the queue once that save succeeds). */

import {changed, chainForm, form, inLine, pageChips, queue, words} from "./page.js";
import {element, fill, newSubmission, setHidden, signed} from "./forms.js";
import {put} from "./store.js";

// The queued hand as the server's hands are shown: its chips by seat, then its words.
function phoneHand(item) {
  const seats = Object.keys(pageChips());
  const grid = element("table", "table hands");
  const head = element("tr");
  head.append(element("th", "", "#"), ...seats.map((seat) => element("th", "num", seat)));
  const amounts = element("tr");
  amounts.append(element("td", "", "?"));
  if (item.deltas) {
    amounts.append(...seats.map((seat) => element("td", "num", signed(Number(item.deltas[seat] || 0)))));
  } else {
    const cell = element("td", "muted", words.unscored);
    cell.colSpan = seats.length || 1;
    amounts.append(cell);
  }
  const text = element("tr", "summary");
  const cell = element("td", "", item.summary);
  cell.colSpan = seats.length + 1;
  text.append(cell);
  const body = element("tbody");
  body.append(amounts, text);
  const thead = element("thead");
  thead.append(head);
  grid.append(thead, body);
  return grid;
}

// The server's hands after the ones the phone knew of when the hand was entered (asked
// once; asked again at the next drawing if that failed).
async function fetchServerHands(item) {
  if (!navigator.onLine || !queue.askServer(item.submission)) return;
  let answer = null;
  try {
    const url = words.after.replace(/0\/$/, `${item.known || 0}/`);
    const response = await inLine(() => fetch(url, {credentials: "same-origin"}));
    if (!response.ok) throw new Error(String(response.status));
    const html = await response.text();
    const node = new DOMParser().parseFromString(html, "text/html").querySelector(".server-hands");
    answer = {node, version: Number(node.dataset.version)};
  } catch {
    answer = null;
  }
  queue.serverAnswered(item.submission, answer);
  changed();
}

export function conflictPanel(item) {
  const panel = element("div", "conflict");
  const server = element("div", "conflict-side");
  server.append(element("h3", "", words.server));
  const known = queue.serverHand(item.submission);
  if (known && known.node) server.append(document.importNode(known.node, true));
  else if (!navigator.onLine) server.append(element("p", "muted", words.unreachable));
  else fetchServerHands(item);
  const phone = element("div", "conflict-side");
  phone.append(element("h3", "", words.phone), phoneHand(item));
  panel.append(server, phone);
  return panel;
}

// Whether "Enter it again" may be pressed for this item.
export function mayReenter(item) {
  const server = queue.serverHand(item.submission);
  return Boolean(server && server.node) && Boolean(form()) && queue.reentering !== item;
}

// The refused hand goes into the form, on the table's version as the server has it and
// with its own submission id (never stored: the refusal stored nothing), so a resend of
// this save is recognised. It leaves the queue once the save succeeds.
export function reenter(item) {
  const target = form();
  if (!target) return;
  const version = queue.reenter(item);
  if (version === null) return;
  fill(target, item.fields);
  setHidden(target, "version", String(version));
  setHidden(target, "submission", item.submission);
  const details = document.getElementById("add-hand");
  if (details) details.open = true;
  // The live preview shows its settlement before the judge saves.
  target.dispatchEvent(new Event("change", {bubbles: true}));
  changed();
  target.scrollIntoView({block: "start"});
}

// The re-entered hand saved: it waits again, in its place (capture.js sends it).
export async function requeue(saved) {
  const item = queue.requeue(saved);
  await put(item);
  const target = form();
  if (target) {
    target.reset();
    setHidden(target, "submission", newSubmission());
  }
  chainForm();
  changed();
}
