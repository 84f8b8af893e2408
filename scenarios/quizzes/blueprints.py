"""Exam blueprints: how many questions each format and article gets, and the drawing.

Editors define what an exam covers (ExamBlueprint): its questions are shared out among the
formats by the editors' weights, not by the bank's size, so that a format with many
scenarios does not crowd the others out of every exam. The shares are a largest-remainder
apportionment of the exam's length over the formats that have exam questions; an article's
count is drawn first, inside its format's share. A format (or an article) with fewer
questions than its share gives the rest to the others, by weight, and the exam says so
(`Plan.notes`). A blueprint whose counts cannot be met at all is refused (BlueprintError,
a 422).

The checks editors' input goes through (the admin's form and the API's serializer alike)
are here too, so that both refuse the same things with the same words.
"""
import math
import random
import re
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

from django.core.exceptions import ValidationError
from django.db import transaction

from rulings.knowledge.models import Article, Format

from .models import ExamBlueprint

MAX_QUESTIONS, MAX_MINUTES, MAX_WEIGHT = 100, 300, 1000
# The blueprint a migration creates, made again if every blueprint has been removed.
STANDARD = {"slug": "every-format", "name": "Every format", "is_default": True, "count": 20,
            "minutes": 30, "pass_mark": 80, "format_weights": {},
            "description": "Twenty questions, the same share for each format (a format the "
                           "weights do not name weighs 1)."}
SLUG = re.compile(r"^[-a-zA-Z0-9_]{1,100}$")


class BlueprintError(Exception):
    """A blueprint that cannot be used: unknown (400), or whose counts cannot be met (422)."""

    def __init__(self, message, status=422, field="blueprint"):
        super().__init__(message)
        self.message, self.status, self.field = message, status, field


# --- which blueprint --------------------------------------------------------------------------

def default():
    """The default blueprint; the standard one is made again if none is left (a database
    emptied by hand, or a test's flush), since every exam needs one."""
    found = ExamBlueprint.objects.filter(is_default=True).first() or \
        ExamBlueprint.objects.first()
    if found is None:
        found, _ = ExamBlueprint.objects.get_or_create(slug=STANDARD["slug"], defaults=STANDARD)
    return found


def listed():
    """The blueprints to choose from, the default first (the standard one, unsaved, when
    there are none yet: starting an exam saves it)."""
    return list(ExamBlueprint.objects.all()) or [ExamBlueprint(**STANDARD)]


def resolve(slug=None):
    """The blueprint an exam names, or the default when it names none."""
    if slug in (None, ""):
        return default()
    if not isinstance(slug, str) or not SLUG.match(slug):
        raise BlueprintError("blueprint must be the slug of an exam blueprint "
                             "(see /api/exam-blueprints/)", status=400)
    found = ExamBlueprint.objects.filter(slug=slug).first()
    if found is None and slug == STANDARD["slug"] and not ExamBlueprint.objects.exists():
        found = default()
    if found is None:
        raise BlueprintError(f"there is no exam blueprint '{slug}' (see /api/exam-blueprints/)",
                             status=400)
    return found


# --- how many questions each format and article gets ------------------------------------------

def article_of(question):
    """The "format/article" a question teaches: its teaching rule's article."""
    return question.article or question.teaching_rule.partition("#")[0]


def apportion(count, weights, low=None, high=None):
    """`count` seats shared out by `weights` ({key: weight > 0}) with the largest remainders,
    each key getting at least low[key] and at most high[key].

    Each key's quota is its weight times one factor, held within its bounds; the factor is
    the one that makes the quotas add up to `count` (found exactly, with fractions). Every
    key gets its quota's whole part, and the seats left go to the largest fractions (then
    the heavier weight, then the key's name, so that the result never depends on chance).
    The caller makes sure that sum(low) <= count <= sum(high)."""
    low = {key: (low or {}).get(key, 0) for key in weights}
    high = {key: min((high or {}).get(key, count), count) for key in weights}

    def quotas(factor):
        return {key: min(max(factor * weight, low[key]), high[key])
                for key, weight in weights.items()}

    def total(factor):
        return sum(quotas(factor).values())

    # The total grows piecewise linearly with the factor, bending where a key meets a bound.
    bends = sorted({Fraction(0)} | {Fraction(bound[key], weight) for key, weight in
                                    weights.items() for bound in (low, high)})
    before = bends[0]
    for bend in bends:
        if total(bend) >= count:
            break
        before = bend
    start, end = total(before), total(bend)
    factor = bend if end == start else before + (bend - before) * (count - start) / (end - start)
    quota = quotas(factor)
    seats = {key: math.floor(q) for key, q in quota.items()}
    left = count - sum(seats.values())
    for key in sorted(weights, key=lambda k: (seats[k] - quota[k], -weights[k], k))[:left]:
        seats[key] += 1
    return seats


