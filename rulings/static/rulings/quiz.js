/* Exam timer: counts down the seconds the server gave; the server alone enforces the limit. */
(function () {
  var timer = document.querySelector(".quiz-timer[data-seconds-left]");
  if (!timer) return;
  var left = parseInt(timer.getAttribute("data-seconds-left"), 10);
  var shown = timer.querySelector(".time-left");
  function tick() {
    var minutes = Math.floor(left / 60), seconds = left % 60;
    if (shown) shown.textContent = minutes + " min " + (seconds < 10 ? "0" : "") + seconds + " s";
    if (left <= 0) { timer.textContent = "The time limit has passed: answers are refused. Finish the exam to see your results."; return; }
    left -= 1;
    setTimeout(tick, 1000);
  }
  tick();
})();
