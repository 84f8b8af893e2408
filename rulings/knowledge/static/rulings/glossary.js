/* The glossary's filter box hides the terms that do not match as you type (every word typed
   must appear in the term's names or definition). Without this script the box is a form:
   the server filters the same way (?q=). */
(function () {
  var box = document.getElementById("glossary-q");
  var count = document.getElementById("glossary-count");
  if (!box || !count) return;
  var entries = Array.prototype.slice.call(document.querySelectorAll(".glossary-entry"));
  var sections = Array.prototype.slice.call(document.querySelectorAll(".glossary-section"));
  var total = entries.length;

  function filter() {
    var words = box.value.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0;
    entries.forEach(function (entry) {
      var text = entry.getAttribute("data-text");
      var keep = words.every(function (word) { return text.indexOf(word) !== -1; });
      entry.hidden = !keep;
      if (keep) shown += 1;
    });
    sections.forEach(function (section) {
      var any = section.querySelector(".glossary-entry:not([hidden])") !== null;
      section.hidden = !any;
      var link = document.querySelector('.glossary-index a[data-section="' + section.id + '"]');
      if (link) link.hidden = !any;
    });
    if (!words.length) count.textContent = total + " terms.";
    else if (!shown) count.textContent = "No term matches “" + box.value.trim() + "”.";
    else count.textContent = shown + " of " + total + " terms match “" + box.value.trim() + "”.";
  }

  box.addEventListener("input", filter);
  if (box.value) filter();
})();
