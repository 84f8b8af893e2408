"""What the engine's own source says about steps, read with `ast`: for documentation and for
the tests that hold the declared vocabulary to the code, never for checking a scenario.

- `options_read`: the fields of the parsed step (scenario.Action) that a format's `do_<verb>`
  handler reads, following it into the methods it hands the step to (its own, its base
  classes' and its ruleset's parts). Each format declares its steps' options (STEP_OPTIONS,
  vocabulary.formats), and tests/engine/test_step_options.py checks the declaration against
  this reading, so a handler that starts reading a new option cannot go undeclared.
- `refusal_order`: the reason codes that can refuse a step, in the order the engine checks
  them, for the scenario reference (when several rules would refuse a step, the first one
  checked names the refusal).

Pure Python, like the rest of the engine.
"""
from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

# A method's syntax tree, as _function_node reads it.
FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef

# Attributes of a parsed step (scenario.Action) -> the step option it comes from.
ACTION_OPTIONS = {"target": ("target",), "targets": ("target", "targets"), "choose": ("choose",),
                  "select": ("select",), "tributes": ("tributes",), "materials": ("materials",),
                  "position": ("position",), "stop_at": ("stop_at",), "to": ("to",),
                  "ability": ("ability",)}

def _owner(cls: type, name: str) -> type | None:
    return next((k for k in cls.__mro__ if name in vars(k)), None)


@lru_cache(maxsize=None)
def _module_functions(path: str) -> dict[int, FunctionNode]:
    """Every function of a source file by its first line (its first decorator's, if any): the
    file is parsed once, however many of its methods are read."""
    try:
        tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return {}
    found: dict[int, FunctionNode] = {}
    nodes: list[ast.stmt] = list(tree.body)
    while nodes:  # the module's functions and its classes' methods (not functions within them)
        node = nodes.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found[min([node.lineno, *(d.lineno for d in node.decorator_list)])] = node
        elif isinstance(node, (ast.ClassDef, ast.If)):
            nodes.extend(node.body)
    return found


def _function_node(function: object) -> FunctionNode | None:
    """The syntax tree of a function or method (a staticmethod's too), or None."""
    function = getattr(function, "__func__", function)
    code = getattr(function, "__code__", None)
    if code is None:
        return None
    return _module_functions(code.co_filename).get(code.co_firstlineno)


def _after(mro: tuple[type, ...], holder: type, name: str) -> type | None:
    """The class `super().<name>` reaches from a method of `holder`: the next one after it in
    the MRO of the object's class that defines `name` (a mixin's own MRO would stop short)."""
    if holder not in mro:
        return None
    return next((k for k in mro[mro.index(holder) + 1:] if name in vars(k)), None)


def _part(ruleset: type, receiver: ast.expr) -> type | None:
    """The class a call's receiver `self.<name>` stands for: one of the ruleset's parts (its
    COMPONENTS), or, from within a part, the ruleset itself (`self.duel`)."""
    if not (isinstance(receiver, ast.Attribute) and isinstance(receiver.value, ast.Name) and
            receiver.value.id == "self"):
        return None
    if receiver.attr == "duel":
        return ruleset
    return getattr(ruleset, "COMPONENTS", {}).get(receiver.attr)


def _reads(cls: type, owner: type | None, name: str, param: str,
           seen: set[tuple[type, str, str]], ruleset: type | None = None) -> set[str]:
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
    found: set[str] = set()
    for child in ast.walk(node):
        if isinstance(child, ast.Attribute) and isinstance(child.value, ast.Name) and \
                child.value.id == param:
            found.add(child.attr)
        if not isinstance(child, ast.Call) or not isinstance(child.func, ast.Attribute):
            continue
        receiver = child.func.value
        callee_cls = cls
        if isinstance(receiver, ast.Name) and receiver.id == "self":
            callee_owner: type | None = cls
        elif isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Name) and \
                receiver.func.id == "super" and holder in mro:
            callee_owner = _after(mro, holder, child.func.attr)
        elif (part := _part(ruleset, receiver)) is not None:
            callee_cls = callee_owner = part
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


