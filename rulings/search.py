"""Full-text search over article sections.

On SQLite (the embedded default) an FTS5 table ranks sections with bm25,
weighting headings over titles over body text, and marks the matched words in
a snippet. Other databases fall back to a plain containment search.
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


def uses_fts():
    return connection.vendor == "sqlite"


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
    return [w.lower() for w in WORD_RE.findall(query or "")][:12]


def search(query, format_slug=None, limit=20):
    words = query_words(query)
    if not words:
        return []
    if uses_fts():
        hits = _fts_search(words, " ", format_slug, limit)
        return hits or _fts_search(words, " OR ", format_slug, limit)
    return _plain_search(words, format_slug, limit)


def _fts_search(words, joiner, format_slug, limit):
    match = joiner.join(f'"{w}"' for w in words[:-1]) + joiner * (len(words) > 1)
    match += f'"{words[-1]}"*'
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
                s.anchor, s.heading, _plain_snippet(s.text, words)) for s in ranked[:limit]]


def _plain_snippet(text, words, width=160):
    lower = text.lower()
    start = min((lower.find(w) for w in words if w in lower), default=0)
    piece = text[max(0, start - 40): start + width]
    escaped = html.escape(piece)
    for word in words:
        escaped = re.sub(f"(?i)({re.escape(word)})", r"<mark>\1</mark>", escaped)
    return escaped
