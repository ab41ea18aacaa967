/* Catching the judge's saves: a hand (or the score sheet) saved offline, or while earlier
   items wait (they go first), or whose online save failed on the way, joins the queue;
   htmx's answers tell a stored save, a refused one and the preview's settlement (kept
   with the queued hand when the preview was of that very hand). */

import {CSRF_FAILURE, SAVE, chainForm, changed, form, keepThisPage, lastNumber, queue, rememberVersion,
  sheetForm, words} from "./page.js";
import {entered, formFields, newSubmission, setHidden, shown, summary} from "./forms.js";
import {handKey} from "./queue.js";
import {put} from "./store.js";
import {ping, showSignInChanged} from "./send.js";
import {reentered, requeue} from "./conflict.js";

let pendingSave = null;  // what the last online save sent, queued if it fails on the way
let lastPreview = null;  // {key, deltas}: the server's last preview of the hand form
// The hand form as sent for each preview request, and the requests that save a hand
// entered again (once the answer is swapped in, htmx names another element as the
// event's): known by the request, kept here.
const previewKeys = new WeakMap();
const reentrySaves = new WeakSet();

function snapshot(target) {
  const fields = formFields(target);
  fields.push(["action", "save"]);
  const previewed = lastPreview && lastPreview.key === handKey(fields);
  return {kind: "hand", url: words.save, fields, summary: summary(target), entered: entered(target),
    deltas: previewed ? lastPreview.deltas : null};
}

async function enqueue(saved) {
  const item = queue.add(saved, {known: lastNumber()});
  if (!item) return;
  await put(item);
  if (item.kind === "sheet") {
    const target = sheetForm();
    if (target) {
      target.reset();
      setHidden(target, "submission", newSubmission());
    }
  } else {
    const target = form();
    if (target) {
      target.reset();
      const preview = document.getElementById("preview");
      if (preview) preview.textContent = "";
    }
    lastPreview = null;
    chainForm();
  }
  changed();
  ping();
}

// A save while offline, or while earlier items wait (they go first), joins the queue;
// a refused hand entered again is saved online as usual.
function caughtSave(event) {
  const saveButton = event.target instanceof Element && event.target.closest(SAVE);
  if (!saveButton || !saveButton.form) return;
  const again = queue.isReentry(formFields(saveButton.form));
  if (again && navigator.onLine) return;
  if (!navigator.onLine || queue.items.length || queue.signInChanged) {
    event.preventDefault();
    event.stopPropagation();
    const saved = snapshot(saveButton.form);
    if (again) {
      requeue(saved);
      return;
    }
    // A second tap on the form just queued and cleared: nothing entered, nothing queued.
    if (saved.entered) enqueue(saved);
  } else {
    pendingSave = snapshot(saveButton.form);
  }
}

// The score sheet: offline, or with items waiting, it joins the queue after them.
function caughtSheet(event) {
  const target = event.target;
  if (target !== sheetForm() || (navigator.onLine && !queue.items.length)) return;
  event.preventDefault();
  // Every count filled in (the browser checks that too): the sheet with all its counts.
  const counts = Array.from(target.elements).filter(shown);
  if (counts.some((field) => field.value === "")) return;
  const text = counts.map((field) => {
    const label = document.querySelector(`label[for="${field.id}"]`);
    return `${label ? label.textContent.trim().replace(/:$/, "") : field.name}: ${field.value}`;
  }).join("; ");
  enqueue({kind: "sheet", url: words.sheetUrl, fields: formFields(target), summary: text});
}

// A save refused for this page's out-of-date token: queued as waiting, sent from the
// reloaded page. A preview refused so says it too (the form keeps what was typed).
function refusedToken(event) {
  const xhr = event.detail.xhr;
  if (!xhr || !xhr.getResponseHeader(CSRF_FAILURE)) return;
  const elt = event.detail.elt;
  if (pendingSave && elt && elt.matches && elt.matches(SAVE)) {
    const saved = pendingSave;
    pendingSave = null;
    if (queue.isReentry(saved.fields)) requeue(saved);
    else enqueue(saved);
  }
  showSignInChanged();
}

// An online save that failed on the way (no answer): queued, to be sent again.
function lostOnTheWay(event) {
  if (pendingSave && event.detail.elt && event.detail.elt.matches(SAVE)) {
    const saved = pendingSave;
    pendingSave = null;
    if (queue.isReentry(saved.fields)) return;
    enqueue(saved);
  }
}

function beforeRequest(event) {
  const xhr = event.detail.xhr;
  // The settlement of the last preview, with the form as it was sent for it.
  const target = form();
  if (target && event.detail.target && event.detail.target.id === "preview") {
    previewKeys.set(xhr, handKey(formFields(target)));
  }
  const elt = event.detail.elt;
  if (queue.reentering && elt && elt.matches && elt.matches(SAVE)) reentrySaves.add(xhr);
}

function afterSwap(event) {
  const target = event.detail.target;
  const xhr = event.detail.xhr;
  if (target && target.id === "preview") {
    // The preview's settlement by seat (tournaments/_hand_preview.html).
    const moved = target.querySelectorAll(".previewed [data-seat]");
    const deltas = Object.fromEntries(Array.from(moved, (cell) => [cell.dataset.seat, Number(cell.dataset.delta)]));
    const key = xhr && previewKeys.get(xhr);
    lastPreview = moved.length && key ? {key, deltas} : null;
    return;
  }
  // After an online save the new blank form carries the table's new version, and the
  // copy the phone keeps is read again, with the saved hand.
  rememberVersion();
  if (xhr && xhr.getResponseHeader("X-Hand-Outcome") === "saved") keepThisPage();
}

const reentrySave = (event) => queue.reentering && event.detail.xhr && reentrySaves.has(event.detail.xhr);

// A re-entered hand refused again stays on this page (not the reload the save asks for).
function beforeOnLoad(event) {
  if (!reentrySave(event)) return;
  const outcome = event.detail.xhr.getResponseHeader("X-Hand-Outcome");
  if (outcome === "conflict" || outcome === "refused") event.preventDefault();
}

function afterRequest(event) {
  if (!reentrySave(event)) return;
  pendingSave = null;
  const xhr = event.detail.xhr;
  reentered(xhr.getResponseHeader("X-Hand-Outcome"), xhr.getResponseHeader("X-Hand-Refusal"));
}

// Listens for the judge's saves and htmx's answers.
export function catchSaves() {
  document.addEventListener("click", caughtSave, true);
  document.addEventListener("submit", caughtSheet, true);
  document.addEventListener("htmx:responseError", refusedToken);
  document.addEventListener("htmx:sendError", lostOnTheWay);
  document.addEventListener("htmx:beforeRequest", beforeRequest);
  document.addEventListener("htmx:afterSwap", afterSwap);
  document.addEventListener("htmx:beforeOnLoad", beforeOnLoad);
  document.addEventListener("htmx:afterRequest", afterRequest);
}
