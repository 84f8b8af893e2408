#!/usr/bin/env bash
# Whole-process time of `manage.py verify` next to `manage.py check`, measured in the same run.
# Target: verify within 1.5x of check. Usage: benchmarks/verify_cli.sh [runs] (default 5).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-.venv/bin/python}
runs=${1:-5}
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
verify=$(measure verify --no-record)
echo "manage.py check : ${check}s (median of $runs)"
echo "manage.py verify: ${verify}s (median of $runs)"
echo "ratio verify/check: $("$PY" -c "print(f'{$verify / $check:.2f}')") (target <= 1.5)"
