{% autoescape off %}/* The judge's service worker (served at /sw.js by tournaments.views.offline, scope /tables/).

   What it keeps, and for whom:
   * the judge page's scripts and styles (ASSETS) and the offline notice, in STATIC_CACHE;
   * a judge's table page and its score sheet page, only when the server marked its
     answer with X-Judge-Offline (a key derived from the session, never the session
     itself), in the cache "judge-page-" + that key. When a table page is kept, its sheet
     page is fetched and kept too (once per session), so the judge can enter the sheet
     offline without having opened it before. A page answered under another key (another login, a logout and a new
     session) empties every other judge-page cache first, so one person's table page is
     never shown to the next person on the same phone.
   Pages are network-first: the cached copy is used only when the network fails. A table
   that answers 403 or 404 (a revoked link, another judge) is dropped from the cache.
   A page's first visit does not pass through the worker (it installs it): the page asks
   for itself to be kept ({keep: its path}) once the worker controls it, and again after
   each hand it saves through htmx, so the kept copy shows the hands saved so far. */
"use strict";

const VERSION = {{ version_json }};
const STATIC_CACHE = "judge-static-" + VERSION;
const PAGE_PREFIX = "judge-page-";
const META_CACHE = "judge-meta";
const KEY_URL = "/tables/__judge-key";
const ASSETS = {{ assets_json }};
const OFFLINE_URL = {{ offline_json }};
const TABLE_PAGE = /^\/tables\/\d+\/(sheet\/)?$/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(STATIC_CACHE).then((cache) => cache.addAll([...ASSETS, OFFLINE_URL])).then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  // Older versions' static caches go; the page caches stay (their key still guards them).
  event.waitUntil(
    caches.keys().then((names) => Promise.all(
      names.filter((name) => name.startsWith("judge-static-") && name !== STATIC_CACHE)
        .map((name) => caches.delete(name))
    )).then(() => self.clients.claim())
  );
});

async function currentKey() {
  const meta = await caches.open(META_CACHE);
  const answer = await meta.match(KEY_URL);
  return answer ? answer.text() : null;
}

async function forgetPages(exceptKey) {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(PAGE_PREFIX) && name !== PAGE_PREFIX + exceptKey)
    .map((name) => caches.delete(name)));
}

async function remember(url, response, key) {
  if (key !== await currentKey()) {
    await forgetPages(key);
    const meta = await caches.open(META_CACHE);
    await meta.put(KEY_URL, new Response(key));
  }
  const cache = await caches.open(PAGE_PREFIX + key);
  await cache.put(url, response);
}

// A table's two pages: /tables/<id>/ and /tables/<id>/sheet/.
function tablePages(url) {
  const table = new URL(url).pathname.match(/^\/tables\/\d+\//)[0];
  const origin = self.location.origin;
  return [origin + table, origin + table + "sheet/"];
}

async function dropPage(url) {
  // Refused for one of its pages: the table's other page goes too.
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(PAGE_PREFIX))
    .map(async (name) => {
      const cache = await caches.open(name);
      await Promise.all(tablePages(url).map((page) => cache.delete(page)));
    }));
}

async function keepSheetPage(url, key) {
  const sheet = tablePages(url)[1];
  const cache = await caches.open(PAGE_PREFIX + key);
  if (url === sheet || await cache.match(sheet)) return;
  try {
    const response = await fetch(sheet, {credentials: "same-origin"});
    if (response.status === 200 && response.headers.get("X-Judge-Offline") === key) {
      await cache.put(sheet, response);
    }
  } catch (error) { /* offline again: kept at the next visit */ }
}

// The server's answer for a table page: kept when marked for this session, dropped (with
// the table's other page) when refused.
async function answered(url, response, event) {
  const key = response.headers.get("X-Judge-Offline");
  if (response.status === 200 && key && /^[0-9a-f]{16,64}$/.test(key)) {
    await remember(url, response.clone(), key);
    event.waitUntil(keepSheetPage(url, key));
  } else if (response.status === 403 || response.status === 404) {
    await dropPage(url);
  }
}

async function tablePage(event) {
  const request = event.request;
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    // Offline: this session's copy of the page, else the offline notice.
    const key = await currentKey();
    const cache = key && await caches.open(PAGE_PREFIX + key);
    const copy = cache && await cache.match(request.url, {ignoreVary: true, ignoreSearch: false});
    return copy || (await caches.match(OFFLINE_URL)) || Response.error();
  }
  await answered(request.url, response, event);
  return response;
}

// A page asks to be kept (its first visit, or a hand saved since): read from the server
// as a navigation would, with the session's cookie.
async function keepPage(path, event) {
  const url = new URL(path, self.location.origin);
  if (url.origin !== self.location.origin || !TABLE_PAGE.test(url.pathname)) return;
  let response;
  try {
    response = await fetch(url.href, {credentials: "same-origin", cache: "no-store"});
  } catch (error) {
    return;  // offline: kept at the next visit or save
  }
  await answered(url.href, response, event);
}

async function asset(request) {
  try {
    return await fetch(request);
  } catch (error) {
    return (await caches.match(request, {cacheName: STATIC_CACHE, ignoreVary: true})) || Response.error();
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;  // saves go to the network, never to a cache
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && TABLE_PAGE.test(url.pathname)) {
    event.respondWith(tablePage(event));
  } else if (ASSETS.includes(url.pathname)) {
    event.respondWith(asset(request));
  }
});

self.addEventListener("message", (event) => {
  // "forget": the page asks at logout (static/js/logout.js clears the caches itself too);
  // {keep: path}: a table page asks to be kept (see the top).
  if (event.data === "forget") event.waitUntil(forgetPages(null));
  else if (event.data && typeof event.data.keep === "string") event.waitUntil(keepPage(event.data.keep, event));
});
{% endautoescape %}
