"""Full-text search over article sections.

On SQLite (the embedded default) an FTS5 table ranks sections with bm25,
weighting headings over titles over body text, and marks the matched words in
a snippet. On PostgreSQL each section carries a weighted tsvector column
(`search_vector`, GIN-indexed; added by migration 0003 on PostgreSQL only),
queries use websearch syntax (`"a phrase"`, `or`, `-word`), are ranked with
ts_rank and marked with ts_headline. Other databases fall back to a plain
containment search.

On every backend a query word that is a glossary term's name or alias (for
example "DM") also finds the term's other names ("Deck Master").
"""
import html
import re
from dataclasses import dataclass

from django.db import connection
from django.urls import reverse

from .models import Section

FTS_TABLE = "rulings_section_fts"
WEIGHTS = {"title": 10.0, "heading": 25.0, "body": 1.0}
MARK_OPEN, MARK_CLOSE = "\x02", "\x03"
WORD_RE = re.compile(r"\w+", re.UNICODE)
# What one query may ask: more words than this are not searched (the page says so), and a
# snippet shows this many characters of a section or story, whatever the query.
MAX_QUERY_WORDS = 12
MAX_QUERY_CHARS = 300
SNIPPET_CHARS = 200


@dataclass(frozen=True)
class Hit:
    format_slug: str
    format_name: str
    article_slug: str
    title: str
    anchor: str
    heading: str
    snippet: str  # safe HTML: escaped text with <mark> around matches

    @property
    def url(self):
        base = reverse("article", args=[self.format_slug, self.article_slug])
        return f"{base}#{self.anchor}" if self.anchor else base


PG_CONFIG = "english"
# ts_rank's weights for the labels D, C, B, A: body text is C, the title B, a heading A.
PG_WEIGHTS = [0.05, 0.1, 0.4, 1.0]
PG_HIDDEN = ("<>&", "\x04\x05\x06")


def uses_fts():
    return connection.vendor == "sqlite"


def uses_pg_fts():
    return connection.vendor == "postgresql"


def index_article(article, sections):
    """Replace an article's sections (and their search entries) with `sections`."""
    old_ids = list(article.sections.values_list("id", flat=True))
    if old_ids and uses_fts():
        with connection.cursor() as cursor:
            cursor.executemany(f"DELETE FROM {FTS_TABLE} WHERE section_id = %s",
                               [(i,) for i in old_ids])
    article.sections.all().delete()
    sections = _with_article_top(article, sections)
    created = Section.objects.bulk_create(
        Section(article=article, anchor=s["anchor"], heading=s["heading"] or article.title,
                level=s["level"], position=n, text=s["text"])
        for n, s in enumerate(sections))
    if uses_fts():
        if any(s.pk is None for s in created):
            created = list(article.sections.all())
        with connection.cursor() as cursor:
            cursor.executemany(
                f"INSERT INTO {FTS_TABLE} (section_id, title, heading, body) VALUES (%s, %s, %s, %s)",
                [(s.pk, article.title, s.heading, s.text) for s in created])
    elif uses_pg_fts():
        _pg_index(article)


def _pg_index(article):
    """Fill the article's sections' search vectors: heading (A) > title (B) > body (C)."""
    from django.contrib.postgres.search import SearchVector
    from django.db.models import Value

    vector = (SearchVector("heading", weight="A", config=PG_CONFIG)
              + SearchVector(Value(article.title), weight="B", config=PG_CONFIG)
              + SearchVector("text", weight="C", config=PG_CONFIG))
    rows = (Section.objects.filter(article=article).order_by().annotate(vector=vector)
            .values("pk", "vector"))
    sql, params = rows.query.sql_with_params()
    table = connection.ops.quote_name(Section._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {table} SET search_vector = ranked.vector FROM ({sql}) AS ranked "
                       f"WHERE {table}.id = ranked.pk", params)


def _with_article_top(article, sections):
    """The article's own entry comes first: its title and summary, linking to the page top.

    A search for an article's subject should land on the article, not on the
    shortest section that happens to mention it.
    """
    sections = list(sections)
    top = {"anchor": "", "heading": article.title, "level": 1, "text": article.summary}
    if sections and sections[0]["anchor"] == "" and not sections[0]["heading"]:
        intro = sections.pop(0)
        top["text"] = "\n".join(t for t in (article.summary, intro["text"]) if t)
    return [top, *sections]


