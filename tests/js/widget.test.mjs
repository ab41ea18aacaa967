// The standings widget's pure parts (static/js/widget/standings.js): which language it
// speaks and how long it waits between polls. The script is a plain one a club's page
// loads, so it runs here in a context with just the globals it touches at load.
import assert from "node:assert/strict";
import {readFileSync} from "node:fs";
import {test} from "node:test";
import vm from "node:vm";

const source = readFileSync(new URL("../../static/js/widget/standings.js", import.meta.url), "utf8");
const page = {
  window: {},
  Intl,
  document: {readyState: "complete", querySelectorAll: () => []},
};
vm.runInNewContext(source, page);
const {widgetLanguage, nextDelay, amount} = page.window.TarockStandings;

test("the widget speaks data-lang, else the page's language, else English", () => {
  assert.equal(widgetLanguage("cs", "en"), "cs");
  assert.equal(widgetLanguage(null, "sl-SI"), "sl");
  assert.equal(widgetLanguage("", "CS_cz"), "cs");
  assert.equal(widgetLanguage("de", "sl"), "sl");
  assert.equal(widgetLanguage("de", "fr"), "en");
  assert.equal(widgetLanguage(undefined, undefined), "en");
});

test("it polls every 30 s while provisional and stops once final", () => {
  assert.equal(nextDelay({status: 200, provisional: true, failures: 0}), 30000);
  assert.equal(nextDelay({status: 304, provisional: true, failures: 0}), 30000);
  assert.equal(nextDelay({status: 200, provisional: false, failures: 0}), null);
});

test("it backs off after errors, twice as long each time, up to ten minutes", () => {
  assert.deepEqual(
    [1, 2, 3, 4, 5, 9].map((failures) => nextDelay({status: 0, failures})),
    [60000, 120000, 240000, 480000, 600000, 600000],
  );
  assert.equal(nextDelay({status: 503, failures: 1}), 60000);
});

test("after a 429 it waits as Retry-After says, never less than its backoff", () => {
  assert.equal(nextDelay({status: 429, retryAfter: "300", failures: 1}), 300000);
  assert.equal(nextDelay({status: 429, retryAfter: "5", failures: 1}), 60000);
  assert.equal(nextDelay({status: 429, retryAfter: null, failures: 2}), 120000);
  assert.equal(nextDelay({status: 429, retryAfter: "86400", failures: 1}), 600000);
});

test("amounts are written in the widget's language, totals signed", () => {
  assert.equal(amount(12.5, "cs", true), "+12,5");
  assert.equal(amount(-30, "en", true), "-30");
  assert.equal(amount(0, "sl", true), "0");
  assert.equal(amount(4, "en", false), "4");
});
