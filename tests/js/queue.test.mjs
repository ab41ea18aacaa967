// The judge's queue (static/js/judge/queue.js) without a page: Node's test runner
// (`make test-js`). The browser tests (tests/browser/test_judge_offline*.py) drive the
// same queue through the page.
import assert from "node:assert/strict";
import {describe, test} from "node:test";

import {
  Queue, WEEK, fieldValue, handKey, outcomeOf, restore, runningChips, serialise, stopped,
} from "../../static/js/judge/queue.js";

const TABLE = 7;
const KEY = "a1b2c3d4e5f6a7b8";
const NOW = Date.UTC(2026, 8, 5, 12);

// A hand form as the page sends it, with its submission id and table version.
function hand(submission, version, {declarer = "1", deltas = null} = {}) {
  return {
    kind: "hand",
    url: `/tables/${TABLE}/hands/`,
    fields: [["csrfmiddlewaretoken", "token"], ["submission", submission], ["version", String(version)],
      ["declarer", declarer], ["action", "save"]],
    summary: `Povinost, declarer ${declarer}`,
    deltas,
  };
}

function sheet(submission) {
  return {kind: "sheet", url: `/tables/${TABLE}/sheet/`, fields: [["submission", submission], ["seat_1", "103"]],
    summary: "1. P11: 103"};
}

function queueOf(...saves) {
  const queue = new Queue(TABLE, KEY);
  saves.forEach((saved, index) => queue.add(saved, {known: 0, now: NOW + index}));
  return queue;
}

const submissions = (items) => items.map((item) => item.submission);

describe("adding", () => {
  test("items wait in the order they were entered, numbered from 1", () => {
    const queue = queueOf(hand("h1", 3), hand("h2", 4), sheet("s1"));
    assert.deepEqual(submissions(queue.items), ["h1", "h2", "s1"]);
    assert.deepEqual(queue.items.map((item) => item.order), [1, 2, 3]);
    assert.ok(queue.items.every((item) => item.state === "waiting" && item.message === ""));
    assert.deepEqual(queue.items.map((item) => item.version), [3, 4, 0]);
  });

  test("the same submission is queued once", () => {
    const queue = queueOf(hand("h1", 3));
    assert.equal(queue.add(hand("h1", 3), {now: NOW}), null);
    assert.deepEqual(submissions(queue.items), ["h1"]);
  });

  test("an item carries its table, session key, the hands known and when it was queued", () => {
    const queue = new Queue(TABLE, KEY);
    const item = queue.add(hand("h1", 3), {known: 5, now: NOW});
    assert.deepEqual([item.table, item.key, item.known, item.queuedAt], [TABLE, KEY, 5, NOW]);
  });

  test("the next hand builds on the last waiting hand's version, or on the version seen", () => {
    const queue = new Queue(TABLE, KEY);
    assert.equal(queue.chainVersion(4), 4);
    queue.add(hand("h1", 4), {now: NOW});
    queue.add(sheet("s1"), {now: NOW});
    assert.equal(queue.chainVersion(4), 5);  // the sheet builds on no version
    assert.equal(queue.chainVersion(9), 9);  // the phone saw a later version since
  });
});

describe("sending", () => {
  test("the first item goes next, until a refusal or a conflict stops the queue", () => {
    const queue = queueOf(hand("h1", 1), hand("h2", 2));
    assert.equal(queue.next().submission, "h1");
    queue.refused(queue.items[0], "conflict", "another device changed the table");
    assert.equal(queue.items[0].state, "conflict");
    assert.equal(queue.next(), null);
    assert.ok(stopped(queue.items[0]));
  });

  test("nothing goes once the sign-in changed, and an empty queue sends nothing", () => {
    const queue = queueOf(hand("h1", 1));
    queue.signInChanged = true;
    assert.equal(queue.next(), null);
    assert.equal(new Queue(TABLE, KEY).next(), null);
  });

  test("a stored item leaves, and the items after it know of its hand number", () => {
    const queue = queueOf(hand("h1", 1), hand("h2", 2), hand("h3", 3));
    queue.items[2].known = 9;
    const changed = queue.stored(queue.items[0], 4);
    assert.deepEqual(submissions(queue.items), ["h2", "h3"]);
    assert.deepEqual(submissions(changed), ["h2"]);
    assert.deepEqual(queue.items.map((item) => item.known), [4, 9]);
    assert.equal(queue.next().submission, "h2");
  });

  test("a refusal other than a conflict is refused, with its words", () => {
    const queue = queueOf(hand("h1", 1));
    queue.refused(queue.items[0], "refused", "The table is confirmed.");
    assert.deepEqual([queue.items[0].state, queue.items[0].message], ["refused", "The table is confirmed."]);
    queue.keep(queue.items[0]);
    assert.equal(queue.items[0].state, "kept");
    assert.equal(queue.unsent(), false);
  });

  test("an answer's headers say what became of the item", () => {
    assert.equal(outcomeOf({outcome: "saved"}), "stored");
    assert.equal(outcomeOf({outcome: "stored-before"}), "stored");
    assert.equal(outcomeOf({outcome: "conflict"}), "conflict");
    assert.equal(outcomeOf({outcome: "refused"}), "refused");
    assert.equal(outcomeOf({outcome: null}), "refused");  // an answer with no outcome (a 500)
    assert.equal(outcomeOf({csrfFailure: true, outcome: "refused"}), "sign-in");
  });
});

