/* The phone's queue of hands (and score sheets) saved with no connection (issue 16): what
   waits, in which order and state, what goes next, what a reload keeps, and the
   bookkeeping of a conflict. No page and no network here: the other modules of
   static/js/judge/ draw and send what this says, and Node's test runner checks it
   (tests/js/queue.test.mjs).

   An item's states: "waiting" (to be sent), "sending" (on its way; never stored so: a
   reload finds it waiting), "refused" (the server said why), "kept" (refused, and the
   judge keeps it on the phone unsent), "conflict" (another device changed the table).
   An item leaves the queue only when the server says it stored it.

   A hand saved online with nothing waiting before it is "live" (issue 29): it shows at
   once as a row of the table, marked sending, and the server's answer confirms the row
   or, refused, the hand goes back into the form with the reason (it leaves the queue: it
   is in the form again). A live hand whose send is cut off, or refused for the page's
   out-of-date sign-in, is no longer live: it waits in the queue's list like any other. */

export const STATES = Object.freeze(["waiting", "sending", "refused", "kept", "conflict"]);

// A queue stops at its first item in one of these: the judge chooses what becomes of it.
const STOPPED = Object.freeze(["refused", "kept", "conflict"]);

// Another session's items for other tables are removed from the phone after a week.
export const WEEK = 7 * 24 * 3600 * 1000;

// What an item is made of, all of it kept in the phone's IndexedDB.
const FIELDS = Object.freeze(["submission", "kind", "url", "version", "known", "table", "key", "order",
  "fields", "summary", "deltas", "state", "message", "queuedAt", "live"]);

export const stopped = (item) => STOPPED.includes(item.state);

// A form's fields as sent ([name, value] pairs): the first value of `name`, or "".
export function fieldValue(fields, name) {
  const found = fields.find(([key]) => key === name);
  return found ? found[1] : "";
}

// The hand as entered, without what changes from one send to the next: two equal keys
// are the same hand (a preview's settlement is kept with the queued hand only then).
export function handKey(fields) {
  const own = ["csrfmiddlewaretoken", "submission", "version", "action"];
  return JSON.stringify(fields.filter(([name]) => !own.includes(name)));
}

// An item as the phone stores it: its own fields only (not what the page adds to draw it).
export function serialise(item) {
  return Object.fromEntries(FIELDS.filter((name) => name in item).map((name) => [name, item[name]]));
}

// An item as read back after a reload: one stored while on its way, or in a state this
// page does not know, waits to be sent again (the server stores a resend only once).
export function restore(stored) {
  const item = serialise(stored);
  if (!STATES.includes(item.state) || item.state === "sending") item.state = "waiting";
  item.message = item.message || "";
  // The reloaded page has no row for it: it waits in the queue's list.
  item.live = false;
  return item;
}

const byOrder = (a, b) => a.order - b.order;

// What a save's answer means for the queue: stored (now or before), the sign-in changed
// (the page's token is out of date), a conflict, or another refusal.
export function outcomeOf({csrfFailure = false, outcome = null} = {}) {
  if (csrfFailure) return "sign-in";
  if (outcome === "saved" || outcome === "stored-before") return "stored";
  return outcome === "conflict" ? "conflict" : "refused";
}

// The chips after each hand of `items`, from `chips` (seat → count, as the page shows
// them) and the hands' previewed settlements in order; null from the first hand with
// none (or when there are no chips to start from). Score sheets move no chips.
export function runningChips(items, chips) {
  let current = {...chips};
  let known = Object.keys(current).length > 0;
  const after = new Map();
  for (const item of items) {
    if (item.kind === "sheet") continue;
    if (!known || !item.deltas) {
      known = false;
      after.set(item.submission, null);
      continue;
    }
    current = Object.fromEntries(Object.entries(current).map(
      ([seat, count]) => [seat, count + Number(item.deltas[seat] || 0)]));
    after.set(item.submission, current);
  }
  return after;
}

/* One table's queue for one session key (the page's sign-in). Items from an earlier
   sign-in on this phone are its orphans: shown apart, sent only when adopted. */
export class Queue {
  constructor(table, key) {
    this.table = table;
    this.key = key;
    this.items = [];             // this table's queue, in order of entry
    this.orphans = [];           // this table's items from an earlier sign-in
    this.sending = false;        // a send is on its way
    this.signInChanged = false;  // the server refused the page's token: nothing more goes
    this.reentering = null;      // the conflicting item the judge is entering again
    this.confirming = new Set();   // submissions whose Discard waits for "Yes"
    this.serverHands = new Map();  // submission → null (asked) or {node, version} of its conflict
  }

  // Takes what the phone stored (every table's and session's items); returns the items
  // to remove: other sessions' items for other tables, older than a week at `now`.
  load(stored, now) {
    const all = stored.map(restore);
    const mine = (item) => item.table === this.table;
    this.items = all.filter((item) => mine(item) && item.key === this.key).sort(byOrder);
    this.orphans = all.filter((item) => mine(item) && item.key !== this.key).sort(byOrder);
    return all.filter((item) => item.key !== this.key && !mine(item) && now - (item.queuedAt || 0) > WEEK);
  }

  nextOrder() {
    return Math.max(0, ...this.items.map((item) => item.order)) + 1;
  }

