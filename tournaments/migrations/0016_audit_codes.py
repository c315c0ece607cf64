"""Audit lines as codes with their data (models.audit_text), read in the reader's
language. The lines written before are sentences in the language of whoever acted:
each one whose target and detail match a sentence the app wrote (in English or in
French) gets its code and data; any other is kept as it is and reads as stored.

Self-contained on purpose (see 0006): historical models only, and a frozen copy of
the sentences and labels the services wrote until now.
"""

import re

from django.db import migrations, models

# code -> (English, French) as the services wrote them (French with plain spaces:
# the no-break spaces of a stored line are made plain before matching).
SENTENCES = {
    "round_added": ("Round added.", "Séance ajoutée."),
    "round_deleted": ("Round deleted.", "Séance supprimée."),
    "seating_cleared": ("Seating cleared.", "Placement effacé."),
    "number_changed": ("Number %(old)s → %(new)s.", "Numéro %(old)s → %(new)s."),
    "round_seated": (
        "Round %(number)s seated: %(tables)s tables, %(players)s players.",
        "Séance %(number)s placée : %(tables)s tables, %(players)s joueurs.",
    ),
    "round_redrawn": (
        "Round %(number)s redrawn: %(tables)s tables, %(players)s players.",
        "Séance %(number)s tirée à nouveau : %(tables)s tables, %(players)s joueurs.",
    ),
    "seats_swapped": (
        "%(a)s (table %(table_a)s) and %(b)s (table %(table_b)s) swapped seats.",
        "%(a)s (table %(table_a)s) et %(b)s (table %(table_b)s) ont échangé leurs places.",
    ),
    "movement_seated": (
        "%(rounds)s rounds seated from the movement: %(tables)s tables, %(players)s players.",
        "%(rounds)s séances installées d'après le mouvement : %(tables)s tables, "
        "%(players)s joueurs.",
    ),
    "table_added": ("Table added (%(round)s).", "Table ajoutée (%(round)s)."),
    "table_moved": ("Moved to %(round)s.", "Déplacée vers %(round)s."),
    "table_seated": (
        "Table seated. Players: %(players)s. Scorekeepers: %(scorekeepers)s.",
        "Table placée. Joueurs : %(players)s. Marqueurs : %(scorekeepers)s.",
    ),
    "table_players": ("Players: %(players)s.", "Joueurs : %(players)s."),
    "table_scorekeepers": (
        "Scorekeepers: %(old)s → %(new)s.",
        "Marqueurs : %(old)s → %(new)s.",
    ),
    "table_deleted": (
        "Table deleted. Players: %(players)s.",
        "Table supprimée. Joueurs : %(players)s.",
    ),
    "seat_added": (
        "Seat %(position)s: %(player)s (added).",
        "Place %(position)s : %(player)s (ajouté).",
    ),
    "seat_removed": (
        "Seat %(position)s: %(player)s (removed).",
        "Place %(position)s : %(player)s (retiré).",
    ),
    "seat_changed": (
        "Seat %(old_position)s: %(old_player)s → Seat %(position)s: %(player)s.",
        "Place %(old_position)s : %(old_player)s → Place %(position)s : %(player)s.",
    ),
    "member_added": ("added as %(role)s", "ajouté comme %(role)s"),
    "role_changed": ("%(old_role)s → %(new_role)s",),
    "member_removed": ("removed from the club", "retiré du club"),
    "guest_added": (
        "guest %(role)s of %(event)s",
        "invité comme %(role)s à l'événement « %(event)s »",
    ),
    "guest_removed": (
        "no longer a guest of %(event)s",
        "n'est plus invité à l'événement « %(event)s »",
    ),
    "public_name": ("%(style)s",),
    "account_unlinked": ("no account", "aucun compte"),
    "account_linked": ("%(username)s",),
    "rules_set": ("%(rule_old)s → %(rule_new)s",),
    "field_changed": ("%(field)s: %(old)s → %(new)s", "%(field)s : %(old)s → %(new)s"),
    "kind_changed": ("kind: %(old_kind)s → %(new_kind)s", "type : %(old_kind)s → %(new_kind)s"),
    "seed_changed": (
        "seating seed: %(old)s → %(new)s",
        "graine du tirage des places : %(old)s → %(new)s",
    ),
    "ruling": ("%(ruling)s",),
    "ruling_withdrawn": ("Ruling withdrawn: %(ruling)s", "Décision retirée : %(ruling)s"),
    "imported": (
        "%(rows)s rows: %(registered)s registered, %(already)s already registered, "
        "%(created)s players and %(clubs)s clubs created, %(teams)s teams created, "
        "%(licences)s licences added.",
        "%(rows)s lignes : %(registered)s inscrits, %(already)s déjà inscrits, "
        "%(created)s joueurs et %(clubs)s clubs créés, %(teams)s équipes créées, "
        "%(licences)s licences ajoutées.",
    ),
}

