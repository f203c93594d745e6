"""Tests of narration modules added with the terminal game."""
