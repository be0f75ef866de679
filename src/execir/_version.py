"""The execir version: its one home (pyproject.toml reads it from here)."""

__version__ = "0.1.0"
