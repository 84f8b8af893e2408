"""Reading and writing article files: YAML front matter, then a markdown body.

The front matter is written back in one canonical layout, so loading the
bundled files and exporting them again reproduces them byte for byte.
"""
import re
from dataclasses import dataclass, field

import yaml

from scenarios.engine.yamlsource import Limits, UnsafeYAML, check_data, safe_load

from .problems import Problem

# Article files are markdown with YAML front matter: the YAML limits apply to the front matter,
# this one to the whole file.
MAX_ARTICLE_CHARS = 1_000_000
MAX_ORDER = 1_000_000
# The longest texts the database keeps for these (see rulings/knowledge/models.py): checked where they
# enter, so that a long one is refused by name instead of failing in the database.
MAX_TITLE_CHARS = 200  # Article.title, Revision.title
MAX_SLUG_CHARS = 50  # Article.slug
MAX_TERM_CHARS = 100  # Term.name, Term.anchor and each alias
MAX_HEADING_CHARS = 300  # Section.heading
MAX_ANCHOR_CHARS = 100  # Section.anchor, Example.anchor (and a term's anchor is one of them)

FRONT_MATTER_KEYS = ("title", "order", "summary", "parameters", "terms")
TERM_KEYS = ("name", "aliases", "anchor", "definition")
SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
PARAMETER_NAME_RE = re.compile(r"^[a-z][a-z0-9_]*$")
DELIMITER = "---"


@dataclass
class ArticleSource:
    """Everything an article revision is made of, as an editor or a file states it."""

    title: str
    body: str
    order: int = 0
    summary: str = ""
    parameters: dict = field(default_factory=dict)
    terms: list = field(default_factory=list)
    # The file line on which the body starts (1-based), for locating problems.
    body_line: int = 1

    def content(self):
        """The comparable content, ignoring where it came from."""
        return (self.title, self.order, self.summary, self.parameters, self.terms, self.body)


def dump_yaml(data):
    return yaml.safe_dump(
        data, sort_keys=False, allow_unicode=True, default_flow_style=False, width=4096
    )


def front_matter(source):
    meta = {"title": source.title, "order": source.order, "summary": source.summary}
    if source.parameters:
        meta["parameters"] = source.parameters
    if source.terms:
        meta["terms"] = source.terms
    return meta


def dump_article(source):
    """The canonical file text of an article."""
    return f"{DELIMITER}\n{dump_yaml(front_matter(source))}{DELIMITER}\n{source.body}"


def parse_article(text):
    """Parse a file's text into an ArticleSource, or return the problems that stop it.

    Returns (source, problems); source is None when any problem is an error.
    """
    lines = text.split("\n")
    if not lines or lines[0].rstrip() != DELIMITER:
        return None, [Problem("the file must start with a '---' line opening the front matter",
                              "front matter", 1)]
    try:
        closing = next(i for i in range(1, len(lines)) if lines[i].rstrip() == DELIMITER)
    except StopIteration:
        return None, [Problem("the front matter is never closed by a '---' line",
                              "front matter", 1)]
    meta_text = "\n".join(lines[1:closing])
    body = "\n".join(lines[closing + 1:])
    meta, problems = parse_front_matter(meta_text, first_line=2)
    if problems:
        return None, problems
    source = ArticleSource(body=body, body_line=closing + 2, **meta)
    return source, []


def parse_yaml_field(text, field_name, first_line=1):
    """Parse YAML text within the shared limits (no aliases, bounded depth, size and numbers),
    turning a syntax error or a limit into a Problem with its line."""
    try:
        return safe_load(text, Limits, loader=yaml.SafeLoader), []
    except UnsafeYAML as exc:
        line = first_line + exc.line - 1 if exc.line else first_line
        return None, [Problem(exc.message, field_name, line)]
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = first_line + mark.line if mark is not None else first_line
        reason = getattr(exc, "problem", None) or str(exc)
        return None, [Problem(f"invalid YAML: {reason}", field_name, line)]


def parse_front_matter(meta_text, first_line=1):
    """Check the front matter mapping; returns (fields, problems)."""
    meta, problems = parse_yaml_field(meta_text, "front matter", first_line)
    if problems:
        return None, problems
    if not isinstance(meta, dict):
        return None, [Problem("the front matter must be a mapping of keys to values",
                              "front matter", first_line)]

    def line_of(key):
        pattern = re.compile(rf"^{re.escape(key)}\s*:")
        for offset, line in enumerate(meta_text.split("\n")):
            if pattern.match(line):
                return first_line + offset
        return first_line

    for key in meta:
        if key not in FRONT_MATTER_KEYS:
            problems.append(Problem(
                f"unknown key (allowed: {', '.join(FRONT_MATTER_KEYS)})", str(key), line_of(str(key))))
    title = meta.get("title")
    if not isinstance(title, str) or not title.strip():
        problems.append(Problem("a non-empty title is required", "title", line_of("title")))
    order = meta.get("order", 0)
    if not isinstance(order, int) or isinstance(order, bool) or abs(order) > MAX_ORDER:
        problems.append(Problem(f"order must be a whole number from -{MAX_ORDER} to {MAX_ORDER}",
                                "order", line_of("order")))
    summary = meta.get("summary", "") or ""
    if not isinstance(summary, str):
        problems.append(Problem("summary must be text", "summary", line_of("summary")))
    parameters = meta.get("parameters") or {}
    problems += check_parameters(parameters, line_of("parameters"))
    terms = meta.get("terms") or []
    problems += check_terms(terms, line_of("terms"))
    if problems:
        return None, problems
    return {"title": title.strip(), "order": order, "summary": summary.strip(),
            "parameters": parameters, "terms": terms}, []


