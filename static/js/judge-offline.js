/* The judge's table page offline (issue 16): registers the service worker that keeps this
   page, its styles and scripts on the phone (templates/tournaments/offline/sw.js). */
"use strict";

(function () {
  const root = document.getElementById("judge-offline");
  if (!root || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register(root.dataset.worker, {scope: root.dataset.scope}).catch(() => {});
})();
