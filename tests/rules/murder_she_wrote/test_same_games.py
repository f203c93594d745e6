"""The same games, step for step, whatever is done to make Murder, She Wrote faster (issue #12).

Fixed bot games (standard and solo, basic and advanced rules, 3 to 6 seats, the solo person as
either role, short and long games, generated islands) replayed with
``tests/rules/same_games.py``: every step's views, legal actions, waiting seats, action, events
and their words for every seat, and the game as the server's bot loop plays it, against digests
recorded at commit 6b5020e, before the speed work. A digest that differs means the engine now
plays or shows something else: find the step with ``same_games.first_step`` and compare with the
engine at that commit.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from generator import registry as generators
from narration import public_glossary
from rules.core import Seat, start
from rules.murder_she_wrote.case import SYSTEM_ID
from rules.murder_she_wrote.game import SYSTEM
from tests.rules.same_games import Table, same_game_tests

generators.load()

#: The games: (mode, seats, game options, island seed, game seed); every table size, both
#: rules, both modes; in solo seat 0 is the person (played here by its bot like every seat).
GAMES: tuple[tuple[str, int, dict[str, Any], int, int], ...] = (
    *(("standard", n, {"rules": "basic"}, n, n) for n in (3, 4, 5, 6)),
    *(("standard", n, {"rules": "advanced"}, 10 + n, 10 + n) for n in (3, 4, 5, 6)),
    *(("standard", 4, {"rules": "basic"}, 20 + k, 20 + k) for k in range(4)),
    *(("standard", 4, {"rules": "advanced"}, 30 + k, 30 + k) for k in range(4)),
    ("standard", 3, {"rules": "basic", "rounds": 20}, 40, 40),
    ("standard", 6, {"rules": "advanced", "rounds": 60}, 41, 41),
    ("solo", 3, {"rules": "basic", "play_as": "jessica"}, 50, 50),
    ("solo", 4, {"rules": "advanced", "play_as": "murderer"}, 51, 51),
    ("solo", 5, {"rules": "basic", "play_as": "either"}, 52, 52),
    ("solo", 6, {"rules": "advanced", "play_as": "jessica"}, 53, 53),
    ("solo", 4, {"rules": "basic", "play_as": "murderer"}, 54, 54),
    ("solo", 4, {"rules": "advanced", "play_as": "either"}, 55, 55),
)

#: sha256 of every step's answers and the final state, recorded from commit 6b5020e.
EXPECTED: dict[int, str] = {
    0: "777ca06406ff1775dcf1c0702a8f1eca882d59962fb9651146ec8c8b8653cc1a",
    1: "35408abd40ade1ef8451ba311062038b881fdeb5a0fc32e462e0e428f01f03e7",
    2: "af74a8bf8fcb23e56918932553076f813e5f42ddf5f6eb1a6bae0eaf87ee7f34",
    3: "70cc94dc9797f04d9ff3f8cb430f4c4ec7750a1f46953ecfcf37363ef49a8145",
    4: "e9263aee3c7eec3cbf2cd46cd3461b57968977821ef29272029063e95ba006e1",
    5: "2a02a04020e2187cd01a483d1d02e6923ab51c26d140922e8aa9edcc60255844",
    6: "36b3c5eb8ed826296d76225706f9657e7af3373f9803d447833dc378599299f5",
    7: "5fe6d8baa4fee0433898e322bd992d6924c42d00dcd612cd59d590c6ec7b8294",
    8: "a10293277883462c0376644f3c6e08e08c1c0914de86f446115a4dfe9094987c",
    9: "cf060cdb4be18dbd86f60cfeb130d3bc662bf780e76406257c644d6fa8555e72",
    10: "f4cd3504ca6ff731deb3a40d873e99a8f9b61e403d3f6e18ffabccb260510a87",
    11: "b87f86b946417c9b1042011d2a584de441f17d4bdb7c253e96a2e2c6e2083ebf",
    12: "5bdf8baebefad0e33ab9f98f51c02ec8345f6bf633c0d88590af6e934eacedc7",
    13: "2b532eab0f225ee7c1502fc221fa0508b3910c97b604f9308e79228ab9b3acfb",
    14: "1d3ddced308da5a6f59e5f6e98023db44a4fc9c71671ee61c785afcb9b9f0fdb",
    15: "316cbde3ec9df64306106ad9b62468736ecd9a64c4faba8ea98c58855e7fcf81",
    16: "e8312143a4bba3fab1799c931959be1362228412ae9486f571fe8a063fd80ab9",
    17: "b92f2c2cdcbe761a936ab88397544252308fd55114263021b36f42de1c8467e7",
    18: "bd4454279691cd885d7c3dc90118ce6406434193d0db15f65ad347819cf35bd9",
    19: "24815a79f1627c7dbcc084c1b9fc477b55e1a72429544753f95c31a38e39c619",
    20: "a94cbd42226d025247ebfc0d18d29a5a354c15598a709e3c0be2eceb4328d423",
    21: "f64e417332895d2e7e0cba665d3d0faaa8089b79ad9380486d40606e5bc4385d",
    22: "f9a7948061304e719d71e269314c6b8d0e0616d15745a7f3613eadc1ca4b90af",
    23: "79b23449878f7fbc6277b12cb7f680ecc43da4bdcb62f00a8eb4aee45aaf2bef",
}

#: sha256 of the steps ``run_bots`` plays (the server's loop, asking views and legal actions in
#: its own order) and the final state, recorded from commit 6b5020e.
EXPECTED_LOOP: dict[int, str] = {
    0: "1b443906a38510b46c90d903144a5b51609d6ca9fe84f45021e3299613dd852a",
    1: "f902f10486216f03d88a8306b8d12aa27411dcdcbfb97b3538977e77ed569e89",
    2: "7e51d30cd70258d88999f7e08dac8ec3dfa2f2c2e9813b8bc91bf5d0dda0b5ee",
    3: "98be8e3dcbc580366fcc7adb8a399c535539eae11020614fee65e7d0153713cf",
    4: "4a6ef84fc3accdeb30aa87640e050f813416ccc266609ef7b88cea9d78e59f6f",
    5: "be37aeb12f95f0734269c7a9e501321070165d4a95aebd45747c865eeb9be658",
    6: "b3cce58a8484aa99aa98ae3d9f9f25b3bb3926d182668a85081f3d8ca7b669ac",
    7: "105de7e8a690a594517a3437e7a1e7761327ebac6bb322cbe8c1db78b2382aa7",
    8: "1c80c046ffbac2724466b76ca3aaec18e3c29ca650ccef1f3d1e8a4b7bedc18a",
    9: "89f9abe32993dc6dc7b47df99146a70ee3abe1b9ce66e180ea3d95be1b6d6cbe",
    10: "7e45b327789a5fda172692f35aafe6da26a3d277196e7dcde4b4939feef5ab7a",
    11: "71990a085c5d1491a00f2ced8e84ac9a84f5bb767531682915e1f8745f49f98f",
    12: "68138cefb3517168fb4c7c3b5f502acef12e5b25276e36a2430e67d1eb492ac0",
    13: "4375634e418834afb85a64adb999900687fdddb01807831bfa2b3e1ee2f0c45b",
    14: "742402d13013b96191b903dd0dfe0005d9441b7680860b9d50937e21db8b28e1",
    15: "d12c4cd78001c8b2ce3ccc767d7e884d3a1ead97a2525c1d6bb657dd11ca8880",
    16: "b82012b144c3b19413d027e6b05890306127151eaf4ac2f2326d021a4f3528e6",
    17: "263eb8edd05f02c7b2c0a42fe2ad135b9a8bb6edf82bbdcadd68272028b5b4dc",
    18: "b1309a096e23c92fe955ee3f92d12116c12789dd1d36be48703591789a78eff4",
    19: "a2b99b41f70c5175c590314740f9d237fd053e59277a1ad590defd1e80795b80",
    20: "722dfdd511a57c440827c7fc6354f4443c5b36375965d3d824049f50cf11fdfa",
    21: "81d69ffea062de35ba2d3bad36ec616849e4004a0fd74b0e405dd2a04f585094",
    22: "c9c3b254431414f707837217585d9a93b26ea4f44ca5564e1e6b51bab5efde9a",
    23: "bc4f00eb26179db86139b0953b7401c228b180b488a0ecf9af29dae50e1ae52c",
}

NAMES = ["Zoë O'Hara", "Ben", "Cy Twombly", "Dee", "Émile", "Fay"]


@cache
def _envelope(seed: int) -> dict[str, Any]:
    return generators.generate(SYSTEM_ID, seed)


def table(index: int) -> Table:
    mode, seats, options, island_seed, seed = GAMES[index]
    envelope = _envelope(island_seed)
    people = [Seat(NAMES[n], mode != "solo" or n > 0) for n in range(seats)]
    case, state = start(SYSTEM, envelope, people, mode, seed=seed, options=options)
    return Table(SYSTEM, case, state, NAMES[:seats], seed, public_glossary(envelope["public"]))


test_every_step_answers_as_it_did, test_the_server_loop_plays_the_same_game = same_game_tests(
    GAMES, table, EXPECTED, EXPECTED_LOOP
)
