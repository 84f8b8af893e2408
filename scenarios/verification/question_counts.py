"""How many quiz questions an edit's failing scenarios take with them.

The quiz app sits above the verification layer, so this layer cannot import it: the quiz app
registers a counter here in its AppConfig.ready, and edit impact asks through it. Without a
registered counter nothing is counted.
"""

counters = []


def published_questions(slugs, active=True):
    """How many published questions these scenarios (by slug) have, active or withdrawn."""
    slugs = list(slugs)
    return sum(count(slugs, active) for count in counters) if slugs else 0
