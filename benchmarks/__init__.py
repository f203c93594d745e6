"""Benchmarks (``make bench``): casebook measured beside a reference in the same run."""
