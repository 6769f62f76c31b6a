// Where the hands typed offline wait (issue 41): each judge's IndexedDB database
// "zj-offline-<user>", object store "queue", one record per hand typed (an *entry*, see
// offline/desk.js), keyed by its idempotency key. Kept across reloads, closed tabs and a closed
// lid; offline/account.js deletes it at log-out. Only this judge's own typing is ever in it.
//
// Also the few words and page helpers the offline scripts share (window.ZJOffline).
window.ZJOffline = window.ZJOffline || {};
(function (Z) {
  "use strict";

  // The user's store: all() the entries (in no order), put(entry), remove(key); each a Promise.
  Z.store = function (user) {
    function withStore(mode, work) {
      return new Promise(function (resolve, reject) {
        var opening = indexedDB.open("zj-offline-" + user, 1);
        opening.onupgradeneeded = function () { opening.result.createObjectStore("queue", { keyPath: "key" }); };
        opening.onerror = function () { reject(opening.error); };
        opening.onsuccess = function () {
          var db = opening.result;
          db.onversionchange = function () { db.close(); };
          var tx = db.transaction("queue", mode);
          var request = work(tx.objectStore("queue"));
          tx.oncomplete = function () { db.close(); resolve(request ? request.result : undefined); };
          tx.onerror = tx.onabort = function () { db.close(); reject(tx.error); };
        };
      });
    }
    return {
      all: function () { return withStore("readonly", function (store) { return store.getAll(); }); },
      put: function (entry) { return withStore("readwrite", function (store) { store.put(entry); }); },
      remove: function (key) { return withStore("readwrite", function (store) { store.delete(key); }); },
    };
  };

  // "%(name)s" in a translated text filled from values.
  Z.say = function (text, values) {
    return String(text).replace(/%\((\w+)\)s/g, function (all, name) {
      return values && name in values ? values[name] : "";
    });
  };
  Z.clock = function (ms) {
    var d = new Date(ms);
    return ("0" + d.getHours()).slice(-2) + ":" + ("0" + d.getMinutes()).slice(-2);
  };
  Z.element = function (tag, className, text) {
    var made = document.createElement(tag);
    if (className) made.className = className;
    if (text !== undefined) made.textContent = text;
    return made;
  };

  // The session an entry belongs to, and the entries held back behind a refused one of their
  // own session (their hand numbers follow it), by key.
  Z.sessionKey = function (entry) { return [entry.place, entry.round, entry.table, entry.half].join(":"); };
  Z.held = function (queue) {
    var blocked = {}, held = {};
    queue.forEach(function (entry) {
      var at = Z.sessionKey(entry);
      if (entry.status !== "queued") blocked[at] = true;
      else if (blocked[at]) held[entry.key] = true;
    });
    return held;
  };
})(window.ZJOffline);
