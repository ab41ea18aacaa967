/* Sending the queue, in order, each item removed only once the server says it stored it
   (now or before: a resend stores nothing twice), read from the answer's headers
   (X-Hand-Outcome, X-Hand-Number, X-Hand-Refusal, X-CSRF-Failure); the phone's contact
   with the server for the director's dashboard; and the judge's choices for an item the
   queue stopped at. */

import {CSRF_FAILURE, changed, inLine, queue, words} from "./page.js";
import {fieldValue, outcomeOf} from "./queue.js";
import {put, remove} from "./store.js";
import {backToForm, showSaved} from "./rows.js";

// A hand stored whose answer the page did not show (queued offline, or stored before):
// once the queue is empty the page is read again, as the server has it.
let unshown = false;

// The server refused this page's token: what waits stays waiting, and the page says to
// reload (a new page has the sign-in's new token).
export function showSignInChanged() {
  queue.signInChanged = true;
  changed();
  const notice = document.getElementById("sign-in-changed");
  if (notice) {
    notice.hidden = false;
    notice.scrollIntoView({block: "center"});
  }
}

// One item to the server, as htmx sends the form, with this page's CSRF token (an item
// taken over from an earlier sign-in carries that one's, which the server no longer
// takes). Throws when the connection goes.
function post(item) {
  const token = words.csrf || fieldValue(item.fields, "csrfmiddlewaretoken");
  const body = new URLSearchParams(item.fields);
  body.set("csrfmiddlewaretoken", token);
  return inLine(() => fetch(item.url || words.save, {
    method: "POST",
    body,
    headers: {"HX-Request": "true", "X-CSRFToken": token},
    credentials: "same-origin",
  }));
}

// What the server said of one item sent: "stored", "withdrawn" (a live hand refused,
// back in the form) or "stop" (the queue stops there).
async function answered(item, response) {
  const said = response.headers.get("X-Hand-Outcome");
  const outcome = outcomeOf({csrfFailure: Boolean(response.headers.get(CSRF_FAILURE)), outcome: said});
  if (outcome === "sign-in") {
    queue.lost(item);
    await put(item);
    showSignInChanged();
    return "stop";
  }
  if (outcome === "stored") {
    // It leaves the queue; the hands queued after it knew of this one.
    const later = queue.stored(item, Number(response.headers.get("X-Hand-Number")) || 0);
    await remove(item);
    for (const changedItem of later) await put(changedItem);
    if (item.live && said === "saved") showSaved(item, await response.text());
    else unshown = true;
    return "stored";
  }
  const refusal = response.headers.get("X-Hand-Refusal");
  const message = refusal ? decodeURIComponent(refusal) : words.failed.replace("__N__", response.status);
  if (item.live) {
    queue.withdraw(item);
    await remove(item);
    await backToForm(item, response, message);
    return "withdrawn";
  }
  queue.refused(item, outcome, message);
  await put(item);
  return "stop";
}

export async function send() {
  if (queue.sending || !navigator.onLine || !queue.next()) return;
  queue.sending = true;
  let stored = 0;
  try {
    for (let item = queue.next(); item; item = queue.next()) {
      item.state = "sending";
      changed();
      let response;
      try {
        response = await post(item);
      } catch {
        queue.lost(item);  // the connection went; it is sent again later
        await put(item);
        break;
      }
      const said = await answered(item, response);
      if (said === "stop") break;
      if (said === "stored") stored += 1;
    }
  } finally {
    queue.sending = false;
    changed();
  }
  // All sent: the page shows the table as the server has it now (its load is a contact),
  // unless each answer was shown on it.
  if (stored && !queue.items.length && unshown) {
    window.location.reload();
    return;
  }
  ping();
}

// ---- the phone's contact with the server (the director's dashboard) ----
// The count the server has (the page says what it had when it was made): a ping to
// say it changed, and every minute (main.js) as the contact.
let reported = Number(words.reported) || 0;

export async function ping(always = false) {
  if (queue.sending || queue.signInChanged || !navigator.onLine || !words.csrf) return;  // a send pings when it ends
  const waiting = queue.items.length;
  if (!always && waiting === reported) return;
  try {
    const answer = await inLine(() => fetch(words.contact, {
      method: "POST",
      body: new URLSearchParams({waiting: String(waiting)}),
      headers: {"X-CSRFToken": words.csrf},
      credentials: "same-origin",
    }));
    if (answer.ok) reported = waiting;
  } catch { /* offline again: the next ping says it */ }
}

// ---- the judge's choices for an item the queue stopped at ----
export async function discard(item) {
  queue.discard(item.submission);
  await remove(item);
  // Nothing waits any more: the page is read again, for a form built on the table's
  // version as the server has it. Else the next in line goes.
  if (!queue.items.length && navigator.onLine) {
    window.location.reload();
    return;
  }
  changed();
  send();
  ping();
}

export async function keep(item) {
  queue.keep(item);
  await put(item);
  changed();
}

// An item from an earlier sign-in joins this session's queue, at its end.
export async function adopt(item) {
  const own = queue.adopt(item.submission);
  if (!own) return;
  await put(own);
  changed();
  send();
}
