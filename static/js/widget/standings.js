// The standings widget a club pastes into its own site (README.md, "Standings on your
// club's site"):
//
//   <div data-tarock-standings="https://SITE/api/v1/tournaments/7/standings/" data-lang="cs"></div>
//   <script src="https://SITE/static/js/widget/standings.js" defer></script>
//
// It reads the read API from the club's page (CORS, no cookies): the tournament once, the
// headings in the page's language (data-lang, else <html lang>: cs, sl or en) and the
// standings every 30 s with If-None-Match, so an unchanged table costs a 304 and no body.
// It waits while the tab is hidden, backs off after an error or a 429 (as Retry-After
// says), and stops once the tournament is finished. It draws in a shadow root, so the
// club's styles and its own do not touch each other.
(function () {
  "use strict";

  var LANGUAGES = ["cs", "sl", "en"];
  var POLL_MS = 30000;
  var LONGEST_MS = 10 * 60 * 1000;

  // The widget's language: data-lang, else the page's <html lang>; English otherwise.
  function widgetLanguage(asked, pageLanguage) {
    var tags = [asked, pageLanguage];
    for (var i = 0; i < tags.length; i++) {
      var primary = String(tags[i] || "").trim().toLowerCase().split(/[-_]/)[0];
      if (LANGUAGES.indexOf(primary) !== -1) {
        return primary;
      }
    }
    return "en";
  }

  // How long to wait before the next request, or null to stop: after a 200 or a 304, 30 s
  // while the standings are provisional, none once final; after a 429, what Retry-After
  // says (at least the usual wait); after an error, twice as long each time, to 10 min.
  function nextDelay(outcome) {
    if (outcome.status === 200 || outcome.status === 304) {
      return outcome.provisional ? POLL_MS : null;
    }
    var backoff = Math.min(POLL_MS * Math.pow(2, Math.max(outcome.failures, 1)), LONGEST_MS);
    if (outcome.status === 429) {
      var asked = Number(outcome.retryAfter) * 1000;
      return Math.min(Math.max(asked || 0, backoff), LONGEST_MS);
    }
    return backoff;
  }

  // A number of chips or points as the language writes it, signed like the site's page.
  function amount(value, language, signed) {
    var format = new Intl.NumberFormat(language, {
      maximumFractionDigits: 1,
      signDisplay: signed ? "exceptZero" : "auto",
    });
    return format.format(Number(value));
  }

  var STYLE = [
    ":host{display:block;max-width:100%;font:inherit;color:inherit}",
    ".box{border:1px solid #8886;border-radius:6px;padding:.5em;box-sizing:border-box;",
    "max-width:100%;overflow:hidden}",
    "h2{font-size:1.1em;margin:0 0 .3em}",
    "p{margin:.2em 0;font-size:.9em}",
    ".mark{font-weight:bold}",
    ".provisional{color:#a34a00}",
    "table{width:100%;border-collapse:collapse;table-layout:fixed;font-size:.95em}",
    "th,td{padding:.2em .3em;text-align:left;overflow-wrap:anywhere;vertical-align:top}",
    "th{border-bottom:1px solid #8888}",
    "tbody tr:nth-child(even){background:#8881}",
    ".place{width:2.6em}.num{width:4.6em;text-align:right}",
    ".club{display:block;font-size:.8em;opacity:.75}",
    "a{color:inherit}",
  ].join("");

  // The style sheet of the shadow root: a constructed one where the browser has them (a
  // club page's CSP without 'unsafe-inline' lets it in), else a <style>.
  function styled(root) {
    if (root.adoptedStyleSheets !== undefined && typeof CSSStyleSheet === "function") {
      try {
        var sheet = new CSSStyleSheet();
        sheet.replaceSync(STYLE);
        root.adoptedStyleSheets = [sheet];
        return;
      } catch {
        // An older browser: fall through to the element.
      }
    }
    var style = document.createElement("style");
    style.textContent = STYLE;
    root.appendChild(style);
  }

  function element(name, attributes, text) {
    var node = document.createElement(name);
    Object.keys(attributes || {}).forEach(function (key) {
      node.setAttribute(key, attributes[key]);
    });
    if (text !== undefined) {
      node.textContent = text;
    }
    return node;
  }

  function row(cells) {
    var tr = element("tr");
    cells.forEach(function (cell) {
      tr.appendChild(cell);
    });
    return tr;
  }

  // The table of the standings as the API gives them, in the widget's words.
  function standingsTable(data, words, language) {
    var byPoints = data.rows.some(function (line) {
      return line.points !== undefined;
    });
    var table = element("table");
    var headings = [
      element("th", {class: "place", scope: "col", title: words.place}, "#"),
      element("th", {scope: "col"}, words.player),
    ];
    if (byPoints) {
      headings.push(element("th", {class: "num", scope: "col"}, words.points));
    }
    headings.push(element("th", {class: "num", scope: "col"}, words.total));
    table.appendChild(element("thead")).appendChild(row(headings));
    var body = table.appendChild(element("tbody"));
    data.rows.forEach(function (line) {
      var name = element("td", {}, line.name);
      name.appendChild(element("span", {class: "club", title: words.club}, line.club));
      var cells = [element("td", {class: "place"}, String(line.place)), name];
      if (byPoints) {
        cells.push(element("td", {class: "num"}, amount(line.points, language, false)));
      }
      cells.push(element("td", {class: "num"}, amount(line.total, language, true)));
      body.appendChild(row(cells));
    });
    return table;
  }

  function Widget(host) {
    this.host = host;
    this.url = new URL(host.getAttribute("data-tarock-standings"), document.baseURI);
    this.language = widgetLanguage(
      host.getAttribute("data-lang"),
      document.documentElement.getAttribute("lang"),
    );
    this.root = host.attachShadow({mode: "open"});
    styled(this.root);
    this.box = this.root.appendChild(element("div", {class: "box", part: "box"}));
    this.etag = null;
    this.failures = 0;
    this.timer = null;
    this.stopped = false;
    this.words = null;
    this.tournament = null;
    var self = this;
    document.addEventListener("visibilitychange", function () {
      self.visibilityChanged();
    });
  }

  Widget.prototype.get = function (url, etag) {
    var headers = {"Accept": "application/json", "Accept-Language": this.language};
    if (etag) {
      headers["If-None-Match"] = etag;
    }
    // no-store: the 304 reaches this script instead of the browser's cached copy.
    return fetch(url, {headers: headers, credentials: "omit", cache: "no-store"});
  };

  Widget.prototype.json = function (url) {
    return this.get(url).then(function (response) {
      if (!response.ok) {
        throw new Error(url + ": " + response.status);
      }
      return response.json();
    });
  };

  // The tournament and the words, once; then the first poll.
  Widget.prototype.start = function () {
    var self = this;
    var api = new URL("../../../", this.url);
    var tournament = new URL("../", this.url);
    Promise.all([this.json(new URL("widget/words/", api)), this.json(tournament)])
      .then(function (answers) {
        self.words = answers[0];
        self.tournament = answers[1];
        self.host.setAttribute("lang", self.words.language);
        self.poll();
      })
      .catch(function () {
        self.failures += 1;
        self.schedule(nextDelay({status: 0, failures: self.failures}), "start");
      });
  };

  Widget.prototype.schedule = function (delay, step) {
    var self = this;
    clearTimeout(this.timer);
    this.timer = null;
    if (delay === null) {
      this.stopped = true;
      this.host.setAttribute("data-state", "final");
      return;
    }
    this.host.setAttribute("data-next-ms", String(delay));
    if (document.visibilityState === "hidden") {
      return;  // visibilityChanged() asks again when the tab is shown.
    }
    this.timer = setTimeout(function () {
      self[step]();
    }, delay);
  };

  Widget.prototype.visibilityChanged = function () {
    if (document.visibilityState === "hidden") {
      clearTimeout(this.timer);
      this.timer = null;
    } else if (!this.stopped && this.timer === null) {
      if (this.words === null) {
        this.start();
      } else {
        this.poll();
      }
    }
  };

  Widget.prototype.poll = function () {
    var self = this;
    this.get(this.url, this.etag)
      .then(function (response) {
        self.host.setAttribute("data-last-status", String(response.status));
        if (response.status === 304) {
          return {status: 304, provisional: true};
        }
        if (!response.ok) {
          return {status: response.status, retryAfter: response.headers.get("Retry-After")};
        }
        return response.json().then(function (data) {
          self.etag = response.headers.get("ETag");
          self.draw(data);
          return {status: 200, provisional: data.provisional};
        });
      })
      .catch(function () {
        return {status: 0};
      })
      .then(function (outcome) {
        var ok = outcome.status === 200 || outcome.status === 304;
        self.failures = ok ? 0 : self.failures + 1;
        self.box.classList.toggle("failing", !ok);
        var warning = self.root.querySelector(".failed");
        if (!ok && warning === null && self.words !== null) {
          self.box.appendChild(element("p", {class: "failed", role: "status"}, self.words.failed));
        } else if (ok && warning !== null) {
          warning.remove();
        }
        outcome.failures = self.failures;
        self.schedule(nextDelay(outcome), "poll");
      });
  };

  Widget.prototype.draw = function (data) {
    var words = this.words;
    var box = element("div", {class: "box", part: "box"});
    var page = new URL(this.tournament.url + "standings/", this.url);
    box.appendChild(element("h2", {}, this.tournament.name + " · " + words.standings));
    var mark = data.provisional ? data.note : words.final;
    box.appendChild(element("p", {class: data.provisional ? "mark provisional" : "mark"}, mark));
    box.appendChild(standingsTable(data, words, this.language));
    var link = element("p");
    link.appendChild(element("a", {href: page.href, target: "_blank", rel: "noopener"}, words.full));
    box.appendChild(link);
    this.box.replaceWith(box);
    this.box = box;
    this.host.setAttribute("data-state", data.provisional ? "provisional" : "final");
  };

  function startAll() {
    var hosts = document.querySelectorAll("[data-tarock-standings]");
    for (var i = 0; i < hosts.length; i++) {
      if (!hosts[i].shadowRoot) {
        new Widget(hosts[i]).start();
      }
    }
  }

  // The pure parts, for tests/js/widget.test.mjs; the one name this script adds to a page.
  window.TarockStandings = {widgetLanguage: widgetLanguage, nextDelay: nextDelay, amount: amount};

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", startAll);
  } else {
    startAll();
  }
})();