def query_words(query):
    return [w.lower() for w in WORD_RE.findall(query or "")][:MAX_QUERY_WORDS]


def bounded_query(query):
    """(the query as it is searched, whether anything was left out).

    Control characters become spaces; only the first MAX_QUERY_WORDS words and
    MAX_QUERY_CHARS characters are kept, so no query costs more than a short one."""
    query = clean_query(query)
    kept, room = [], MAX_QUERY_WORDS
    for token in query.split():
        found = list(WORD_RE.finditer(token))
        if len(found) > room:
            if room:
                kept.append(token[:found[room - 1].end()])
            break
        kept.append(token)
        room -= len(found)
    bounded = " ".join(kept)[:MAX_QUERY_CHARS]
    return bounded, bounded != " ".join(query.split())


def term_forms(words):
    """For each query word that is a glossary term's name or alias, all that term's names.

    {"dm": ["deck master", "dm"]}: a search for "DM" also finds "Deck Master".
    """
    from .models import Term

    wanted = set(words)
    if not wanted:
        return {}
    forms = {}
    for name, aliases in Term.objects.values_list("name", "aliases"):
        names = [str(n).lower() for n in [name, *(aliases or [])] if str(n).strip()]
        for word in wanted.intersection(names):
            forms.setdefault(word, set()).update(names)
    return {word: sorted(names) for word, names in forms.items() if names != {word}}


def search(query, format_slug=None, limit=20):
    query, _ = bounded_query(query)
    words = query_words(query)
    if not words:
        return []
    forms = term_forms(words)
    if uses_fts():
        hits = _fts_search(words, forms, " AND ", format_slug, limit)
        return hits or _fts_search(words, forms, " OR ", format_slug, limit)
    if uses_pg_fts():
        return _pg_search(query, words, forms, format_slug, limit)
    return _plain_search(words, format_slug, limit)


def clean_query(query):
    """The query without control characters (PostgreSQL refuses NUL in any text)."""
    return "".join(c if c.isprintable() else " " for c in str(query or ""))


def _fts_term(word, forms, prefix=False):
    term = f'"{word}"' + ("*" if prefix else "")
    others = [f'"{" ".join(query_words(form))}"' for form in forms.get(word, ()) if form != word]
    return f"({' OR '.join([term, *others])})" if others else term


def _fts_search(words, forms, joiner, format_slug, limit):
    match = joiner.join(_fts_term(w, forms) for w in words[:-1]) + joiner * (len(words) > 1)
    match += _fts_term(words[-1], forms, prefix=True)
    sql = f"""
        SELECT s.id, f.slug, f.name, a.slug, a.title, s.anchor, s.heading,
               snippet({FTS_TABLE}, 3, %s, %s, '…', 16)
        FROM {FTS_TABLE}
        JOIN rulings_section s ON s.id = {FTS_TABLE}.section_id
        JOIN rulings_article a ON a.id = s.article_id
        JOIN rulings_format f ON f.id = a.format_id
        WHERE {FTS_TABLE} MATCH %s {"AND f.slug = %s" if format_slug else ""}
        ORDER BY bm25({FTS_TABLE}, 0, {WEIGHTS['title']}, {WEIGHTS['heading']}, {WEIGHTS['body']}),
                 f."order", a."order", s.position
        LIMIT %s"""
    args = [MARK_OPEN, MARK_CLOSE, match] + ([format_slug] if format_slug else []) + [limit]
    with connection.cursor() as cursor:
        cursor.execute(sql, args)
        rows = cursor.fetchall()
    return [Hit(fs, fn, slug, title, anchor, heading, _marked(snippet))
            for _, fs, fn, slug, title, anchor, heading, snippet in rows]


