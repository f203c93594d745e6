"""Developer tools run by the Makefile (not part of the installed packages)."""
