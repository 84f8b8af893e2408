"""Search costs a bounded amount whatever the query: one highlighting pass, at most 12 words,
snippets of bounded size.

Found by the attack: twelve "a"s wrapped every "a" in <mark> once per word, the "a" of the
marks already added included, so a 12-word query answered 134 MB.
"""
import re

import pytest

from rulings.knowledge.search import MAX_QUERY_WORDS, bounded_query, plain_snippet

KB = 1024


def test_a_snippet_marks_every_word_once_and_never_inside_a_mark():
    snippet = plain_snippet("A banana and a mark", ["a"] * 12 + ["an", "mark"])
    assert "<mark><mark>" not in snippet and "<m<mark>" not in snippet
    assert re.sub(r"</?mark>", "", snippet) == "A banana and a mark"
    assert snippet.count("<mark>") == snippet.count("</mark>")


def test_a_snippet_stays_small_whatever_the_words():
    text = "a" * 10_000
    snippet = plain_snippet(text, [chr(97 + n % 26) * (n % 3 + 1) for n in range(200)])
    assert len(snippet) < 200 * len("<mark>a</mark>")


def test_a_query_keeps_its_first_twelve_words_and_says_it_was_shortened():
    kept, shortened = bounded_query(" ".join(f"word{n}" for n in range(50)))
    assert kept.split() == [f"word{n}" for n in range(MAX_QUERY_WORDS)] and shortened
    assert bounded_query("chain link") == ("chain link", False)
    kept, shortened = bounded_query("x" * 5000)
    assert len(kept) <= 300 and shortened


@pytest.mark.django_db
def test_twelve_identical_words_answer_a_small_body(client, loaded_site):
    response = client.get("/api/search/", {"q": " ".join(["a"] * 12)})
    assert response.status_code == 200
    assert len(response.content) < 100 * KB
    for hit in response.json():
        assert "<mark><mark>" not in hit["snippet"] and "<m<mark>" not in hit["snippet"]


@pytest.mark.django_db
def test_a_fifty_word_query_answers_a_small_body_on_the_api_and_the_page(client, loaded_site):
    words = "chain link spell speed monster summon deck master life points " * 5
    api = client.get("/api/search/", {"q": words})
    assert api.status_code == 200 and len(api.content) < 100 * KB
    page = client.get("/search/", {"q": words})
    assert page.status_code == 200 and len(page.content) < 200 * KB
    assert "Only the first 12 words were searched" in page.content.decode()


@pytest.mark.django_db
def test_a_query_of_one_long_hyphenated_token_is_bounded_too(client, loaded_site):
    response = client.get("/api/search/", {"q": "-".join(["a"] * 2000)})
    assert response.status_code == 200 and len(response.content) < 100 * KB