# Which sentences an action wrote (a bare "%(x)s" matches only its own action's lines).
BY_ACTION = {
    "seating": [
        "round_added", "round_deleted", "seating_cleared", "number_changed", "round_seated",
        "round_redrawn", "seats_swapped", "movement_seated", "table_added", "table_moved",
        "table_seated", "table_players", "table_scorekeepers", "table_deleted", "seat_added",
        "seat_removed", "seat_changed",
    ],
    "role": ["member_added", "role_changed", "member_removed", "guest_added", "guest_removed"],
    "public_name": ["public_name"],
    "account": ["account_unlinked", "account_linked"],
    "rules": ["field_changed", "kind_changed", "seed_changed", "rules_set"],
    "ruling": ["ruling_withdrawn", "ruling"],
    "import": ["imported"],
}

# Labels (English, French) -> the stored value, per kind of value.
LABELS = {
    "role": {"organiser": "organiser", "organisateur": "organiser",
             "scorekeeper": "scorekeeper", "marqueur": "scorekeeper"},
    "name_style": {"full name": "full", "nom complet": "full",
                   "first name and initial": "first_initial",
                   "prénom et initiale": "first_initial",
                   "initials": "initials", "initiales": "initials"},
    "ruling": {"not played (average)": "not_played", "non jouée (moyenne)": "not_played",
               "average plus": "average_plus", "moyenne plus": "average_plus",
               "average minus": "average_minus", "moyenne moins": "average_minus",
               "fouled board": "fouled", "donne faussée": "fouled"},
    "event_kind": {"club night": "club_night", "soirée de club": "club_night",
                   "tournament": "tournament", "tournoi": "tournament",
                   "duplicate tournament": "duplicate", "tournoi duplicaté": "duplicate"},
    "field": {"rounds": "rounds_planned", "séances": "rounds_planned",
              "deals per round": "deals_per_round", "donnes par séance": "deals_per_round",
              "boards per round": "boards_per_round", "team size": "team_size",
              "taille des équipes": "team_size", "boards dealt by the app": "app_deals",
              "donnes distribuées par le site": "app_deals", "comparison": "comparison",
              "comparaison": "comparison"},
    "comparison": {"matchpoints (percentage)": "matchpoints", "topage (pourcentage)": "matchpoints",
                   "difference from the average": "difference",
                   "écart à la moyenne": "difference"},
    "five_mode": {"called king (5 players)": "called_king", "roi appelé (5 joueurs)": "called_king",
                  "dealer sits out (4 players)": "dealer_out",
                  "le donneur ne joue pas (4 joueurs)": "dealer_out"},
}
# Which param is a value put into words, and of which kind.
KINDS = {"role": "role", "old_role": "role", "new_role": "role", "style": "name_style",
         "ruling": "ruling", "old_kind": "event_kind", "new_kind": "event_kind",
         "field": "field", "mode": "five_mode"}
