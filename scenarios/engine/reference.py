"""The scenario reference, generated from the engine: what each format lets a scenario say.

`reference()` returns plain data (lists, dicts, strings) built only from the declarations the
engine already keeps (each ruleset's STEP_VERBS, SETUP_FIELDS, PLAYER_FIELDS, CARD_FIELDS,
EXPECT_KEYS, CARD_FACTS and REASON_CODES with their MEANINGS; the catalog's card fields and the
effect primitives) and from the engine's own source, read with `ast`:

- a step's options are the fields of the step its `do_<verb>` handler reads (`action.target`...),
  following the handler into the methods it hands the step to;
- a reason code's rule anchors are the Rules passed with it to `illegal(rule, reason, ...)`; a
  code raised with no rule (`illegal(None, ...)`, `IllegalAction(...)`) is "core mechanics".

Nothing here is written by hand, so the reference cannot drift from what the engine does.
Pure Python, like the rest of the engine.
"""
import ast
import inspect
import textwrap
from functools import lru_cache
from pathlib import Path

ENGINE = Path(__file__).resolve().parent

# Step fields every step may carry, whatever its verb.
COMMON_STEP_OPTIONS = ("player", "illegal")
# Attributes of a parsed step (scenario.Action) -> the step option it comes from.
ACTION_OPTIONS = {"target": ("target",), "targets": ("target", "targets"), "choose": ("choose",),
                  "select": ("select",), "tributes": ("tributes",), "materials": ("materials",),
                  "position": ("position",), "stop_at": ("stop_at",), "to": ("to",)}
CORE_MECHANICS = "core mechanics"


# --- reading the engine's source ---------------------------------------------------------------

@lru_cache(maxsize=None)
def _tree(path):
    return ast.parse(Path(path).read_text(encoding="utf-8"))


def _engine_files():
    return tuple(sorted(p for p in ENGINE.rglob("*.py") if "__pycache__" not in p.parts))


def files_run_by(ruleset):
    """The core engine modules, and the ruleset modules its classes (and the classes of the
    parts it holds, its COMPONENTS) come from."""
    core = {p for p in ENGINE.glob("*.py")}
    classes = (*ruleset.__mro__, *getattr(ruleset, "COMPONENTS", {}).values())
    own = {Path(inspect.getsourcefile(c)).resolve() for c in classes if c is not object}
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


# --- steps and their options ---------------------------------------------------------------

def _owner(cls, name):
    return next((k for k in cls.__mro__ if name in vars(k)), None)


def _function_node(function):
    try:
        source = textwrap.dedent(inspect.getsource(function))
    except (OSError, TypeError):
        return None
    node = ast.parse(source).body[0]
    return node if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else None


def _part(ruleset, receiver):
    """The class a call's receiver `self.<name>` stands for: one of the ruleset's parts (its
    COMPONENTS), or, from within a part, the ruleset itself (`self.duel`)."""
    if not (isinstance(receiver, ast.Attribute) and isinstance(receiver.value, ast.Name) and
            receiver.value.id == "self"):
        return None
    if receiver.attr == "duel":
        return ruleset
    return getattr(ruleset, "COMPONENTS", {}).get(receiver.attr)


def _reads(cls, owner, name, param, seen, ruleset=None):
    """Attributes of the step `param` that the method `name` (as defined in `owner` or after it
    in cls's MRO) reads, following the calls that hand the step on, into the ruleset's parts
    too (`cls` is the class `self` is in the method: the ruleset or one of its parts)."""
    ruleset = ruleset or cls
    mro = cls.__mro__
    start = mro.index(owner) if owner in mro else 0
    holder = next((k for k in mro[start:] if name in vars(k)), None)
    if holder is None or (holder, name, param) in seen:
        return set()
    seen.add((holder, name, param))
    node = _function_node(vars(holder)[name])
    if node is None:
        return set()
    found = set()
    for child in ast.walk(node):
        if isinstance(child, ast.Attribute) and isinstance(child.value, ast.Name) and \
                child.value.id == param:
            found.add(child.attr)
        if not isinstance(child, ast.Call) or not isinstance(child.func, ast.Attribute):
            continue
        receiver = child.func.value
        callee_cls = cls
        if isinstance(receiver, ast.Name) and receiver.id == "self":
            callee_owner = cls
        elif isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Name) and \
                receiver.func.id == "super" and holder in mro:
            following = mro[mro.index(holder) + 1:]
            callee_owner = following[0] if following else None
        elif _part(ruleset, receiver) is not None:
            callee_cls = callee_owner = _part(ruleset, receiver)
        else:
            continue
        callee = child.func.attr
        target = _owner(callee_owner, callee) if callee_owner else None
        if target is None:
            continue
        callee_node = _function_node(vars(target)[callee])
        if callee_node is None:
            continue
        names = [a.arg for a in callee_node.args.args][1:]
        for index, arg in enumerate(child.args):
            if isinstance(arg, ast.Name) and arg.id == param and index < len(names):
                found |= _reads(callee_cls, target, callee, names[index], seen, ruleset)
        for keyword in child.keywords:
            if isinstance(keyword.value, ast.Name) and keyword.value.id == param and keyword.arg:
                found |= _reads(callee_cls, target, callee, keyword.arg, seen, ruleset)
    return found


