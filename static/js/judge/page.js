/* What the judge's page gives the queue's modules: its words and addresses (the data-*
   attributes of #judge-offline, translated there; __N__ in them stands for a number),
   this page's queue, its forms, what it shows of the server's table, and the line its
   own requests wait in. The page's modules share this one queue. */

import {Queue} from "./queue.js";
import {newSubmission, setHidden} from "./forms.js";

export const root = document.getElementById("judge-offline");
export const words = root ? root.dataset : {};
export const table = Number(words.table);
export const sessionKey = words.key;
export const queue = new Queue(table, sessionKey);
export const section = document.getElementById("offline-queue");
export const list = section && section.querySelector("ol");
export const indicator = document.getElementById("connection");
// Opened with no connection: the page is the copy the phone kept, and says so.
export const openedOffline = !navigator.onLine;
export const SAVE = "button[name=action][value=save]";
export const CSRF_FAILURE = "X-CSRF-Failure";
// The part of the score sheet's page its own save asks for (views.sheets.SHEET_PART).
export const SHEET_PART = "sheet-entry";

export const form = () => document.querySelector("#add-hand form");
export const sheetForm = () => document.getElementById("sheet-form");

// Whatever changes the queue asks for it to be drawn again (main.js names the drawing:
// the modules that change the queue need not know the one that draws it).
let redraw = () => {};
export function drawnBy(draw) {
  redraw = draw;
}
export function changed() {
  redraw();
}

// The page's own requests go one at a time (the sends, the ping, the server's hands):
// a ping never races a send for the table's row.
let line = Promise.resolve();
export function inLine(request) {
  const run = line.then(request, request);
  line = run.catch(() => {});
  return run;
}

// Asks the worker to keep this page as the server has it now (from its first visit on:
// that one did not pass through the worker, which it installed).
export function keepThisPage() {
  const worker = "serviceWorker" in navigator && navigator.serviceWorker.controller;
  if (worker && navigator.onLine) worker.postMessage({keep: window.location.pathname});
}

// ---- the table version the hand form builds on ----
// The table version this phone last saw the server answer with (after its own saves):
// a page opened offline is the copy the phone kept, which may be older than that.
const VERSION_KEY = `judge-version:${sessionKey}:${table}`;

function knownVersion() {
  try { return Number(localStorage.getItem(VERSION_KEY)) || 0; } catch { return 0; }
}

// `version`: the one a save's answer gave; by default the form's.
export function rememberVersion(version = null) {
  const target = form();
  if (!target && version === null) return;
  if (version === null) version = Number(target.querySelector("input[name=version]").value);
  try {
    if (version > knownVersion()) localStorage.setItem(VERSION_KEY, String(version));
  } catch { /* private mode: the kept page's version is used */ }
}

// The form builds on the last waiting hand (its version + 1) or on the latest version
// this phone saw, with a new submission id when it changes.
export function chainForm() {
  const target = form();
  if (!target || queue.reentering) return;
  const version = queue.chainVersion(knownVersion());
  if (Number(target.querySelector("input[name=version]").value) < version) {
    setHidden(target, "version", String(version));
    setHidden(target, "submission", newSubmission());
  }
}

// ---- what the page shows of the server's table ----
// The last hand number the page shows: what the phone knows of the server's hands (not
// the rows of live hands on their way).
export function lastNumber() {
  const numbers = Array.from(document.querySelectorAll("#hands-body tr:not(.pending) td:first-child"),
    (cell) => Number(cell.textContent.trim()) || 0);
  return Math.max(0, ...numbers);
}

// Each seat's chips as the page shows them (the seat board), seat → number; the board
// writes them in the page's language (101,5 in Czech), a minus as "−".
export function pageChips() {
  const chips = {};
  for (const seat of document.querySelectorAll("#seat-board li")) {
    const number = seat.querySelector(".seat-no");
    const count = seat.querySelector(".seat-chips");
    if (!number || !count) continue;
    const text = count.textContent.replace(/[\s\u00a0\u202f]/g, "").replace(",", ".").replace("−", "-");
    if (text !== "" && !Number.isNaN(Number(text))) chips[number.textContent.trim()] = Number(text);
  }
  return chips;
}
