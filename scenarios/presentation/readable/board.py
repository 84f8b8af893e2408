"""The duel as an SVG picture, drawn from a replay's state (pure Python, no Django).

`board_svg(state, format_slug, catalog)` takes one state of a replay (`Replay.initial_state`
or a step's `state`: the engine's snapshot plus the format's additions) and returns an
`<svg>` element a page can inline. Every player's side is drawn as a stack of rows, one side
under the other, so the picture stays readable on a 390 px phone screen:

    turn, phase, turn player, priority; the result; the attack; the chain with its links
    per side (a Tag Team Phalanx team, or a player): name, LP (team LP and FP where shared)
        Monster Zones (Kingdom Duels: the Frontrow with a Terrain under each zone;
                       Phalanx: the team's Front Line and Back Line)
        Spell & Trap Zones
        Field Zone, Deck Master Position or Extra Monster Zone, Rule Zone,
        Graveyard, Banished or Eroded, Deck, Extra Deck
        Hand (the cards the scenario names, and a count of unnamed ones)

With two sides Player A (or its team) is below and the other side above, drawn mirrored (its
Monster Zones at the bottom), so the two fields face each other as on a table. Each card shape is focusable (`tabindex="0"`), names its
card id in `data-card` and carries its text in a `<title>`; a page script can show that text
on tap. Card ids never appear as visible text.
"""
from xml.sax.saxutils import escape, quoteattr

from rulings.knowledge.registries import card_url
from scenarios.formats import format_or_core


SVG_NS = "http://www.w3.org/2000/svg"

WIDTH = 400
MARGIN = 4  # around each side's panel
PAD = 5  # inside a panel
INNER = WIDTH - 2 * MARGIN - 2 * PAD
GAP = 3
COLUMN = INNER + 14  # a wide board's second column starts this far right of the first
WIDE_WIDTH = WIDTH + COLUMN
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"

MONSTER_H = 98
SPELL_H = 62
TERRAIN_H = 15
LABEL_SIZE = 8
LABEL_LINE = 10
CHIP_H = 17

INK = "#1d1b16"
MUTED = "#5f5a50"
PANEL = "#faf8f3"
PANEL_EDGE = "#d6cfbf"
TURN_EDGE = "#a3322e"
EMPTY_EDGE = "#bdb6a6"
BACK_FILL = "#5a3b28"  # a face-down card's back
BACK_INK = "#fff4e2"
KIND_FILLS = {
    ("monster", "normal"): "#f1dc98", ("monster", "effect"): "#efb47c",
    ("monster", "fusion"): "#cdb6e2", ("monster", "ritual"): "#acc9ee",
    ("monster", "synchro"): "#eeeeea", ("monster", "xyz"): "#b9b9b4",
    ("monster", "link"): "#93b9df", ("monster", "token"): "#dedbd3",
    ("monster", "alter"): "#e4c29c", ("monster", "integration"): "#b8dcc0",
    "monster": "#efb47c", "spell": "#a3d9c2", "trap": "#e6adc9", "rule": "#c9d3e1",
}
TERRAIN_FILLS = {"Land": "#e3d2a8", "Forest": "#a9d18e", "Mountain": "#c7c3bb",
                 "Ocean": "#9cc7e4", "Desert": "#f0d98c"}
PHASE_NAMES = {"draw": "Draw Phase", "standby": "Standby Phase", "main1": "Main Phase 1",
               "battle": "Battle Phase", "main2": "Main Phase 2", "end": "End Phase",
               "setup": "Setup Phase"}
# A focused card (tapped, or reached with Tab) is outlined; scoped to the board's class.
FOCUS_STYLE = (".duel-board .card{cursor:pointer}.duel-board .card:focus{outline:none}"
               ".duel-board .card:focus>rect:first-of-type{stroke:#0b57d0;stroke-width:2.5}")
MODE_NAMES = {"tag": "Tag Duel", "boss": "Boss Duel", "battle_royale": "Battle Royale"}

# A board stays small whatever the scenario holds: a hand shows this many of its named cards
# (then "and 96 more"), and a card's text on hover or tap is cut after this many characters
# (catalog texts are far shorter; a scenario's own card may be long, and its full text is on the
# scenario's page). Piles already show only what fits their box.
HAND_SHOWN = 24
TITLE_TEXT = 800


def board_zones(format_slug):
    """The zone labels a board of this format shows (every one, even when empty)."""
    return list(format_or_core(format_slug).board.zone_labels)


# --- text -----------------------------------------------------------------------------------

# Advance widths (in ems) of DejaVu Sans, a wide sans-serif: estimating with it keeps text
# inside its shapes in narrower fonts too (no font metrics are at hand when drawing).
_WIDTHS = dict(zip(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,:;'-()&/+!?·→…",
    [0.613, 0.635, 0.55, 0.635, 0.615, 0.352, 0.635, 0.634, 0.278, 0.278, 0.579, 0.278, 0.974,
     0.634, 0.612, 0.635, 0.635, 0.411, 0.521, 0.392, 0.634, 0.592, 0.818, 0.592, 0.592, 0.525,
     0.684, 0.686, 0.698, 0.77, 0.632, 0.575, 0.775, 0.752, 0.295, 0.295, 0.656, 0.557, 0.863,
     0.748, 0.787, 0.603, 0.787, 0.695, 0.635, 0.611, 0.732, 0.684, 0.989, 0.685, 0.611, 0.685]
    + [0.636] * 10 + [0.318, 0.318, 0.318, 0.337, 0.337, 0.275, 0.361, 0.39, 0.39, 0.78, 0.337,
                      0.838, 0.4, 0.531, 0.318, 0.838, 1.0]))


def text_width(text, size, bold=False):
    """An estimate of a line's width in user units."""
    width = sum(_WIDTHS.get(char, 0.62) for char in str(text)) * size
    return width * 1.1 if bold else width


def wrap(text, width, size, bold=False):
    """Greedy word wrap; a word wider than the line stays whole on its own line."""
    lines, line = [], ""
    for word in str(text).split():
        candidate = f"{line} {word}" if line else word
        if not line or text_width(candidate, size, bold) <= width:
            line = candidate
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines or [""]


def fit(text, width, size, max_lines, smallest=6.5, bold=False):
    """Wrap `text` in at most `max_lines` lines, shrinking the font as far as `smallest`;
    the lines hold every word (nothing is cut), so the whole name stays readable."""
    while True:
        lines = wrap(text, width, size, bold)
        if (len(lines) <= max_lines and all(text_width(l, size, bold) <= width for l in lines)) or \
                size <= smallest:
            return lines, size
        size = round(size - 0.5, 1)


def shortened(text, limit):
    """`text` whole when it has at most `limit` characters, else cut at a word and marked."""
    if len(text) <= limit:
        return text
    return text[:limit].rsplit(" ", 1)[0].rstrip(" ,.;:") + "…"


