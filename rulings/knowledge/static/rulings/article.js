/* Progressive enhancement: clicking a ¶ copies the rule's full address. */
document.addEventListener("click", function (event) {
  var link = event.target.closest("a.anchor-link");
  if (!link || !navigator.clipboard) return;
  var url = new URL(link.getAttribute("href"), window.location.href).href;
  navigator.clipboard.writeText(url).then(function () {
    link.classList.add("copied");
    setTimeout(function () { link.classList.remove("copied"); }, 1200);
  }, function () {});
});