@dataclass
class Plan:
    """How many questions an exam takes from each format, and from each article first."""

    count: int
    formats: dict  # {format slug: questions}
    articles: dict = field(default_factory=dict)  # {"format/article": questions drawn first}
    notes: list = field(default_factory=list)  # what could not be drawn as the blueprint asks

    def as_dict(self):
        return {"count": self.count, "formats": self.formats, "articles": self.articles,
                "notes": self.notes}


def format_names():
    return dict(Format.objects.values_list("slug", "name"))


def plan(blueprint, questions, count=None):
    """The shares of an exam of `count` questions (the blueprint's own by default) drawn
    from `questions` (the exam pool as it stands); BlueprintError when they cannot be met."""
    count = count or blueprint.count
    names = format_names()
    name = lambda slug: names.get(slug, slug)  # noqa: E731 - a one-line lookup
    in_format = Counter(q.format for q in questions if q.format)
    in_article = Counter(article_of(q) for q in questions)
    asked = blueprint.format_weights or {}
    weights = {slug: asked.get(slug, 1) for slug in in_format if asked.get(slug, 1) > 0}
    notes = [f"{name(slug)} has no exam questions yet: its share goes to the other formats."
             for slug, weight in sorted(asked.items()) if weight > 0 and slug not in in_format]
    if not weights:
        raise BlueprintError(f"No format that the blueprint “{blueprint.name}” weighs has exam "
                             "questions yet, so no exam can be drawn from it.")
    articles, first = {}, Counter()
    for key, wanted in sorted((blueprint.article_counts or {}).items()):
        slug = key.partition("/")[0]
        if wanted <= 0 or slug not in weights:
            continue
        articles[key] = min(wanted, in_article[key])
        first[slug] += articles[key]
        if articles[key] < wanted:
            notes.append(f"The blueprint asks for {wanted} question{'s' * (wanted != 1)} on "
                         f"{article_title(key)}; the exam pool holds {in_article[key]}, so the "
                         f"rest come from the rest of {name(slug)}.")
    if sum(first.values()) > count:
        raise BlueprintError(f"The article counts of “{blueprint.name}” ask for "
                             f"{sum(first.values())} questions, more than the {count} of this "
                             "exam.", field="count")
    available = sum(in_format[slug] for slug in weights)
    if available < count:
        raise BlueprintError(f"An exam of {count} questions cannot be drawn from “"
                             f"{blueprint.name}”: the exam pool holds only {available} "
                             "questions in the formats it weighs.", field="count")
    shares = apportion(count, weights, low=first, high=in_format)
    fair = apportion(count, weights, low=first)
    for slug in sorted(weights, key=lambda s: (-fair[s], s)):
        if shares[slug] < fair[slug]:
            notes.append(f"{name(slug)} has {shares[slug]} exam question"
                         f"{'s' * (shares[slug] != 1)}, fewer than the {fair[slug]} its weight "
                         f"asks for: the other {fair[slug] - shares[slug]} come from the other "
                         "formats, by weight.")
    return Plan(count, {slug: n for slug, n in sorted(shares.items()) if n},
                {key: n for key, n in articles.items() if n}, notes)


def draw(exam_plan, questions, seed):
    """The questions of an exam, random but the same for the same seed: each article's first,
    then the rest of each format's share, one question per scenario before a second; mixed."""
    rng = random.Random(seed)
    pool = sorted(questions, key=lambda q: q.pk)
    rng.shuffle(pool)
    chosen, taken, seen = [], set(), set()

    def take(candidates, wanted):
        candidates = [q for q in candidates if q.pk not in taken]
        picked = []
        for again in (False, True):  # scenarios not asked yet first, then any
            for question in candidates:
                if len(picked) == wanted:
                    break
                if question.pk not in taken and (again or question.scenario_id not in seen):
                    picked.append(question)
                    taken.add(question.pk)
                    seen.add(question.scenario_id)
        chosen.extend(picked)
        return len(picked)

    for slug, share in exam_plan.formats.items():
        of_format = [q for q in pool if q.format == slug]
        drawn = 0
        for key, wanted in exam_plan.articles.items():
            if key.partition("/")[0] == slug:
                drawn += take([q for q in of_format if article_of(q) == key], wanted)
        take(of_format, share - drawn)
    rng.shuffle(chosen)
    return chosen


