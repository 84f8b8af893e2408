"""Where the engine's source refuses a step, read with `ast`: which (rule, reason code) pairs
each module can raise. The site reads a code's anchors from the Reason enum; the tests use this
reading of the source to hold the enum to what the engine really does.
"""
import ast
import inspect
from functools import lru_cache
from pathlib import Path

from scenarios.engine.vocabulary import Reason

ENGINE = Path(__file__).resolve().parent.parent.parent / "scenarios" / "engine"
ALL_CODES = frozenset(code.value for code in Reason)



@lru_cache(maxsize=None)
def _tree(path):
    return ast.parse(Path(path).read_text(encoding="utf-8"))


def _engine_files():
    return tuple(sorted(p for p in ENGINE.rglob("*.py") if "__pycache__" not in p.parts))


def files_run_by(ruleset):
    """The core engine modules, and the ruleset modules its classes come from."""
    core = {p for p in ENGINE.glob("*.py")}
    own = {Path(inspect.getsourcefile(c)).resolve() for c in ruleset.__mro__ if c is not object}
    return core | {p for p in own if p.parent.name == "rulesets"}


def _functions(tree):
    """Every function of a module (methods included) with its enclosing parents."""
    found = []

    def visit(node, parents):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found.append(child)
            visit(child, parents + [child])

    visit(tree, [])
    return found


def _constants(node):
    """The string constants (or None) an expression can evaluate to, if it is that simple."""
    if isinstance(node, ast.Constant) and (node.value is None or isinstance(node.value, str)):
        return {node.value}
    if isinstance(node, ast.IfExp):
        body, orelse = _constants(node.body), _constants(node.orelse)
        return body | orelse if body is not None and orelse is not None else None
    return None


@lru_cache(maxsize=None)
def _index():
    """What the rule resolution needs from every engine module: functions by name, calls by
    name, module-level assignments."""
    defs, calls, module_values = {}, {}, {}
    for path in _engine_files():
        tree = _tree(path)
        for fn in _functions(tree):
            defs.setdefault(fn.name, []).append(fn)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else \
                    func.id if isinstance(func, ast.Name) else None
                if name:
                    calls.setdefault(name, []).append(node)
        for node in tree.body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                    isinstance(node.targets[0], ast.Name):
                module_values[(path, node.targets[0].id)] = node.value
    return defs, calls, module_values


def _parameter_values(fn, name):
    """Constants a parameter of `fn` receives: its default and what its callers pass."""
    params = [a.arg for a in fn.args.args]
    if name not in params:
        return None
    found = set()
    position = params.index(name)
    defaults = fn.args.defaults
    offset = len(params) - len(defaults)
    if position >= offset:
        found |= _constants(defaults[position - offset]) or set()
    method = params[:1] == ["self"]
    _, calls, _ = _index()
    for call in calls.get(fn.name, []):
        index = position - 1 if method else position
        if 0 <= index < len(call.args):
            found |= _constants(call.args[index]) or set()
        for keyword in call.keywords:
            if keyword.arg == name:
                found |= _constants(keyword.value) or set()
    return found


def _returned_constants(method_name):
    defs, _, _ = _index()
    found = set()
    for fn in defs.get(method_name, []):
        for node in ast.walk(fn):
            if isinstance(node, ast.Return) and node.value is not None:
                found |= _constants(node.value) or set()
    return found


def _assignment_of(fn, name):
    """The value assigned to local `name` in `fn` (and the target tuple's names, if unpacked)."""
    for node in ast.walk(fn):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name) and target.id == name:
                return node.value, None
            if isinstance(target, ast.Tuple) and any(
                    isinstance(e, ast.Name) and e.id == name for e in target.elts):
                return node.value, [e.id if isinstance(e, ast.Name) else None
                                    for e in target.elts]
    return None, None


