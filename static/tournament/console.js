/* The roll call: type to find a player, Enter toggles the player whose number was typed or the
   single match (with several matches, such as two players of one name, it says so and toggles
   nobody), arrows move, Space toggles; each change is saved at once and the counts come back
   from the server. A screen reader is told each change once it is saved ("12 Alan Chan: present
   (9 present).", #checkin-said, polite). */
(function () {
  "use strict";
  const form = document.getElementById("rollcall");
  if (!form) return;
  form.dataset.ready = "1";  // the keyboard toggles are live (browser tests wait for this)
  const list = document.getElementById("rollcall-list");
  const search = document.getElementById("checkin-search");
  const rows = Array.from(list.querySelectorAll("li[data-number]"));
  const csrf = form.querySelector("input[name=csrfmiddlewaretoken]").value;

  function showCounts(counts) {
    document.querySelectorAll("[data-count]").forEach(function (el) {
      const value = counts[el.dataset.count];
      if (value !== undefined) el.textContent = value;
    });
    document.getElementById("remainder-note").hidden = !counts.remainder;
  }

  function saySaved(box, counts) {
    const label = box.closest("label");
    const player = label ? label.textContent.replace(/\s+/g, " ").trim() : "";
    const values = { player: player, present: counts.present };
    document.getElementById("checkin-said").textContent = box.checked
      ? words("Present", "{player}: present ({present} present).", values)
      : words("Absent", "{player}: absent ({present} present).", values);
  }

  function save(box) {
    fetch(form.dataset.toggleUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
      body: JSON.stringify({ round: form.dataset.round, registration: box.value, present: box.checked }),
    }).then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); })
      .then(function (counts) { showCounts(counts); saySaved(box, counts); })
      .catch(function () { box.closest("li").classList.add("unsaved"); });
  }

  list.addEventListener("change", function (event) {
    if (event.target.matches("input[type=checkbox]")) save(event.target);
  });

  function visible() { return rows.filter(function (row) { return !row.hidden; }); }

  const feedback = document.getElementById("checkin-feedback");

  // The sentences below come from the page (data-said-*, in the page's language), their
  // {placeholders} filled in here; English when the page gives none.
  function words(name, english, values) {
    let text = form.dataset["said" + name] || english;
    Object.keys(values).forEach(function (key) { text = text.split("{" + key + "}").join(values[key]); });
    return text;
  }
  const withdrawn = (form.dataset.withdrawn || "").split(" ").filter(Boolean);

  // Say why nothing matches (a number typed wrong, a withdrawn player) beside the field.
  function explain(q) {
    let message = "";
    if (/^\d+$/.test(q) && !rows.some(function (row) { return row.dataset.number === q; })) {
      message = withdrawn.includes(String(Number(q)))
        ? words("Withdrawn", "Player number {number} is withdrawn: reinstate them on the Players page.",
                { number: Number(q) })
        : words("Unknown", "No player number {number} in this tournament.", { number: q });
    } else if (q !== "" && !visible().length) {
      message = words("Nomatch", "No player matches \u201c{query}\u201d.", { query: search.value.trim() });
    }
    say(message);
  }

  function say(message) {
    feedback.textContent = message;
    feedback.hidden = !message;
    search.setAttribute("aria-invalid", message ? "true" : "false");
  }

  search.addEventListener("input", function () {
    const q = search.value.trim().toLowerCase();
    rows.forEach(function (row) {
      row.hidden = q !== "" && !(row.dataset.number === q || row.dataset.name.includes(q));
    });
    explain(q);
  });

  search.addEventListener("keydown", function (event) {
    const shown = visible();
    if (event.key === "Enter") {
      event.preventDefault();
      const exact = shown.find(function (row) { return row.dataset.number === search.value.trim(); });
      if (!exact && shown.length > 1 && search.value.trim() !== "") {
        say(words("Several",
          "{count} players match \u201c{query}\u201d: type the player's number, or press \u2193 to choose one.",
          { count: shown.length, query: search.value.trim() }));
        return;
      }
      const row = exact || shown[0];
      if (!row || search.value.trim() === "") { explain(search.value.trim().toLowerCase()); return; }
      const box = row.querySelector("input");
      box.checked = !box.checked;
      save(box);
      row.classList.add("flash");
      search.select();
    } else if (event.key === "ArrowDown" && shown.length) {
      event.preventDefault();
      shown[0].querySelector("input").focus();
    }
  });

  list.addEventListener("keydown", function (event) {
    const shown = visible();
    const index = shown.indexOf(event.target.closest("li"));
    if (event.key === "ArrowDown" && index < shown.length - 1) {
      event.preventDefault(); shown[index + 1].querySelector("input").focus();
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      (index > 0 ? shown[index - 1].querySelector("input") : search).focus();
    }
  });

})();
