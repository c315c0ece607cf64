"""Writes, split by subject; import from the submodules."""
