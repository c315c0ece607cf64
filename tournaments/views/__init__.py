"""Thin views, split by audience: scorekeeping, organiser, public."""
