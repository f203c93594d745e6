"""The REST API: HTTP, storage and configuration. Nothing imports this package."""
