// The offline desk and the log-in: what one judge kept in this browser is theirs alone.
//
// Log-out (the header's form, data-logout naming the user): the user's store of hands typed
// offline (IndexedDB "zj-offline-<user>", static/tournament/offline/desk.js) and the copies of
// desk pages the service worker kept are deleted before the form is sent. When hands are still
// not sent, the judge is asked first (data-unsent, in the page's language): "Cancel" keeps them.
// The log-in page (form data-login) deletes the kept desk pages too: the next judge on this
// device never sees the last one's sheets, even when they were not logged out properly.
(function () {
  "use strict";
  var PAGES = "zj-desk-pages";

  function forgetPages() {
    if (!window.caches) return Promise.resolve();
    return caches.delete(PAGES).catch(function () {});
  }

  function unsentCount(user) {
    return new Promise(function (resolve) {
      if (!window.indexedDB) return resolve(0);
      var opening = indexedDB.open("zj-offline-" + user, 1);
      opening.onupgradeneeded = function () { opening.result.createObjectStore("queue", { keyPath: "key" }); };
      opening.onerror = function () { resolve(0); };
      opening.onsuccess = function () {
        var db = opening.result;
        var counting = db.transaction("queue", "readonly").objectStore("queue").count();
        counting.onsuccess = function () { db.close(); resolve(counting.result); };
        counting.onerror = function () { db.close(); resolve(0); };
      };
    });
  }

  function forgetStore(user) {
    return new Promise(function (resolve) {
      if (!window.indexedDB) return resolve();
      var deleting = indexedDB.deleteDatabase("zj-offline-" + user);
      deleting.onsuccess = deleting.onerror = deleting.onblocked = function () { resolve(); };
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute || !form.hasAttribute("data-logout") || form.dataset.forgotten) return;
    event.preventDefault();
    var user = form.getAttribute("data-logout");
    unsentCount(user).then(function (count) {
      if (count > 0) {
        var ask = (form.getAttribute("data-unsent") || "").replace("%(count)s", String(count));
        if (!window.confirm(ask)) return;
      }
      return Promise.all([forgetStore(user), forgetPages()]).then(function () {
        form.dataset.forgotten = "1";
        form.submit();
      });
    });
  }, true);

  if (document.querySelector("form[data-login]")) forgetPages();
})();