def _pg_search(query, words, forms, format_slug, limit):
    """Websearch syntax, every word (or one of its glossary forms) required; when nothing
    matches them all and the query uses no operators, any of the words."""
    from django.contrib.postgres.search import SearchQuery

    def word_query(word):
        tsquery = SearchQuery(word, config=PG_CONFIG)
        for form in forms.get(word, ()):
            if form != word:
                tsquery |= SearchQuery(form, config=PG_CONFIG, search_type="phrase")
        return tsquery

    # A glossary word is required as "it or one of its forms"; the rest keeps websearch syntax.
    tokens = query.split()
    bare = [t for t in tokens if t.lower() in forms and '"' not in query]
    rest = " ".join(t for t in tokens if t not in bare)
    everything = [word_query(t.lower()) for t in bare]
    if rest.strip():
        everything.insert(0, SearchQuery(rest, config=PG_CONFIG, search_type="websearch"))
    tsquery = everything[0]
    for part in everything[1:]:
        tsquery &= part
    hits = _pg_hits(tsquery, format_slug, limit)
    operators = '"' in query or " or " in f" {query.lower()} " or any(
        t.startswith("-") for t in tokens)
    if hits or len(words) < 2 or operators:
        return hits  # a phrase, "or" or "-word" says exactly what it wants
    anything = word_query(words[0])
    for word in words[1:]:
        anything |= word_query(word)
    return _pg_hits(anything, format_slug, limit)


def _pg_hits(tsquery, format_slug, limit):
    from django.contrib.postgres.search import SearchHeadline, SearchRank, SearchVectorField
    from django.db.models import F, Func, Value
    from django.db.models.expressions import RawSQL

    table = connection.ops.quote_name(Section._meta.db_table)
    sections = (Section.objects.select_related("article__format")
                .annotate(vector=RawSQL(f"{table}.search_vector", [],
                                        output_field=SearchVectorField()))
                .filter(vector=tsquery))
    if format_slug:
        sections = sections.filter(article__format__slug=format_slug)
    sections = sections.annotate(
        rank=SearchRank(F("vector"), tsquery, weights=PG_WEIGHTS),
        # ts_headline drops what looks like an HTML tag: hide <, > and & from it.
        snippet=SearchHeadline(Func(F("text"), Value(PG_HIDDEN[0]), Value(PG_HIDDEN[1]),
                                    function="translate"),
                               tsquery, config=PG_CONFIG, start_sel=MARK_OPEN,
                               stop_sel=MARK_CLOSE, min_words=10, max_words=30),
    ).order_by("-rank", "article__format__order", "article__order", "position")
    unhide = str.maketrans(PG_HIDDEN[1], PG_HIDDEN[0])
    return [Hit(s.article.format.slug, s.article.format.name, s.article.slug, s.article.title,
                s.anchor, s.heading, _marked(s.snippet.translate(unhide)))
            for s in sections[:limit]]


def _marked(snippet):
    escaped = html.escape(snippet or "")
    return escaped.replace(MARK_OPEN, "<mark>").replace(MARK_CLOSE, "</mark>")


def _plain_search(words, format_slug, limit):
    sections = Section.objects.select_related("article__format")
    if format_slug:
        sections = sections.filter(article__format__slug=format_slug)
    for word in words:
        sections = sections.filter(text__icontains=word) | sections.filter(heading__icontains=word)
    ranked = sorted(sections[: limit * 5], key=lambda s: -sum(
        3 * s.heading.lower().count(w) + s.text.lower().count(w) for w in words))
    return [Hit(s.article.format.slug, s.article.format.name, s.article.slug, s.article.title,
                s.anchor, s.heading, plain_snippet(s.text, words)) for s in ranked[:limit]]


def plain_snippet(text, words, width=SNIPPET_CHARS):
    """Escaped text around the first match with every query word marked, in one pass: a
    word is never looked for inside a mark already added, so the size stays bounded."""
    words = sorted({w for w in words if w}, key=len, reverse=True)[:MAX_QUERY_WORDS]
    lower = text.lower()
    start = min((lower.find(w) for w in words if w in lower), default=0)
    piece = text[max(0, start - 40): max(0, start - 40) + width]
    if not words:
        return html.escape(piece)
    pattern = re.compile("|".join(re.escape(w) for w in words), re.IGNORECASE)
    marked, done = [], 0
    for match in pattern.finditer(piece):
        marked += [html.escape(piece[done:match.start()]),
                   f"<mark>{html.escape(match.group())}</mark>"]
        done = match.end()
    marked.append(html.escape(piece[done:]))
    return "".join(marked)
