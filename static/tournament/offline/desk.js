// The offline desk (issue 41): the desk and the table's phone keep going when the network does
// not. Loaded on every desk page with its config (#offline-config, tournament/templatetags/
// offline.py: the user, the addresses, where a hand typed here belongs, the words).
//
// This script holds the typing (Save kept offline, Correct) and the sending; the store and the
// shared helpers are offline/store.js, what the judge sees offline/view.js (both loaded first).
//
// Vocabulary
//   worker       the service worker (offline/worker.js): the desk's pages and files as last seen.
//   store        this user's IndexedDB database (offline/store.js): the hands typed offline,
//                one record each, kept across reloads, closed tabs and a closed lid; deleted at
//                log-out (offline/account.js). Only this judge's own typing is ever in it
//                (blind double entry: nothing of another entry).
//   entry        {key, seq, typed_at, place, round, table, half, fields, sync, page, label,
//                status, reason}: key is crypto.randomUUID() made when the hand was typed, seq
//                the order typed; status "queued" (not sent), "refused" (the server said why)
//                or "correcting" (loaded back into the form).
//   offline      navigator.onLine is false, or the server could not be reached: the banner says
//                "Offline since 14:02: 3 hands not sent" and a Save keeps the hand in the store.
//   drain        the entries sent one at a time in the order typed (POST to the sync, JSON),
//                on "online", at load and every 15 s; one tab at a time (Web Locks; the server's
//                unique key is the arbiter anyway). A refused entry stays with its reason and
//                holds back the later entries of its own session (their hand numbers follow
//                it), never another session's.
(function () {
  "use strict";
  var node = document.getElementById("offline-config");
  if (!node) return;
  var C = JSON.parse(node.textContent);
  var S = C.strings;
  var SINCE = "zj-offline-since-" + C.user;
  var EVERY_MS = 15000;
  var queue = [], draining = false, leaving = false, needLogin = false, counter = 0;
  var dirty = false;  // the judge has typed in the form since it was last emptied

  var Z = window.ZJOffline;
  var say = Z.say, element = Z.element, sessionKey = Z.sessionKey;
  var store = Z.store(C.user);
  var view = Z.view(C);

  // The worker: registered on every desk page; the first page asks it to keep itself.
  if ("serviceWorker" in navigator && window.isSecureContext) {
    var first = !navigator.serviceWorker.controller;
    navigator.serviceWorker.register(C.worker, { scope: C.scope }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      var urls = [location.href];
      // The tiles' pictures too: the sheet and the palette show them offline.
      var seen = {};
      document.querySelectorAll("script[src], link[rel=stylesheet][href], link[rel=icon][href], img[src]").forEach(function (tag) {
        var href = tag.src || tag.href;
        if (!seen[href]) { seen[href] = true; urls.push(href); }
      });
      registration.active.postMessage({
        type: "keep", urls: first ? urls : [], notKept: S.not_kept, notKeptTitle: document.title,
      });
    }).catch(function () {});
  }

  // The store (offline/store.js), the queue read back in the order typed.
  // An entry of this page's session that leaves the store while this tab is not sending was
  // sent by another tab (or discarded here, `discarded`): the sheet is read again, as after
  // this tab's own sending.
  var discarded = {};
  function load() {
    return store.all().then(function (list) {
      var before = queue.filter(here).map(function (e) { return e.key; });
      queue = (list || []).sort(function (a, b) { return a.seq - b.seq; });
      var still = {};
      queue.forEach(function (e) { still[e.key] = true; });
      var sentElsewhere = before.some(function (key) { return !still[key] && !discarded[key]; });
      if (sentElsewhere && !draining) refreshPage();
      return queue;
    });
  }
  var put = store.put, remove = store.remove;

  // Offline or not.
  function offlineSince() { return Number(localStorage.getItem(SINCE)) || 0; }
  function setOffline(on) {
    if (on && !offlineSince()) localStorage.setItem(SINCE, String(Date.now()));
    if (!on) localStorage.removeItem(SINCE);
    render();
  }
  function isOffline() { return !navigator.onLine || Boolean(offlineSince()); }

  function here(entry) {
    return C.place && entry.place === C.place && entry.round === C.round
      && entry.table === C.table && entry.half === C.half;
  }

  // What the judge sees (offline/view.js), drawn from this state.
  function render() {
    view.render({
      queue: queue, here: here, since: offlineSince(), offline: isOffline(), needLogin: needLogin,
    });
  }

  // The hand form: offline (or with hands of this session still waiting, to keep their order)
  // Save keeps the hand in the store instead of sending the form.
  var form = C.place ? document.getElementById("hand-form") : null;

  function typedFields(submitter) {
    var data = new FormData(form, submitter || undefined), fields = {};
    data.forEach(function (value, name) {
      if (name === "csrfmiddlewaretoken") return;
      if (name === "flags") (fields.flags = fields.flags || []).push(value);
      else fields[name] = value;
    });
    return fields;
  }

  function nextNumber(number) {
    var input = form.querySelector("[name=number]");
    if (input) input.value = String(number);
    var heading = document.getElementById("entry");
    if (heading) heading.textContent = say(S.hand, { number: number });
    var save = document.getElementById("save-hand") || document.getElementById("save-table-hand");
    if (save) save.textContent = say(C.place === "table" ? S.save_table_hand : S.save_hand, { number: number });
  }

  // What the preview says offline; a note about the hand just kept (``kept``) stays until the
  // judge types again (the form's reset asks htmx for a preview of its own).
  function showPreview(text, kept) {
    var preview = document.getElementById("preview");
    if (!preview) return;
    if (!kept && preview.querySelector(".offline-preview[data-kept]")) return;
    preview.textContent = "";
    var note = element("p", "notice offline-preview", text);
    if (kept) note.setAttribute("data-kept", "");
    preview.appendChild(note);
  }

  function keepTyped(submitter) {
    var correcting = queue.filter(function (e) { return e.status === "correcting" && here(e); })[0];
    var fields = typedFields(submitter);
    var entry = {
      key: crypto.randomUUID(),
      seq: correcting ? correcting.seq : Date.now() * 100 + (counter++ % 100),
      typed_at: new Date().toISOString(),
      place: C.place, round: C.round, table: C.table, half: C.half,
      fields: fields, sync: C.sync, page: location.pathname, label: C.label, status: "queued",
    };
    if (correcting) discarded[correcting.key] = true;  // replaced by the corrected entry
    var done = correcting ? remove(correcting.key) : Promise.resolve();
    return done.then(function () { return put(entry); }).then(load).then(function () {
      var number = parseInt(fields.number, 10) || 0;
      form.reset();
      dirty = false;
      var last = Math.max.apply(null, [number].concat(queue.filter(here).map(function (e) {
        return parseInt(e.fields.number, 10) || 0;
      })));
      nextNumber(last + 1);
      var outcome = form.querySelector("[name=outcome]");
      if (outcome) outcome.dispatchEvent(new Event("change", { bubbles: true }));
      showPreview(say(S.kept, { number: number || "?" }) + " " + S.preview_offline, true);
      render();
      var winner = form.querySelector("[name=winner]");
      if (winner) winner.focus();
      drain();
    });
  }

  if (form) {
    form.addEventListener("submit", function (event) {
      var waiting = queue.some(function (e) { return here(e); });
      if (!isOffline() && !waiting) { leaving = true; return; }
      event.preventDefault();
      event.stopImmediatePropagation();
      keepTyped(event.submitter);
    }, true);
    // The live preview cannot be worked out offline: say what Save does instead.
    ["input", "change"].forEach(function (type) {
      form.addEventListener(type, function (event) { if (event.isTrusted) dirty = true; });
    });
    form.addEventListener("input", function (event) {
      var kept = event.isTrusted && document.querySelector("#preview .offline-preview[data-kept]");
      if (kept) kept.removeAttribute("data-kept");
    });
    document.body.addEventListener("htmx:beforeRequest", function (event) {
      if (!isOffline() || !form.contains(event.target)) return;
      event.preventDefault();
      showPreview(S.preview_offline);
    });
    document.body.addEventListener("htmx:sendError", function () {
      setOffline(true);
      showPreview(S.preview_offline);
    });
  }

  function loadBack(key) {
    var entry = queue.filter(function (e) { return e.key === key; })[0];
    if (!entry || !form || !here(entry)) return;
    form.reset();
    Object.keys(entry.fields).forEach(function (name) {
      var value = entry.fields[name];
      form.querySelectorAll("[name='" + name + "']").forEach(function (field) {
        if (field.type === "checkbox" || field.type === "radio") {
          field.checked = [].concat(value).indexOf(field.value) >= 0;
        } else {
          field.value = value;
        }
      });
    });
    if (entry.fields.flags === undefined) {
      form.querySelectorAll("[name=flags]").forEach(function (field) { field.checked = false; });
    }
    nextNumber(entry.fields.number);
    entry.status = "correcting";
    put(entry).then(load).then(render);
    var outcome = form.querySelector("[name=outcome]");
    if (outcome) outcome.dispatchEvent(new Event("change", { bubbles: true }));
    showPreview(say(S.loaded, { number: entry.fields.number }) + (entry.reason ? " " + entry.reason : ""), true);
    var tiles = form.querySelector("[name=tiles]");
    if (tiles) tiles.focus();
  }

  document.addEventListener("click", function (event) {
    var target = event.target;
    var correct = target.closest && target.closest("[data-correct]");
    if (correct && form && queue.some(function (e) { return e.key === correct.getAttribute("data-correct") && here(e); })) {
      event.preventDefault();
      loadBack(correct.getAttribute("data-correct"));
      return;
    }
    var discard = target.closest && target.closest("[data-discard]");
    if (discard && window.confirm(S.discard_sure)) {
      discarded[discard.getAttribute("data-discard")] = true;
      remove(discard.getAttribute("data-discard")).then(load).then(render).then(drain);
    }
  });

  // The drain.
  function csrfToken() {
    var cookie = document.cookie.split("; ").filter(function (c) { return c.indexOf("csrftoken=") === 0; })[0];
    if (cookie) return cookie.slice("csrftoken=".length);
    var input = document.querySelector("[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function send(entry) {
    var body = {
      key: entry.key, typed_at: entry.typed_at, place: entry.place,
      round: entry.round, table: entry.table, half: entry.half, fields: entry.fields,
    };
    return fetch(entry.sync, {
      method: "POST",
      credentials: "same-origin",
      redirect: "manual",
      headers: { "Content-Type": "application/json", "Accept": "application/json", "X-CSRFToken": csrfToken() },
      body: JSON.stringify(body),
    });
  }

  async function drainNow() {
    await load();
    var blocked = {}, saved = 0;
    for (var i = 0; i < queue.length; i++) {
      var entry = queue[i], at = sessionKey(entry);
      if (entry.status !== "queued") { blocked[at] = true; continue; }
      if (blocked[at] || leaving) continue;
      var response;
      try {
        response = await send(entry);
      } catch (error) {
        setOffline(true);
        break;
      }
      if (response.type === "opaqueredirect" || response.status === 403) {
        needLogin = true;
        if (offlineSince()) setOffline(false);
        break;
      }
      needLogin = false;
      if (offlineSince()) setOffline(false);
      if (response.status >= 500 || response.status === 429) break;  // busy: again later
      var answer = {};
      try { answer = await response.json(); } catch (error) { answer = {}; }
      if (response.ok && answer.result && answer.result !== "refused") {
        await remove(entry.key);
        saved++;
        continue;
      }
      entry.status = "refused";
      entry.reason = answer.reason || String(response.status);
      await put(entry);
      blocked[at] = true;
    }
    await load();
    render();
    if (saved) refreshPage();
  }

  // A drain asked for while one runs (the network back while the last failed send was still
  // on its way) runs once that one ends, not at the next 15 s round.
  var drainAgain = false;
  function drain() {
    if (leaving) return Promise.resolve();
    if (draining) { drainAgain = true; return Promise.resolve(); }
    draining = true;
    drainAgain = false;
    var run = function () { return drainNow(); };
    var done = navigator.locks
      ? navigator.locks.request("zj-offline-drain-" + C.user, { ifAvailable: true }, function (lock) {
        return lock ? run() : null;
      })
      : run();
    return Promise.resolve(done).catch(function () {}).then(function () {
      draining = false;
      if (drainAgain && !leaving) return drain();
    });
  }

  // After hands were saved: the sheet (or the table's list) as the server has it now.
  function refreshPage() {
    if (!C.place || leaving) return;
    var busy = dirty || queue.some(function (e) { return e.status === "correcting"; });
    if (!busy) {  // nothing typed in the form: the page as the server draws it now
      leaving = true;
      location.reload();
      return;
    }
    fetch(location.pathname, { credentials: "same-origin" }).then(function (response) {
      return response.ok && !response.redirected ? response.text() : null;
    }).then(function (html) {
      if (!html) return;
      var fresh = new DOMParser().parseFromString(html, "text/html");
      ["hand-sheet", "table-signals"].forEach(function (id) {
        var now = document.getElementById(id), then = fresh.getElementById(id);
        if (now && then) now.replaceWith(document.importNode(then, true));
      });
      var strip = document.querySelector(".players-strip"), strip2 = fresh.querySelector(".players-strip");
      if (strip && strip2) strip.replaceWith(document.importNode(strip2, true));
      var input = form && form.querySelector("[name=number]");
      var next = fresh.querySelector("#hand-form [name=number]");
      if (input && next && !queue.some(here) && Number(next.value) > Number(input.value)) {
        nextNumber(next.value);
      }
      render();
    }).catch(function () {});
  }

  // Probing: while offline with nothing to send, a cheap request says when the server is back.
  function probe() {
    if (!offlineSince() || !navigator.onLine) return;
    if (queue.some(function (e) { return e.status === "queued"; })) { drain(); return; }
    fetch(C.worker, { method: "HEAD", credentials: "same-origin", redirect: "manual", cache: "no-store" })
      .then(function () { setOffline(false); }, function () {});
  }

  window.addEventListener("offline", function () { setOffline(true); });
  window.addEventListener("online", function () { probe(); drain(); });
  window.addEventListener("pagehide", function () { leaving = true; });
  window.addEventListener("pageshow", function () { leaving = false; });
  window.addEventListener("storage", function (event) {
    if (event.key === SINCE) render();
  });
  setInterval(function () { load().then(render).then(probe).then(drain); }, EVERY_MS);

  view.place();
  if (!navigator.onLine) setOffline(true);
  else probe();
  // The store's first read, tried again a few times before giving up to the 15 s round: a
  // judge who reloads sees the hands kept at once, even when the browser's store was busy.
  function firstLoad(tries) {
    return load().catch(function (error) {
      document.documentElement.setAttribute("data-offline-store-error", String(error && error.name));
      if (tries <= 1) throw error;
      return new Promise(function (resolve) { setTimeout(resolve, 500); }).then(function () {
        return firstLoad(tries - 1);
      });
    });
  }
  firstLoad(5).then(function () {
    render();
    var mine = queue.filter(here).map(function (e) { return parseInt(e.fields.number, 10) || 0; });
    var input = form && form.querySelector("[name=number]");
    if (input && mine.length && Math.max.apply(null, mine) >= Number(input.value)) {
      nextNumber(Math.max.apply(null, mine) + 1);  // the page as last seen: after the kept hands
    }
    var wanted = /#offline-correct=([\w-]+)/.exec(location.hash);
    if (wanted) loadBack(wanted[1]);
    if (navigator.onLine) drain();
  }).catch(function () {}).then(function () {
    document.documentElement.setAttribute("data-offline-ready", "");  // for the browser tests
  });
})();
