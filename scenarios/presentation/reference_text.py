"""The scenario reference as text for a terminal (`manage.py scenario_reference`): plain text
wrapped to the terminal's width, or markdown.

It says what the reference pages say, from the same data (scenarios/engine/reference.py, the
priority tables the engine plays out, and the rule summaries): the fields of a scenario file,
`illegal:` and how refusals overlap (which close codes apply when), the card language with an
example per word (a card entry's own fields, the cards named by their role, the amount forms,
the Kingdom Duels card terms), who passes priority in what order, and each format's steps
(options, the codes that can refuse them, in the order the engine checks them), fields,
expectations and reason codes.
"""
import textwrap

ILLEGAL_WORDS = (
    "A step that the rules should refuse says `illegal: <reason code>`, and the replay checks "
    "that the step is refused with exactly that code. When several rules would refuse the "
    "step, the engine names the first one it checks: each step below lists the codes that can "
    "refuse it in that order, so a code earlier in the list wins over a later one (the checks "
    "every step goes through, such as duel_over, come first). Write `illegal: true` when the "
    "scenario is about the refusal and not about which rule refuses: any refusal then passes.")
PRIORITY_WORDS = (
    "Priority passes from player to player in the order below, played out by the engine on each "
    "player's turn. A chain resolves (or the game moves on) once every player still in the duel "
    "has passed in a row; then the turn player holds priority again. After an activation, the "
    "player after the activator (in this order) answers first.")


class Writer:
    """Plain text: headings underlined, terms with their words indented below them."""

    def __init__(self, width=88):
        self.width = max(40, width)
        self.lines = []

    def heading(self, level, text):
        if self.lines:
            self.lines.append("")
        text = self.plain(text)
        self.lines.append(text)
        self.lines.append(("=" if level == 1 else "-" if level == 2 else "·") * len(text))

    def para(self, text):
        self.lines.append("")
        self.lines += textwrap.wrap(self.plain(text), self.width)

    def item(self, term, text="", example=None):
        words = f"{term}: {self.plain(text)}" if text else term
        self.lines += textwrap.wrap(words, self.width, initial_indent="  ",
                                    subsequent_indent="      ")
        if example:
            self.lines.append(f"      e.g. {example}")

    @staticmethod
    def plain(text):
        return text.replace("`", "")

    def text(self):
        return "\n".join(self.lines) + "\n"


class MarkdownWriter(Writer):
    """Markdown: `#` headings, one list item per term, examples as code."""

    def heading(self, level, text):
        if self.lines:
            self.lines.append("")
        self.lines.append("#" * level + " " + text)

    def para(self, text):
        self.lines += ["", text]

    def item(self, term, text="", example=None):
        if not self.lines or not self.lines[-1].startswith(("- ", "  ")):
            self.lines.append("")
        self.lines.append(f"- `{term}`" + (f": {text}" if text else ""))
        if example:
            self.lines.append(f"  `{example}`")


def codes_in_words(codes):
    return ", ".join(codes) if codes else "none"


def write_files(out, data):
    out.heading(2, "Scenario files")
    out.para("The fields of a scenario file, from the scenario schema the engine checks every "
             "file against.")
    for part in data["fields"]:
        out.heading(3, part["title"])
        for field in part["fields"]:
            allowed = f" One of {', '.join(field['allowed'])}." if field["allowed"] else \
                f" Takes {field['takes']}."
            out.item(field["name"] + (" (required)" if field["required"] else ""),
                     field["description"] + allowed)
    out.heading(2, "Expecting a refusal")
    out.para(ILLEGAL_WORDS)
    write_overlaps(out, data["overlapping_codes"])


def write_overlaps(out, overlaps, codes=None):
    """The codes that overlap, group by group, and when each applies (only the groups with two
    or more of `codes`, when given: a format's own)."""
    shown = [o for o in overlaps
             if codes is None or sum(c["code"] in codes for c in o["codes"]) >= 2]
    if not shown:
        return
    out.heading(3, "Codes that overlap")
    out.para("Close codes a judge may take for one another, and when the engine names each.")
    for overlap in shown:
        out.para(f"{overlap['title']} (steps: {', '.join(overlap['steps'])}):")
        for entry in overlap["codes"]:
            if codes is None or entry["code"] in codes:
                out.item(entry["code"], entry["when"])


