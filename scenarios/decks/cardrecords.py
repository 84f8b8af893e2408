"""Reading YGOPRODeck card-info JSON into CardRecord rows.

The file is `{"data": [{"id", "name", "type", "frameType", "desc", "atk", "def",
"level", "race", "attribute", "linkval", ...}]}`. A file that is not that shape is
refused whole (so a truncated download never half-loads); inside a good file a
single bad entry is reported by its index and name and skipped, so one odd card
never blocks the thousands of good ones. Nothing already loaded is deleted:
a partial file must not erase cards a decklist may still name.
"""
import json
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from django.db import transaction

from .models import CardRecord

FRAME_TYPES = frozenset(CardRecord.FRAME_TYPES)

# JSON key -> CardRecord field.
REQUIRED_TEXT = {"name": "name", "type": "type_line", "frameType": "frame_type"}
OPTIONAL_TEXT = {"desc": "desc", "race": "race", "attribute": "attribute"}
OPTIONAL_NUMBERS = {"id": "ygoprodeck_id", "atk": "atk", "def": "defense", "level": "level",
                    "linkval": "linkval"}
RECORD_FIELDS = [*REQUIRED_TEXT.values(), *OPTIONAL_TEXT.values(), *OPTIONAL_NUMBERS.values(),
                 "cannot_normal_summon"]
# The ranges the database columns hold, so a wild number is a reported entry
# problem instead of a database error halfway through the import.
NUMBER_RANGES = {"id": (0, 2**31 - 1), "atk": (-(2**31), 2**31 - 1),
                 "def": (-(2**31), 2**31 - 1), "level": (0, 32767), "linkval": (0, 32767)}


class CardFileError(Exception):
    """The file as a whole cannot be read as card info; nothing was imported."""


@dataclass(frozen=True)
class EntryProblem:
    """Why one entry of the "data" list was skipped."""

    index: int
    name: str | None
    message: str

    def __str__(self):
        where = f'entry {self.index} ("{self.name}")' if self.name else f"entry {self.index}"
        return f"{where}: {self.message}"


@dataclass
class ImportResult:
    """What an import did, for the command's summary line."""

    created: int = 0
    updated: int = 0
    unchanged: int = 0
    skipped: list = field(default_factory=list)