def _pairs_from_table(path, value, names, rule_name, reason_name):
    """(rule, code) pairs when both come unpacked from a module-level table of tuples."""
    if not isinstance(value, ast.Subscript) or not isinstance(value.value, ast.Name):
        return None
    _, _, module_values = _index()
    table = module_values.get((path, value.value.id))
    rows = table.values if isinstance(table, ast.Dict) else \
        table.elts if isinstance(table, (ast.List, ast.Tuple)) else []
    pairs = set()
    for row in rows:
        if isinstance(row, ast.Tuple) and len(row.elts) == len(names):
            rule = _constants(row.elts[names.index(rule_name)])
            code = _constants(row.elts[names.index(reason_name)])
            if rule and code:
                pairs |= {(r, c) for r in rule for c in code if c}
    return pairs


def _rule_values(path, fn, node):
    """The rule names (or None) an `illegal` call's rule argument can be."""
    direct = _constants(node)
    if direct is not None:
        return direct
    if not isinstance(node, ast.Name) or fn is None:
        return set()
    values = _parameter_values(fn, node.id)
    if values is not None:
        return values
    value, _ = _assignment_of(fn, node.id)
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute):
        return _returned_constants(value.func.attr)
    return _constants(value) or set() if value is not None else set()


def _tuple_pairs(tree, codes):
    """(rule, code) from tuples `(rule or None, code, message)` a module hands to
    `illegal(*problem)`."""
    pairs = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Tuple) and len(node.elts) >= 2:
            rule, code = _constants(node.elts[0]), _constants(node.elts[1])
            if rule is not None and code and all(c in codes for c in code):
                pairs |= {(r, c) for r in rule for c in code}
    return pairs


@lru_cache(maxsize=None)
def raise_sites(path, codes=frozenset()):
    """Every (rule name or None, reason code) a module can refuse a step with. `codes` are the
    known reason codes, for the tuples a module returns to `illegal(*problem)`."""
    path = Path(path)
    tree = _tree(path)
    pairs = set()

    def visit(node, fn):
        for child in ast.iter_child_nodes(node):
            inner = child if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else fn
            if isinstance(child, ast.Call):
                func = child.func
                if isinstance(func, ast.Name) and func.id == "IllegalAction" and child.args:
                    pairs.update((None, c) for c in _constants(child.args[0]) or () if c)
                elif isinstance(func, ast.Attribute) and func.attr == "illegal" and \
                        (fn is None or fn.name != "illegal"):
                    pairs.update(_illegal_call(path, fn, child, codes))
            visit(child, inner)

    visit(tree, None)
    return frozenset(pairs)


def _illegal_call(path, fn, call, codes):
    args = list(call.args)
    if args and isinstance(args[0], ast.Starred):
        return _tuple_pairs(_tree(path), codes)
    keywords = {k.arg: k.value for k in call.keywords}
    rule = args[0] if args else keywords.get("rule")
    reason = args[1] if len(args) > 1 else keywords.get("reason")
    if rule is None or reason is None:
        return set()
    found = _constants(reason)
    if found is None and isinstance(reason, ast.Name) and isinstance(rule, ast.Name) and fn:
        value, names = _assignment_of(fn, reason.id)
        if names and rule.id in names:
            return _pairs_from_table(path, value, names, rule.id, reason.id) or set()
        return set()
    return {(r, c) for r in _rule_values(path, fn, rule) for c in found or () if c}


def code_anchors(ruleset):
    """{reason code: (sorted rule anchors, raised without a rule too)} for one ruleset."""
    codes = frozenset(ruleset.REASON_CODES)
    rules = getattr(ruleset, "RULES", {})
    found = {}
    for path in sorted(files_run_by(ruleset)):
        for rule, code in raise_sites(path, codes):
            anchors, bare = found.get(code, (set(), False))
            if rule is None:
                bare = True
            elif rule in rules:
                anchors = anchors | {rules[rule].anchor}
            found[code] = (anchors, bare)
    return {code: (sorted(anchors), bare) for code, (anchors, bare) in found.items()}




def codes_raised_in(path):
    """Every reason code a module raises or keeps as data for a refusal: the codes of its raise
    sites, and the reason codes written in its tuples (the tables it refuses from)."""
    tuples = {e.value for node in ast.walk(_tree(Path(path))) if isinstance(node, ast.Tuple)
              for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)}
    return {code for _, code in raise_sites(Path(path), ALL_CODES)} | (tuples & ALL_CODES)