  // A save kept on the phone joins the end of the queue, waiting; null (and nothing
  // added) when its submission waits already. `known` is the last hand number the page
  // shows: the server's hands the judge knew of when entering it; `live`, whether it
  // shows as a row of the table until the server answers.
  add(saved, {known = 0, now = Date.now(), live = false} = {}) {
    const item = {
      submission: fieldValue(saved.fields, "submission"),
      kind: saved.kind,
      url: saved.url,
      version: Number(fieldValue(saved.fields, "version")) || 0,
      known,
      table: this.table, key: this.key, order: this.nextOrder(), fields: saved.fields, summary: saved.summary,
      deltas: saved.deltas || null, state: "waiting", message: "", queuedAt: now, live,
    };
    if (this.items.some((other) => other.submission === item.submission)) return null;
    this.items.push(item);
    return item;
  }

  // Whether a hand saved now may show at once as a row of the table: nothing waits
  // before it but live hands, and the page may send.
  showsLive() {
    return !this.signInChanged && this.items.every((item) => item.live);
  }

  // The live hands on their way: the rows the table shows for them, in order.
  liveRows() {
    return this.items.filter((item) => item.live && !stopped(item));
  }

  // The send of `item` was cut off (or refused for the page's sign-in): it waits to be
  // sent again, in the queue's list.
  lost(item) {
    item.state = "waiting";
    item.live = false;
  }

  // The server refused a live hand: it leaves the queue and goes back into the form.
  withdraw(item) {
    this.items = this.items.filter((other) => other !== item);
  }

  // The table version the hand form builds on: the last waiting hand's version + 1, or
  // the latest version this phone saw (`seen`), whichever is later.
  chainVersion(seen) {
    const hands = this.items.filter((item) => item.kind !== "sheet");
    return hands.length ? Math.max(seen, hands[hands.length - 1].version + 1) : seen;
  }

  // The item to send now, or null: the first one, unless it stopped the queue or the
  // sign-in changed.
  next() {
    const first = this.items[0];
    return first && !this.signInChanged && !stopped(first) ? first : null;
  }

  // The server stored `item` (hand number `number`): it leaves, and the items after it
  // know of that hand. Returns the items changed so, to store again.
  stored(item, number) {
    this.items = this.items.filter((other) => other !== item);
    const changed = [];
    for (const later of this.items) {
      if (number > (later.known || 0)) {
        later.known = number;
        changed.push(later);
      }
    }
    return changed;
  }

  // The server refused `item`: a conflict or another refusal, with its words.
  refused(item, outcome, message) {
    item.state = outcome === "conflict" ? "conflict" : "refused";
    item.message = message;
  }

  // The judge keeps a refused item on the phone, unsent.
  keep(item) {
    item.state = "kept";
  }

  // The judge discarded the item with this submission (from the queue or the orphans).
  discard(submission) {
    this.confirming.delete(submission);
    if (this.reentering && this.reentering.submission === submission) this.reentering = null;
    this.items = this.items.filter((other) => other.submission !== submission);
    this.orphans = this.orphans.filter((other) => other.submission !== submission);
  }

  // An item from an earlier sign-in joins this session's queue, at its end, waiting.
  adopt(submission) {
    const own = this.orphans.find((other) => other.submission === submission);
    if (!own) return null;
    this.orphans = this.orphans.filter((other) => other !== own);
    own.key = this.key;
    own.order = this.nextOrder();
    own.state = "waiting";
    this.items.push(own);
    return own;
  }

  // Whether anything would be lost unsent if the page were left.
  unsent() {
    return this.items.some((item) => item.state !== "kept");
  }

  // ---- a conflict: the server's hands beside the queued one, and entering it again ----

  // Whether the server's hands for this conflict are still to be asked for (once only);
  // asking marks them asked.
  askServer(submission) {
    if (this.serverHands.has(submission)) return false;
    this.serverHands.set(submission, null);
    return true;
  }

  // The server's hands for the conflict: `node` to show, on table version `version`;
  // with no answer (null) they are asked for again at the next drawing.
  serverAnswered(submission, answer) {
    if (answer) this.serverHands.set(submission, answer);
    else this.serverHands.delete(submission);
  }

  serverHand(submission) {
    return this.serverHands.get(submission) || null;
  }

  // The conflicting item goes into the form, on the server's version: it may be entered
  // again once the server's hands are known.
  reenter(item) {
    const server = this.serverHand(item.submission);
    if (!server) return null;
    this.reentering = item;
    return server.version;
  }

  // Whether a form with these fields is the one entering the conflicting item again.
  isReentry(fields) {
    return Boolean(this.reentering) && fieldValue(fields, "submission") === this.reentering.submission;
  }

  // The re-entered hand saved: it waits again in its place (sent at once when online),
  // as the judge checked it and on the version the server showed.
  requeue(saved) {
    const item = this.reentering;
    this.reentering = null;
    Object.assign(item, {
      fields: saved.fields, summary: saved.summary, deltas: saved.deltas,
      version: Number(fieldValue(saved.fields, "version")) || 0, state: "waiting", message: "",
    });
    this.serverHands.delete(item.submission);
    return item;
  }
}
