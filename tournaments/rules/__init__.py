"""Pure rules of the club (no ORM): what the public may see, and the like.

Selectors and services ask these predicates; they turn them into queries.
"""