def write_card_language(out, data):
    out.heading(2, "The card language")
    out.para("What a card (in the catalog, or in a scenario's own `cards:`) may say, word by "
             "word, each with an example: the shortest a catalog card writes.")
    for kind in data["effect_vocabulary"]:
        out.heading(3, kind["title"])
        out.para(f"Written in {kind['where']}.")
        for word in kind["words"]:
            example = word["example"]
            shown = None
            if example:
                shown = example["text"] + (f"   ({example['card']})" if example["card"] else "")
            out.item(word["word"], word["means"], shown)
    write_kingdom_terms(out, data["scenario_cards"]["kingdom_terms"])


def write_kingdom_terms(out, terms):
    out.heading(3, "Kingdom Duels card terms")
    out.para("The keys of a Kingdom Duels card's `summon_with:` and `rule:`, by the card they "
             "belong to; the catalog loader refuses any other.")
    for term in terms:
        needed = " (required)" if term["required"] else ""
        out.item(f"{term['field']}: {term['key']}{needed}",
                 f"{term['card']}: {term['holds']}.")


def write_priority(out, tables):
    out.heading(2, "Priority: who passes in what order")
    out.para(PRIORITY_WORDS)
    for table in tables:
        out.heading(3, f"{table['title']} ({table['format']})")
        teams = {}
        for player, team in table["teams"].items():
            teams.setdefault(team, []).append(player)
        if any(team is not None for team in teams):
            out.item("Teams", "; ".join(f"{team}: {', '.join(players)}"
                                        for team, players in teams.items()))
        for turn in table["turns"]:
            out.item(f"On {turn['turn_player']}'s turn", " → ".join(turn["passes"]))


def write_format(out, fmt, tables, overlaps=None):
    name = fmt["name"] if fmt["name"] == fmt["slug"] else f"{fmt['name']} ({fmt['slug']})"
    out.heading(2, f"Format: {name}")
    out.heading(3, "Steps")
    out.para("Every step names its player and may say illegal: <reason code> or illegal: true. "
             "Refused with: the codes that can refuse the step, in the order the engine checks "
             "them.")
    for step in fmt["steps"]:
        options = ", ".join(step["options"]) if step["options"] else "none"
        out.item(step["verb"], f"Takes {step['value']}. Options: {options}. Refused with: "
                               f"{codes_in_words(step['refused_with'])}.")
    out.heading(3, "Setup and expectations")
    out.item("Fields of setup", ", ".join(fmt["setup_fields"]))
    out.item("Fields of a player", ", ".join(fmt["player_fields"]))
    out.item("Fields of a set-up card", ", ".join(fmt["card_fields"]))
    out.item("Keys of expect", ", ".join(fmt["expect_keys"]))
    out.item("Card facts in expect.cards", ", ".join(fmt["card_facts"]))
    out.heading(3, "Reason codes")
    for code in fmt["reason_codes"]:
        out.item(code["code"], code["meaning"][:1].upper() + code["meaning"][1:] + ".")
    if overlaps is not None:
        write_overlaps(out, overlaps, {code["code"] for code in fmt["reason_codes"]})
    own = [table for table in tables if table["format"] == fmt["slug"]]
    if own:
        write_priority(out, own)


def reference_text(data, tables, format_slug=None, markdown=False, width=88):
    """The reference (or one format's part of it) as text. `data` is the engine's reference
    (formats named), `tables` the priority tables. None when no format has that slug."""
    out = MarkdownWriter(width) if markdown else Writer(width)
    formats = [f for f in data["formats"] if format_slug in (None, f["slug"])]
    if not formats:
        return None
    if format_slug is None:
        out.heading(1, "Scenario reference")
        out.para("What a scenario file may say, generated from the rules engine. "
                 "`--format SLUG` prints one format's part.")
        write_files(out, data)
        write_card_language(out, data)
        write_priority(out, tables)
        for fmt in formats:
            write_format(out, fmt, [])
    else:
        out.heading(1, f"Scenario reference: {formats[0]['name']}")
        out.para(f"The part of the scenario reference for `format: {format_slug}`; without "
                 "--format, the whole reference (scenario fields, the card language).")
        out.para(ILLEGAL_WORDS)
        write_format(out, formats[0], tables, data["overlapping_codes"])
    return out.text()
