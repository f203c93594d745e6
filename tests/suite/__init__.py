"""The hardening suite (issue #8): leak scan, authorization matrix, races and kills.

Quick versions run in ``make test``; ``make soak`` (``python -m soak``) runs the long ones.
"""
