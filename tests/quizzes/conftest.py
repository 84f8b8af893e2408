import pytest


@pytest.fixture
def bank(loaded_site):
    """Bundled rules and scenarios loaded; loading verifies them and builds the question bank
    (the shared site of tests/conftest.py)."""
    return loaded_site
