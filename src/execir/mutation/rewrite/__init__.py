"""Semantics-preserving rewrites (work in progress)."""
