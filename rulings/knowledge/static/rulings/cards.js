/* Card text next to the card. A card of a duel board keeps its text in its <title>; tapping,
   hovering or reaching it with Tab shows that text in a box beside the card (below it where
   the screen is too narrow), in the page's own type size, with a link to the card's page when
   the board gives one (data-card-url). Escape or a tap elsewhere hides it.
   A card's name linked in text (a.card-link, whose `title` holds the card's text for a page
   without this script) shows the same box while it is hovered or reached with Tab. */
(function () {
  var box = document.createElement("div");
  box.className = "card-text";
  box.id = "card-text";
  box.setAttribute("role", "tooltip");
  box.hidden = true;
  document.body.appendChild(box);
  var shown = null;

  function cardOf(target) {
    return target && target.closest ?
      target.closest(".duel-board [data-card], a.card-link[data-card-text]") : null;
  }

  /* The links' text moves from `title` (the browser's own tooltip) to the box. */
  Array.prototype.forEach.call(document.querySelectorAll("a.card-link[title]"), function (link) {
    link.setAttribute("data-card-text", link.getAttribute("title"));
    link.removeAttribute("title");
  });

  function lines(card) {
    var text = card.getAttribute("data-card-text");
    if (text === null) {
      var title = card.querySelector("title");
      return title ? title.textContent.split("\n") : null;
    }
    var split = text.indexOf("): ");  /* "Name (Counter Trap): its text" */
    return split < 0 ? [text] : [text.slice(0, split + 1), text.slice(split + 3)];
  }

  function place(card) {
    var r = card.getBoundingClientRect();
    var page = document.documentElement.clientWidth;
    var width = Math.min(320, page - 16);
    var left = r.right + 8, top = r.top;
    if (left + width > page - 8) left = r.left - width - 8;
    if (left < 8) {  /* no room on either side: under the card */
      left = Math.max(8, Math.min(r.left, page - width - 8));
      top = r.bottom + 6;
    }
    box.style.width = width + "px";
    box.style.left = (left + window.scrollX) + "px";
    box.style.top = (top + window.scrollY) + "px";
  }

  function show(card) {
    var text = lines(card);
    if (!text) return;
    if (shown) shown.removeAttribute("aria-describedby");
    shown = card;
    box.textContent = "";
    text.forEach(function (line, n) {
      var part = document.createElement(n ? "p" : "strong");
      part.textContent = line;
      box.appendChild(part);
    });
    var url = card.getAttribute("data-card-url");
    if (url) {  /* a catalogued card on a replay's board: its card page */
      var more = document.createElement("p");
      var link = document.createElement("a");
      link.href = url;
      link.className = "card-page-link";
      link.textContent = "The card's page: its rulings in every format";
      more.appendChild(link);
      box.appendChild(more);
    }
    box.hidden = false;
    place(card);
    card.setAttribute("aria-describedby", "card-text");
  }

  function hide() {
    box.hidden = true;
    if (shown) shown.removeAttribute("aria-describedby");
    shown = null;
  }

  document.addEventListener("click", function (event) {
    var card = cardOf(event.target);
    if (card) show(card);
    else if (!box.contains(event.target)) hide();
  });
  document.addEventListener("focusin", function (event) {
    var card = cardOf(event.target);
    if (card) show(card);
  });
  document.addEventListener("mouseover", function (event) {
    var card = cardOf(event.target);
    if (card && card !== shown) show(card);
  });
  document.addEventListener("mouseout", function (event) {
    /* a linked name's box goes when the pointer leaves the name (not into the box) */
    var card = cardOf(event.target);
    if (card && card === shown && card.matches("a.card-link") &&
        !card.contains(event.relatedTarget) && !box.contains(event.relatedTarget)) hide();
  });
  document.addEventListener("focusout", function (event) {
    var card = cardOf(event.target);
    if (card && card === shown && card.matches("a.card-link")) hide();
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") hide();
  });
})();
