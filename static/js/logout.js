/* Logging out forgets the judge's table pages this phone kept for offline use
   (see templates/tournaments/offline/sw.js): the next person on the phone must not be
   shown them. The worker would also drop them at the next table page under another
   session; this does it at once, before the logout is sent. */
"use strict";

(function () {
  async function forgetJudgePages() {
    if (!("caches" in window)) return;
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith("judge-page-")).map((name) => caches.delete(name)));
  }

  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-logout") || form.dataset.forgotten) return;
    event.preventDefault();
    forgetJudgePages().catch(() => {}).finally(() => {
      form.dataset.forgotten = "1";
      form.submit();
    });
  });
})();
