"""pyproject.toml's ranges and constraints.txt's exact versions cannot drift apart (issue 53 item 6):
every package execir or one of its extras declares has one exact version in constraints.txt, inside
its declared range, and constraints.txt names nothing else."""

from __future__ import annotations

import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]

def declared() -> dict[str, list[Requirement]]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    reqs = [Requirement(r) for r in project["dependencies"]]
    reqs += [Requirement(r) for extra in project["optional-dependencies"].values() for r in extra]
    out: dict[str, list[Requirement]] = {}
    for r in reqs:
        out.setdefault(canonicalize_name(r.name), []).append(r)
    return out


def pinned() -> dict[str, str]:
    out = {}
    for n, line in enumerate((ROOT / "constraints.txt").read_text().splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, sep, version = line.partition("==")
        assert sep and version, f"constraints.txt line {n}: expected NAME==VERSION, got {line!r}"
        assert canonicalize_name(name) not in out, f"constraints.txt line {n}: {name} twice"
        out[canonicalize_name(name)] = version
    return out


def test_every_declared_package_has_one_exact_version_inside_its_range():
    pins = pinned()
    for name, reqs in declared().items():
        assert name in pins, f"{name} is declared in pyproject.toml but has no version in constraints.txt"
        for r in reqs:
            assert not any(s.operator == "==" for s in r.specifier), f"pyproject.toml pins {r}: give a range"
            assert r.specifier.contains(pins[name], prereleases=True), \
                f"constraints.txt {name}=={pins[name]} is outside pyproject.toml's {r}"


def test_constraints_name_only_declared_packages():
    extra = set(pinned()) - set(declared())
    assert not extra, f"constraints.txt pins packages nothing declares: {sorted(extra)}"

