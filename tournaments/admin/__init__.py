"""The back office: every model of tournaments/models.py.

Per club (scope.py): a staff user sees and changes the rows of the clubs he
organises (the federation every club's; a staff user without a club role nothing),
and every save and delete goes through a service that checks his role again
(services.admin_writes for those no other service makes). Memberships and guests
change through services.people; the audit trail is read-only.

Hands and scores keep the house rule "scores are written by services only":
- HandScore (the ledger) is read-only everywhere in the admin: no add, change
  or delete; it is shown read-only inline under its hand.
- Hand may be added, changed or deleted, but every save goes through
  services.hands.save_hand (which scores it, bumps its version and rewrites its
  score rows) and every delete through services.hands.delete_hand. The form
  checks the hand with the engine first (services.hands.preview_hand) so that an
  impossible hand is refused with the message at its field, and carries the
  version it was opened at, so a concurrent change is refused, not overwritten.
  simple_history's "revert" is switched off: reverting would bypass the form.

No other side door either:
- An event is created, changed and deleted through services.admin_events: its
  publication, rules, format, kind and seed are checked and audited by their
  services, it never moves to another club, and one holding hands is not deleted.
- An event's rule set changes through services.events.update_event, which rescores
  every stored hand in the same transaction; the form refuses a rule set under
  which a stored hand cannot be scored (then nothing changes). The exact rules
  (rules_json) follow the rule set and are read-only.
- A round's status follows its sheets (services.sheets.refresh_round_status): it is
  read-only, and refreshed whenever tables are added or removed here.
- Once a table has hands, its seats and game mode are what the hands were scored
  with: read-only, and such a table (or round) cannot be deleted from an inline.
- EventResult is derived from the ledger: read-only like HandScore.
"""

# Each submodule registers its ModelAdmins with the admin site when it is imported.
from . import clubs, events, hands, people, seating  # noqa: F401
