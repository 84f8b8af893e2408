// A check running in the background (a draft's impact): show its progress, and when it is
// done, submit the form again with the button the editor pressed (or reload a page that has
// no such button). A check that failed is left for the editor to start again. Without this
// script the page says to press the button again.
(function () {
  "use strict";
  var section = document.querySelector("[data-job-progress]");
  if (!section) { return; }
  var url = section.getAttribute("data-job-progress");
  var resubmit = section.getAttribute("data-resubmit");
  var state = section.querySelector(".job-state");

  function finished() {
    var form = section.closest("form");
    var button = form && resubmit ? form.querySelector("button[name='" + resubmit + "']") : null;
    if (button) { button.click(); } else { window.location.reload(); }
  }

  function poll() {
    fetch(url, {headers: {"Accept": "application/json"}, credentials: "same-origin"})
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (job) {
        if (!job) { return; }
        if (state) { state.textContent = job.state; }
        if (job.status === "done") { finished(); }
        else if (job.status !== "failed") { window.setTimeout(poll, 1000); }
      })
      .catch(function () { window.setTimeout(poll, 3000); });
  }
  window.setTimeout(poll, 500);
})();
