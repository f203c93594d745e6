"""Murdered by Midnight: the Author, the map, the envelopes and the confrontation."""
