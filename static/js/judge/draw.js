/* Drawing the queue in the page (#offline-queue): each item with its state, what it is,
   the chips after it, a conflict's panel and the judge's choices; the live hands as rows
   of the table (rows.js); and the connection line (#connection), with how many items
   wait. */

import {indicator, list, openedOffline, pageChips, queue, section, words} from "./page.js";
import {button, element, number, signed} from "./forms.js";
import {runningChips} from "./queue.js";
import {adopt, discard, keep} from "./send.js";
import {conflictPanel, mayReenter, reenter} from "./conflict.js";
import {drawLiveRows} from "./rows.js";

// The items the queue's list shows: not the live hands, shown as rows of the table.
const listed = () => queue.items.filter((item) => !item.live);

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

function choices(item, row) {
  const box = element("div", "choices");
  if (queue.confirming.has(item.submission)) {
    box.append(element("span", "sure", words.sure), " ",
      button(words.yes, () => discard(item), "danger"), " ",
      button(words.no, () => { queue.confirming.delete(item.submission); render(); }));
  } else {
    const discardIt = button(words.discard, () => { queue.confirming.add(item.submission); render(); });
    if (item.orphan) {
      box.append(button(words.adopt, () => adopt(item)), " ", discardIt);
    } else if (item.state === "conflict") {
      const again = button(words.again, () => reenter(item), "");
      again.disabled = !mayReenter(item);
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
    if (queue.reentering === item) node.append(element("p", "notice", words.reentering));
  }
  if (item.orphan || ["refused", "kept", "conflict"].includes(item.state)) choices(item, node);
  return node;
}

export function showConnection() {
  if (!indicator) return;
  const waiting = listed().length;
  let text = navigator.onLine ? words.online : words.offline;
  if (!navigator.onLine && openedOffline) text += " · " + words.copy;
  let state = navigator.onLine ? "online" : "offline";
  if (queue.sending) [text, state] = [words.sending, "sending"];
  if (waiting) text += " · " + words.count.replace("__N__", waiting);
  indicator.textContent = text;
  indicator.dataset.state = state;
  indicator.hidden = false;
}

export function render() {
  if (list) {
    const after = runningChips(queue.items, pageChips());
    list.replaceChildren(...listed().map((item) => row(item, after)),
      ...queue.orphans.map((item) => row({...item, orphan: true}, after)));
    section.hidden = listed().length + queue.orphans.length === 0 && !queue.signInChanged;
    // Nothing can be sent from this page any more: the notice says to reload.
    section.querySelector("#send-now").hidden = queue.signInChanged;
  }
  drawLiveRows();
  showConnection();
}
