"""Measure the generator: ``python -m generator.tiny_epic_crimes [--cases N] [--workers W]``.

Each worker process makes and verifies ``N`` envelopes of its own seeds; the report gives the
median and 95th percentile per case and the cases per minute of all workers together (the
figure of docs/tiny-epic-crimes.md, until ``make bench`` has a section for it). The command is
the kit's (:mod:`generator.kit.speed`).
"""

from __future__ import annotations

from generator.kit import speed

from . import SYSTEM_ID


def main(argv: list[str] | None = None) -> None:
    speed.main(SYSTEM_ID, "case", per_worker=1000, description=__doc__, argv=argv)


if __name__ == "__main__":
    main()