# The param's name in the data (the sentence's own names differ where two share a form).
RENAMED = {"old_role": "old", "new_role": "new", "old_kind": "old", "new_kind": "new",
           "rule_old": "old", "rule_new": "new", "ruling": "kind"}
COUNTS = {"rounds_planned", "deals_per_round", "boards_per_round", "team_size"}
ROUND_WORDS = {"Round": "round", "Séance": "round", "Table": "table", "Board": "board",
               "Donne": "board"}
RULE_NAME = r"[\w.+-]+"
# The params that were numbers: only digits match them, so a sentence never swallows
# the next one ("Number 1 → 3. Players: …" is two sentences, not a number "3. Players…").
NUMBERS = {
    "number_changed": {"old", "new"},
    "round_seated": {"number", "tables", "players"},
    "round_redrawn": {"number", "tables", "players"},
    "seats_swapped": {"table_a", "table_b"},
    "movement_seated": {"rounds", "tables", "players"},
    "seat_added": {"position"},
    "seat_removed": {"position"},
    "seat_changed": {"position", "old_position"},
    "seed_changed": {"old", "new"},
    "imported": {"rows", "registered", "already", "created", "clubs", "teams", "licences"},
}
# Sentences holding a full stop of their own: read whole, never split.
WHOLE = {"table_seated", "table_deleted", "seats_swapped", "movement_seated", "round_seated",
         "round_redrawn", "imported"}


def _regex(code, sentence):
    parts = re.split(r"%\((\w+)\)s", sentence)
    pattern = ""
    for i, part in enumerate(parts):
        if i % 2 == 0:
            pattern += re.escape(part)
        elif part.startswith("rule_"):
            pattern += f"(?P<{part}>{RULE_NAME})"
        elif part in NUMBERS.get(code, ()):
            pattern += f"(?P<{part}>-?\\d+|None)"
        else:
            pattern += f"(?P<{part}>.+?)"
    return re.compile(pattern + r"\Z")


SENTENCES["five_mode"] = ("%(mode)s",)
COMPILED = {code: [_regex(code, s) for s in sentences] for code, sentences in SENTENCES.items()}


def _plain(text):
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def _number(text):
    if text == "None":
        return None
    return int(text) if re.fullmatch(r"-?\d+", text) else text


def _round_value(text):
    match = re.fullmatch(r"(Round|Séance) (\d+)", text)
    return {"c": "round", "v": int(match.group(2))} if match else None


def _param(name, text, field):
    """The stored value of one param, or None when the text is not what was written."""
    kind = KINDS.get(name)
    if kind is not None:
        value = LABELS[kind].get(text)
        return None if value is None else {"c": kind, "v": value}
    if name == "round":
        return _round_value(text)
    if field == "comparison" and name in ("old", "new"):
        value = LABELS["comparison"].get(text)
        return None if value is None else {"c": "comparison", "v": value}
    if field in COUNTS and name in ("old", "new"):
        return _number(text) if re.fullmatch(r"\d+|None", text) else None
    if field == "app_deals" and name in ("old", "new"):
        return {"c": "flag", "v": text == "True"} if text in ("True", "False") else None
    return _number(text)


def _sentence(code, text):
    for regex in COMPILED[code]:
        match = regex.match(text)
        if match is None:
            continue
        found = match.groupdict()
        field = LABELS["field"].get(found.get("field", ""))
        params = {}
        for name, raw in found.items():
            value = _param(name, raw, field)
            if value is None and raw != "None":
                break
            params[RENAMED.get(name, name)] = value
        else:
            return [code, params]
    return None


def _scorekeepers(text):
    match = re.fullmatch(r"(?:Scorekeepers named|Marqueurs désignés) ?: (.+)", text)
    if match is None:
        return None
    groups = {}
    for clause in match.group(1).split("; "):
        one = re.fullmatch(r"Table (\d+) ?: (.+)", clause)
        if one is None:
            return None
        # The old lines never named the round: one clause per table and names.
        groups.setdefault((int(one.group(1)), one.group(2)), None)
    tables = [{"table": t, "rounds": [], "names": n} for t, n in groups]
    return [["scorekeepers_named", {"tables": tables}]]


