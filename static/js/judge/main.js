/* The judge's table page and score sheet page with a bad connection (issue 16): the entry
   module (templates/tournaments/offline/_head.html), wiring the others of this folder.

   * Registers the service worker that keeps these pages, their styles and scripts on the
     phone (templates/tournaments/offline/sw.js), and asks it to keep this page from its
     first visit on (once the worker controls the page) and again after each hand saved.
   * A hand (or the score sheet) saved with no connection, or whose save failed on the
     way, waits in this phone's IndexedDB (store.js) with its submission id, the table
     version it was built on and its place in the order of entry (queue.js), and shows
     at once as "waiting to send" (draw.js), with the chips after it when the server's
     last preview was of that very hand (else "not yet scored"). The judge can go on:
     the next hand is built on the version after the one before it, with a fresh
     submission id (capture.js, page.js).
   * A hand saved online with nothing waiting goes through the same queue: it shows at
     once as a row of the table marked sending, and the server's answer (only what
     changed) confirms it, or puts the hand back into the form with the reason (rows.js).
   * When the connection returns (the `online` event), on "Send now", and when either
     page opens online, the waiting items are sent in order through the normal saves
     (send.js). An item leaves the queue only when the server says it stored it.
   * A hand refused because another device changed the table stops the queue and shows
     the conflict side by side (conflict.js); "Discard it" asks first. Any other refusal
     (a locked table says why) offers "Discard it" and "Keep it".
   * Items are kept per table and per session key (the page's data-key, which changes
     with the login): another session never sends them. This table's items from an
     earlier sign-in are shown apart, sent only if the judge says so; other sessions'
     items older than a week are removed.
   * While online the page pings the server now and then (last contact, and how many
     items wait), for the director's dashboard.
   * A save (or a send) the server refuses because this page's CSRF token is out of date
     (the sign-in changed in another tab; config/csrf.py marks the answer) is kept in the
     queue as waiting, nothing more is sent from this page, and the page says to reload.
   * The blank hand form's folded parts (the cards, Pagat, Valat, values, penalties) come
     as text, drawn when the judge opens them (forms.js, issue 29). */

import {changed, chainForm, drawnBy, form, keepThisPage, queue, rememberVersion, root, section,
  sessionKey, sheetForm, words} from "./page.js";
import {drawWhenOpened, entered, newSubmission, setHidden} from "./forms.js";
import {remove, storedItems} from "./store.js";
import {render, showConnection} from "./draw.js";
import {ping, send} from "./send.js";
import {catchSaves} from "./capture.js";

const PING_EVERY = 60 * 1000;

function registerWorker() {
  if (!("serviceWorker" in navigator)) return;
  if (!navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener("controllerchange", keepThisPage, {once: true});
  }
  navigator.serviceWorker.register(root.dataset.worker, {scope: root.dataset.scope}).catch(() => {});
}

// Leaving the page with items waiting asks first, except for a reload the judge chose
// and for this table's other page (the sheet, or back to the hands), which shows and
// sends the queue.
function guardLeaving() {
  let reloading = false;
  const reload = document.getElementById("reload-page");
  if (reload) {
    reload.addEventListener("click", () => {
      reloading = true;  // what waits stays on this phone: no need to ask
      window.location.reload();
    });
  }
  let toOwnPage = false;
  const ownPages = [words.sheetUrl, words.sheetUrl.replace(/sheet\/$/, "")];
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element && event.target.closest("a[href]");
    toOwnPage = Boolean(link && ownPages.includes(new URL(link.href).pathname));
  });
  window.addEventListener("beforeunload", (event) => {
    if (!toOwnPage && !reloading && queue.unsent()) {
      event.preventDefault();
      event.returnValue = words.leave;
    }
  });
}

async function load() {
  const stale = queue.load(await storedItems(), Date.now());
  await Promise.all(stale.map(remove));
}

function start() {
  registerWorker();
  if (!sessionKey || !("indexedDB" in window)) return;
  drawnBy(render);
  catchSaves();
  window.addEventListener("online", () => { render(); send(); ping(true); });
  window.addEventListener("offline", render);
  if (section) section.querySelector("#send-now").addEventListener("click", send);
  guardLeaving();
  setInterval(() => ping(true), PING_EVERY);

  rememberVersion();
  // A sheet page's copy kept on the phone may carry an id an earlier queued sheet used.
  if (sheetForm()) setHidden(sheetForm(), "submission", newSubmission());
  load().then(() => {
    chainForm();
    changed();
    send();
    ping();
  }).catch(() => showConnection());
}

// htmx serves the hand form's preview and card count, nothing the page needs to show:
// it loads once the page has (the load event), rather than share the slow connection
// with the page's own files and the work of starting it (make bench-phone). A form
// changed before it came is previewed as it arrives.
function loadHtmxLater() {
  const later = document.querySelector("meta[name=htmx-later]");
  if (!later || window.htmx) return;
  const script = document.createElement("script");
  script.src = later.content;
  script.addEventListener("load", () => {
    const target = form();
    if (target && window.htmx && entered(target)) window.htmx.trigger(target, "change");
  });
  document.head.append(script);
}

drawWhenOpened();
if (document.readyState === "complete") loadHtmxLater();
else window.addEventListener("load", loadHtmxLater, {once: true});
if (root) start();
