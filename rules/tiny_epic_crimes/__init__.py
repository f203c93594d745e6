"""Tiny Epic Crimes: the case as data (:mod:`.case`), its card sets (:mod:`.cards`) and the core
of the standard game's rules (:mod:`.game`'s ``SYSTEM``).

The rules are not complete (events are in play; seven force cards, abilities, the badge bonuses
and the other modes are later work), so nothing here registers the system. The generator
package (``generator.tiny_epic_crimes``) makes and verifies cases of these types.
"""
