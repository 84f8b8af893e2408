/* Exam timer: counts down the seconds the server gave, and shows the deadline in the reader's
   own time; the server alone enforces the limit. Without this script the bar shows the
   deadline (in the server's time zone). */
(function () {
  var timer = document.querySelector(".quiz-timer[data-seconds-left]");
  if (!timer) return;
  var ends = Date.now() + 1000 * parseInt(timer.getAttribute("data-seconds-left"), 10);
  var shown = timer.querySelector(".time-left");
  var deadline = timer.querySelector("time[datetime]");
  if (deadline) {
    var at = new Date(deadline.getAttribute("datetime"));
    if (!isNaN(at)) deadline.textContent = at.toLocaleTimeString([], {hour: "2-digit", minute: "2-digit", second: "2-digit"});
  }
  function clock(seconds) {
    var minutes = Math.floor(seconds / 60), rest = seconds % 60;
    return minutes + " min " + (rest < 10 ? "0" : "") + rest + " s";
  }
  function tick() {
    var left = Math.max(0, Math.ceil((ends - Date.now()) / 1000));
    if (left <= 0) {
      timer.textContent = "The time limit has passed: answers are refused. Submit the exam to see your results.";
      timer.classList.add("quiz-timer-over");
      var answers = document.querySelector(".quiz-answer fieldset");
      if (answers) answers.disabled = true;
      return;
    }
    if (shown) shown.textContent = "Time left: " + clock(left) + ". ";
    timer.classList.toggle("quiz-timer-low", left <= 60);
    setTimeout(tick, ((ends - Date.now()) % 1000 || 1000) + 5);  /* just past the next whole second */
  }
  tick();
})();