def _lines(action, detail):
    """The detail as [[code, params], ...], or None when it cannot be read back."""
    text = _plain(detail).strip()
    if not text:
        return []
    if action == "role":
        named = _scorekeepers(text)
        if named is not None:
            return named
    codes = BY_ACTION.get(action, [])
    if action == "seating":  # a table's changes, joined by spaces after full stops
        line = _first([code for code in codes if code in WHOLE], text)
        if line is not None:
            return [line]
        return _seating_changes([code for code in codes if code not in WHOLE], text)
    if action == "rules":  # several changes joined by commas (no value holds one)
        lines = [_first(codes, fragment) for fragment in text.split(", ")]
        return None if None in lines else lines
    line = _first(codes, text)
    return None if line is None else [line]


def _first(codes, text):
    for code in codes:
        line = _sentence(code, text)
        if line is not None:
            return line
    return None


def _seating_changes(codes, text):
    """"Moved to Round 2. Number 1 → 3. called king (5 players)": each sentence read
    (the label of a game mode has no full stop of its own)."""
    sentences = re.split(r"(?<=\.) ", text)
    lines = []
    for sentence in sentences:
        line = _first(codes, sentence) or _sentence("five_mode", sentence)
        if line is None:
            return None
        lines.append(line)
    return lines


def _target(target, event):
    """The target as parts, or None when it cannot be read back."""
    if event is None:
        return [target]  # a name as typed (a player, a user, a season, a deleted event)
    prefix = f"{event.name} ({event.date:%Y-%m-%d})"
    parts = []
    rest = target
    if target == prefix or target.startswith(prefix + " · "):
        parts.append({"c": "event", "v": {"name": event.name, "date": event.date.isoformat()}})
        rest = target[len(prefix) + 3 :]
    elif target == str(event.name):
        return [{"c": "event", "v": {"name": event.name, "date": event.date.isoformat()}}]
    for piece in rest.split(" · ") if rest else []:
        match = re.fullmatch(r"(Round|Séance|Table|Board|Donne) (\d+)", piece)
        if match:
            parts.append({"c": ROUND_WORDS[match.group(1)], "v": int(match.group(2))})
        elif parts:
            parts.append(piece)  # a file's name after the event, an orientation's letter
        else:
            return None
    return parts


def forwards(apps, schema_editor):
    AuditEntry = apps.get_model("tournaments", "AuditEntry")
    entries = AuditEntry.objects.filter(code="").select_related("event").order_by("pk")
    changed = []
    for entry in entries.iterator(chunk_size=500):
        lines = _lines(entry.action, entry.detail)
        parts = _target(entry.target, entry.event)
        if lines is None or parts is None:
            continue  # kept as written: it reads as stored
        entry.code = lines[0][0] if lines else entry.action
        # The sentence stays in `detail` (the admin's search, and going back): the code
        # decides how the line reads.
        entry.data = {"target": parts, "lines": lines}
        changed.append(entry)
        if len(changed) >= 500:
            AuditEntry.objects.bulk_update(changed, ["code", "data"])
            changed = []
    AuditEntry.objects.bulk_update(changed, ["code", "data"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0015_page_versions"),
    ]

    operations = [
        migrations.AddField(
            model_name="auditentry",
            name="code",
            field=models.CharField(blank=True, max_length=40, verbose_name="code"),
        ),
        migrations.AddField(
            model_name="auditentry",
            name="data",
            field=models.JSONField(blank=True, default=dict, verbose_name="data"),
        ),
        # Going back drops the fields; the sentences were kept in `detail`.
        migrations.RunPython(forwards, migrations.RunPython.noop),
    ]