describe("a reload", () => {
  test("keeps an item's own fields, and not what the page adds to draw it", () => {
    const queue = queueOf(hand("h1", 1, {deltas: {1: 2, 2: -2}}));
    const stored = serialise({...queue.items[0], orphan: true});
    assert.equal("orphan" in stored, false);
    assert.deepEqual(restore(structuredClone(stored)), queue.items[0]);
  });

  test("finds an item that was on its way waiting again", () => {
    const queue = queueOf(hand("h1", 1));
    queue.items[0].state = "sending";
    assert.equal(restore(serialise(queue.items[0])).state, "waiting");
    assert.equal(restore({...serialise(queue.items[0]), state: "lost"}).state, "waiting");
    queue.refused(queue.items[0], "conflict", "");
    assert.equal(restore(serialise(queue.items[0])).state, "conflict");
  });

  test("orders this session's items, sets apart an earlier sign-in's, and drops old strangers'", () => {
    const item = (submission, table, key, order, queuedAt) => ({
      submission, table, key, order, queuedAt, kind: "hand", fields: [], summary: "", state: "waiting",
    });
    const stored = [
      item("mine-2", TABLE, KEY, 2, NOW),
      item("mine-1", TABLE, KEY, 1, NOW),
      item("earlier", TABLE, "0ld5e55i0n0000ab", 1, NOW - 2 * WEEK),
      item("other-table-mine", TABLE + 1, KEY, 1, NOW - 2 * WEEK),
      item("stranger-old", TABLE + 1, "57r4n93r00000000", 1, NOW - WEEK - 1),
      item("stranger-new", TABLE + 1, "57r4n93r00000000", 2, NOW - WEEK + 1),
    ];
    const queue = new Queue(TABLE, KEY);
    const stale = queue.load(stored, NOW);
    assert.deepEqual(submissions(queue.items), ["mine-1", "mine-2"]);
    assert.deepEqual(submissions(queue.orphans), ["earlier"]);
    assert.deepEqual(submissions(stale), ["stranger-old"]);
  });

  test("an earlier sign-in's item joins the end of the queue only when adopted", () => {
    const queue = new Queue(TABLE, KEY);
    queue.load([
      {submission: "mine", table: TABLE, key: KEY, order: 4, state: "waiting", fields: []},
      {submission: "earlier", table: TABLE, key: "0ld5e55i0n0000ab", order: 1, state: "refused", fields: []},
    ], NOW);
    const adopted = queue.adopt("earlier");
    assert.deepEqual([adopted.key, adopted.order, adopted.state], [KEY, 5, "waiting"]);
    assert.deepEqual(submissions(queue.items), ["mine", "earlier"]);
    assert.deepEqual(queue.orphans, []);
    assert.equal(queue.adopt("earlier"), null);
  });
});

describe("a conflict", () => {
  function conflicted() {
    const queue = queueOf(hand("h1", 3), hand("h2", 4));
    queue.refused(queue.items[0], "conflict", "");
    return queue;
  }

  test("asks for the server's hands once, and again after a failed answer", () => {
    const queue = conflicted();
    assert.equal(queue.askServer("h1"), true);
    assert.equal(queue.askServer("h1"), false);
    queue.serverAnswered("h1", null);
    assert.equal(queue.askServer("h1"), true);
    queue.serverAnswered("h1", {node: "hands", version: 6});
    assert.deepEqual(queue.serverHand("h1"), {node: "hands", version: 6});
  });

  test("is entered again only once the server's hands are known, on their version", () => {
    const queue = conflicted();
    assert.equal(queue.reenter(queue.items[0]), null);
    assert.equal(queue.reentering, null);
    queue.serverAnswered("h1", {node: "hands", version: 6});
    assert.equal(queue.reenter(queue.items[0]), 6);
    assert.equal(queue.reentering, queue.items[0]);
    assert.ok(queue.isReentry([["submission", "h1"]]));
    assert.equal(queue.isReentry([["submission", "h2"]]), false);
  });

  test("a re-entered hand saved offline waits again in its place, on the server's version", () => {
    const queue = conflicted();
    queue.serverAnswered("h1", {node: "hands", version: 6});
    queue.reenter(queue.items[0]);
    const item = queue.requeue(hand("h1", 6, {declarer: "2", deltas: {1: 1}}));
    assert.deepEqual([item.state, item.version, fieldValue(item.fields, "declarer")], ["waiting", 6, "2"]);
    assert.deepEqual(submissions(queue.items), ["h1", "h2"]);
    assert.equal(queue.reentering, null);
    assert.equal(queue.serverHand("h1"), null);  // read again if it conflicts again
  });

  test("discarding the hand being entered again forgets both", () => {
    const queue = conflicted();
    queue.serverAnswered("h1", {node: "hands", version: 6});
    queue.reenter(queue.items[0]);
    queue.confirming.add("h1");
    queue.discard("h1");
    assert.deepEqual(submissions(queue.items), ["h2"]);
    assert.equal(queue.reentering, null);
    assert.equal(queue.confirming.has("h1"), false);
    assert.equal(queue.next().submission, "h2");
  });
});

