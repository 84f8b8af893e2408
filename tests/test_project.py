"""The project's own promises: the README's commands are the ones CI runs."""
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def readme_commands():
    return re.findall(r"```sh\n(.+?)\n```", (ROOT / "README.md").read_text())


def test_readme_gives_exactly_two_commands_and_ci_runs_the_test_one():
    commands = readme_commands()
    assert len(commands) == 2
    assert "runserver" in commands[0] and "load_rules" in commands[0]
    assert commands[1] in (ROOT / ".ci" / "run").read_text()
    assert commands[1].endswith(" .ci/test")


def test_the_test_script_runs_sqlite_then_postgresql_when_it_answers():
    script = (ROOT / ".ci" / "test").read_text()
    assert "env -u DATABASE_URL \"$PYTHON\" -m pytest" in script
    assert 'DATABASE_URL="$POSTGRES_URL" "$PYTHON" -m pytest' in script
    assert "postgres://postgres@127.0.0.1:5432/postgres" in script
    assert "the PostgreSQL run is skipped" in script


def test_without_postgresql_the_test_script_says_so_and_still_runs_sqlite(tmp_path):
    result = subprocess.run(
        [str(ROOT / ".ci" / "test"), "--collect-only", "-q", "tests/test_project.py"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
        env={"PATH": "/usr/bin:/bin", "DATABASE_URL_POSTGRES": "postgres://nobody@127.0.0.1:9/x"})
    assert result.returncode == 0, result.stdout + result.stderr
    assert ("PostgreSQL is not answering on 127.0.0.1:9: the PostgreSQL run is skipped"
            in result.stdout)
    assert result.stdout.rstrip().splitlines()[-1].startswith(tuple("0123456789"))


def test_settings_refuse_to_run_without_a_secret_key_when_debug_is_off():
    result = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"], cwd=ROOT, capture_output=True,
        text=True, env={"DJANGO_SETTINGS_MODULE": "rulings.project.settings", "DEBUG": "0",
                        "PATH": "/usr/bin:/bin"})
    assert result.returncode != 0 and "SECRET_KEY must be set" in result.stderr


def test_database_url_selects_the_database():
    code = ("import django; django.setup(); from django.conf import settings; "
            "print(settings.DATABASES['default']['ENGINE'], settings.DATABASES['default']['NAME'])")
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
        env={"DJANGO_SETTINGS_MODULE": "rulings.project.settings",
             "DATABASE_URL": "sqlite:////tmp/elsewhere.sqlite3", "PATH": "/usr/bin:/bin"})
    assert result.stdout.split() == ["django.db.backends.sqlite3", "/tmp/elsewhere.sqlite3"]


def test_worker_threads_keep_their_database_connection_between_requests():
    code = ("import django; django.setup(); from django.conf import settings; "
            "db = settings.DATABASES['default']; print(db['CONN_MAX_AGE'], db['CONN_HEALTH_CHECKS'])")
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
        env={"DJANGO_SETTINGS_MODULE": "rulings.project.settings", "PATH": "/usr/bin:/bin"})
    assert result.stdout.split() == ["600", "True"]