def article_title(key):
    """'Core rules: Chains' for "core/chains"; the key itself when no such article exists."""
    format_slug, _, slug = key.partition("/")
    found = Article.objects.filter(format__slug=format_slug, slug=slug).select_related(
        "format").first()
    return f"{found.format.name}: {found.title}" if found else key


# --- what editors may save --------------------------------------------------------------------

def _whole(value):
    return isinstance(value, int) and not isinstance(value, bool)


def check_weights(value):
    """{format slug: whole number >= 0}; the cleaned value, or ValidationError in words."""
    if value in (None, ""):
        return {}
    if not isinstance(value, dict):
        raise ValidationError("give an object of {format slug: weight}, e.g. "
                              '{"core": 2, "kingdom-duels": 1}')
    known = set(Format.objects.values_list("slug", flat=True))
    for slug, weight in value.items():
        if slug not in known:
            raise ValidationError(f"'{slug}' is not a format; the formats are "
                                  f"{', '.join(sorted(known)) or 'none yet'}")
        if not _whole(weight) or not 0 <= weight <= MAX_WEIGHT:
            raise ValidationError(f"the weight of '{slug}' must be a whole number from 0 to "
                                  f"{MAX_WEIGHT}, not {weight!r}")
    return value


def check_article_counts(value):
    """{"format/article": whole number >= 0}; the cleaned value, or ValidationError."""
    if value in (None, ""):
        return {}
    if not isinstance(value, dict):
        raise ValidationError('give an object of {"format/article": questions}, e.g. '
                              '{"core/chains": 2}')
    known = {f"{f}/{a}" for f, a in Article.objects.values_list("format__slug", "slug")}
    for key, wanted in value.items():
        if key not in known:
            raise ValidationError(f"'{key}' is not an article: name one as \"format/article\", "
                                  "e.g. \"core/chains\"")
        if not _whole(wanted) or not 0 <= wanted <= MAX_QUESTIONS:
            raise ValidationError(f"the count of '{key}' must be a whole number from 0 to "
                                  f"{MAX_QUESTIONS}, not {wanted!r}")
    return value


def check_totals(count, weights, article_counts):
    """That the weights leave some format in and the article counts fit: ValidationError
    keyed by the field at fault."""
    known = list(Format.objects.values_list("slug", flat=True))
    weights, article_counts = weights or {}, article_counts or {}
    if known and not any(weights.get(slug, 1) > 0 for slug in known):
        raise ValidationError({"format_weights": "every format weighs 0, so an exam would have "
                                                 "no questions: give one a weight above 0"})
    for key, wanted in sorted(article_counts.items()):
        slug = key.partition("/")[0]
        if wanted and weights.get(slug, 1) == 0:
            raise ValidationError({"article_counts": f"'{key}' asks for {wanted} questions, "
                                                     f"but '{slug}' weighs 0 in format_weights"})
    asked = sum(article_counts.values())
    if count is not None and asked > count:
        raise ValidationError({"article_counts": f"the article counts add up to {asked} "
                                                 f"questions, more than the {count} of the "
                                                 "exam (count)"})


def check_default(blueprint, is_default):
    """One blueprint is always the default: this one cannot stop being it unless another is."""
    others = ExamBlueprint.objects.filter(is_default=True)
    if blueprint.pk:
        others = others.exclude(pk=blueprint.pk)
    if not is_default and not others.exists():
        raise ValidationError({"is_default": "one blueprint must be the default: keep this one "
                                             "the default, or make another one the default "
                                             "first"})


@transaction.atomic
def settle_default(blueprint):
    """After saving: a blueprint saved as the default is the only one."""
    if blueprint.is_default:
        ExamBlueprint.objects.select_for_update().filter(is_default=True).exclude(
            pk=blueprint.pk).update(is_default=False)
