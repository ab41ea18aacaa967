/* The phone's IndexedDB: one store of queued items (every table's and sign-in's), keyed
   by submission id, as static/js/judge/queue.js serialises them. */

import {serialise} from "./queue.js";

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

export const put = (item) => store("readwrite", (hands) => hands.put(serialise(item)));
export const remove = (item) => store("readwrite", (hands) => hands.delete(item.submission));
export const storedItems = () => store("readonly", (hands) => hands.getAll());
