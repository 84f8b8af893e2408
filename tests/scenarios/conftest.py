import shutil

import pytest
from django.conf import settings


@pytest.fixture
def scenario_dir(tmp_path):
    """A writable copy of the core scenarios."""
    target = tmp_path / "data" / "core"
    shutil.copytree(settings.SCENARIOS_DIR / "core", target)
    return tmp_path / "data"


@pytest.fixture
def loaded(loaded_site):
    """Bundled rules and scenarios in the database, as the site's run command leaves them
    (the shared site of tests/conftest.py)."""
    return loaded_site
