/* The judge's table page and score sheet page with a bad connection (issue 16). Its
   form helpers are static/js/judge-forms.js, loaded before it.

   * Registers the service worker that keeps these pages, their styles and scripts on the
     phone (templates/tournaments/offline/sw.js), and asks it to keep this page from its
     first visit on (once the worker controls the page) and again after each hand saved.
   * A hand (or the score sheet) saved with no connection, or whose save failed on the
     way, waits in this phone's IndexedDB with its submission id, the table version it was
     built on and its place in the order of entry, and shows at once as "waiting to
     send", with the chips after it when the server's last preview was of that very hand
     (else "not yet scored"). The judge can go on: the next hand is built on the version
     after the one before it, with a fresh submission id.
   * When the connection returns (the `online` event), on "Send now", and when either
     page opens online, the waiting items are sent in order through the normal saves
     (the form's fields and CSRF token, as htmx sends them). An item leaves the queue
     only when the server says it stored it (now or before: a resend stores nothing
     twice).
   * A hand refused because another device changed the table stops the queue and shows
     the conflict side by side: the hands the server holds that the phone did not know
     of (tournaments.views.queue.hands_after) and the hand the phone queued. "Enter it
     again" puts the queued hand into the form on the table's current version (it leaves
     the queue once that save succeeds); "Discard it" asks first. Any other refusal (a
     locked table says why) offers "Discard it" and "Keep it".
   * Items are kept per table and per session key (the page's data-key, which changes
     with the login): another session never sends them. This table's items from an
     earlier sign-in are shown apart, sent only if the judge says so; other sessions'
     items older than a week are removed.
   * While online the page pings the server now and then (last contact, and how many
     items wait), for the director's dashboard.
   * A save (or a send) the server refuses because this page's CSRF token is out of date
     (the sign-in changed in another tab; config/csrf.py marks the answer) is kept in the
     queue as waiting, nothing more is sent from this page, and the page says to reload.
   The words come from the page (data-* attributes of #judge-offline), translated there;
   __N__ in them stands for a number. */
"use strict";

