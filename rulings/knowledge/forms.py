"""The editor's form: an article's source, checked field by field before it is saved."""
from django import forms

from .articlefile import MAX_SLUG_CHARS, MAX_TITLE_CHARS, ArticleSource, SLUG_RE, \
    check_parameters, check_terms, dump_yaml, parse_yaml_field
from .models import Article


def _yaml_text(value):
    return dump_yaml(value) if value else ""


class ArticleForm(forms.Form):
    title = forms.CharField(max_length=MAX_TITLE_CHARS)
    summary = forms.CharField(max_length=500, required=False,
                              widget=forms.TextInput(attrs={"size": 80}))
    order = forms.IntegerField(initial=0)
    body = forms.CharField(widget=forms.Textarea(attrs={"rows": 28, "cols": 100}), strip=False)
    parameters = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 8, "cols": 100}), strip=False,
        help_text="YAML mapping of rule parameters; the body shows them as {{ name }}.")
    terms = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 8, "cols": 100}), strip=False,
        help_text="YAML list of glossary terms (name, aliases, anchor, definition).")
    comment = forms.CharField(max_length=300, required=False,
                              help_text="What changed and why, for the history.")
    # The revision the edit was based on: without it a save could overwrite a newer one.
    base_revision = forms.IntegerField(widget=forms.HiddenInput, min_value=1, error_messages={
        "required": "This edit does not say which revision it was based on.",
        "invalid": "This edit does not say which revision it was based on."})

    @classmethod
    def initial_from(cls, revision):
        return {"title": revision.title, "summary": revision.summary, "order": revision.order,
                "body": revision.body, "parameters": _yaml_text(revision.parameters),
                "terms": _yaml_text(revision.terms), "base_revision": revision.number}

    def _clean_yaml(self, name, empty, check):
        value, problems = parse_yaml_field(self.cleaned_data.get(name) or "", name)
        if problems:
            raise forms.ValidationError([f"line {p.line}: {p.message}" for p in problems])
        value = empty if value is None else value
        problems = check(value, None, name)
        if problems:
            raise forms.ValidationError([f"{p.field}: {p.message}" for p in problems])
        return value

    def clean_parameters(self):
        return self._clean_yaml("parameters", {}, check_parameters)

    def clean_terms(self):
        return self._clean_yaml("terms", [], check_terms)

    def clean_body(self):
        body = self.cleaned_data["body"].replace("\r\n", "\n")
        return body if body.endswith("\n") else body + "\n"

    def source(self):
        data = self.cleaned_data
        return ArticleSource(title=data["title"].strip(), body=data["body"],
                             order=data.get("order") or 0, summary=data.get("summary", "").strip(),
                             parameters=data["parameters"], terms=data["terms"])

    def add_problems(self, problems):
        """Attach content problems to the form field each one names."""
        for problem in problems:
            name = problem.field.split("[")[0].split(".")[0]
            name = name if name in self.fields else None
            where = f"line {problem.line}: " if problem.line else ""
            detail = f"{problem.field}: " if name and problem.field != name else ""
            self.add_error(name, f"{where}{detail}{problem.message}")


class NewArticleForm(ArticleForm):
    slug = forms.SlugField(max_length=MAX_SLUG_CHARS, help_text="Lowercase words joined by hyphens; "
                           "it becomes the article's address and cannot change later.")
    field_order = ["slug", "title", "summary", "order", "body", "parameters", "terms", "comment"]
    base_revision = None  # a new article has no revision to be based on

    def __init__(self, *args, format=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.format = format

    def clean_slug(self):
        slug = self.cleaned_data["slug"]
        if not SLUG_RE.match(slug):
            raise forms.ValidationError("Use lowercase letters, digits and single hyphens.")
        if Article.objects.filter(format=self.format, slug=slug).exists():
            raise forms.ValidationError(f"An article '{self.format.slug}/{slug}' already exists.")
        return slug
