"""Text for cases and events, rendered from Jinja templates."""
