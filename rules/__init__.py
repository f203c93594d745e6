"""Game engines: components, state, legal actions, views and bots. Standard library only."""