describe("what the page shows", () => {
  test("the chips after each previewed hand, unknown from the first hand with none", () => {
    const queue = queueOf(
      hand("h1", 1, {deltas: {1: 3, 2: -1, 3: -1, 4: -1}}),
      sheet("s1"),
      hand("h2", 2, {deltas: {1: -2, 2: 2}}),
      hand("h3", 3),
      hand("h4", 4, {deltas: {1: 1}}),
    );
    const after = runningChips(queue.items, {1: 100, 2: 100, 3: 100, 4: 100});
    assert.deepEqual(after.get("h1"), {1: 103, 2: 99, 3: 99, 4: 99});
    assert.deepEqual(after.get("h2"), {1: 101, 2: 101, 3: 99, 4: 99});
    assert.equal(after.get("h3"), null);
    assert.equal(after.get("h4"), null);
    assert.equal(after.has("s1"), false);
    assert.equal(runningChips(queue.items, {}).get("h1"), null);  // no chips to start from
  });

  test("a hand's key leaves out what changes from one send to the next", () => {
    const first = hand("h1", 1).fields;
    const resent = hand("h9", 8).fields;
    assert.equal(handKey(first), handKey(resent));
    assert.notEqual(handKey(first), handKey(hand("h1", 1, {declarer: "2"}).fields));
    assert.equal(fieldValue(first, "version"), "1");
    assert.equal(fieldValue(first, "missing"), "");
  });
});

describe("a hand shown at once (live)", () => {
  test("a hand saved with nothing waiting shows at once, and one saved behind live hands too", () => {
    const queue = new Queue(TABLE, KEY);
    assert.equal(queue.showsLive(), true);
    const first = queue.add(hand("h1", 3), {now: NOW, live: queue.showsLive()});
    assert.equal(first.live, true);
    assert.equal(queue.showsLive(), true);
    queue.add(hand("h2", 4), {now: NOW, live: queue.showsLive()});
    assert.deepEqual(submissions(queue.liveRows()), ["h1", "h2"]);
  });

  test("behind a hand waiting in the list, or with the sign-in changed, it joins the list", () => {
    const queue = queueOf(hand("h1", 3));
    assert.equal(queue.showsLive(), false);
    const again = new Queue(TABLE, KEY);
    again.signInChanged = true;
    assert.equal(again.showsLive(), false);
  });

  test("a live hand whose send is cut off waits in the list, no longer a row", () => {
    const queue = new Queue(TABLE, KEY);
    const item = queue.add(hand("h1", 3), {now: NOW, live: true});
    item.state = "sending";
    queue.lost(item);
    assert.deepEqual([item.state, item.live], ["waiting", false]);
    assert.deepEqual(queue.liveRows(), []);
    assert.equal(queue.showsLive(), false);
  });

  test("a live hand refused leaves the queue (it goes back into the form)", () => {
    const queue = new Queue(TABLE, KEY);
    const item = queue.add(hand("h1", 3), {now: NOW, live: true});
    queue.add(hand("h2", 4), {now: NOW, live: true});
    queue.withdraw(item);
    assert.deepEqual(submissions(queue.items), ["h2"]);
  });

  test("a live hand is stored as live, and read back after a reload as waiting in the list", () => {
    const queue = new Queue(TABLE, KEY);
    const item = queue.add(hand("h1", 3), {now: NOW, live: true});
    item.state = "sending";
    assert.equal(serialise(item).live, true);
    const back = restore(serialise(item));
    assert.deepEqual([back.state, back.live], ["waiting", false]);
  });
});
