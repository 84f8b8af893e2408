#!/usr/bin/env bash
# Whole-process time of `manage.py verify` (as users run it: replaying every scenario and
# recording the verdicts and the run) next to `manage.py check`, measured in the same run,
# on a scratch SQLite database with the bundled rules and scenarios loaded.
# Target: verify within 1.5x of check. Usage: benchmarks/verify_cli.sh [runs] (default 5).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-.venv/bin/python}
runs=${1:-5}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export DATABASE_URL="sqlite:///$scratch/bench.sqlite3"
"$PY" manage.py migrate -v0
"$PY" manage.py load_rules >/dev/null
"$PY" manage.py load_scenarios >/dev/null
measure() {
  "$PY" - "$runs" "$@" <<'PYEOF'
import statistics, subprocess, sys, time
runs, command = int(sys.argv[1]), sys.argv[2:]
times = []
for _ in range(runs):
    started = time.perf_counter()
    subprocess.run([sys.executable, "manage.py", *command], capture_output=True)
    times.append(time.perf_counter() - started)
print(f"{statistics.median(times):.3f}")
PYEOF
}
check=$(measure check)
verify=$(measure verify)
runs_recorded=$("$PY" manage.py shell --no-imports -c "from scenarios.verification.models import VerificationRun; print(VerificationRun.objects.filter(trigger='cli').count())")
echo "manage.py check : ${check}s (median of $runs)"
echo "manage.py verify: ${verify}s (median of $runs; recording: $runs_recorded runs recorded)"
echo "ratio verify/check: $("$PY" -c "print(f'{$verify / $check:.2f}')") (target <= 1.5)"