def read_card_file(path):
    """The entries of the file's "data" list; CardFileError names the file when it has none."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise CardFileError(f"{path}: cannot be read ({error})") from error
    try:
        document = json.loads(text, parse_int=_bounded_int)
    except json.JSONDecodeError as error:
        raise CardFileError(f"{path}: not JSON (line {error.lineno}: {error.msg})") from error
    except RecursionError:
        raise CardFileError(f"{path}: the JSON is nested too deeply to be card info") from None
    if not isinstance(document, dict) or not isinstance(document.get("data"), list):
        raise CardFileError(f'{path}: not YGOPRODeck card info (no "data" list at the top)')
    return document["data"]


class OutOfRange(str):
    """A JSON whole number written with more digits than any card field holds, kept unread
    (Python refuses to convert one of more than 4,300 digits)."""


MAX_NUMBER_DIGITS = 24


def _bounded_int(text):
    return int(text) if len(text) <= MAX_NUMBER_DIGITS else OutOfRange(text)


def import_entries(entries):
    """Upsert every valid entry by name; report and skip the rest. Deletes nothing."""
    result = ImportResult()
    wanted = {}  # name -> (index of the entry, its fields)
    for index, entry in enumerate(entries):
        fields = parse_entry(index, entry)
        if isinstance(fields, EntryProblem):
            result.skipped.append(fields)
        elif fields["name"] in wanted:
            first = wanted[fields["name"]][0]
            result.skipped.append(EntryProblem(index, fields["name"],
                                               f"the same name as entry {first}"))
        else:
            wanted[fields["name"]] = (index, fields)
    with transaction.atomic():
        save_records({name: fields for name, (_, fields) in wanted.items()}, result)
    return result


def save_records(wanted, result):
    """Create the new names and update the changed ones, in bulk (a full dump has ~13,000)."""
    existing = CardRecord.objects.in_bulk(list(wanted), field_name="name")
    to_create, to_update = [], []
    for name, fields in wanted.items():
        record = existing.get(name)
        if record is None:
            to_create.append(CardRecord(**fields))
        elif any(getattr(record, key) != value for key, value in fields.items()):
            for key, value in fields.items():
                setattr(record, key, value)
            to_update.append(record)
        else:
            result.unchanged += 1
    CardRecord.objects.bulk_create(to_create, batch_size=500)
    if to_update:
        CardRecord.objects.bulk_update(to_update, RECORD_FIELDS, batch_size=500)
    result.created += len(to_create)
    result.updated += len(to_update)


def parse_entry(index, entry):
    """The CardRecord fields of one entry, or the EntryProblem that keeps it out."""
    if not isinstance(entry, dict):
        return EntryProblem(index, None, f"not a mapping (a JSON {json_kind(entry)})")
    name = entry.get("name") if isinstance(entry.get("name"), str) else None
    fields = {}
    for key, target in REQUIRED_TEXT.items():
        problem = text_problem(entry, key, required=True)
        if problem:
            return EntryProblem(index, name, problem)
        fields[target] = entry[key].strip()
    for key, target in OPTIONAL_TEXT.items():
        problem = text_problem(entry, key, required=False)
        if problem:
            return EntryProblem(index, name, problem)
        fields[target] = entry.get(key) or ""
    for key, target in OPTIONAL_NUMBERS.items():
        problem = number_problem(entry, key)
        if problem:
            return EntryProblem(index, name, problem)
        fields[target] = entry.get(key)
    if fields["frame_type"] not in FRAME_TYPES:
        return EntryProblem(index, name,
                            f"frameType {entry['frameType']!r} is not a known frame type")
    fields["cannot_normal_summon"] = is_monster_frame(fields["frame_type"]) and \
        reads_cannot_normal_summon(monster_text(entry))
    return fields


def text_problem(entry, key, required):
    """What is wrong with a text field, if anything: missing, not a string, empty or too long."""
    if key not in entry or entry[key] is None:
        return f'missing "{key}"' if required else None
    value = entry[key]
    if not isinstance(value, str):
        return f'"{key}" must be a string, not a JSON {json_kind(value)}'
    if required and not value.strip():
        return f'"{key}" is empty'
    limit = text_limit(key)
    if limit and len(value) > limit:
        return f'"{key}" is longer than {limit} characters'
    allowed = "\t\r\n" if key == "desc" else ""
    bad = next((c for c in value if c not in allowed and (
        unicodedata.category(c) == "Cc" or key != "desc" and unicodedata.category(c) == "Cf")),
        None)
    if bad is not None:
        return f'"{key}" holds a control character (U+{ord(bad):04X})'
    return None


def text_limit(key):
    """The column length a text field must fit (None for unlimited text). A frameType is
    checked against the known frame types instead, which says more than its length."""
    if key == "frameType":
        return None
    target = {**REQUIRED_TEXT, **OPTIONAL_TEXT}[key]
    return CardRecord._meta.get_field(target).max_length


def number_problem(entry, key):
    """What is wrong with a numeric field: a bool, a fraction, a string, or out of range."""
    value = entry.get(key)
    if value is None:
        return None
    if isinstance(value, OutOfRange):
        return f'"{key}" {value[:12]}… ({len(value)} digits) is out of range'
    if isinstance(value, bool) or not isinstance(value, int):
        return f'"{key}" must be a whole number, not a JSON {json_kind(value)}'
    low, high = NUMBER_RANGES[key]
    if not low <= value <= high:
        return f'"{key}" {value} is out of range'
    return None


def json_kind(value):
    """The JSON name of a value's type, for messages written for people editing JSON."""
    if value is None:
        return "null"
    if isinstance(value, OutOfRange):
        return "number"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    return {str: "string", list: "array", dict: "object"}.get(type(value), type(value).__name__)


def is_monster_frame(frame_type):
    """Spells, Traps, Tokens and Skills are never Normal Summoned, so their text is not read."""
    return frame_type not in {"spell", "trap", "token", "skill"}


def monster_text(entry):
    """The text that governs summoning: a Pendulum's monster text when YGOPRODeck splits it out."""
    split_text = entry.get("monster_desc")
    if isinstance(split_text, str) and split_text.strip():
        return split_text
    return entry.get("desc") or ""


# "[ Pendulum Effect ]" / "[ Monster Effect ]" headers and the dashed separators
# YGOPRODeck puts between a Pendulum's two texts.
TEXT_HEADERS = re.compile(r"\[\s*[A-Za-z ]+\]|-{4,}")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+|[\r\n]+")
ABSOLUTE_BAN = re.compile(
    r"^(?:this (?:card|monster) )?cannot be normal summoned\s*(?:/\s*|\s+or\s+)set\b(?P<rest>.*)$",
    re.IGNORECASE)
CONDITION_WORDS = re.compile(r"\b(?:unless|except|if|while|when|during|before|after|until)\b",
                             re.IGNORECASE)


def reads_cannot_normal_summon(text):
    """Whether the text says, without condition, that the card cannot be Normal Summoned/Set.

    Only a sentence that *is* the ban counts ("Cannot be Normal Summoned/Set.",
    "This card cannot be Normal Summoned or Set."). A condition ("If you control
    a monster, you cannot Normal Summon this card.", "Cannot be Normal Summoned,
    unless you control a "Ghostrick" monster.") leaves the card Normal
    Summonable, which is what decides Deck Master legality in TRH.
    """
    for sentence in SENTENCE_END.split(TEXT_HEADERS.sub(" ", text or "")):
        match = ABSOLUTE_BAN.match(sentence.strip())
        if match and not CONDITION_WORDS.search(match.group("rest")):
            return True
    return False
