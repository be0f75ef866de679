"""The ``execir`` command line: one Typer app (:mod:`execir.cli.commands`), the build and
training commands (:mod:`execir.cli.build`, :mod:`execir.cli.multitask`, :mod:`execir.cli.train`),
shared option definitions (:mod:`execir.cli.options`), what it prints (:mod:`execir.cli.render`)
and its one-line errors (:mod:`execir.cli.errors`).  Nothing imports this package but its
console entry point and tests."""
