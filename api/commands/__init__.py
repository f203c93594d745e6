"""The ``casebook`` commands for authors and solo players: generate, verify and play.

Each module holds one command's work as plain functions over streams, so tests drive them
without a terminal; :mod:`api.cli` only parses arguments and turns errors into one line.
"""
