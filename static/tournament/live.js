// Live updates: listen to the tournament's stream of versions (Server-Sent Events,
// tournament/public/views/live.py) and fetch a live fragment again (htmx, "zj:changed") when the
// version differs from the one it was drawn at (data-version; tournament/templatetags/live.py).
//
// The stream sends the version at once, on every change, and again every 15 s, so a reconnect
// resyncs by itself and a lost message heals within 15 s. While the stream is down the
// fragments are fetched every 20 s (a fetch of an unchanged page is a 304); after 3 failures in
// a row the stream is given up and tried again later (30 s, 1, 2, then every 5 minutes).
// Coming back to a tab whose stream has gone quiet reconnects at once. A stream refused past
// the server's bound (429 for one address, 503 for the process, with Retry-After; tournament/
// asgi.py) closes the EventSource the same way: the page then fetches every 20 s and tries the
// stream again later, as when the stream cannot be reached.
//
// While the stream is open, a fragment's fetch says which version it wants (X-Live-Version, the
// last one heard): a proxy may then keep one answer per version and fragment for every page that
// heard it (docs/deploy.md). Fetches without an open stream (the slow poll) never say it.
//
// A hall of phones hears a version together: each waits a moment drawn between 0 and 0.5 s
// before it fetches (SPREAD_MS), so that the fetches arrive spread over half a second, not at
// once (the proxy answers them from the one copy it keeps per version).
// A page not on screen (a phone in a pocket, a tab behind another) fetches nothing: when it is
// shown again it fetches at once if the version moved on meanwhile.
// The stream is opened with ?page= naming the fragment this page fetches, so that the server
// can build it once before it tells the phones (tournament/public/views/live.py).
// A screen reader is told, politely and at most once a minute, that the page was updated (the
// fragment's data-live-said, in the page's language): never the whole fragment again.
(function () {
  "use strict";
  var POLL_MS = 20000, QUIET_MS = 40000, WATCH_MS = 10000, FAILURES = 3, SPREAD_MS = 500;
  var AGAIN_MS = [30000, 60000, 120000, 300000];
  var first = document.querySelector("[data-live]");
  if (!first) return;
  var url = first.getAttribute("data-live");
  var page = first.getAttribute("hx-get");
  if (page) url += (url.indexOf("?") < 0 ? "?" : "&") + "page=" + encodeURIComponent(page);
  var source = null, failures = 0, givenUp = 0, heardAt = 0, poll = null, again = null;
  var heard = "";
  var SAY_EVERY_MS = 60000, saidAt = 0;
  var said = document.createElement("p");
  said.className = "sr-only";
  said.setAttribute("role", "status");
  said.setAttribute("data-live-status", "");
  document.body.appendChild(said);

  function sayUpdated(element) {
    var text = element.getAttribute("data-live-said");
    if (!text || Date.now() - saidAt < SAY_EVERY_MS) return;
    saidAt = Date.now();
    said.textContent = "";
    setTimeout(function () { said.textContent = text; }, 1000);  // once the new version is in
  }

  function fragments() { return document.querySelectorAll("[data-live]"); }
  function fetchAgain(element) { element.dispatchEvent(new CustomEvent("zj:changed")); }

  // One fetch waits per fragment: versions heard while it waits are fetched by it.
  var spreading = new WeakSet();
  function fetchSpread(element) {
    if (spreading.has(element)) return;
    spreading.add(element);
    setTimeout(function () {
      spreading.delete(element);
      if (document.visibilityState === "hidden") return;  // fetched when shown (resync)
      if (element.isConnected && element.getAttribute("data-version") !== heard) {
        fetchAgain(element);
        sayUpdated(element);
      }
    }, Math.random() * SPREAD_MS);
  }

  function versionHeard(version) {
    heard = version;
    heardAt = Date.now();
    failures = 0;
    fragments().forEach(function (element) {
      if (element.getAttribute("data-version") !== version) fetchSpread(element);
    });
  }

  function pollStart() {
    if (!poll) poll = setInterval(function () { fragments().forEach(fetchAgain); }, POLL_MS);
  }
  function pollStop() {
    if (poll) { clearInterval(poll); poll = null; }
  }

  function close() {
    if (source) { source.close(); source = null; }
    heard = "";
  }

  document.addEventListener("htmx:configRequest", function (event) {
    var element = event.detail.elt;
    if (heard && source && source.readyState === EventSource.OPEN &&
        element && element.hasAttribute && element.hasAttribute("data-live")) {
      event.detail.headers["X-Live-Version"] = heard;
    }
  });

  function giveUp() {
    close();
    var wait = AGAIN_MS[Math.min(givenUp, AGAIN_MS.length - 1)];
    givenUp += 1;
    again = setTimeout(connect, wait * (0.8 + Math.random() * 0.4));
  }

  function connect() {
    clearTimeout(again);
    close();
    failures = 0;
    var stream = new EventSource(url);
    source = stream;
    stream.addEventListener("open", function () {
      heardAt = Date.now();
      givenUp = 0;
      pollStop();
    });
    stream.addEventListener("version", function (event) { versionHeard(event.data); });
    stream.addEventListener("error", function () {
      if (stream !== source) return;
      pollStart();
      failures += 1;
      if (stream.readyState === EventSource.CLOSED || failures >= FAILURES) giveUp();
    });
  }

  function quiet() { return !source || Date.now() - heardAt > QUIET_MS; }

  if (!window.EventSource) {
    pollStart();
    return;
  }
  connect();
  // A stream that says nothing for 40 s (it speaks every 15 s) is dead without knowing it.
  setInterval(function () {
    if (source && source.readyState === EventSource.OPEN && quiet()) connect();
  }, WATCH_MS);
  function resync() {
    if (document.visibilityState !== "visible") return;
    if (!quiet()) {
      // The stream is alive: fetch what moved on while the page was not shown.
      fragments().forEach(function (element) {
        if (heard && element.getAttribute("data-version") !== heard) fetchAgain(element);
      });
      return;
    }
    if (!source) fragments().forEach(fetchAgain);
    connect();
  }
  document.addEventListener("visibilitychange", resync);
  window.addEventListener("pageshow", function (event) { if (event.persisted) connect(); });
  window.addEventListener("online", resync);
})();