def step_options(ruleset, verb):
    """The step fields (beyond player and illegal) a format's `verb` step reads."""
    name = f"do_{verb}"
    owner = _owner(ruleset, name)
    if owner is None:
        return []
    node = _function_node(vars(owner)[name])
    params = [a.arg for a in node.args.args][1:] if node is not None else []
    if not params:
        return []
    read = _reads(ruleset, owner, name, params[0], set())
    return sorted({option for attr in read for option in ACTION_OPTIONS.get(attr, ())})


def step_value(verb):
    """What a step's verb is given: a card id, `true`, a phase or a number of turns."""
    from .scenario import parse_step

    for value, meaning in (("some-card", "a card id"), (1, "a number of turns"), (True, "true")):
        try:
            parse_step({"player": "A", verb: value}, "steps[0]", {}, None)
            return "a phase name" if verb == "phase" else meaning
        except Exception:  # noqa: BLE001 - the parser refuses the shapes it does not take
            continue
    return "a value"


# --- the reference -----------------------------------------------------------------------------

def format_reference(slug, ruleset):
    """One format's vocabulary as plain data."""
    anchors = code_anchors(ruleset)
    codes = []
    for code, meaning in sorted(ruleset.REASON_CODES.items()):
        found, bare = anchors.get(code, ([], True))
        codes.append({"code": code, "meaning": meaning, "anchors": list(found),
                      "core_mechanics": bare or not found})
    return {
        "slug": slug,
        "steps": [{"verb": verb, "value": step_value(verb),
                   "options": step_options(ruleset, verb)} for verb in sorted(ruleset.STEP_VERBS)],
        "common_step_options": list(COMMON_STEP_OPTIONS),
        "setup_fields": sorted(ruleset.SETUP_FIELDS),
        "player_fields": sorted(ruleset.PLAYER_FIELDS),
        "card_fields": sorted(ruleset.CARD_FIELDS),
        "expect_keys": list(ruleset.EXPECT_KEYS),
        "card_facts": list(ruleset.CARD_FACTS),
        "reason_codes": codes,
    }


def scenario_card_reference():
    """What a card of a scenario's `cards:` (or of the catalog) may say."""
    from .cards import ATTRIBUTES, CARD_KEYS, KINDS, MAX_CARD_NAME, MAX_SCENARIO_CARDS
    from .primitives import COSTS, PRIMITIVES

    return {"fields": sorted(CARD_KEYS),
            "kinds": {kind: sorted(subtypes) for kind, subtypes in sorted(KINDS.items())},
            "attributes": sorted(ATTRIBUTES),
            "primitives": sorted(PRIMITIVES), "costs": sorted(COSTS),
            "max_cards": MAX_SCENARIO_CARDS, "max_name_length": MAX_CARD_NAME}


@lru_cache(maxsize=None)
def _reference():
    from .rulesets import RULESETS
    from .scenario import TOP_KEYS

    return {"scenario_fields": sorted(TOP_KEYS),
            "scenario_cards": scenario_card_reference(),
            "core_mechanics": CORE_MECHANICS,
            "formats": [format_reference(slug, ruleset) for slug, ruleset in RULESETS.items()]}


def reference():
    """The whole reference: scenario fields, scenario cards and every format's vocabulary.

    Plain data, ready for JSON; a fresh copy each call."""
    import copy

    return copy.deepcopy(_reference())
