"""Tiny Epic Crimes: the case as data (:mod:`.case`) and its card sets (:mod:`.cards`).

The rules of play do not exist yet: nothing here registers the system. The generator package
(``generator.tiny_epic_crimes``) makes and verifies cases of these types.
"""
