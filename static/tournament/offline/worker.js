// The offline desk's service worker, served from /t/<slug>/desk/worker.js (its scope is the
// tournament's desk: tournament/desk/views/offline.py).
//
// Pages of the desk (the sheets, the table pages, the round desk) and the static files they
// load are fetched from the network first; each good answer is kept (a page in "zj-desk-pages",
// a file in "zj-desk-files") and, when the network fails, the last copy kept is shown: a
// judge who opened a sheet sees it as it was last seen. A redirect (the log-in page) or an
// error page is never kept. Forms (POST) and the live fragments are not touched.
// The page that registers the worker asks it to keep that page and its files at once
// (message "keep"), since the first page was loaded before the worker was there; its message
// also carries the words of the page shown for a desk page never opened on this device.
// account.js deletes the kept pages at log-out and on the log-in page.
"use strict";
var PAGES = "zj-desk-pages";
var FILES = "zj-desk-files";
var NOT_KEPT = "__not-kept__";

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

function scopePath() { return new URL(self.registration.scope).pathname; }

function keepable(response) {
  return response && response.ok && !response.redirected && response.type === "basic";
}

function keep(name, request, response) {
  return caches.open(name).then(function (cache) { return cache.put(request, response); });
}

function notKept() {
  return caches.open(PAGES).then(function (cache) {
    return cache.match(new URL(NOT_KEPT, self.registration.scope).href);
  }).then(function (page) {
    return page || new Response("Offline.", { status: 503, headers: { "Content-Type": "text/plain" } });
  });
}

function networkFirst(request, name, page) {
  return fetch(request).then(function (response) {
    if (keepable(response)) {
      var copy = response.clone();
      keep(name, request.url.split("#")[0], copy).catch(function () {});
    }
    return response;
  }, function () {
    return caches.open(name).then(function (cache) {
      return cache.match(request.url.split("#")[0], { ignoreVary: true });
    }).then(function (found) {
      if (found) return found;
      return page ? notKept() : Response.error();
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    if (url.pathname.indexOf(scopePath()) === 0) event.respondWith(networkFirst(request, PAGES, true));
    return;
  }
  if (url.pathname.indexOf("/static/") === 0) event.respondWith(networkFirst(request, FILES, false));
});

function escaped(text) {
  return String(text || "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type !== "keep") return;
  var work = [];
  if (data.notKept) {
    var page = "<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'>"
      + "<title>" + escaped(data.notKeptTitle) + "</title><p>" + escaped(data.notKept) + "</p>";
    work.push(keep(PAGES, new URL(NOT_KEPT, self.registration.scope).href,
      new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8" } })));
  }
  (data.urls || []).forEach(function (href) {
    var url = new URL(href, self.location.href);
    if (url.origin !== self.location.origin) return;
    var name = url.pathname.indexOf("/static/") === 0 ? FILES : PAGES;
    work.push(caches.open(name).then(function (cache) {
      return cache.match(url.href).then(function (found) {
        if (found && name === FILES) return null;
        return fetch(url.href, { credentials: "same-origin" }).then(function (response) {
          if (keepable(response)) return cache.put(url.href, response);
        });
      });
    }).catch(function () {}));
  });
  event.waitUntil(Promise.all(work));
});
