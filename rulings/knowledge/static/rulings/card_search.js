/* The card list's name box completes as you type: it asks the cards API for the names that
   match (every word typed, in any case) and lists them under the box; ↓ and ↑ move through
   them, Enter or a tap opens the card's page, Escape closes the list. Without this script the
   box is a plain form: the server filters the list the same way (?q=). */
(function () {
  var box = document.getElementById("card-q");
  var list = document.getElementById("card-suggestions");
  if (!box || !list) return;
  var api = box.getAttribute("data-api");
  var timer = null, asked = 0, active = -1;

  function options() { return Array.prototype.slice.call(list.querySelectorAll("[role=option]")); }

  function close() {
    list.hidden = true;
    box.setAttribute("aria-expanded", "false");
    box.removeAttribute("aria-activedescendant");
    active = -1;
  }

  function mark(n) {
    var all = options();
    if (!all.length) return;
    active = (n + all.length) % all.length;
    all.forEach(function (option, i) { option.setAttribute("aria-selected", i === active ? "true" : "false"); });
    box.setAttribute("aria-activedescendant", all[active].id);
    all[active].scrollIntoView({block: "nearest"});
  }

  function show(cards) {
    list.textContent = "";
    cards.slice(0, 10).forEach(function (card, n) {
      var item = document.createElement("li");
      item.id = "card-suggestion-" + n;
      item.setAttribute("role", "option");
      item.setAttribute("aria-selected", "false");
      var link = document.createElement("a");
      link.href = card.url;
      link.textContent = card.name;
      link.tabIndex = -1;
      var kind = document.createElement("span");
      kind.className = "meta";
      kind.textContent = " " + card.type_line;
      item.appendChild(link);
      item.appendChild(kind);
      list.appendChild(item);
    });
    list.hidden = !cards.length;
    box.setAttribute("aria-expanded", cards.length ? "true" : "false");
    active = -1;
  }

  function ask() {
    var query = box.value.trim();
    if (!query) { close(); return; }
    var mine = ++asked;
    fetch(api + "?q=" + encodeURIComponent(query.slice(0, 100)), {headers: {Accept: "application/json"}})
      .then(function (response) { return response.ok ? response.json() : {results: []}; })
      .then(function (data) { if (mine === asked) show(data.results || []); })
      .catch(function () { if (mine === asked) close(); });
  }

  box.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(ask, 120);
  });
  box.addEventListener("keydown", function (event) {
    if (list.hidden) return;
    if (event.key === "ArrowDown") { event.preventDefault(); mark(active + 1); }
    else if (event.key === "ArrowUp") { event.preventDefault(); mark(active - 1); }
    else if (event.key === "Escape") { close(); }
    else if (event.key === "Enter" && active >= 0) {
      event.preventDefault();
      window.location.href = options()[active].querySelector("a").href;
    }
  });
  list.addEventListener("click", function (event) {
    var option = event.target.closest("[role=option]");
    if (option) window.location.href = option.querySelector("a").href;
  });
  document.addEventListener("click", function (event) {
    if (event.target !== box && !list.contains(event.target)) close();
  });
})();
