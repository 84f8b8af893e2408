import pytest
from django.core.management import call_command


@pytest.fixture
def loaded_site(bundled_rules):
    """The bundled rules and scenarios in the database, as the README's run command leaves
    them."""
    call_command("load_scenarios", verbosity=0)
    return bundled_rules