def options_read(ruleset: type, verb: str) -> tuple[str, ...]:
    """The step options (beyond player and illegal) the format's `do_<verb>` handler reads,
    sorted: what its STEP_OPTIONS must declare (tests/engine/test_step_options.py)."""
    name = f"do_{verb}"
    owner = _owner(ruleset, name)
    if owner is None:
        return ()
    node = _function_node(vars(owner)[name])
    params = [a.arg for a in node.args.args][1:] if node is not None else []
    if not params:
        return ()
    read = _reads(ruleset, owner, name, params[0], set())
    return tuple(sorted({option for attr in read for option in ACTION_OPTIONS.get(attr, ())}))


# --- the reason codes that can refuse a step, in the order the engine checks them -----------

def _ordered(node: ast.AST) -> Iterator[ast.AST]:
    """The nodes under `node` in the order the source writes them (ast.walk goes by levels)."""
    stack = list(reversed(list(ast.iter_child_nodes(node))))
    while stack:
        child = stack.pop()
        yield child
        stack.extend(reversed(list(ast.iter_child_nodes(child))))


def _code_raised(call: ast.Call) -> str | None:
    """The reason code a call refuses with, when it is written out: `self.illegal(rule,
    "code", message)` (also `self.duel.illegal`) or `IllegalAction("code", message)`."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else \
        func.id if isinstance(func, ast.Name) else None
    position = 1 if name == "illegal" else 0 if name == "IllegalAction" else None
    if position is None or len(call.args) <= position:
        return None
    arg = call.args[position]
    return arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None


# What a method does that matters to its refusals, in source order: ("code", code) for a refusal
# written out, ("self" | "super", method) or ("part", part name, method) for a call it makes.
Site = tuple[str, ...]


@lru_cache(maxsize=None)
def _sites(function: object) -> tuple[Site, ...]:
    node = _function_node(function)
    if node is None:
        return ()
    found: list[Site] = []
    for child in _ordered(node):
        if isinstance(child, ast.Constant) and isinstance(child.value, str):
            # A code kept in a tuple or returned for the caller to raise (illegal(*problem)).
            found.append(("word", child.value))
            continue
        if isinstance(child, ast.Name) and isinstance(child.ctx, ast.Load):
            found.append(("global", child.id))  # a module's table of (rule, code) rows
            continue
        if not isinstance(child, ast.Call):
            continue
        code = _code_raised(child)
        if code is not None:
            found.append(("code", code))
            continue
        if isinstance(child.func, ast.Name) and child.func.id != "getattr":
            found.append(("call", child.func.id))  # an engine function handed the duel
            continue
        if isinstance(child.func, ast.Name) and child.func.id == "getattr" and \
                len(child.args) >= 2 and isinstance(child.args[1], ast.Constant) and \
                isinstance(child.args[1].value, str):
            found.append(("self", child.args[1].value))  # a hook only some formats have
            continue
        if not isinstance(child.func, ast.Attribute):
            continue
        receiver, method = child.func.value, child.func.attr
        if isinstance(receiver, ast.Name) and receiver.id == "self":
            found.append(("self", method))
        elif isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Name) and \
                receiver.func.id == "super":
            found.append(("super", method))
        elif isinstance(receiver, ast.Attribute) and isinstance(receiver.value, ast.Name) and \
                receiver.value.id == "self":
            found.append(("part", receiver.attr, method))
        elif isinstance(receiver, ast.Name) and receiver.id == "duel":
            found.append(("part", "duel", method))  # a cost or primitive handed the duel
    return tuple(found)


# (ruleset, class of self, class holding the method, method) -> the words it can refuse with.
_METHOD_CODES: dict[tuple[type, type, type, str], tuple[str, ...]] = {}


def _codes(cls: type, owner: type | None, name: str, busy: set[tuple[type, type, str]],
           ruleset: type) -> tuple[str, ...]:
    """The words (reason codes among them) the method `name`, and the methods of the duel and
    its parts it calls, can refuse with, in the order the source checks them; each method's
    are worked out once per ruleset (a method already being worked out, in a cycle of calls,
    adds nothing more)."""
    mro = cls.__mro__
    start = mro.index(owner) if owner in mro else 0
    holder = next((k for k in mro[start:] if name in vars(k)), None)
    if holder is None or (cls, holder, name) in busy:
        return ()
    key = (ruleset, cls, holder, name)
    if key in _METHOD_CODES:
        return _METHOD_CODES[key]
    busy.add((cls, holder, name))
    found: list[str] = []
    function = vars(holder)[name]
    for site in _sites(function):
        if site[0] in ("code", "word"):
            found.append(site[1])
            continue
        if site[0] == "call":
            found.extend(_called_codes(function, site[1], busy, ruleset))
            continue
        if site[0] == "global":
            table = getattr(getattr(function, "__func__", function), "__globals__", {}).get(site[1])
            found.extend(_table_words(table))
            for handler in _table_functions(table):  # a registry: COSTS[name](duel, ...)
                found.extend(_handler_codes(handler, busy, ruleset))
            continue
        callee_cls: type | None = cls
        callee_owner: type | None = None
        if site[0] == "self":
            callee_owner = cls
        elif site[0] == "super":
            callee_owner = _after(mro, holder, site[-1])
        else:
            part = ruleset if site[1] == "duel" else \
                getattr(ruleset, "COMPONENTS", {}).get(site[1])
            callee_cls = callee_owner = part
        method = site[-1]
        target = _owner(callee_owner, method) if callee_owner else None
        if target is not None and callee_cls is not None:
            found.extend(_codes(callee_cls, target, method, busy, ruleset))
    busy.discard((cls, holder, name))
    _METHOD_CODES[key] = tuple(dict.fromkeys(found))
    return _METHOD_CODES[key]


def _table_functions(value: object) -> list[object]:
    """The functions a registry (a dict of name -> function, such as COSTS) holds, in order."""
    if not isinstance(value, dict):
        return []
    return [item for item in value.values() if callable(item) and hasattr(item, "__code__")]


def _handler_codes(function: object, busy: set[tuple[type, type, str]],
                   ruleset: type) -> list[str]:
    """The words a registered function (a cost, handed the duel) can refuse with: its own, and
    those of the duel's methods it calls."""
    found: list[str] = []
    for site in _sites(function):
        if site[0] in ("code", "word"):
            found.append(site[1])
        elif site[0] == "call":
            found.extend(_called_codes(function, site[1], busy, ruleset))
        elif site[0] == "part" and site[1] == "duel":
            target = _owner(ruleset, site[-1])
            if target is not None:
                found.extend(_codes(ruleset, target, site[-1], busy, ruleset))
    return found