def ellipsize(text, width, size, bold=False):
    """`text` cut to fit `width` with "…", measured as `text_width` measures it, in one pass
    (names run to 100 characters, and shortening one character at a time cost a board 10 ms)."""
    if text_width(text, size, bold) <= width:
        return text
    ellipsis = _WIDTHS["…"]
    ems, kept = 0, 0
    for char in text:
        ems += _WIDTHS.get(char, 0.62)
        if (ems + ellipsis) * size * (1.1 if bold else 1) > width:
            break
        kept += 1
    return text[:kept].rstrip() + "…"


def words(key):
    """A data key as words: `battle_lock` -> `battle lock`."""
    return str(key).replace("_", " ")


def number(value):
    return str(value) if value is not None else "?"


class Svg:
    """A list of SVG fragments with small helpers for the shapes used here."""

    def __init__(self, card_pages=False):
        self.parts = []
        # Whether a catalogued card carries its card page's address (`data-card-url`): on the
        # replay pages, never on a quiz question's board, where that page could give the
        # answer away.
        self.card_pages = card_pages

    def add(self, fragment):
        self.parts.append(fragment)

    def text(self, x, y, content, size=9, weight=None, anchor="start", fill=INK, italic=False):
        attrs = [f'x="{x:.1f}"', f'y="{y:.1f}"', f'font-size="{size:g}"']
        if weight:
            attrs.append(f'font-weight="{weight}"')
        if anchor != "start":
            attrs.append(f'text-anchor="{anchor}"')
        if fill != INK:
            attrs.append(f'fill="{fill}"')
        if italic:
            attrs.append('font-style="italic"')
        self.add(f"<text {' '.join(attrs)}>{escape(str(content))}</text>")

    def rect(self, x, y, w, h, fill="none", stroke=None, rx=3, dashed=False, width=1, opacity=None):
        attrs = [f'x="{x:.1f}"', f'y="{y:.1f}"', f'width="{max(w, 0):.1f}"',
                 f'height="{max(h, 0):.1f}"', f'rx="{rx}"', f'fill="{fill}"']
        if stroke:
            attrs.append(f'stroke="{stroke}" stroke-width="{width:g}"')
        if dashed:
            attrs.append('stroke-dasharray="3 2"')
        if opacity is not None:
            attrs.append(f'opacity="{opacity}"')
        self.add(f"<rect {' '.join(attrs)}/>")

    def open_card(self, card_id, title, label=None, name=None):
        """A focusable card shape: its id in data-card, its text in a <title>, and with
        `card_pages` the page of the catalogued card `name` in data-card-url."""
        attrs = ['class="card"', f"data-card={quoteattr(str(card_id))}", 'tabindex="0"']
        url = card_url(name) if self.card_pages and isinstance(name, str) else None
        if url:
            attrs.append(f"data-card-url={quoteattr(url)}")
        if label:
            attrs.append(f"aria-label={quoteattr(label)}")
        self.add(f"<g {' '.join(attrs)}><title>{escape(title)}</title>")

    def open_group(self, cls, title=None, **data):
        attrs = [f'class="{cls}"']
        attrs += [f"data-{k.replace('_', '-')}={quoteattr(str(v))}" for k, v in data.items()]
        if title:
            attrs.append('tabindex="0"')
        self.add(f"<g {' '.join(attrs)}>" + (f"<title>{escape(title)}</title>" if title else ""))

    def close(self):
        self.add("</g>")

    def __str__(self):
        return "".join(self.parts)


# --- what the board knows about each card ---------------------------------------------------

class Cards:
    """Card entries of the state by id, with the catalog's facts about each. `filler` holds
    the ids of the filler cards of a deck given as a count (the engine flags them)."""

    def __init__(self, state, format_slug, catalog, filler=()):
        self.catalog = catalog
        self.format = format_slug
        self.layout = format_or_core(format_slug).board
        self.filler = {str(card_id) for card_id in filler}
        self.where = {}  # id -> (player, zone, entry)
        for player, data in state.get("players", {}).items():
            for zone, entries in data.items():
                if isinstance(entries, list):
                    for entry in entries:
                        self.where[str(entry.get("id"))] = (player, zone, entry)
        masters = state.get("deck_masters") or {}
        self.deck_masters = {str(card_id) for card_id in masters.values() if card_id is not None}
        self.links = {}  # id -> the chain links it started
        for link in state.get("chain") or []:
            self.links.setdefault(str(link.get("card")), []).append(link)
        self.beneath = {}
        for player, zone, entry in self.where.values():
            if zone == "attached" and entry.get("attached_to") is not None:
                self.beneath.setdefault(str(entry["attached_to"]), []).append(entry["card"])

    def definition(self, name):
        return self.catalog.get(name) if self.catalog is not None else None

    def name_of(self, card_id):
        found = self.where.get(str(card_id))
        return found[2]["card"] if found else None

    def kind(self, entry):
        card = self.definition(entry["card"])
        return (card.kind, card.subtype) if card else ("monster", "effect")

    def fill(self, entry):
        kind, subtype = self.kind(entry)
        return KIND_FILLS.get((kind, subtype), KIND_FILLS.get(kind, "#e9e5da"))

    def kind_label(self, entry, short=False):
        card = self.definition(entry["card"])
        if card is None:
            return "Card"
        subtype = "-".join(part.capitalize() for part in card.subtype.split("-"))
        if card.kind == "rule" and short:  # on the card's face: "Field Setup", "Symbol"
            return subtype.replace("-", " ") if card.subtype != "normal" else "Normal Rule"
        if card.kind == "rule":
            label = f"{subtype.replace('-', ' ')} Rule Card" if card.subtype != "normal" \
                else "Normal Rule Card"
        else:
            label = f"{subtype} {card.kind.capitalize()}"
        if card.also:
            label += " (also " + ", ".join(words(a).replace(":", " ") for a in card.also) + ")"
        return label

    def about(self, entry):
        """A monster's Attribute, Type and Level in a short line: `DARK Fiend Lv 3`."""
        card = self.definition(entry["card"])
        if card is None or card.kind != "monster":
            return ""
        parts = [str(x) for x in (card.attribute, card.race) if x]
        if card.level is not None:
            parts.append(f"Lv {card.level}")
        return " ".join(parts)

    def title(self, entry, zone=None, controller=None):
        """The card's text on hover or tap: name, kind, stats, state, catalog text."""
        card = self.definition(entry["card"])
        lines = [f"{entry.get('label') or entry['card']} ({self.kind_label(entry)})"]
        if card is not None and card.kind == "monster":
            about = " ".join(str(x) for x in (card.attribute, card.race) if x)
            if card.level is not None:
                about += f"{', ' if about else ''}Level {card.level}"
            if about:
                lines.append(about)
        if "atk" in entry:
            stats = f"ATK {number(entry['atk'])} / DEF {number(entry.get('def'))}"
            if card is not None and (card.atk, card.defense) != (entry["atk"], entry.get("def")):
                stats += f" (printed {number(card.atk)} / {number(card.defense)})"
            lines.append(stats)
        elif card is not None and card.kind == "monster":
            lines.append(f"ATK {number(card.atk)} / DEF {number(card.defense)}")
        state = []
        if entry.get("face") == "down":
            state.append("face-down")
        if entry.get("position"):
            state.append(f"{entry['position']} position".capitalize()
                         if not state else f"{entry['position']} position")
        if state:
            lines.append(" ".join(state).capitalize())
        if entry.get("line"):
            lines.append(f"On the {entry['line'].capitalize()} Line")
        if controller and entry.get("owner") and entry["owner"] != controller:
            lines.append(f"Controlled by {controller}, owned by {entry['owner']}")
        elif controller and zone in ("monsters", "spell_trap") and \
                self.layout.team_layout == "shared-field":
            lines.append(f"Controlled by {controller}")
        if str(entry.get("id")) in self.deck_masters:
            lines.append("Deck Master")
        for key in ("equipped_to", "attached_to"):
            host = self.name_of(entry.get(key)) if entry.get(key) is not None else None
            if host:
                lines.append(f"{words(key).capitalize()} {host}")
        beneath = self.beneath.get(str(entry.get("id")))
        if beneath:
            lines.append("Beneath it: " + ", ".join(beneath))
        for link in self.links.get(str(entry.get("id")), []):
            lines.append(f"Chain Link {link.get('link')}, activated by {link.get('player')}"
                         + (" (negated)" if link.get("negated") else ""))
        for counter, value in sorted((entry.get("counters") or {}).items()):
            lines.append(f"{words(counter).capitalize()}: {value}")
        if card is not None and card.text:
            lines.append(shortened(card.text, TITLE_TEXT))
        if card is not None and getattr(card, "redefines_catalog_card", False):
            lines.append(self.redefinition(card))
        elif card is not None and getattr(card, "scenario_card", False):
            lines.append("A card defined for this scenario")
        ability = self.ability_text(entry)
        if ability:
            lines.append(ability)
        return "\n".join(lines)

    def redefinition(self, card):
        """The words for a scenario's own version of a catalog card, with the catalog's numbers
        where they differ."""
        base = getattr(self.catalog, "base", None)
        theirs = base.get(card.name) if base is not None else None
        text = f"This scenario's version of {card.name}, not the catalog's"
        if theirs is not None and theirs.kind == "monster" and \
                (theirs.atk, theirs.defense, theirs.level) != (card.atk, card.defense, card.level):
            text += (f" (the catalog's: ATK {number(theirs.atk)} / DEF {number(theirs.defense)}"
                     + (f", Level {theirs.level}" if theirs.level is not None else "") + ")")
        return text

    def redefines(self, entry):
        """Is the card the scenario's own version of a catalog card?"""
        card = self.definition(entry["card"])
        return bool(card is not None and getattr(card, "redefines_catalog_card", False))

    def ability_text(self, entry):
        if str(entry.get("id")) not in self.deck_masters:
            return None
        card = self.definition(entry["card"])
        return self.layout.ability_text(entry["card"], getattr(card, "abilities", ()) or ())

    def is_filler(self, entry):
        return str(entry.get("id")) in self.filler