(function () {
  const root = document.getElementById("judge-offline");
  if (!root) return;
  // Asks the worker to keep this page as the server has it now (from its first visit on:
  // that one did not pass through the worker, which it installed).
  function keepThisPage() {
    const worker = "serviceWorker" in navigator && navigator.serviceWorker.controller;
    if (worker && navigator.onLine) worker.postMessage({keep: window.location.pathname});
  }
  if ("serviceWorker" in navigator) {
    if (!navigator.serviceWorker.controller) {
      navigator.serviceWorker.addEventListener("controllerchange", keepThisPage, {once: true});
    }
    navigator.serviceWorker.register(root.dataset.worker, {scope: root.dataset.scope}).catch(() => {});
  }
  const forms = window.judgeForms;
  if (!forms) return;
  const {newSubmission, setHidden, shown, entered, summary, handKey, formFields, fieldValue,
    fill, element, button, number, signed} = forms;
  const words = root.dataset;
  const table = Number(words.table);
  const sessionKey = words.key;
  const section = document.getElementById("offline-queue");
  const indicator = document.getElementById("connection");
  if (!sessionKey || !("indexedDB" in window)) return;
  const list = section && section.querySelector("ol");
  const SAVE = "button[name=action][value=save]";
  const OLD = 7 * 24 * 3600 * 1000;   // another session's items are removed after a week
  const PING_EVERY = 60 * 1000;
  let items = [];          // this table's queue, in order of entry
  let orphans = [];        // this table's items from an earlier sign-in on this phone
  let sending = false;
  let pendingSave = null;  // what the last online save sent, queued if it fails on the way
  let reentering = null;   // the refused hand the judge is entering again in the form
  let lastPreview = null;  // {key, deltas}: the server's last preview of the hand form
  const CSRF_FAILURE = "X-CSRF-Failure";
  let signInChanged = false;  // the server refused this page's CSRF token: reload first
  let reloading = false;      // the judge chose to reload: no "leave?" question
  const confirming = new Set();     // submissions whose Discard waits for "Yes"
  const serverHands = new Map();    // submission → {html, version} of its conflict
  // Opened with no connection: the page is the copy the phone kept, and says so.
  const openedOffline = !navigator.onLine;

  // The page's own requests go one at a time (the sends, the ping, the server's hands):
  // a ping never races a send for the table's row.
  let line = Promise.resolve();
  function inLine(request) {
    const run = line.then(request, request);
    line = run.catch(() => {});
    return run;
  }

  // ---- IndexedDB: one store of queued items, keyed by submission id ----
  function database() {
    return new Promise((resolve, reject) => {
      const request = indexedDB.open("judge-queue", 1);
      request.onupgradeneeded = () => request.result.createObjectStore("hands", {keyPath: "submission"});
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }

  async function store(mode, work) {
    const db = await database();
    return new Promise((resolve, reject) => {
      const transaction = db.transaction("hands", mode);
      const result = work(transaction.objectStore("hands"));
      transaction.oncomplete = () => resolve(result && result.result);
      transaction.onerror = () => reject(transaction.error);
    });
  }

  const put = (item) => store("readwrite", (hands) => hands.put(item));
  const remove = (item) => store("readwrite", (hands) => hands.delete(item.submission));

  async function load() {
    const all = await store("readonly", (hands) => hands.getAll());
    const now = Date.now();
    const byOrder = (a, b) => a.order - b.order;
    items = all.filter((item) => item.table === table && item.key === sessionKey).sort(byOrder);
    orphans = all.filter((item) => item.table === table && item.key !== sessionKey).sort(byOrder);
    // Another session's items for other tables: never sent from here; gone after a week.
    const stale = all.filter((item) => item.key !== sessionKey && item.table !== table
      && now - (item.queuedAt || 0) > OLD);
    await Promise.all(stale.map(remove));
  }

  // ---- the forms ----
  const form = () => document.querySelector("#add-hand form");
  const sheetForm = () => document.getElementById("sheet-form");

  // The table version this phone last saw the server answer with (after its own saves):
  // a page opened offline is the copy the phone kept, which may be older than that.
  const VERSION_KEY = `judge-version:${sessionKey}:${table}`;

  function knownVersion() {
    try { return Number(localStorage.getItem(VERSION_KEY)) || 0; } catch (error) { return 0; }
  }

  function rememberVersion() {
    const target = form();
    if (!target) return;
    const version = Number(target.querySelector("input[name=version]").value);
    try {
      if (version > knownVersion()) localStorage.setItem(VERSION_KEY, String(version));
    } catch (error) { /* private mode: the kept page's version is used */ }
  }

  // The form builds on the last waiting hand (its version + 1) or on the latest version
  // this phone saw, with a new submission id when it changes.
  function chainForm() {
    const target = form();
    if (!target || reentering) return;
    let version = knownVersion();
    const hands = items.filter((item) => item.kind !== "sheet");
    if (hands.length) version = Math.max(version, hands[hands.length - 1].version + 1);
    if (Number(target.querySelector("input[name=version]").value) < version) {
      setHidden(target, "version", String(version));
      setHidden(target, "submission", newSubmission());
    }
  }

  // The last hand number the page shows: what the phone knows of the server's hands.
  function lastNumber() {
    const numbers = Array.from(document.querySelectorAll("#hands-body tr td:first-child"),
      (cell) => Number(cell.textContent.trim()) || 0);
    return Math.max(0, ...numbers);
  }

  function snapshot(target) {
    const fields = formFields(target);
    fields.push(["action", "save"]);
    const previewed = lastPreview && lastPreview.key === handKey(fields);
    return {kind: "hand", url: words.save, fields, summary: summary(target), entered: entered(target),
      deltas: previewed ? lastPreview.deltas : null};
  }

  async function enqueue(saved) {
    const order = Math.max(0, ...items.map((item) => item.order)) + 1;
    const item = {
      submission: fieldValue(saved.fields, "submission"),
      kind: saved.kind,
      url: saved.url,
      version: Number(fieldValue(saved.fields, "version")) || 0,
      known: lastNumber(),
      table, key: sessionKey, order, fields: saved.fields, summary: saved.summary,
      deltas: saved.deltas || null, state: "waiting", message: "", queuedAt: Date.now(),
    };
    if (items.some((other) => other.submission === item.submission)) return;
    items.push(item);
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
    render();
    ping();
  }

  // ---- what the page shows ----
  // Each seat's chips as the page shows them (the seat board), seat → number; the board
  // writes them in the page's language (101,5 in Czech), a minus as "−".
  function pageChips() {
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

  // The chips after each queued hand, from the page's chips and the queued hands'
  // previewed settlements in order; null from the first hand with none.
  function runningChips() {
    let chips = pageChips();
    let known = Object.keys(chips).length > 0;
    const after = new Map();
    for (const item of items) {
      if (item.kind === "sheet") continue;
      if (!known || !item.deltas) {
        known = false;
        after.set(item.submission, null);
        continue;
      }
      chips = Object.fromEntries(Object.entries(chips).map(
        ([seat, count]) => [seat, count + Number(item.deltas[seat] || 0)]));
      after.set(item.submission, chips);
    }
    return after;
  }

  function chipsText(item, after) {
    if (item.kind === "sheet") return "";
    const chips = after.get(item.submission);
    if (!chips && item.deltas && !Object.keys(pageChips()).length) {
      // A page with no chips to start from (the sheet page): what the hand moves.
      return `${words.moves}: ${Object.entries(item.deltas).map(([seat, amount]) => `${seat}: ${signed(Number(amount))}`).join(" · ")}`;
    }
    if (!chips) return words.unscored;
    return `${words.chips}: ${Object.entries(chips).map(([seat, count]) => `${seat}: ${number(count)}`).join(" · ")}`;
  }

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

  async function fetchServerHands(item) {
    if (serverHands.has(item.submission) || !navigator.onLine) return;
    serverHands.set(item.submission, null);  // asked once
    try {
      const url = words.after.replace(/0\/$/, `${item.known || 0}/`);
      const response = await inLine(() => fetch(url, {credentials: "same-origin"}));
      if (!response.ok) throw new Error(String(response.status));
      const html = await response.text();
      const parsed = new DOMParser().parseFromString(html, "text/html").querySelector(".server-hands");
      serverHands.set(item.submission, {node: parsed, version: Number(parsed.dataset.version)});
    } catch (error) {
      serverHands.delete(item.submission);
    }
    render();
  }

  function conflictPanel(item) {
    const panel = element("div", "conflict");
    const server = element("div", "conflict-side");
    server.append(element("h3", "", words.server));
    const known = serverHands.get(item.submission);
    if (known && known.node) server.append(document.importNode(known.node, true));
    else if (!navigator.onLine) server.append(element("p", "muted", words.unreachable));
    else fetchServerHands(item);
    const phone = element("div", "conflict-side");
    phone.append(element("h3", "", words.phone), phoneHand(item));
    panel.append(server, phone);
    return panel;
  }

  function choices(item, row) {
    const box = element("div", "choices");
    if (confirming.has(item.submission)) {
      box.append(element("span", "sure", words.sure), " ",
        button(words.yes, () => discard(item), "danger"), " ",
        button(words.no, () => { confirming.delete(item.submission); render(); }));
    } else {
      const discardIt = button(words.discard, () => { confirming.add(item.submission); render(); });
      if (item.orphan) {
        box.append(button(words.adopt, () => adopt(item)), " ", discardIt);
      } else if (item.state === "conflict") {
        const server = serverHands.get(item.submission);
        const again = button(words.again, () => reenter(item), "");
        again.disabled = !(server && server.node) || !form() || reentering === item;
        box.append(again, " ", discardIt);
      } else {
        box.append(discardIt);
        if (item.state === "refused") box.append(" ", button(words.keep, () => keep(item)));
      }
    }
    row.append(box);
  }

  function row(item, after) {
    const node = element("li", "queued");
    node.dataset.state = item.orphan ? "orphan" : item.state;
    node.dataset.kind = item.kind || "hand";
    const heads = {waiting: words.waiting, sending: words.sending, refused: words.refused,
      kept: words.kept, conflict: words.conflict};
    const what = item.kind === "sheet" ? `${words.sheet}: ${item.summary}` : item.summary;
    node.append(element("strong", "", item.orphan ? words.orphan : heads[item.state]));
    // A conflict shows the hand in its panel, beside the server's.
    if (item.state !== "conflict" || item.orphan) {
      node.append(element("span", "what", ` ${what}`));
      const chips = item.orphan ? "" : chipsText(item, after);
      if (chips) node.append(element("span", "after", chips));
    }
    if (item.message && item.state !== "conflict") node.append(element("p", "refusal", item.message));
    if (item.state === "conflict" && !item.orphan) {
      node.append(conflictPanel(item));
      if (reentering === item) node.append(element("p", "notice", words.reentering));
    }
    if (item.orphan || ["refused", "kept", "conflict"].includes(item.state)) choices(item, node);
    return node;
  }

  function render() {
    if (list) {
      const after = runningChips();
      list.replaceChildren(...items.map((item) => row(item, after)),
        ...orphans.map((item) => row({...item, orphan: true}, after)));
      section.hidden = items.length + orphans.length === 0 && !signInChanged;
      // Nothing can be sent from this page any more: the notice says to reload.
      section.querySelector("#send-now").hidden = signInChanged;
    }
    showConnection();
  }

  function showConnection() {
    if (!indicator) return;
    const waiting = items.length;
    let text = navigator.onLine ? words.online : words.offline;
    if (!navigator.onLine && openedOffline) text += " · " + words.copy;
    let state = navigator.onLine ? "online" : "offline";
    if (sending) [text, state] = [words.sending, "sending"];
    if (waiting) text += " · " + words.count.replace("__N__", waiting);
    indicator.textContent = text;
    indicator.dataset.state = state;
    indicator.hidden = false;
  }

  // ---- the judge's choices ----
  async function discard(item) {
    confirming.delete(item.submission);
    if (reentering && reentering.submission === item.submission) reentering = null;
    items = items.filter((other) => other.submission !== item.submission);
    orphans = orphans.filter((other) => other.submission !== item.submission);
    await remove(item);
    // Nothing waits any more: the page is read again, for a form built on the table's
    // version as the server has it. Else the next in line goes.
    if (!items.length && navigator.onLine) {
      window.location.reload();
      return;
    }
    render();
    send();
    ping();
  }

  async function keep(item) {
    item.state = "kept";
    await put(item);
    render();
  }

  // An item from an earlier sign-in joins this session's queue, at its end.
  async function adopt(item) {
    const own = orphans.find((other) => other.submission === item.submission);
    orphans = orphans.filter((other) => other !== own);
    own.key = sessionKey;
    own.order = Math.max(0, ...items.map((other) => other.order)) + 1;
    own.state = "waiting";
    items.push(own);
    await put(own);
    render();
    send();
  }

  // The refused hand goes into the form, on the table's version as the server has it and
  // with its own submission id (never stored: the refusal stored nothing), so a resend of
  // this save is recognised. It leaves the queue once the save succeeds.
  function reenter(item) {
    const target = form();
    const server = serverHands.get(item.submission);
    if (!target || !server) return;
    reentering = item;
    fill(target, item.fields);
    setHidden(target, "version", String(server.version));
    setHidden(target, "submission", item.submission);
    const details = document.getElementById("add-hand");
    if (details) details.open = true;
    // The live preview shows its settlement before the judge saves.
    target.dispatchEvent(new Event("change", {bubbles: true}));
    render();
    target.scrollIntoView({block: "start"});
  }

  // The re-entered hand saved with no connection: it waits again, in its place, as the
  // judge checked it and on the version the server showed.
  async function requeue(saved) {
    const item = reentering;
    reentering = null;
    Object.assign(item, {
      fields: saved.fields, summary: saved.summary, deltas: saved.deltas,
      version: Number(fieldValue(saved.fields, "version")) || 0, state: "waiting", message: "",
    });
    serverHands.delete(item.submission);
    await put(item);
    const target = form();
    if (target) {
      target.reset();
      setHidden(target, "submission", newSubmission());
    }
    chainForm();
    render();
  }

  // A save answered: the re-entered hand leaves the queue once stored. Refused again
  // (the table changed once more, or is locked now), it shows why, with the server's
  // hands read again.
  async function reentered(outcome, refusal) {
    const item = reentering;
    if (outcome === "conflict" || outcome === "refused") {
      reentering = null;
      item.state = outcome;
      item.message = refusal ? decodeURIComponent(refusal) : "";
      serverHands.delete(item.submission);
      await put(item);
      render();
      return;
    }
    if (outcome !== "saved" && outcome !== "stored-before") return;  // the form shows its errors
    reentering = null;
    items = items.filter((other) => other.submission !== item.submission);
    await remove(item);
    rememberVersion();
    if (!items.length) {
      window.location.reload();
      return;
    }
    render();
    send();
  }

  // ---- sending, in order, each removed only once the server has it ----
  const stopped = (item) => ["refused", "kept", "conflict"].includes(item.state);

  // The server refused this page's token: what waits stays waiting, and the page says
  // to reload (a new page has the sign-in's new token).
  function showSignInChanged() {
    signInChanged = true;
    render();
    const notice = document.getElementById("sign-in-changed");
    if (notice) {
      notice.hidden = false;
      notice.scrollIntoView({block: "center"});
    }
  }

  async function send() {
    if (sending || signInChanged || !items.length || !navigator.onLine || stopped(items[0])) return;
    sending = true;
    let stored = 0;
    try {
      while (items.length) {
        const item = items[0];
        if (stopped(item)) break;
        item.state = "sending";
        render();
        // This page's CSRF token: the session's own (an item taken over from an earlier
        // sign-in carries that one's, which the server no longer takes).
        const token = words.csrf || fieldValue(item.fields, "csrfmiddlewaretoken");
        const body = new URLSearchParams(item.fields);
        body.set("csrfmiddlewaretoken", token);
        let response;
        try {
          response = await inLine(() => fetch(item.url || words.save, {
            method: "POST",
            body,
            headers: {"HX-Request": "true", "X-CSRFToken": token},
            credentials: "same-origin",
          }));
        } catch (error) {
          item.state = "waiting";  // the connection went; it is sent again later
          break;
        }
        if (response.headers.get(CSRF_FAILURE)) {
          item.state = "waiting";
          showSignInChanged();
          break;
        }
        const outcome = response.headers.get("X-Hand-Outcome");
        if (outcome === "saved" || outcome === "stored-before") {
          items.shift();
          await remove(item);
          stored += 1;
          // The hands queued after it knew of this one.
          const number = Number(response.headers.get("X-Hand-Number")) || 0;
          for (const later of items) {
            if (number > (later.known || 0)) {
              later.known = number;
              await put(later);
            }
          }
          continue;
        }
        const refusal = response.headers.get("X-Hand-Refusal");
        item.state = outcome === "conflict" ? "conflict" : "refused";
        item.message = refusal ? decodeURIComponent(refusal) : words.failed.replace("__N__", response.status);
        await put(item);
        break;
      }
    } finally {
      sending = false;
      render();
    }
    // All sent: the page shows the table as the server has it now (its load is a contact).
    if (stored && !items.length) {
      window.location.reload();
      return;
    }
    ping();
  }

  // ---- the phone's contact with the server (the director's dashboard) ----
  // The count the server has (the page says what it had when it was made): a ping to
  // say it changed, and every PING_EVERY as the contact.
  let reported = Number(words.reported) || 0;

  async function ping(always = false) {
    if (sending || signInChanged || !navigator.onLine || !words.csrf) return;  // a send pings when it ends
    if (!always && items.length === reported) return;
    const waiting = items.length;
    try {
      const answer = await inLine(() => fetch(words.contact, {
        method: "POST",
        body: new URLSearchParams({waiting: String(waiting)}),
        headers: {"X-CSRFToken": words.csrf},
        credentials: "same-origin",
      }));
      if (answer.ok) reported = waiting;
    } catch (error) { /* offline again: the next ping says it */ }
  }

  // ---- catching saves ----
  // A save while offline, or while earlier items wait (they go first), joins the queue;
  // a refused hand entered again is saved online as usual.
  document.addEventListener("click", (event) => {
    const saveButton = event.target instanceof Element && event.target.closest(SAVE);
    if (!saveButton || !saveButton.form) return;
    const again = reentering && fieldValue(formFields(saveButton.form), "submission") === reentering.submission;
    if (again && navigator.onLine) return;
    if (!navigator.onLine || items.length || signInChanged) {
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
  }, true);

  // The score sheet: offline, or with items waiting, it joins the queue after them.
  document.addEventListener("submit", (event) => {
    const target = event.target;
    if (target !== sheetForm() || (navigator.onLine && !items.length)) return;
    event.preventDefault();
    // Every count filled in (the browser checks that too): the sheet with all its counts.
    const counts = Array.from(target.elements).filter(shown);
    if (counts.some((field) => field.value === "")) return;
    const text = counts.map((field) => {
      const label = document.querySelector(`label[for="${field.id}"]`);
      return `${label ? label.textContent.trim().replace(/:$/, "") : field.name}: ${field.value}`;
    }).join("; ");
    enqueue({kind: "sheet", url: words.sheetUrl, fields: formFields(target), summary: text});
  }, true);

  // A save refused for this page's out-of-date token: queued as waiting, sent from the
  // reloaded page. A preview refused so says it too (the form keeps what was typed).
  document.addEventListener("htmx:responseError", (event) => {
    const xhr = event.detail.xhr;
    if (!xhr || !xhr.getResponseHeader(CSRF_FAILURE)) return;
    const elt = event.detail.elt;
    if (pendingSave && elt && elt.matches && elt.matches(SAVE)) {
      const saved = pendingSave;
      pendingSave = null;
      const again = reentering && fieldValue(saved.fields, "submission") === reentering.submission;
      if (again) requeue(saved);
      else enqueue(saved);
    }
    showSignInChanged();
  });

  // An online save that failed on the way (no answer): queued, to be sent again.
  document.addEventListener("htmx:sendError", (event) => {
    if (pendingSave && event.detail.elt && event.detail.elt.matches(SAVE)) {
      const saved = pendingSave;
      pendingSave = null;
      if (reentering && saved.fields.some(([n, v]) => n === "submission" && v === reentering.submission)) return;
      enqueue(saved);
    }
  });

  // The settlement of the last preview, with the form as it was sent for it.
  document.addEventListener("htmx:beforeRequest", (event) => {
    const target = form();
    if (target && event.detail.target && event.detail.target.id === "preview") {
      event.detail.xhr.judgeHandKey = handKey(formFields(target));
    }
  });

  document.addEventListener("htmx:afterSwap", (event) => {
    const target = event.detail.target;
    if (target && target.id === "preview") {
      // The preview's settlement by seat (tournaments/_hand_preview.html).
      const moved = target.querySelectorAll(".previewed [data-seat]");
      const deltas = Object.fromEntries(Array.from(moved, (cell) => [cell.dataset.seat, Number(cell.dataset.delta)]));
      const key = event.detail.xhr && event.detail.xhr.judgeHandKey;
      lastPreview = moved.length && key ? {key, deltas} : null;
      return;
    }
    // After an online save the new blank form carries the table's new version, and the
    // copy the phone keeps is read again, with the saved hand.
    rememberVersion();
    if (event.detail.xhr && event.detail.xhr.getResponseHeader("X-Hand-Outcome") === "saved") keepThisPage();
  });

  // The save of a re-entered hand is known by its request (once the answer is swapped in,
  // htmx names another element as the event's).
  document.addEventListener("htmx:beforeRequest", (event) => {
    const elt = event.detail.elt;
    if (reentering && elt && elt.matches && elt.matches(SAVE)) event.detail.xhr.judgeReentered = true;
  });
  const reenteredSave = (event) => reentering && event.detail.xhr && event.detail.xhr.judgeReentered;

  // A re-entered hand refused again stays on this page (not the reload the save asks for).
  document.addEventListener("htmx:beforeOnLoad", (event) => {
    if (!reenteredSave(event)) return;
    const outcome = event.detail.xhr.getResponseHeader("X-Hand-Outcome");
    if (outcome === "conflict" || outcome === "refused") event.preventDefault();
  });

  document.addEventListener("htmx:afterRequest", (event) => {
    if (!reenteredSave(event)) return;
    pendingSave = null;
    const xhr = event.detail.xhr;
    reentered(xhr.getResponseHeader("X-Hand-Outcome"), xhr.getResponseHeader("X-Hand-Refusal"));
  });

  window.addEventListener("online", () => { render(); send(); ping(true); });
  window.addEventListener("offline", render);
  if (section) section.querySelector("#send-now").addEventListener("click", send);
  const reload = document.getElementById("reload-page");
  if (reload) {
    reload.addEventListener("click", () => {
      reloading = true;  // what waits stays on this phone: no need to ask
      window.location.reload();
    });
  }
  // Going to this table's other page (the sheet, or back to the hands) keeps the queue:
  // that page shows and sends it, so no warning.
  let toOwnPage = false;
  const ownPages = [words.sheetUrl, words.sheetUrl.replace(/sheet\/$/, "")];
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element && event.target.closest("a[href]");
    toOwnPage = Boolean(link && ownPages.includes(new URL(link.href).pathname));
  });
  window.addEventListener("beforeunload", (event) => {
    if (!toOwnPage && !reloading && items.some((item) => item.state !== "kept")) {
      event.preventDefault();
      event.returnValue = words.leave;
    }
  });
  setInterval(() => ping(true), PING_EVERY);

  rememberVersion();
  // A sheet page's copy kept on the phone may carry an id an earlier queued sheet used.
  if (sheetForm()) setHidden(sheetForm(), "submission", newSubmission());
  load().then(() => {
    chainForm();
    render();
    send();
    ping();
  }).catch(() => showConnection());
})();
