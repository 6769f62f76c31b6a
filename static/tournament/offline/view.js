// What a judge sees of the offline desk (issue 41): the banner at the top of the page
// ("Offline since 14:02: 3 hands not sent"), the list of hands typed offline with their state
// and the Correct and Discard buttons, and each kept hand's row on the session's sheet.
// offline/desk.js draws it from its state (ZJOffline.view(config).render(state)); nothing here
// reads or writes the store.
//
// Vocabulary: see offline/desk.js (entry, offline, drain). A *state* is {queue: the entries in
// the order typed, here(entry): whether it belongs to this page's session, since: when the
// page went offline (ms, 0: it is not), offline: whether it is, needLogin: whether the server
// asked for a log-in}.
window.ZJOffline = window.ZJOffline || {};
(function (Z) {
  "use strict";
  var say = Z.say, clock = Z.clock, element = Z.element;

  Z.view = function (C) {
    var S = C.strings;
    // The banner is in the page only while it has something to say (a page's own .notice stays
    // the only one).
    var banner = element("p", "notice offline-banner");
    banner.id = "offline-banner";
    banner.setAttribute("role", "status");
    var bannerAt = null;
    var list = element("section", "offline-queue");
    list.id = "offline-queue";
    list.hidden = true;

    function place() {
      var main = document.getElementById("main");
      if (!main) return;
      bannerAt = main;
      // Above the session's hands: the sheet's heading, or the table page's.
      var sheet = document.getElementById("hand-sheet");
      var anchor = sheet ? sheet.closest(".table-container") || sheet : null;
      if (anchor && anchor.previousElementSibling && anchor.previousElementSibling.tagName === "H2") {
        anchor = anchor.previousElementSibling;
      }
      anchor = anchor || document.getElementById("table-hands");
      if (anchor) anchor.parentNode.insertBefore(list, anchor);
      else main.appendChild(list);
    }

    function bannerText(state) {
      var queue = state.queue, held = Z.held(queue);
      var waiting = queue.filter(function (e) { return e.status === "queued" && !held[e.key]; }).length;
      var refused = queue.filter(function (e) { return e.status !== "queued"; }).length;
      if (state.offline && state.since) {
        var time = clock(state.since);
        if (!queue.length) return say(S.offline_none, { time: time });
        return say(queue.length === 1 ? S.offline_one : S.offline_many, { time: time, count: queue.length });
      }
      if (state.needLogin && queue.length) return say(S.login, { count: queue.length });
      if (waiting) return say(S.sending, { count: waiting });
      if (refused) return say(S.refused, { count: refused });
      return "";
    }

    function render(state) {
      var text = bannerText(state);
      banner.textContent = text;
      if (text && bannerAt && !banner.isConnected) bannerAt.insertBefore(banner, bannerAt.firstChild);
      if (!text && banner.isConnected) banner.remove();
      banner.classList.toggle("bad", state.offline);
      renderList(state.queue);
      renderRows(state.queue, state.here);
    }

    function renderList(queue) {
      list.textContent = "";
      list.hidden = !queue.length;
      if (!queue.length) return;
      list.appendChild(element("h2", "", S.queue_title));
      var items = element("ol", "offline-entries");
      var held = Z.held(queue);
      queue.forEach(function (entry) {
        var item = element("li", "offline-entry " + entry.status);
        item.setAttribute("data-key", entry.key);
        item.setAttribute("data-number", entry.fields.number || "");
        var head = element("span", "", say(S.hand, { number: entry.fields.number || "?" }) + " · " + (entry.label || "")
          + " · " + say(S.typed, { time: clock(Date.parse(entry.typed_at)) }) + " ");
        item.appendChild(head);
        var badge = entry.status === "refused" ? S.refused_badge : entry.status === "correcting"
          ? S.correcting : held[entry.key] ? S.waiting : S.not_sent;
        item.appendChild(element("span", "badge " + (entry.status === "queued" ? "warn" : "bad"), badge));
        if (entry.status !== "queued") {
          if (entry.reason) item.appendChild(element("p", "offline-reason", entry.reason));
          var actions = element("p", "row-actions");
          if (entry.status === "refused") {
            var correct = element("a", "button", S.correct);
            correct.href = entry.page + "#offline-correct=" + entry.key;
            correct.setAttribute("data-correct", entry.key);
            actions.appendChild(correct);
          }
          var discard = element("button", "", S.discard);
          discard.type = "button";
          discard.setAttribute("data-discard", entry.key);
          actions.appendChild(discard);
          item.appendChild(actions);
        }
        items.appendChild(item);
      });
      list.appendChild(items);
    }

    function renderRows(queue, here) {
      var body = document.querySelector("#hand-sheet tbody");
      if (!body || C.place !== "desk") return;
      body.querySelectorAll("tr.not-sent").forEach(function (row) { row.remove(); });
      var columns = document.querySelectorAll("#hand-sheet thead th").length;
      var empty = body.querySelector("td.muted[colspan]");  // "No hands entered yet."
      if (empty) empty.parentNode.hidden = queue.some(here);
      queue.filter(here).forEach(function (entry) {
        var row = element("tr", "not-sent");
        row.appendChild(element("td", "num", entry.fields.number || "?"));
        var cell = element("td", "");
        cell.colSpan = Math.max(columns - 1, 1);
        cell.appendChild(element("span", "badge " + (entry.status === "queued" ? "warn" : "bad"),
          entry.status === "queued" ? S.sheet_row : S.refused_badge));
        row.appendChild(cell);
        body.appendChild(row);
      });
    }

    return { place: place, render: render };
  };
})(window.ZJOffline);
