/* Step-through replay viewer: shows one step at a time with previous/next buttons and the
   arrow keys. Without this script the page is a plain list of every step.
   A long replay's page leaves most boards out: such a step carries the address of its board
   (data-board) and a plain link for readers without JavaScript; the viewer fetches the board
   when the step is shown, and the next one ahead of time. */
(function () {
  var viewer = document.querySelector(".replay-viewer");
  if (!viewer) return;
  var steps = Array.prototype.slice.call(viewer.querySelectorAll(".replay-step"));
  var controls = viewer.querySelector(".viewer-controls");
  var position = viewer.querySelector(".viewer-position");
  /* A link may name a step (#step-4) or what the duel did by itself after one (#after-step-4). */
  function named() {
    if (!/^#(after-)?step-\d+$/.test(window.location.hash)) return -1;
    return steps.map(function (step) { return "#" + step.id; }).indexOf(window.location.hash);
  }
  var current = Math.max(0, named());

  /* Replace a step's "Show the table" link with its board, fetched from the site. */
  function loadBoard(step) {
    var later = step && step.querySelector(".board-later[data-board]");
    if (!later || later.getAttribute("data-loading")) return;
    later.setAttribute("data-loading", "1");
    var note = later.querySelector(".board-loading") || document.createElement("span");
    note.className = "board-loading";
    note.textContent = " Drawing the table\u2026";
    later.appendChild(note);
    fetch(later.getAttribute("data-board"), {credentials: "same-origin"})
      .then(function (response) {
        if (!response.ok) throw new Error(response.status);
        return response.text();
      })
      .then(function (svg) {
        var figure = document.createElement("figure");
        figure.className = "board-figure";
        var caption = document.createElement("figcaption");
        caption.textContent = later.getAttribute("data-caption");
        figure.appendChild(caption);
        figure.insertAdjacentHTML("beforeend", svg);
        later.parentNode.replaceChild(figure, later);
      })
      .catch(function () {
        later.removeAttribute("data-loading");
        note.textContent = " The table could not be loaded here: follow the link to see it.";
      });
  }

  function show(index) {
    current = Math.max(0, Math.min(index, steps.length - 1));
    steps.forEach(function (step, n) { step.hidden = n !== current; });
    position.textContent = steps[current].getAttribute("data-label") +
      " (" + (current + 1) + " of " + steps.length + ")";
    viewer.querySelector(".viewer-prev").disabled = current === 0;
    viewer.querySelector(".viewer-next").disabled = current === steps.length - 1;
    if (window.history.replaceState) window.history.replaceState(null, "", "#" + steps[current].id);
    loadBoard(steps[current]);
    loadBoard(steps[current + 1]);
  }

  controls.hidden = false;
  viewer.classList.add("stepping");
  viewer.querySelector(".viewer-prev").addEventListener("click", function () { show(current - 1); });
  viewer.querySelector(".viewer-next").addEventListener("click", function () { show(current + 1); });
  document.addEventListener("keydown", function (event) {
    var tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "ArrowRight") { show(current + 1); event.preventDefault(); }
    if (event.key === "ArrowLeft") { show(current - 1); event.preventDefault(); }
  });

  /* A link on the page to a step (the comparison's "After step 3") shows that step. */
  window.addEventListener("hashchange", function () {
    var index = named();
    if (index < 0) return;
    show(index);
    viewer.scrollIntoView();
  });

  show(current);
})();
