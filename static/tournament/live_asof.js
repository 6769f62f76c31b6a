// Live pages without the network (issue 41): the page keeps the last standings, round or table
// it showed, and says since when: "Not connected: as of 14:02" above the first live fragment,
// the time of the last answer the page had from the server. The note goes as soon as a
// fragment is fetched again (live.js fetches them on "online", on the stream's return and
// every 20 s while the stream is down), so the page catches up on its own.
// The words come in the page's language on this script's tag (data-asof, includes/live.html).
(function () {
  "use strict";
  var script = document.currentScript;
  var words = script && script.getAttribute("data-asof");
  var first = document.querySelector("[data-live]");
  if (!words || !first || document.body.classList.contains("overlay")) return;  // on air: no note
  var answeredAt = Date.now();
  var note = document.createElement("p");
  note.className = "notice live-asof";
  note.id = "live-asof";
  note.setAttribute("role", "status");
  // In the page only while it is shown (the page's own .notice stays the only one).

  function clock(ms) {
    var d = new Date(ms);
    return ("0" + d.getHours()).slice(-2) + ":" + ("0" + d.getMinutes()).slice(-2);
  }
  function show() {
    note.textContent = words.replace("%(time)s", clock(answeredAt));
    var fragment = document.querySelector("[data-live]");
    if (!note.isConnected && fragment) fragment.parentNode.insertBefore(note, fragment);
  }
  function live(event) {
    var element = event.detail && event.detail.elt;
    return element && element.closest && element.closest("[data-live]");
  }

  function answered() {
    answeredAt = Date.now();
    note.remove();
  }
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (live(event) && xhr && xhr.status > 0 && xhr.status < 500) answered();
  });
  // A fragment swapped in whole (outerHTML): the old one is gone from the page before its
  // request's events, the new one says it is loaded.
  document.addEventListener("htmx:load", function (event) {
    var element = event.detail && event.detail.elt;
    if (element && element.matches && element.matches("[data-live]")) answered();
  });
  document.addEventListener("htmx:sendError", function (event) { if (live(event)) show(); });
  window.addEventListener("offline", show);
  if (!navigator.onLine) show();
})();
