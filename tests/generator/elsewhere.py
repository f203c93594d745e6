"""Envelopes made by another interpreter (another hash seed, nothing cached, the seeds in the
reverse order), so that a generator's test can show a seed gives the same bytes anywhere."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = (
    "import json, sys\n"
    "from generator import registry\n"
    "registry.load()\n"
    "system, seeds = json.loads(sys.argv[1])\n"
    "for seed, options in reversed(seeds):\n"
    "    print(json.dumps(registry.generate(system, seed, options), sort_keys=True))\n"
)


def as_text(envelope: Mapping[str, Any]) -> str:
    """An envelope as :func:`made_elsewhere` prints it."""
    return json.dumps(envelope, sort_keys=True)


def made_elsewhere(system_id: str, seeds: Sequence[tuple[int, Mapping[str, Any]]]) -> list[str]:
    """The envelope of each ``(seed, options)`` of ``system_id`` as another interpreter makes
    it, last seed first, as JSON text in the order of ``seeds``."""
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT, json.dumps([system_id, seeds])],
        cwd=ROOT,
        env={**os.environ, "PYTHONHASHSEED": "12345"},
        check=True,
        capture_output=True,
        text=True,
    ).stdout.splitlines()
    return out[::-1]
