"""``make soak``: the hardening suite's long runs (``python -m soak``), written to SOAK.md."""
