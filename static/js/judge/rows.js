/* A hand saved online shows at once (issue 29): its row in the table, from what the judge
   entered and the chips its last preview moved, marked data-state="sending"; the server's
   answer (tournaments/_hand_saved.html: only what the save changed) puts its own row in
   that place, marked "saved", with the chips, the count and the table's next version. A
   refused hand goes back into the form with the reason: the form's errors, the words of
   a refusal, or the server's conflict answer (the table as it is now, and the hand on
   its version). */

import {chainForm, form, keepThisPage, lastNumber, pageChips, queue, rememberVersion, words} from "./page.js";
import {element, fill, setHidden, signed} from "./forms.js";

const body = () => document.getElementById("hands-body");

// The rows of the live hands on their way, after the server's rows, numbered on from them.
export function drawLiveRows() {
  const rows = body();
  if (!rows) return;
  rows.querySelectorAll("tr.pending").forEach((row) => row.remove());
  const seats = Object.keys(pageChips());
  let number = lastNumber();
  for (const item of queue.liveRows()) {
    number += 1;
    const row = element("tr", "pending muted");
    row.dataset.state = item.state;
    row.dataset.submission = item.submission;
    row.append(element("td", "", String(number)));
    for (const seat of seats) {
      row.append(element("td", "num", item.deltas ? signed(Number(item.deltas[seat] || 0)) : "…"));
    }
    row.append(element("td", "", item.state === "sending" ? words.sending : words.waiting));
    rows.append(row);
  }
  const none = document.getElementById("no-hand");
  if (none) none.hidden = rows.querySelectorAll("tr:not(#no-hand)").length > 0;
}

// An element of an answer by its id, also inside its <template>s (rows kept apart from a
// table are only parsed in one).
function part(answer, id) {
  const found = answer.getElementById(id);
  if (found) return found;
  for (const template of answer.querySelectorAll("template")) {
    const inside = template.content.getElementById(id);
    if (inside) return inside;
  }
  return null;
}

// The page's elements of these ids become the answer's.
function replaceParts(answer, ids) {
  for (const id of ids) {
    const fresh = part(answer, id);
    const shown = document.getElementById(id);
    if (fresh && shown) shown.replaceWith(document.importNode(fresh, true));
  }
}

// Puts `node` first in the form's box, in place of what the last save said (none: only
// takes that away).
export function notice(node) {
  const box = document.getElementById("add-hand");
  if (!box) return;
  for (const id of ["saved", "refusal", "conflict"]) document.getElementById(id)?.remove();
  if (node) box.querySelector("summary").after(node);
}

const parse = (html) => new DOMParser().parseFromString(html, "text/html");

// The server stored the live hand `item`: its answer's row replaces the one shown.
export function showSaved(item, html) {
  const answer = parse(html);
  const rows = Array.from(answer.querySelectorAll("#saved-rows tr"), (row) => {
    const node = document.importNode(row, true);
    node.dataset.state = "saved";
    return node;
  });
  const shown = body() && body().querySelector(`tr.pending[data-submission="${item.submission}"]`);
  if (shown) shown.replaceWith(...rows);
  else if (body()) body().append(...rows);
  document.getElementById("no-hand")?.remove();
  replaceParts(answer, ["seat-board", "hand-count", "rubber-and-drive"]);
  const saved = answer.getElementById("saved");
  if (saved) notice(document.importNode(saved, true));
  // The next hand builds on the table's version the answer gives, with its submission
  // id, unless the form already builds on a hand entered since.
  const next = answer.getElementById("next-hand");
  const target = form();
  if (next && target) {
    const version = Number(next.querySelector("input[name=version]").value);
    rememberVersion(version);
    if (Number(target.querySelector("input[name=version]").value) < version) {
      setHidden(target, "version", String(version));
      setHidden(target, "submission", next.querySelector("input[name=submission]").value);
    }
    chainForm();
  }
  keepThisPage();
}

// The answer to the score sheet's own save (tournaments/_sheet_answer.html): what it
// said, the sheet's check and counts, and the form (the counts again, with a new
// submission id, or with its errors), in their places. Refused, the form stays as the
// judge typed it; no answer to read (`html` null), `failed` says so above the form.
export function showSheet(html, failed, refused = false) {
  if (html) {
    replaceParts(parse(html), refused ? ["sheet-said", "sheet-state"] : ["sheet-said", "sheet-state", "sheet-entry"]);
    keepThisPage();
  } else {
    document.getElementById("sheet-said")?.replaceChildren(element("p", "notice", failed));
  }
  document.getElementById("sheet-said")?.scrollIntoView({block: "nearest"});
}

// The server refused the live hand `item` (nothing stored): it goes back into the form,
// on the version and with the submission it was sent with, saying why.
export async function backToForm(item, response, message) {
  const target = form();
  if (!target) return;
  const outcome = response.headers.get("X-Hand-Outcome");
  const answer = outcome === "conflict" || outcome === "invalid" ? parse(await response.text()) : null;
  fill(target, item.fields);
  setHidden(target, "version", String(item.version));
  setHidden(target, "submission", item.submission);
  document.getElementById("add-hand").open = true;
  const preview = document.getElementById("preview");
  const showIn = (box, nodes) => box && box.replaceChildren(...Array.from(nodes, (node) => document.importNode(node, true)));
  if (outcome === "conflict") {
    // The table as it is now, and the hand on its version with a new submission id,
    // its preview on that table (views.table._conflict).
    replaceParts(answer, ["seat-board", "hand-count", "hands-body", "rubber-and-drive"]);
    const fresh = answer.querySelector("#add-hand form");
    for (const name of ["version", "submission"]) {
      setHidden(target, name, fresh.querySelector(`input[name=${name}]`).value);
    }
    rememberVersion(Number(fresh.querySelector("input[name=version]").value));
    notice(document.importNode(answer.getElementById("conflict"), true));
    showIn(preview, answer.getElementById("preview").childNodes);
  } else if (outcome === "invalid") {
    // The form's errors, at their fields' names (tournaments/_hand_preview.html).
    showIn(preview, answer.body.childNodes);
    notice(null);
  } else {
    const refusal = element("p", "notice", message);
    refusal.id = "refusal";
    refusal.setAttribute("role", "alert");
    notice(refusal);
  }
  target.scrollIntoView({block: "start"});
}
