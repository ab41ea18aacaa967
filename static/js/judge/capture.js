/* Catching the judge's saves: a hand joins the queue (shown at once and sent when
   online, rows.js; waiting offline or behind earlier items), as does the score sheet
   saved offline or behind waiting items; htmx's previews give the settlement kept with
   the queued hand when the preview was of that very hand. */

import {CSRF_FAILURE, SAVE, SHEET_PART, chainForm, changed, form, inLine, lastNumber, queue, sheetForm, words}
  from "./page.js";
import {entered, formFields, newSubmission, setHidden, shown, summary} from "./forms.js";
import {handKey} from "./queue.js";
import {put} from "./store.js";
import {ping, send, showSignInChanged} from "./send.js";
import {requeue} from "./conflict.js";
import {showSheet} from "./rows.js";

let lastPreview = null;  // {key, deltas}: the server's last preview of the hand form
// The hand form as sent for each preview request, known by the request.
const previewKeys = new WeakMap();

function snapshot(target) {
  const fields = formFields(target);
  fields.push(["action", "save"]);
  const previewed = lastPreview && lastPreview.key === handKey(fields);
  return {kind: "hand", url: words.save, fields, summary: summary(target), entered: entered(target),
    deltas: previewed ? lastPreview.deltas : null};
}

async function enqueue(saved, live = false) {
  const item = queue.add(saved, {known: lastNumber(), live});
  if (!item) return;
  // Shown (and the form cleared) at once; kept on the phone before it is sent.
  if (item.kind === "sheet") {
    const target = sheetForm();
    if (target) {
      target.reset();
      setHidden(target, "submission", newSubmission());
    }
  } else {
    const target = form();
    if (target) {
      // A preview still on its way belongs to the hand just saved, not to the blank form.
      if (window.htmx) window.htmx.trigger(target, "htmx:abort");
      target.reset();
      const preview = document.getElementById("preview");
      if (preview) preview.textContent = "";
      // What the last save said no longer holds ("Hand n saved." stays until the next).
      document.getElementById("refusal")?.remove();
      document.getElementById("conflict")?.remove();
    }
    lastPreview = null;
    chainForm();
  }
  changed();
  await put(item);
  if (live) send();
  else ping();
}

// Every hand saved joins the queue: online with nothing waiting before it, it shows at
// once as a row of the table and is sent (rows.js); offline, or behind hands waiting,
// it waits in the queue's list. A refused hand entered again waits again in its place.
function caughtSave(event) {
  const saveButton = event.target instanceof Element && event.target.closest(SAVE);
  if (!saveButton || !saveButton.form) return;
  event.preventDefault();
  event.stopPropagation();
  const saved = snapshot(saveButton.form);
  if (queue.isReentry(saved.fields)) {
    requeue(saved).then(send);
    return;
  }
  // A second tap on the form just queued and cleared: nothing entered, nothing queued.
  if (saved.entered) enqueue(saved, navigator.onLine && queue.showsLive());
}

// The score sheet as a queue item: its counts, and in words for the queue's list.
function sheetItem(target) {
  const counts = Array.from(target.elements).filter(shown);
  const text = counts.map((field) => {
    const label = document.querySelector(`label[for="${field.id}"]`);
    return `${label ? label.textContent.trim().replace(/:$/, "") : field.name}: ${field.value}`;
  }).join("; ");
  return {kind: "sheet", url: words.sheetUrl, fields: formFields(target), summary: text};
}

// The score sheet saved online with nothing waiting: sent from the page, whose parts the
// save changes come back in the answer and take their places (rows.js; no page to load).
// A refusal says why in place, the counts kept in the form; with the connection gone on
// the way, the sheet joins the queue (it is sent again, stored once).
async function saveSheet(target) {
  const button = target.querySelector("button[type=submit]");
  button.disabled = true;
  let response;
  try {
    response = await inLine(() => fetch(target.action, {
      method: "POST",
      body: new URLSearchParams(formFields(target)),
      headers: {"HX-Request": "true", "HX-Target": SHEET_PART, "X-CSRFToken": words.csrf},
      credentials: "same-origin",
    }));
  } catch {
    button.disabled = false;
    enqueue(sheetItem(target));
    return;
  }
  button.disabled = false;
  if (response.headers.get(CSRF_FAILURE)) {
    showSignInChanged();
    return;
  }
  const outcome = response.headers.get("X-Hand-Outcome");
  const failed = words.failed.replace("__N__", response.status);
  showSheet(outcome ? await response.text() : null, failed, ["refused", "conflict"].includes(outcome));
}

// The score sheet: offline, or with items waiting, it joins the queue after them.
function caughtSheet(event) {
  const target = event.target;
  if (target !== sheetForm()) return;
  event.preventDefault();
  // Every count filled in (the browser checks that too): the sheet with all its counts.
  if (Array.from(target.elements).filter(shown).some((field) => field.value === "")) return;
  if (navigator.onLine && !queue.items.length && !queue.signInChanged) saveSheet(target);
  else enqueue(sheetItem(target));
}

// A preview refused for this page's out-of-date token says so (the form keeps what was
// typed); a save so refused is the queue's (send.js).
function refusedToken(event) {
  const xhr = event.detail.xhr;
  if (xhr && xhr.getResponseHeader(CSRF_FAILURE)) showSignInChanged();
}

// The settlement of the last preview, with the form as it was sent for it.
function beforeRequest(event) {
  const target = form();
  if (target && event.detail.target && event.detail.target.id === "preview") {
    previewKeys.set(event.detail.xhr, handKey(formFields(target)));
  }
}

function afterSwap(event) {
  const target = event.detail.target;
  if (!target || target.id !== "preview") return;
  // The preview's settlement by seat (tournaments/_hand_preview.html).
  const moved = target.querySelectorAll(".previewed [data-seat]");
  const deltas = Object.fromEntries(Array.from(moved, (cell) => [cell.dataset.seat, Number(cell.dataset.delta)]));
  const key = event.detail.xhr && previewKeys.get(event.detail.xhr);
  lastPreview = moved.length && key ? {key, deltas} : null;
}

// Listens for the judge's saves and htmx's answers to the previews.
export function catchSaves() {
  document.addEventListener("click", caughtSave, true);
  document.addEventListener("submit", caughtSheet, true);
  document.addEventListener("htmx:responseError", refusedToken);
  document.addEventListener("htmx:beforeRequest", beforeRequest);
  document.addEventListener("htmx:afterSwap", afterSwap);
}
