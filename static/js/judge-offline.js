/* The judge's table page with a bad connection (issue 16).

   * Registers the service worker that keeps this page, its styles and scripts on the
     phone (templates/tournaments/offline/sw.js).
   * A hand saved with no connection (or whose save failed on the way) waits in this
     phone's IndexedDB with its submission id, the table version it was built on and its
     place in the order of entry, and shows at once as "waiting to send". The judge can
     go on: the next hand is built on the version after the one before it, with a fresh
     submission id.
   * When the connection returns (the `online` event), on "Send now", and when the page
     opens online, the waiting hands are sent in order through the normal save (the
     form's fields, its CSRF token, as htmx sends them). A hand leaves the queue only
     when the server says it stored it (now or before: a resend stores nothing twice).
     A refusal (another device changed the table, the table is locked) stops the queue
     and shows the server's words, with "Discard it" and "Keep it".
   * Items are kept per table and per session key (the page's data-key, which changes
     with the login): another session on the phone never sends or sees them.
   The words come from the page (data-* attributes of #judge-offline), translated there;
   __N__ in them stands for a number. */
"use strict";

(function () {
  const root = document.getElementById("judge-offline");
  if (!root) return;
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register(root.dataset.worker, {scope: root.dataset.scope}).catch(() => {});
  }
  const words = root.dataset;
  const table = Number(words.table);
  const sessionKey = words.key;
  const section = document.getElementById("offline-queue");
  const indicator = document.getElementById("connection");
  if (!sessionKey || !section || !("indexedDB" in window)) return;
  const list = section.querySelector("ol");
  const SAVE = "button[name=action][value=save]";
  let items = [];          // this table's queue, in order of entry
  let sending = false;
  let pendingSave = null;  // what the last online save sent, queued if it fails on the way
  // Opened with no connection: the page is the copy the phone kept, and says so.
  const openedOffline = !navigator.onLine;

  // ---- IndexedDB: one store of queued hands, keyed by submission id ----
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

  async function load() {
    const all = await store("readonly", (hands) => hands.getAll());
    items = all.filter((item) => item.table === table && item.key === sessionKey)
      .sort((a, b) => a.order - b.order);
  }

  const put = (item) => store("readwrite", (hands) => hands.put(item));
  const remove = (item) => store("readwrite", (hands) => hands.delete(item.submission));

  // ---- the form ----
  function form() {
    return document.querySelector("#add-hand form");
  }

  function newSubmission() {
    if (crypto.randomUUID) return crypto.randomUUID();
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  function setHidden(target, name, value) {
    const input = target.querySelector(`input[name=${name}]`);
    input.value = value;
    input.setAttribute("value", value);
  }

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
    if (!target) return;
    let version = knownVersion();
    if (items.length) version = Math.max(version, items[items.length - 1].version + 1);
    if (Number(target.querySelector("input[name=version]").value) < version) {
      setHidden(target, "version", String(version));
      setHidden(target, "submission", newSubmission());
    }
  }

  // What the judge entered, in words: each field changed from the blank form, with its label.
  function changed(field) {
    if (field.tagName === "SELECT" && !field.multiple) {
      // With no option marked selected, a list's first option is its blank state.
      const blank = Math.max(0, Array.from(field.options).findIndex((option) => option.defaultSelected));
      return field.selectedIndex !== blank;
    }
    if (field.tagName === "SELECT") {
      return Array.from(field.options).some((option) => option.selected !== option.defaultSelected);
    }
    if (field.type === "checkbox" || field.type === "radio") return field.checked !== field.defaultChecked;
    return field.value !== field.defaultValue;
  }

  // A list with no option marked selected (the declarer's seat) has no blank state: its
  // choice is always part of the hand.
  function alwaysChosen(field) {
    return field.tagName === "SELECT" && !Array.from(field.options).some((option) => option.defaultSelected);
  }

  function entered(target) {
    return Array.from(target.elements).some((field) => field.name
      && !["hidden", "submit", "button"].includes(field.type) && changed(field));
  }

  function summary(target) {
    const parts = [];
    for (const field of target.elements) {
      if (!field.name || ["hidden", "submit", "button"].includes(field.type)) continue;
      if (!changed(field) && !alwaysChosen(field)) continue;
      if ((field.type === "checkbox" || field.type === "radio") && !field.checked) continue;
      const value = field.tagName === "SELECT"
        ? Array.from(field.selectedOptions, (option) => option.text).join(", ") : field.value;
      const label = field.id && document.querySelector(`label[for="${field.id}"]`);
      const name = label ? label.textContent.trim().replace(/:$/, "") : field.name;
      parts.push(field.type === "checkbox" ? name : `${name}: ${value}`);
    }
    return parts.join("; ");
  }

  function snapshot(target) {
    const fields = [];
    for (const [name, value] of new FormData(target)) {
      if (name !== "action") fields.push([name, String(value)]);
    }
    fields.push(["action", "save"]);
    return {fields, summary: summary(target), entered: entered(target)};
  }

  function fieldValue(fields, name) {
    const found = fields.find(([key]) => key === name);
    return found ? found[1] : "";
  }

  async function enqueue(saved) {
    const order = items.length ? items[items.length - 1].order + 1 : 1;
    const item = {
      submission: fieldValue(saved.fields, "submission"),
      version: Number(fieldValue(saved.fields, "version")),
      table, key: sessionKey, order, fields: saved.fields, summary: saved.summary,
      state: "waiting", message: "",
    };
    if (items.some((other) => other.submission === item.submission)) return;
    items.push(item);
    await put(item);
    const target = form();
    if (target) {
      target.reset();
      const preview = document.getElementById("preview");
      if (preview) preview.textContent = "";
    }
    chainForm();
    render();
  }

  // ---- what the page shows ----
  function render() {
    list.replaceChildren(...items.map((item) => {
      const row = document.createElement("li");
      row.className = "queued";
      row.dataset.state = item.state;
      const head = document.createElement("strong");
      head.textContent = {waiting: words.waiting, sending: words.sending, refused: words.refused, kept: words.kept}[item.state];
      const text = document.createElement("span");
      text.textContent = ` ${item.summary} (${words.unscored})`;
      row.append(head, text);
      if (item.message) {
        const why = document.createElement("p");
        why.className = "refusal";
        why.textContent = item.message;
        row.append(why);
      }
      if (item.state === "refused" || item.state === "kept") {
        const choices = [[words.discard, discard]];
        if (item.state === "refused") choices.push([words.keep, keep]);
        for (const [label, action] of choices) {
          const button = document.createElement("button");
          button.type = "button";
          button.className = "secondary";
          button.textContent = label;
          button.addEventListener("click", () => action(item));
          row.append(" ", button);
        }
      }
      return row;
    }));
    section.hidden = items.length === 0;
    showConnection();
  }

  function showConnection() {
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

  async function discard(item) {
    items = items.filter((other) => other !== item);
    await remove(item);
    // Nothing waits any more: the page is read again, for a form built on the table's
    // version as the server has it.
    if (!items.length && navigator.onLine) window.location.reload();
    render();
  }

  async function keep(item) {
    item.state = "kept";
    await put(item);
    render();
  }

  // ---- sending, in order, each removed only once the server has it ----
  async function send() {
    if (sending || !items.length || !navigator.onLine) return;
    if (items[0].state === "refused" || items[0].state === "kept") return;
    sending = true;
    let stored = 0;
    try {
      while (items.length) {
        const item = items[0];
        if (item.state === "refused" || item.state === "kept") break;
        item.state = "sending";
        render();
        let response;
        try {
          // The save's address comes from the page (data-save): the form's `action`
          // property would be its button named "action".
          response = await fetch(words.save, {
            method: "POST",
            body: new URLSearchParams(item.fields),
            headers: {"HX-Request": "true", "X-CSRFToken": fieldValue(item.fields, "csrfmiddlewaretoken")},
            credentials: "same-origin",
          });
        } catch (error) {
          item.state = "waiting";  // the connection went; it is sent again later
          break;
        }
        const outcome = response.headers.get("X-Hand-Outcome");
        if (outcome === "saved" || outcome === "stored-before") {
          items.shift();
          await remove(item);
          stored += 1;
          continue;
        }
        const refusal = response.headers.get("X-Hand-Refusal");
        item.state = "refused";
        item.message = refusal ? decodeURIComponent(refusal) : words.failed.replace("__N__", response.status);
        await put(item);
        break;
      }
    } finally {
      sending = false;
      render();
    }
    // All sent: the page shows the table as the server has it now.
    if (stored && !items.length) window.location.reload();
  }

  // ---- catching saves ----
  // A save while offline, or while earlier hands wait (they go first), joins the queue.
  document.addEventListener("click", (event) => {
    const button = event.target instanceof Element && event.target.closest(SAVE);
    if (!button || !button.form) return;
    if (!navigator.onLine || items.length) {
      event.preventDefault();
      event.stopPropagation();
      const saved = snapshot(button.form);
      // A second tap on the form just queued and cleared: nothing entered, nothing queued.
      if (saved.entered) enqueue(saved);
    } else {
      pendingSave = snapshot(button.form);
    }
  }, true);

  // An online save that failed on the way (no answer): queued, to be sent again.
  document.addEventListener("htmx:sendError", (event) => {
    if (pendingSave && event.detail.elt && event.detail.elt.matches(SAVE)) {
      const saved = pendingSave;
      pendingSave = null;
      enqueue(saved);
    }
  });

  // After an online save the new blank form carries the table's new version.
  document.addEventListener("htmx:afterSwap", rememberVersion);
  window.addEventListener("online", () => { showConnection(); send(); });
  window.addEventListener("offline", showConnection);
  section.querySelector("#send-now").addEventListener("click", send);
  window.addEventListener("beforeunload", (event) => {
    if (items.some((item) => item.state !== "kept")) {
      event.preventDefault();
      event.returnValue = words.leave;
    }
  });

  rememberVersion();
  load().then(() => {
    chainForm();
    render();
    send();
  }).catch(() => showConnection());
})();