def _limit_problem(value, line, field_name):
    """The shared YAML limits, for a value that may have come as JSON (API) instead."""
    try:
        check_data(value)
    except UnsafeYAML as error:
        return [Problem(error.message, field_name, line)]
    return []


def check_parameters(parameters, line=None, field_name="parameters"):
    if not isinstance(parameters, dict):
        return [Problem("parameters must be a mapping of names to values", field_name, line)]
    limited = _limit_problem(parameters, line, field_name)
    if limited:
        return limited
    return [
        Problem(f"parameter name {name!r} must be snake_case (a-z, 0-9, _)", field_name, line)
        for name in parameters
        if not isinstance(name, str) or not PARAMETER_NAME_RE.match(name)
    ]


def check_terms(terms, line=None, field_name="terms"):
    if not isinstance(terms, list):
        return [Problem("terms must be a list of entries", field_name, line)]
    problems = _limit_problem(terms, line, field_name)
    if problems:
        return problems
    for index, term in enumerate(terms, start=1):
        where = f"{field_name}[{index}]"
        if not isinstance(term, dict):
            problems.append(Problem("each term must be a mapping", where, line))
            continue
        for key in term:
            if key not in TERM_KEYS:
                problems.append(Problem(f"unknown key {key!r} (allowed: {', '.join(TERM_KEYS)})",
                                        where, line))
        for key in ("name", "anchor", "definition"):
            if not isinstance(term.get(key), str) or not term.get(key).strip():
                problems.append(Problem(f"{key} is required", f"{where}.{key}", line))
        aliases = term.get("aliases", [])
        if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
            problems.append(Problem("aliases must be a list of names", f"{where}.aliases", line))
            aliases = []
        for key, value in [("name", term.get("name")), ("anchor", term.get("anchor")),
                           *(("aliases", alias) for alias in aliases)]:
            if isinstance(value, str) and len(value) > MAX_TERM_CHARS:
                problems.append(Problem(f"{key} {value[:40]!r}… is {len(value)} characters long; "
                                        f"at most {MAX_TERM_CHARS}", f"{where}.{key}", line))
    return problems


def parse_format_file(text):
    """Parse a format.yaml: name, order, summary."""
    meta, problems = parse_yaml_field(text, "format.yaml")
    if problems:
        return None, problems
    if not isinstance(meta, dict) or not isinstance(meta.get("name"), str):
        return None, [Problem("format.yaml must be a mapping with a name", "name", 1)]
    unknown = [k for k in meta if k not in ("name", "order", "summary")]
    if unknown:
        return None, [Problem(f"unknown key {k!r}", str(k), 1) for k in unknown]
    order = meta.get("order", 0)
    if not isinstance(order, int) or isinstance(order, bool) or abs(order) > MAX_ORDER:
        return None, [Problem(f"order must be a whole number from -{MAX_ORDER} to {MAX_ORDER}",
                              "order", _key_line(text, "order"))]
    if not isinstance(meta.get("summary", "") or "", str):
        return None, [Problem("summary must be text", "summary", _key_line(text, "summary"))]
    return {"name": meta["name"], "order": order,
            "summary": meta.get("summary", "") or ""}, []


def _key_line(text, key):
    pattern = re.compile(rf"^{re.escape(key)}\s*:")
    return next((n for n, line in enumerate(text.split("\n"), start=1) if pattern.match(line)), 1)


def read_text_file(path, max_chars=MAX_ARTICLE_CHARS):
    """A content file's text: (text, problems). Not a readable UTF-8 file of a sane size, or
    not a file at all, is a Problem with its line, never an exception."""
    from pathlib import Path

    path = Path(path)
    try:
        if not path.is_file():
            return None, [Problem("not a file", "file", None)]
        if path.stat().st_size > max_chars * 4:
            return None, [Problem(f"the file is larger than {max_chars} characters", "file", 1)]
        raw = path.read_bytes()
    except OSError as error:
        return None, [Problem(f"cannot read the file: {error.strerror or error}", "file", None)]
    try:
        return raw.decode("utf-8"), []
    except UnicodeDecodeError as error:
        line = raw[:error.start].count(b"\n") + 1
        return None, [Problem(f"the file is not UTF-8 text (byte {error.start})", "file", line)]


def dump_format(name, order, summary):
    return dump_yaml({"name": name, "order": order, "summary": summary})


def folder_parameters(folder):
    """The rule parameters of every readable article file in a format's folder, merged.

    Pure Python, so the engine's benchmarks and tests can read a format's numbers
    straight from the bundled files without a database.
    """
    from pathlib import Path

    merged = {}
    for path in sorted(Path(folder).glob("*.md")):
        text, problems = read_text_file(path)
        if problems:
            continue
        source, _ = parse_article(text)
        if source is not None:
            merged.update(source.parameters)
    return merged
