import pytest
from django.core.management import call_command


@pytest.fixture
def bank(bundled_rules):
    """Bundled rules and scenarios loaded; loading verifies them and builds the question bank."""
    call_command("load_scenarios", verbosity=0)
    return bundled_rules
