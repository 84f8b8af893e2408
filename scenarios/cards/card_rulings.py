"""What a card page lists beyond the card itself: the scenarios that use it, grouped by format
(title, the ruling in one sentence, the verdict as it holds now, the replay), and the article
sections that name it. A constant number of queries whatever the number of scenarios: one for
the scenarios, one for every format's parameters (the verdicts' staleness), one for the
formats' names, one for the sections.
"""
import re
from dataclasses import dataclass, field

from rulings.knowledge.models import Format, Section

from scenarios.presentation.outcome_words import describe
from scenarios.verification.article_parameters import parameters_by_format
from scenarios.verification.fingerprints import StaleCheck
from scenarios.verification.models import Scenario

RULING_FIELDS = ("id", "slug", "title", "format_slug", "rule", "status", "message", "source",
                 "fingerprint", "params_read", "expected", "outcome")
# Article sections listed on a card page at most (a card named everywhere stays readable).
MAX_SECTIONS = 60
QUIET_SENTENCES = ("The duel is not over.",)
# Which expectation tells a ruling best, first; a key not named here comes before LP.
TELLING_KEYS = ("result", "negated", "summons", "resolved", "chain", "warnings", "charges",
                "terrains", "tiles", "defeated", "cards", "zones")
LAST_KEYS = ("team_lp", "formation_points", "lp", "turn", "turn_player", "phase")


@dataclass
class FormatRulings:
    slug: str
    name: str
    rulings: list = field(default_factory=list)


def ruling_sentence(row):
    """The scenario's outcome in one sentence, as the engine computed it (what the file
    states when it could not be replayed); a sentence that says little comes last."""
    expected = row.expected if isinstance(row.expected, dict) else {}
    values = row.outcome if isinstance(row.outcome, dict) else expected
    cards = values.get("cards") if isinstance(values.get("cards"), dict) else None
    sentences = []
    for key in sorted(expected, key=telling_rank):
        try:
            sentences += describe({key: expected[key]}, values, cards)
        except (KeyError, TypeError, ValueError, AttributeError):
            continue
    telling = [s for s in sentences if s not in QUIET_SENTENCES] or sentences
    return telling[0] if telling else ""


def telling_rank(key):
    if key in TELLING_KEYS:
        return TELLING_KEYS.index(key)
    return len(TELLING_KEYS) + (1 + LAST_KEYS.index(key) if key in LAST_KEYS else 0)


def rulings_for(name):
    """[FormatRulings] of the stored scenarios that use the card named `name`, each row with
    `shown_status`, `is_stale` and `sentence`, formats in the site's order."""
    rows = list(Scenario.objects.filter(card_uses__name=name).only(*RULING_FIELDS)
                .order_by("format_slug", "title"))
    formats = {f.slug: f for f in Format.objects.only("slug", "name", "order")}
    check = StaleCheck(parameters_by_format(sorted({r.format_slug for r in rows} | set(formats))))
    check.mark(rows)
    groups: dict[str, FormatRulings] = {}
    for row in rows:
        row.sentence = ruling_sentence(row)
        fmt = formats.get(row.format_slug)
        group = groups.get(row.format_slug)
        if group is None:
            group = groups[row.format_slug] = FormatRulings(
                row.format_slug, fmt.name if fmt else row.format_slug)
        group.rulings.append(row)
    order = {slug: (f.order, slug) for slug, f in formats.items()}
    return sorted(groups.values(), key=lambda g: order.get(g.slug, (10**6, g.slug)))


def naming_pattern(name):
    """The card's name as a whole phrase (not inside a longer word), in any case."""
    return re.compile(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", re.IGNORECASE)


def sections_naming(name):
    """The current article sections whose heading or text names the card, in site order."""
    pattern = naming_pattern(name)
    candidates = (Section.objects.filter(text__icontains=name)
                  | Section.objects.filter(heading__icontains=name))
    found = []
    for section in candidates.filter(article__current_revision__isnull=False).select_related(
            "article__format").order_by("article__format__order", "article__order",
                                        "article__slug", "position")[:MAX_SECTIONS * 2]:
        if pattern.search(section.heading) or pattern.search(section.text):
            found.append(section)
    return found[:MAX_SECTIONS]