_FOLLOWED: set[object] = set()  # engine functions being read, so a cycle of calls ends


def _called_codes(caller: object, name: str, busy: set[tuple[type, type, str]],
                  ruleset: type) -> list[str]:
    """The words an engine function that `caller` calls by `name` can refuse with (a plain
    function of the engine, such as a check a primitive shares; not a class or a builtin)."""
    callee = getattr(getattr(caller, "__func__", caller), "__globals__", {}).get(name)
    module = getattr(callee, "__module__", "") or ""
    if not hasattr(callee, "__code__") or not module.startswith("scenarios.engine") or \
            callee in _FOLLOWED:
        return []
    _FOLLOWED.add(callee)
    try:
        return _handler_codes(callee, busy, ruleset)
    finally:
        _FOLLOWED.discard(callee)


def _table_words(value: object, depth: int = 0) -> Iterator[str]:
    """The strings of a module-level table (a tuple, list or dict of rows), in its order."""
    if isinstance(value, str):
        yield value
    elif depth < 3 and isinstance(value, (tuple, list)):
        for item in value:
            yield from _table_words(item, depth + 1)
    elif depth < 3 and isinstance(value, dict):
        for key, item in value.items():
            yield from _table_words(key, depth + 1)
            yield from _table_words(item, depth + 1)


_REFUSALS: dict[tuple[type, str], tuple[str, ...]] = {}


def refusal_order(ruleset: type, verb: str) -> tuple[str, ...]:
    """The reason codes of the format that can refuse a `verb` step, in the order the engine
    checks them: the checks every step goes through first (`perform`), then the step's own
    (`do_<verb>` and what it calls). When several rules would refuse a step, the refusal names
    the first of them that fails, so that is the code `illegal:` must give.

    Read from the source: a refusal written out (`self.illegal(rule, "code", ...)`), or a code
    the method names (in a row it hands to `illegal(*row)`, or in a module's table of rows)."""
    key = (ruleset, verb)
    if key not in _REFUSALS:
        declared = {str(code) for code in getattr(ruleset, "REASON_CODES", ())}
        found = [*_codes(ruleset, None, "perform", set(), ruleset),
                 *_codes(ruleset, None, f"do_{verb}", set(), ruleset)]
        _REFUSALS[key] = tuple(dict.fromkeys(c for c in found if c in declared))
    return _REFUSALS[key]