# --- drawing one card -----------------------------------------------------------------------

def draw_card(svg, cards, entry, x, y, w, h, *, zone, controller, badges=(), format_slug=""):
    """A card in a zone: name, kind, stats, position, face, counters; focusable with its text."""
    down = entry.get("face") == "down"
    defense = entry.get("position") == "defense"
    is_monster_shape = "atk" in entry
    name = entry["card"]
    # A question's board tells copies of one card apart ("A's second Sangan"): `label`.
    shown = entry.get("label") or name
    label = f"{shown}, face-down" if down else shown
    svg.open_card(entry.get("id"), cards.title(entry, zone, controller), label, name)
    # A Defense Position monster lies sideways: a landscape shape in its zone.
    if is_monster_shape and defense:
        body_h = min(h, max(62, w * 0.72))
        by = y + (h - body_h) / 2
    else:
        body_h, by = h, y
    fill = BACK_FILL if down else cards.fill(entry)
    ink = BACK_INK if down else INK
    muted = "#e8d7bf" if down else MUTED
    svg.rect(x, by, w, body_h, fill=fill, stroke="#7c6f57" if not down else "#2e1e14", rx=4)
    if down:  # a card back: a plain inner frame
        svg.rect(x + 3, by + 3, w - 6, body_h - 6, fill="none", stroke="#8a6a4f", rx=3)
    for n, link in enumerate(cards.links.get(str(entry.get("id")), [])):
        # the chain link it started, numbered as in the chain panel, in the card's lower left
        # corner (clear of the name above and of the centred ATK/DEF)
        lx, ly = x + 8 + n * 13, by + body_h - 8
        svg.add(f'<circle cx="{lx:.1f}" cy="{ly:.1f}" r="6.5" fill="#1f4e79" '
                'stroke="#ffffff" stroke-width="1"/>')
        svg.text(lx, ly + 3, str(link.get("link")), 8, "bold", "middle", "#ffffff")
    inner = w - 6
    cx = x + w / 2
    # What the card shows besides its name, each with a rank: when the shape is crowded the
    # highest rank goes first (the face-down mark, position and counters stay longest).
    extras = []  # (rank, text, size, weight, fill, italic)
    if down:  # the face-down mark (with the position, for a monster) heads the card
        mark = hidden_word(format_slug) + (" · DEF" if is_monster_shape and defense else "")
        extras.append((0, mark, 8 if w >= 60 else 7, "bold", "#ffd9a0", False))
    elif is_monster_shape and defense:
        extras.append((1, "Defense Position", 7, "bold", "#1f4e79", False))
    for counter, value in sorted((entry.get("counters") or {}).items()):
        extras.append((1, f"{words(counter)} {value}", 7, "bold",
                       "#ffd9a0" if down else "#5b2a86", False))
    for badge in badges:
        extras.append((2, badge, 7, "bold", "#ffe7b0" if down else "#7a2c00", False))
    if not down and cards.redefines(entry):
        extras.append((2, "scenario's version", 6.5, None, muted, True))
    if entry.get("owner") and entry["owner"] != controller:
        extras.append((2, f"owner {entry['owner']}", 7, None, muted, False))
    for key in ("equipped_to", "attached_to"):
        if entry.get(key) is not None:
            host = cards.name_of(entry[key])
            if host:
                extras.append((3, f"{'on' if key == 'equipped_to' else 'beneath'} {host}", 6.5,
                               None, muted, True))
    beneath = cards.beneath.get(str(entry.get("id")))
    if beneath:
        extras.append((3, f"{len(beneath)} card{'s' if len(beneath) > 1 else ''} beneath", 6.5,
                       None, muted, True))
    extras.append((4, cards.kind_label(entry, short=True), 6.5, None, muted, True))
    about = cards.about(entry)
    if about and is_monster_shape:
        extras.append((5, about, 6.5, None, muted, False))
    stats = []
    if is_monster_shape:
        card = cards.definition(name)
        atk_fill = def_fill = ink
        if card is not None and card.atk is not None and entry["atk"] != card.atk:
            atk_fill = ("#9be29b" if down else "#1b6e1b") if entry["atk"] > card.atk else \
                ("#ffb0a8" if down else "#a3211a")
        if card is not None and card.defense is not None and entry.get("def") != card.defense:
            def_fill = ("#9be29b" if down else "#1b6e1b") if (entry.get("def") or 0) > \
                card.defense else ("#ffb0a8" if down else "#a3211a")
        stat_size = 8.5 if w >= 60 else 7.5
        stats = [(f"ATK {number(entry['atk'])}", stat_size, "bold", atk_fill),
                 (f"DEF {number(entry.get('def'))}", stat_size, None, def_fill)]
    stats_h = sum(s[1] + 1.5 for s in stats)
    base = 8 if down else 9

    def room_for_name():
        return body_h - 6 - stats_h - sum(e[2] + 1.5 for e in extras)

    # The name needs at least one line; extras give way, the most dispensable first.
    while extras and room_for_name() < base + 1.5 and max(e[0] for e in extras) > 0:
        extras.remove(max(extras, key=lambda e: e[0]))
    name_lines, size = fit(shown, inner, base, max(1, int(room_for_name() // (base + 1.5))),
                           smallest=6, bold=not down)
    while extras and max(e[0] for e in extras) > 1 and \
            len(name_lines) * (size + 1.5) > room_for_name():
        extras.remove(max(extras, key=lambda e: e[0]))
        name_lines, size = fit(shown, inner, base, max(1, int(room_for_name() // (base + 1.5))),
                               smallest=6, bold=not down)
    name_fill = BACK_INK if down else INK
    cy = by + 3
    rest = sorted(extras, key=lambda e: e[0])
    if down:  # the face-down mark first, then the name in a smaller line
        _, text, tsize, weight, tfill, italic = rest.pop(0)
        cy += tsize + 1.5
        svg.text(cx, cy - 1, text, tsize, weight, "middle", tfill, italic)
    for line in name_lines:
        cy += size + 1.5
        svg.text(cx, cy - 1, line, size, None if down else "bold", "middle", name_fill,
                 italic=down)
    for _, text, tsize, weight, tfill, italic in rest:
        cy += tsize + 1.5
        svg.text(cx, cy - 1, ellipsize(text, inner, tsize, bool(weight)), tsize, weight, "middle",
                 tfill, italic)
    sy = by + body_h - 3 - stats_h
    for text, tsize, weight, tfill in stats:
        sy += tsize + 1.5
        svg.text(cx, sy - 1.5, text, tsize, weight, "middle", tfill)
    svg.close()


def hidden_word(format_slug):
    return format_or_core(format_slug).words.face_down_mark


def draw_empty(svg, x, y, w, h, text=""):
    svg.rect(x, y, w, h, fill="#ffffff", stroke=EMPTY_EDGE, rx=4, dashed=True)
    if text:
        svg.text(x + w / 2, y + h / 2 + 3, text, 7, None, "middle", "#8d8678", italic=True)


# --- rows of zones --------------------------------------------------------------------------

class Cell:
    def __init__(self, width, height, draw):
        self.width, self.height, self.draw = width, height, draw


class Group:
    """One labelled zone (or run of zones) of a row: its label above, its cells side by side."""

    def __init__(self, label, cells, title=None):
        self.label, self.cells, self.title = label, cells, title

    @property
    def width(self):
        return sum(c.width for c in self.cells) + GAP * (len(self.cells) - 1)


def zone_row(groups):
    """Groups side by side, wrapped to the panel's width; returns (height, draw(svg, x, y))."""
    lines, line, used = [], [], 0.0
    for group in groups:
        chunks = [group]
        if group.width > INNER:  # a group wider than a line: its cells go on as many as needed
            chunks, cells, width = [], [], 0.0
            for cell in group.cells:
                if cells and width + GAP + cell.width > INNER:
                    chunks.append(Group(group.label if not chunks else "", cells, group.title))
                    cells, width = [], 0.0
                width += (GAP if cells else 0) + cell.width
                cells.append(cell)
            chunks.append(Group(group.label if not chunks else "", cells, group.title))
        for chunk in chunks:
            need = chunk.width + (GAP * 2 if line else 0)
            if line and used + need > INNER + 0.01:
                lines.append(line)
                line, used = [], 0.0
                need = chunk.width
            line.append(chunk)
            used += need
    if line:
        lines.append(line)

    laid = []
    for line in lines:
        labels = [wrap(g.label, max(g.width, 40), LABEL_SIZE, True) if g.label else []
                  for g in line]
        label_h = max((len(l) for l in labels), default=0) * LABEL_LINE
        cell_h = max(c.height for g in line for c in g.cells)
        laid.append((line, labels, label_h, cell_h))
    height = sum(label_h + cell_h + 4 for _, _, label_h, cell_h in laid)

    def draw(svg, x, y):
        for line, labels, label_h, cell_h in laid:
            cx = x
            for group, label_lines in zip(line, labels):
                for n, text in enumerate(label_lines):
                    svg.text(cx + 1, y + (n + 1) * LABEL_LINE - 2.5, text, LABEL_SIZE, "bold",
                             fill=MUTED)
                gx = cx
                for cell in group.cells:
                    cell.draw(svg, gx, y + label_h, cell.width, cell.height)
                    gx += cell.width + GAP
                cx += group.width + GAP * 2
            y += label_h + cell_h + 4
    return height, draw


def card_cell(cards, entry, width, height, zone, controller, badges=(), format_slug="",
              empty_text=""):
    def draw(svg, x, y, w, h):
        if entry is None:
            draw_empty(svg, x, y, w, h, empty_text)
        else:
            draw_card(svg, cards, entry, x, y, w, h, zone=zone, controller=controller,
                      badges=badges, format_slug=format_slug)
    return Cell(width, height, draw)


def slot_width(count, cap=96):
    count = max(count, 1)
    return min(cap, (INNER - GAP * (count - 1)) / count)


def draw_pile(svg, cards, label, entries, x, y, w, h, count=None):
    """A pile (Graveyard, Banished, Eroded, Deck, Extra Deck): its name and count, then its
    cards, the most recent first, each focusable with its text."""
    total = len(entries) if count is None else count
    svg.rect(x, y, w, h, fill="#efeadf", stroke="#c9c0ad", rx=4)
    svg.text(x + 4, y + 11, label, LABEL_SIZE, "bold", fill=MUTED)
    svg.text(x + w - 4, y + 11.5, str(total), 11, "bold", "end")
    ly = y + 13
    shown = list(reversed(entries))
    room = int((h - 14) // 9.5)
    more = 0
    if len(shown) > room:
        keep = max(room - 1, 0)
        shown, more = shown[:keep], len(shown) - keep
    for entry in shown:
        ly += 9.5
        svg.open_card(entry.get("id"), cards.title(entry), entry["card"], entry["card"])
        svg.text(x + 4, ly - 1.5, ellipsize(entry["card"], w - 7, 7.5), 7.5)
        svg.close()
    if more:
        svg.text(x + 4, ly + 8, f"+{more} more", 7, None, fill=MUTED, italic=True)


def pile_grid(cards, piles, width, height, columns):
    """The piles side by side (`columns` 4) or two by two (`columns` 2)."""
    rows = (len(piles) + columns - 1) // columns

    def draw(svg, x, y, w, h):
        pw = (w - GAP * (columns - 1)) / columns
        ph = (h - GAP * (rows - 1)) / rows
        for n, (label, entries, count) in enumerate(piles):
            px = x + (n % columns) * (pw + GAP)
            py = y + (n // columns) * (ph + GAP)
            draw_pile(svg, cards, label, entries, px, py, pw, ph, count)
    return Cell(width, height, draw)


def terrain_cell(cards, entry, terrain, width, zone_controller, format_slug, facts):
    """A Frontrow Monster Zone with its Terrain Marker under it."""
    def draw(svg, x, y, w, h):
        card_h = h - TERRAIN_H - 1
        if entry is None:
            draw_empty(svg, x, y, w, card_h)
        else:
            draw_card(svg, cards, entry, x, y, w, card_h, zone="monsters",
                      controller=zone_controller, format_slug=format_slug)
        ty = y + card_h + 1
        if terrain is None:
            svg.rect(x, ty, w, TERRAIN_H - 1, fill="#f4f1ea", stroke=EMPTY_EDGE, rx=2, dashed=True)
            svg.text(x + w / 2, ty + 10, "no Terrain", 7, None, "middle", MUTED, italic=True)
            return
        about = facts.get(terrain) or {}
        favoured = list(about.get("races") or []) + list(about.get("attributes") or [])
        title = f"Terrain Marker: {terrain}. " + (
            f"Field Power Bonus for {', '.join(favoured)} monsters." if favoured
            else "It gives no Field Power Bonus.") + terrain_effect_words(about.get("effect"))
        svg.open_group("terrain", title, terrain=terrain)
        svg.rect(x, ty, w, TERRAIN_H - 1, fill=TERRAIN_FILLS.get(terrain, "#ddd6c6"),
                 stroke="#9c9078", rx=2)
        svg.text(x + w / 2, ty + 10, terrain, 8, "bold", "middle")
        svg.close()
    return Cell(width, MONSTER_H + TERRAIN_H + 1, draw)


def terrain_effect_words(effect):
    """A Terrain's own effect in words: what it does to any monster standing on it."""
    changes = [f"{'gains' if amount > 0 else 'loses'} {abs(amount)} {stat.upper()}"
               for stat, amount in (effect or {}).items() if isinstance(amount, int) and amount]
    return f" Its own effect: any monster on it {' and '.join(changes)}." if changes else ""


def hand_block(cards, player, entries):
    """The hand: a chip per card the scenario names (the first HAND_SHOWN of them, then how many
    more), a count of the unnamed ones."""
    named = [e for e in entries if not cards.is_filler(e)]
    unnamed = len(entries) - len(named)
    chips = []
    for entry in named[:HAND_SHOWN]:
        text = ellipsize(entry["card"], INNER - 12, 8.5)
        chips.append((text_width(text, 8.5) + 12, entry, text))
    if len(named) > HAND_SHOWN:
        text = f"and {len(named) - HAND_SHOWN} more"
        chips.append((text_width(text, 8) + 12, None, text))
    if unnamed:
        text = f"+{unnamed} unnamed card{'s' if unnamed > 1 else ''}"
        chips.append((text_width(text, 8) + 12, None, text))
    rows, row, used = [], [], 0.0
    for chip in chips:
        if row and used + GAP + chip[0] > INNER:
            rows.append(row)
            row, used = [], 0.0
        used += (GAP if row else 0) + chip[0]
        row.append(chip)
    if row:
        rows.append(row)
    height = LABEL_LINE + max(len(rows), 1) * (CHIP_H + 3) + 2

    def draw(svg, x, y):
        svg.text(x + 1, y + LABEL_LINE - 2.5, f"Hand ({len(entries)})", LABEL_SIZE, "bold",
                 fill=MUTED)
        cy = y + LABEL_LINE
        if not rows:
            svg.text(x + 3, cy + 12, "empty", 8, None, fill=MUTED, italic=True)
        for chips_row in rows:
            cx = x
            for width, entry, text in chips_row:
                if entry is None:
                    svg.rect(cx, cy, width, CHIP_H, fill="#ffffff", stroke=EMPTY_EDGE, rx=8,
                             dashed=True)
                    svg.text(cx + width / 2, cy + 12, text, 8, None, "middle", MUTED, italic=True)
                else:
                    svg.open_card(entry.get("id"), cards.title(entry), entry["card"], entry["card"])
                    svg.rect(cx, cy, width, CHIP_H, fill=cards.fill(entry), stroke="#7c6f57", rx=8)
                    svg.text(cx + width / 2, cy + 12, text, 8.5, None, "middle")
                    svg.close()
                cx += width + GAP
            cy += CHIP_H + 3
    return height, draw


# --- a player's side, a team's side ---------------------------------------------------------

class Board:
    def __init__(self, state, format_slug, catalog, params=None, filler=(), card_pages=False):
        self.card_pages = card_pages
        self.state = state
        self.format = format_slug
        self.layout = format_or_core(format_slug).board
        self.cards = Cards(state, format_slug, catalog, filler)
        self.params = dict(self.layout.default_params, **(params or {}))
        self.players = state.get("players", {})
        self.terrain_facts = self.layout.terrain_facts() if self.layout.terrains else {}

    # -- rows common to every side --

    def monster_row(self, player, data):
        entries = data.get("monsters", [])
        if self.layout.terrains:
            terrains = (self.state.get("terrains") or {}).get(player)
            count = max(len(terrains) if terrains else 5, len(entries))
            by_column, loose = {}, []
            for entry in entries:
                column = entry.get("column")
                if isinstance(column, int) and column not in by_column and 0 <= column < count:
                    by_column[column] = entry
                else:
                    loose.append(entry)
            slots = []
            for n in range(count):
                entry = by_column.get(n) or (loose.pop(0) if loose else None)
                slots.append(entry)
            width = slot_width(count, cap=90)
            cells = [terrain_cell(self.cards, entry,
                                  terrains[n] if terrains and n < len(terrains) else None,
                                  width, player, self.format, self.terrain_facts)
                     for n, entry in enumerate(slots)]
            return Group(self.layout.monster_label, cells)
        count = max(5, len(entries))
        width = slot_width(count)
        cells = [card_cell(self.cards, entries[n] if n < len(entries) else None, width, MONSTER_H,
                           "monsters", player,
                           badges=self.monster_badges(entries[n]) if n < len(entries) else (),
                           format_slug=self.format)
                 for n in range(count)]
        return Group(self.layout.monster_label, cells)

    def monster_badges(self, entry):
        badges = []
        if str(entry.get("id")) in self.cards.deck_masters:
            badges.append("Deck Master")
        definition = self.cards.definition(entry["card"])
        if definition is not None and definition.kind != "monster" and \
                "monster" not in " ".join(definition.also):
            badges.append(self.layout.non_monster_badge)
        return badges

    def spell_trap_row(self, player, entries, count=5, label=None, controller_of=None):
        count = max(count, len(entries))
        width = slot_width(count)
        cells = []
        for n in range(count):
            entry = entries[n] if n < len(entries) else None
            owner = controller_of(entry) if entry is not None and controller_of else player
            badges = [f"{owner}'s"] if controller_of and entry is not None else []
            cells.append(card_cell(self.cards, entry, width, SPELL_H, "spell_trap", owner,
                                   badges=badges, format_slug=self.format))
        return Group(label or self.layout.spell_trap_label, cells)

    def piles(self, player, data):
        """(label, cards, count) of each pile: Graveyard, Banished or Eroded, Deck, Extra Deck."""
        banished, banished_key = self.layout.banished
        return [("Graveyard", data.get("graveyard", []), None),
                (banished, data.get(banished_key, []), None),
                (self.layout.deck_label, [], data.get("deck_count", 0)),
                ("Extra Deck", data.get("extra_deck", []), None)]

    def side_zones_row(self, player, data):
        """The format's own zone (a Deck Master Position, an Extra Monster Zone), the Field
        Zone (or the format's zone in its place: a Rule Zone), then the piles."""
        std = slot_width(5)
        groups = []
        tall = False
        extra = self.layout.extra_zone
        if extra is not None:
            groups.append(self.spot_group(extra, player, data, std))
            tall = extra.height == "monster"
        groups.append(self.spot_group(self.layout.field_zone, player, data, std))
        left = INNER - sum(g.width + GAP * 2 for g in groups)
        piles = self.piles(player, data)
        if left >= 4 * 58 + 3 * GAP:  # four across beside the zones
            cell = pile_grid(self.cards, piles, left, SPELL_H, 4)
        elif tall and left >= 2 * 90:  # two by two beside a monster-sized zone
            cell = pile_grid(self.cards, piles, left, MONSTER_H, 2)
        else:  # a line of their own
            cell = pile_grid(self.cards, piles, INNER, SPELL_H, 4)
        return groups + [Group("", [cell])]

    def spot_group(self, spot, player, data, width):
        """A zone beside the piles (a `ZoneSpot`): a cell per card, or an empty one."""
        entries = (data.get(spot.key) or [None]) if spot.many else [first(data.get(spot.key))]
        height = MONSTER_H if spot.height == "monster" else SPELL_H
        cells = []
        for entry in entries:
            badges = ()
            if entry and spot.deck_master_badge:
                badges = ["Deck Master"] if str(entry.get("id")) in self.cards.deck_masters \
                    else list(spot.other_badges)
            cells.append(card_cell(self.cards, entry, width, height, spot.key, player,
                                   badges=badges, format_slug=self.format, empty_text="empty"))
        return Group(spot.label, cells)

    # -- headers --

    def pills(self, player):
        pills = []
        if player == self.state.get("turn_player"):
            pills.append(("Turn player", TURN_EDGE, "#ffffff"))
        if player == self.state.get("priority") and self.state.get("result") is None:
            pills.append(("Priority", "#1f4e79", "#ffffff"))
        if player in (self.state.get("defeated") or []):
            pills.append(("Defeated", "#444444", "#ffffff"))
        warnings = (self.state.get("idle_warnings") or {}).get(player)
        if warnings:
            pills.append((f"Idle Warnings {warnings}", "#8a5a00", "#ffffff"))
        rotation = self.state.get("rotation")
        if self.state.get("mode") == "battle_royale" and rotation and player not in rotation \
                and player not in (self.state.get("defeated") or []):
            pills.append(("Joins later", "#6b6b6b", "#ffffff"))
        return pills

    def player_header(self, player, data, show_lp=True, lp_note=""):
        summons = (self.state.get("summons") or {}).get(player)
        limit = (self.state.get("summon_limit") or {}).get(player)
        pills = self.pills(player)

        def draw(svg, x, y):
            svg.text(x + 1, y + 14, f"Player {player}", 12, "bold")
            cx = x + 8 + text_width(f"Player {player}", 12, True)
            if show_lp:
                svg.text(cx, y + 14, f"LP {data.get('lp')}", 13, "bold", fill="#7a1d12")
                cx += text_width(f"LP {data.get('lp')}", 13, True) + 4
                if lp_note:
                    svg.text(cx, y + 14, lp_note, 7.5, None, fill=MUTED, italic=True)
                    cx += text_width(lp_note, 7.5) + 4
            px = x + INNER
            for text, fill, ink in reversed(pills):
                width = text_width(text, 7.5, True) + 10
                px -= width
                svg.rect(px, y + 4, width, 13, fill=fill, rx=6.5)
                svg.text(px + width / 2, y + 13.5, text, 7.5, "bold", "middle", ink)
                px -= GAP
            if summons is not None:
                text = (f"summons {summons} of {limit} this turn" if limit is not None else
                        f"{summons} summon{'s' if summons != 1 else ''} counted this turn")
                svg.text(x + 1, y + 28, text, 9, "bold",
                         fill="#a3211a" if limit is not None and summons >= limit else "#1f4e79")
        return (32 if summons is not None else 20), draw

    # -- sides --

    def player_side(self, player, data, mirrored, lp_note=""):
        """A player's own side: a header, the field (Monster Zones, Spell & Trap Zones) and the
        zones beside it (Field Zone, piles, hand); on the upper side, the field nearest the
        middle of the table."""
        field = [zone_row([self.monster_row(player, data)]),
                 zone_row([self.spell_trap_row(player, data.get("spell_trap", []))])]
        own = [zone_row(self.side_zones_row(player, data)),
               hand_block(self.cards, player, data.get("hand", []))]
        return Block([self.player_header(player, data, lp_note=lp_note)], field, own, mirrored)

    def phalanx_team(self, team, info, mirrored):
        """A Tag Team Phalanx team: one shared field (Front Line, Back Line, Spell & Trap Zones),
        the team's LP and FP, then each player's own Field Zone, piles and hand."""
        members = list(info.get("players", []))
        controller = {}
        front, back, backrow = [], [], []
        for member in members:
            data = self.players.get(member, {})
            for entry in data.get("monsters", []):
                controller[str(entry.get("id"))] = member
                (back if entry.get("line") == "back" else front).append(entry)
            for entry in data.get("spell_trap", []):
                controller[str(entry.get("id"))] = member
                backrow.append(entry)

        def line_group(label, entries, slots):
            count = max(slots, len(entries))
            width = slot_width(count)
            cells = []
            for n in range(count):
                entry = entries[n] if n < len(entries) else None
                owner = controller.get(str(entry.get("id"))) if entry else None
                badges = ([f"{owner}'s"] + self.monster_badges(entry)) if entry else ()
                cells.append(card_cell(self.cards, entry, width, MONSTER_H, "monsters", owner,
                                       badges=badges, format_slug=self.format))
            return Group(label, cells)

        front_label = "Front Line" + (" (closed)" if info.get("front_line_closed") else "")
        shared = [zone_row([line_group(front_label, front, self.params["front_line_slots"])]),
                  zone_row([line_group("Back Line", back, self.params["back_line_slots"])]),
                  zone_row([self.spell_trap_row(
                      None, backrow, self.params["spell_trap_slots"],
                      label="Spell & Trap Zones (shared)",
                      controller_of=lambda e: controller.get(str(e.get("id"))))])]
        parts = []
        for member in members:
            data = self.players.get(member, {})
            parts.append([self.player_header(member, data, show_lp=False),
                          zone_row(self.side_zones_row(member, data)),
                          hand_block(self.cards, member, data.get("hand", []))])
        # Each member's part keeps its own header on top, also on the upper side.
        own = [row for part in (reversed(parts) if mirrored else parts) for row in part]
        lp, fp = info.get("lp"), info.get("formation_points")

        def header(svg, x, y):
            svg.text(x + 1, y + 14, f"Team {team}", 12, "bold")
            svg.text(x + 1, y + 27, " & ".join(f"Player {m}" for m in members), 8.5, None,
                     fill=MUTED)
            right = x + INNER
            svg.text(right, y + 14, f"LP {lp}", 13, "bold", "end", "#7a1d12")
            svg.text(right, y + 27, f"FP {fp}", 11, "bold", "end", "#1f4e79")
        field = list(reversed(shared)) if mirrored else shared
        return [Block([(32, header)], field, own, mirrored, own_kept=True)], \
            any(m == self.state.get("turn_player") for m in members)

    def kingdom_team(self, team, info, mirrored):
        """A Kingdom Duels team (Tag or Boss): the team's name and shared LP, then its players."""
        members = [m for m in info.get("players", []) if m in self.players]
        shared_lp = info.get("lp")
        parts = [self.player_side(m, self.players[m], mirrored,
                                  lp_note="shared" if shared_lp is not None else "")
                 for m in members]
        if mirrored:
            parts.reverse()

        def header(svg, x, y):
            svg.text(x + 1, y + 14, f"Team {team}", 12, "bold")
            svg.text(x + 1 + text_width(f"Team {team}", 12, True) + 8, y + 14,
                     " & ".join(f"Player {m}" for m in members), 8.5, None, fill=MUTED)
            if shared_lp is not None:
                svg.text(x + INNER, y + 14, f"Team LP {shared_lp}", 13, "bold", "end", "#7a1d12")
        return [Block([(20, header)], [], [], mirrored)] + parts, \
            any(m == self.state.get("turn_player") for m in members)

    def sides(self):
        """(blocks, is the turn player's side) for each side, top to bottom. With two sides the
        first (Player A, or A's team) sits below, as the reader's own side of a playmat, and the
        other above it, mirrored."""
        teams = self.state.get("teams") or {}
        if self.layout.team_layout == "shared-field" and teams:
            names = list(teams)
            if len(names) == 2:
                return [self.phalanx_team(names[1], teams[names[1]], True),
                        self.phalanx_team(names[0], teams[names[0]], False)]
            return [self.phalanx_team(t, teams[t], False) for t in names]
        if self.layout.team_layout == "separate-fields" and teams:
            listed = set()
            sides = []
            order = list(teams.items())
            mirror = len(order) == 2
            if mirror:
                order.reverse()
            for n, (team, info) in enumerate(order):
                listed.update(info.get("players", []))
                sides.append(self.kingdom_team(team, info, mirror and n == 0))
            for player, data in self.players.items():
                if player not in listed:
                    sides.append(([self.player_side(player, data, False)],
                                  player == self.state.get("turn_player")))
            return sides
        names = list(self.players)
        mirror = len(names) == 2
        if mirror:
            names.reverse()
        return [([self.player_side(p, self.players[p], mirror and n == 0)],
                 p == self.state.get("turn_player")) for n, p in enumerate(names)]

    # -- the top of the board --

    def summary_rows(self):
        state = self.state
        rows = []
        phase = PHASE_NAMES.get(state.get("phase"), words(state.get("phase", "")).capitalize())
        turn = state.get("turn")
        first_line = f"{phase}, before turn 1" if state.get("phase") == "setup" else \
            f"Turn {turn} · {phase}"
        second = f"Turn player {state.get('turn_player')}"
        if state.get("result") is None and state.get("priority"):
            second += f" · Priority {state.get('priority')}"
        mode = state.get("mode")
        rotation = state.get("rotation")
        third = None
        if mode:
            third = MODE_NAMES.get(mode, words(mode))
            if rotation:
                third += " · Rotation " + " → ".join(rotation)

        def header(svg, x, y):
            svg.text(x, y + 15, first_line, 13, "bold")
            svg.text(x + INNER + 2 * PAD - 2, y + 15, second, 9, None, "end", MUTED)
            if third:
                svg.text(x, y + 29, third, 8.5, None, fill=MUTED)
        rows.append((34 if third else 22, header))

        result = state.get("result")
        if result:
            text = result_text(result, state.get("teams"))

            def banner(svg, x, y, text=text):  # bound now: `text` is reused below
                svg.rect(x, y, INNER + 2 * PAD, 20, fill="#7a1d12", rx=4)
                svg.text(x + (INNER + 2 * PAD) / 2, y + 14, text, 10, "bold", "middle", "#ffffff")
            rows.append((24, banner))

        attack = state.get("attack")
        if attack:
            attacker = self.cards.name_of(attack.get("attacker")) or "a monster"
            target = attack.get("target")
            who = self.controller_of(attack.get("attacker"))
            if target is None:
                text = f"{attacker}{who} attacks directly"
            else:
                text = f"{attacker}{who} attacks " + \
                    f"{self.cards.name_of(target) or 'a monster'}{self.controller_of(target)}"
            if attack.get("negated"):
                text += " (attack negated)"

            def battle(svg, x, y, text=text):
                svg.rect(x, y, INNER + 2 * PAD, 18, fill="#fbe3d6", stroke="#d08b63", rx=4)
                svg.text(x + 6, y + 12.5, "Battle", 9, "bold", fill="#8a3b12")
                svg.text(x + 44, y + 12.5, ellipsize(text, INNER - 40, 9), 9)
            rows.append((22, battle))

        chain = state.get("chain") or []
        if chain:
            rows.append(self.chain_block(chain))
        return rows

    def controller_of(self, card_id):
        found = self.cards.where.get(str(card_id))
        return f" ({found[0]})" if found else ""

    def chain_block(self, chain):
        height = 16 + len(chain) * 17 + 2

        def draw(svg, x, y):
            full = INNER + 2 * PAD
            svg.rect(x, y, full, height - 2, fill="#eef3fb", stroke="#8aa6cf", rx=4)
            svg.text(x + 6, y + 12, f"Chain ({len(chain)} link{'s' if len(chain) > 1 else ''}, "
                     "resolving from the last)", 9, "bold", fill="#1f4e79")
            ly = y + 16
            for link in chain:
                entry = self.cards.where.get(str(link.get("card")))
                name = entry[2]["card"] if entry else "a card"
                text = f"Link {link.get('link')}: {name}, by {link.get('player')}"
                if link.get("negated"):
                    text += " (negated)"
                title = self.cards.title(entry[2]) if entry else f"Chain Link {link.get('link')}"
                svg.open_card(link.get("card"), title)
                svg.rect(x + 4, ly, full - 8, 15, fill="#ffffff", stroke="#b7c8e2", rx=3)
                svg.add(f'<circle cx="{x + 13:.1f}" cy="{ly + 7.5:.1f}" r="6" fill="#1f4e79"/>')
                svg.text(x + 13, ly + 10.5, str(link.get("link")), 8, "bold", "middle", "#ffffff")
                svg.text(x + 23, ly + 11, ellipsize(text, full - 32, 9), 9,
                         fill="#8d8678" if link.get("negated") else INK)
                svg.close()
                ly += 17
        return height, draw

    def aria_label(self):
        state = self.state
        parts = [f"Duel board: turn {state.get('turn')}, "
                 f"{PHASE_NAMES.get(state.get('phase'), state.get('phase'))}, "
                 f"turn player {state.get('turn_player')}"]
        parts.append(", ".join(f"{p} {d.get('lp')} LP" for p, d in self.players.items()))
        chain = state.get("chain") or []
        if chain:
            parts.append(f"a chain of {len(chain)} link{'s' if len(chain) > 1 else ''} is open")
        if state.get("result"):
            parts.append(result_text(state["result"], state.get("teams")))
        return "; ".join(parts)

    def render(self, layout="narrow"):
        """The board as an `<svg>`: `narrow` stacks every zone in one column (a phone), `wide`
        puts each side's field beside its piles and hand (a desktop screen), so two players fit
        one screen."""
        wide = layout == "wide"
        width = WIDE_WIDTH if wide else WIDTH
        svg = Svg(self.card_pages)
        y = MARGIN
        for height, draw in self.summary_rows():
            draw(svg, MARGIN, y)
            y += height + 3
        for blocks, turn_side in self.sides():
            laid = [block.laid(wide) for block in blocks]
            height = sum(h for h, _ in laid) + PAD * 2 - 3
            svg.rect(MARGIN, y, width - 2 * MARGIN, height, fill=PANEL,
                     stroke=TURN_EDGE if turn_side else PANEL_EDGE, rx=6,
                     width=1.6 if turn_side else 1)
            ry = y + PAD
            for h, draw in laid:
                draw(svg, MARGIN + PAD, ry)
                ry += h
            y += height + 6
        total = y - 6 + MARGIN
        return (f'<svg xmlns="{SVG_NS}" viewBox="0 0 {width} {total:.0f}" role="img" '
                f'class="duel-board board-{layout}" aria-label={quoteattr(self.aria_label())} '
                f'font-family={quoteattr(FONT)}>'
                f"<style>{FOCUS_STYLE}</style>"
                f'<rect x="0" y="0" width="{width}" height="{total:.0f}" fill="#ffffff"/>'
                f"{svg}</svg>")


class Block:
    """Part of a side: its header rows, its field (Monster Zones, Spell & Trap Zones) and the
    zones beside it (Field Zone, piles, hand), each list already in drawing order. On the upper
    side (`mirrored`) the field comes last, nearest the middle of the table; `own_kept` keeps the
    zones beside it first even so (a Phalanx team's members keep their order)."""

    def __init__(self, head, field, own, mirrored=False, own_kept=False):
        if mirrored and not own_kept:
            field, own = field[::-1], own[::-1]
        self.head, self.field, self.own, self.mirrored = head, field, own, mirrored

    def rows(self):
        body = self.own + self.field if self.mirrored else self.field + self.own
        return self.head + body

    def laid(self, wide):
        """(height, draw(svg, x, y)): rows one under the other, or, wide, the header across
        and the field beside the zones next to it."""
        if not wide or not (self.field and self.own):
            rows = self.rows()
            return sum(h + 3 for h, _ in rows), _stacked(rows)
        left, right = self.field, self.own
        head = sum(h + 3 for h, _ in self.head)
        body = max(sum(h + 3 for h, _ in left), sum(h + 3 for h, _ in right))

        def draw(svg, x, y):
            _stacked(self.head)(svg, x, y)
            _stacked(left)(svg, x, y + head)
            _stacked(right)(svg, x + COLUMN, y + head)
        return head + body, draw


def _stacked(rows):
    def draw(svg, x, y):
        for h, row in rows:
            row(svg, x, y)
            y += h + 3
    return draw


def first(entries):
    return entries[0] if entries else None


REASONS = {"lp_zero": "LP reached 0", "deck_out": "a Deck ran out",
           "card_effect": "a card's effect",
           "deck_master_lost": "Deck Master lost", "unanimous_end": "ended by agreement",
           "improper_material": "an improper Material", "concession": "a concession"}


def result_text(result, teams=None):
    reason = REASONS.get(result.get("reason"), words(result.get("reason", "")))
    if result.get("draw") or result.get("winner") is None:
        return f"Duel over: a draw ({reason})"
    winner = str(result["winner"])
    who = " and ".join(f"Team {w}" if w in (teams or {}) else f"Player {w}"
                       for w in winner.split("+"))
    verb = "win" if "+" in winner else "wins"
    if "+" not in winner and result.get("players"):
        who = f"Team {winner} ({' and '.join(result['players'])})"
    text = f"Duel over: {who} {verb} ({reason})"
    if result.get("match"):
        text += ", and the Match"
    return text


def board_svg(state, format_slug, catalog, params=None, layout="narrow", filler=()):
    """The state as a standalone `<svg>` element (a string) that a page can inline.

    `catalog` is the engine's card catalog (for each card's kind, printed stats and text);
    `params`, optional, sizes Tag Team Phalanx's shared zones (its recommended slots otherwise);
    `layout` is `narrow` (one column, for a phone) or `wide` (for a desktop screen);
    `filler`: the ids of a deck's filler cards (`replay_view.filler_ids`), which a hand counts
    as unnamed cards.
    """
    return Board(state, format_slug, catalog, params, filler).render(layout)


def board_html(state, format_slug, catalog, params=None, filler=(), card_pages=False):
    """Both layouts of the state's board in one element: the page's style sheet shows the wide
    one on a wide screen and the narrow one on a phone (the other is not displayed, so it is
    neither read out nor reached with Tab). `card_pages`: each catalogued card carries the
    address of its card page (the replay pages; never a question's board)."""
    board = Board(state, format_slug, catalog, params, filler, card_pages)
    return f'<div class="duel-boards">{board.render("wide")}{board.render("narrow")}</div>'

