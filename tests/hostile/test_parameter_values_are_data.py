"""A parameter value is data: it reads on the page exactly as written in the front matter,
never parsed as HTML or markdown (inline, in a bullet list or in a table).

Found by the attack: an inline parameter value was parsed as HTML before sanitizing.
"""
import re

import pytest

HOSTILE = '<img src=x onerror="alert(1)"> *not emphasis* [[core/chains]] `code`'


@pytest.fixture
def article(make_article):
    body = ("## Values {#values}\n\nInline: {{ inline }}.\n\n"
            "{{ listed }}\n\n{{ tabled }}\n")
    return make_article("values", body, fmt="core", parameters={
        "inline": HOSTILE, "listed": [HOSTILE, "plain"],
        "tabled": [{"name": HOSTILE, "cost": 500}]})


def test_a_parameter_value_shows_as_written_wherever_it_is_used(client, article):
    html = client.get("/rules/core/values/").content.decode()
    shown = ('&lt;img src=x onerror="alert(1)"&gt; *not emphasis* [[core/chains]] `code`',
             "&lt;img src=x onerror=&quot;alert(1)&quot;&gt; *not emphasis* [[core/chains]] "
             "`code`")
    # The hover names the parameter and repeats its value, escaped like the text.
    assert 'title="Inline: &lt;img src=x onerror=&quot;alert(1)&quot;&gt;' in html
    text = re.sub(r' title="[^"]*"', "", html)
    assert sum(text.count(form) for form in shown) == 3, text[text.find("Inline"):][:3000]
    assert "<img" not in html and "<em>not emphasis</em>" not in html
    assert "<code>code</code>" not in html
