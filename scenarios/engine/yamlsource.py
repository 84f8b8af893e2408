"""YAML with line numbers: every value's path (`setup.players.A.lp`) maps to its line."""
import yaml

from .errors import ScenarioError

# libyaml's parser when PyYAML was built with it: the same nodes and marks, much faster.
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class LazyLines:
    """Line numbers by dotted path, worked out only when something asks for one.

    Reading the data is fast with libyaml; mapping every value to its line is the
    slow part, and only an error message or a replay report needs it.
    """

    def __init__(self, text, file):
        self.text, self.file, self._lines = text, file, None

    def _load(self):
        if self._lines is None:
            self._lines = compose_with_lines(self.text, self.file)[1]
        return self._lines

    def get(self, path, default=None):
        return self._load().get(path, default)

    def __getitem__(self, path):
        return self._load()[path]

    def __contains__(self, path):
        return path in self._load()


class _StrictLoader(LOADER):
    """libyaml-backed loading that still refuses a key written twice in one mapping."""

    def construct_mapping(self, node, deep=False):
        keys = [key.value for key, _ in node.value if isinstance(key, yaml.ScalarNode)]
        if len(keys) != len(set(keys)):
            raise yaml.constructor.ConstructorError(None, None, "duplicate key", node.start_mark)
        return super().construct_mapping(node, deep)


def load_lazily(text, file=None):
    """Parse YAML text fast; returns (data, LazyLines). Errors are reported with their line."""
    try:
        data = yaml.load(text, Loader=_StrictLoader)
    except yaml.YAMLError:
        return compose_with_lines(text, file)  # raises the ScenarioError with its line
    return data, LazyLines(text, file)


def compose_with_lines(text, file=None):
    """Parse YAML text; returns (data, lines) where lines maps dotted paths to 1-based lines."""
    try:
        node = yaml.compose(text, Loader=LOADER)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        raise ScenarioError(f"invalid YAML: {getattr(exc, 'problem', None) or exc}", file, line,
                            "yaml") from None
    lines = {}
    if node is None:
        return None, lines
    try:
        return _convert(node, "", lines, file), lines
    except ScenarioError as error:
        raise error.at(file) from None


def _convert(node, path, lines, file):
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        result = {}
        for key_node, value_node in node.value:
            key = _scalar(key_node)
            if not isinstance(key, (str, int)):
                raise ScenarioError("mapping keys must be plain names", file,
                                    key_node.start_mark.line + 1, path or "yaml")
            if key in result:
                raise ScenarioError(f"duplicate key '{key}'", file, key_node.start_mark.line + 1,
                                    f"{path}.{key}" if path else str(key))
            child = f"{path}.{key}" if path else str(key)
            result[key] = _convert(value_node, child, lines, file)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_convert(item, f"{path}[{i}]", lines, file) for i, item in enumerate(node.value)]
    return _scalar(node)


_constructor = yaml.constructor.SafeConstructor()


def _scalar(node):
    try:
        return _constructor.construct_object(node, deep=True)
    except yaml.YAMLError as exc:
        raise ScenarioError(f"invalid YAML value: {getattr(exc, 'problem', None) or exc}", None,
                            node.start_mark.line + 1, "yaml") from None
