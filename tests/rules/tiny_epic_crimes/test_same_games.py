"""The same games, step for step, whatever is done to make Tiny Epic Crimes faster (issue #12).

Fixed bot games (every mode, every table size, generated cases) replayed with
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
from rules.tiny_epic_crimes.case import SYSTEM_ID
from rules.tiny_epic_crimes.game import SYSTEM
from tests.rules.same_games import Table, same_game_tests

generators.load()

#: The games: (mode, seats, game options, the officers the case is laid out for, case seed,
#: game seed); every mode at every table size, some twice on another case.
GAMES: tuple[tuple[str, int, dict[str, Any], int, int, int], ...] = (
    *(("standard", n, {}, n, 10 + n, n) for n in (2, 3, 4)),
    *(("standard", n, {}, n, 20 + n, 30 + n) for n in (2, 3, 4)),
    *(("standard", 4, {}, 4, 40 + k, 40 + k) for k in range(4)),
    *(("cooperative", n, {}, n, 50 + n, 50 + n) for n in (2, 3, 4)),
    *(("cooperative", n, {}, n, 60 + n, 70 + n) for n in (2, 3, 4)),
    *(("cooperative", 3, {}, 3, 80 + k, 80 + k) for k in range(3)),
    *(("solo", 1, {"officers": n}, n, 90 + n, 90 + n) for n in (2, 3, 4)),
    *(("solo", 1, {"officers": n}, n, 100 + n, 110 + n) for n in (2, 3, 4)),
)

#: sha256 of every step's answers and the final state, recorded from commit 6b5020e and again
#: when a seat's own Suspect and Force Cards came to be shown in the order drawn rather than
#: sorted (docs/rulings.md; the games themselves, ``EXPECTED_LOOP``, unchanged).
EXPECTED: dict[int, str] = {
    0: "c83b7f61ac7930fe08c736ce46062ad24e1ce8f65ae5a5b0c129e4c90a19a69e",
    1: "d455dccabd2033a2dd4b9950622f56d0703346bc2d3b04f18ecf8c98ff2c7bfc",
    2: "2fdf3bd1d0dd29326bed82b567dd84591738ef74f352e357dca253b30fabcdfb",
    3: "0f0c407d9ebdb9205a1620dd6cbc6154e967c5055279f613cf97656cbb2e8622",
    4: "4de89455a415475ea0cb068d6052da1a0f8017c9609ae9aaf7739e81bcafd610",
    5: "2a08ae3ed5791b9dc2b9086c19e9328477a389fbac75424c98a27fab90199f82",
    6: "0aca77f09e21100dd703c881ff2858c427186484635213610b8020b3b01ab90c",
    7: "978acb0909336c4d70e8db50028cec4f2d716e2b913647669798be45c137def0",
    8: "e1a4f011e4d81d79df8190171a896ae770494aba017115c27e82479b83d722e4",
    9: "28920a686f48656cd46048e364782b0de6fc3071cb8fd4ad6de37dd081a9e6f9",
    10: "24699ffa7995e7b292cb8976564caf4b1f8072d3b703560da88eeb35f45a6c89",
    11: "7e5f368bda774d644a255b4e567a13c1652d43f500be584e69857d3c225b7aed",
    12: "0e214920fc32ca48f0159d63664d5349618eab13b5bee1cccd75e9c615c37c67",
    13: "28b62a84cbe613122d30e3f6cbfb4cda5ee5ac1335edda0431c497311392a413",
    14: "fd2c6038601a51faa83921736aea4c207c1e649f0eed91987d5edd3219a9c3c7",
    15: "760942c4cb5e381b64da8ef7cd61c45c5a428b6ac368a616d18c8fb846a052b7",
    16: "0cc492c067aef0908c5026c942e90d7fe0ccbfbaf7e5fe612a56366a96d85783",
    17: "de2f52da37d20149573b746c467fb8acaf3920afaa81e3c7fe7d09071e181607",
    18: "b3f3a25249718bf5e62222a9717f5b5111ba904dc44a3078c6e9c23083215ad8",
    19: "08371fbb32a2c417ba8a0efc7f24c85187d24fd344001404313f74553187f931",
    20: "fb927893f62451b5900cfed60bffb3e202548402fbe676a657ed034382181cd6",
    21: "44dc0fcf1fecd288ea92191cf8a288942ac9a9c51e6397138cf3d60373df2525",
    22: "e9eb590f6e79c6ed685513364764feaae0f746b8918a69ffd0407491989f27ae",
    23: "eae0a4b3b18e71a88f8292df6e53a1da7c808a094f31bcfdda48cc4bc1bbdaac",
    24: "c05e12ac52b2084481b2804900e28c236aa006bbce69d85b2769ffc7c4d634e1",
}

#: sha256 of the steps ``run_bots`` plays (the server's loop, asking views and legal actions in
#: its own order) and the final state, recorded from commit 6b5020e.
EXPECTED_LOOP: dict[int, str] = {
    0: "27ec1efc1b108d3793f40dbb90ff18fba28cef630c83f4c8e77ee81583233afe",
    1: "69eec432e7fe5d84f5587f64c5efb76c88ee01f7915df926a8c7fcc03ad3afbf",
    2: "cdb482558ad3a9e6c84af5ec23b983cd118a4bbed2bdee69043af6923b4b2841",
    3: "855c1ec3ed2215755195db2281083e89f37e9a7e6b688329312a11f9522c6ace",
    4: "4b533328c9b17f2f03e58092f6015cc151e26d76b1046cf07541006e0116350c",
    5: "0d013cadf6b295cae6e0b0d0d4993e5e22bc258adc0811b61ca6c9c901375fac",
    6: "bcd91995529234c5a739809540ad7d2ed94c899d8aed4bdb5ae26e2d985dc860",
    7: "0ef9105a32c88c76fa8a4b73dd28533becd9bbae7d5b98fa884eca6266bfa0d4",
    8: "0aa6f41fcb4ce0a5280b1a4c1c32c45640cedb2e01fdaee0373f1360496edd08",
    9: "57e6108ffc6bd6842a983c98aa559023ac434bf968ff93e6e0efb0fdbd3d2d8c",
    10: "56372c6b0185475e7578bfd070e6f863fb325a9a46147f947a101a27d806510a",
    11: "7848ce60643df9bdb80237e1a3d20ae57a8b4a3160a48563fecb54953600b6de",
    12: "3991396dbb085548803f919e1490b83b32b93f6b6995f0662ce3487f1ac53934",
    13: "97e78a50793fd97308710c97528fe27162c4d2ce18e79d1664c13f6525d9a060",
    14: "a766a79c3227496c2e279097a8af729bc8807b42ef05324ba4660e8e35caf309",
    15: "40f131a5c366e0632ab08e0bc173dff448a2398da7f9dcf2ebe85ef368058eb7",
    16: "d540a4fc110ae5e933c8b5f25d7f312a6a5d0e54f2d24b678a2040f69ea61201",
    17: "4c7a5501c80dc30773965e142dd1d6c2f6d39697a7f22d44ae0de465e12d625c",
    18: "d8b0bb3f92ee0707a2f8edc987030d534ac539b7d8cfe5b3360f2b8fb3530f74",
    19: "ac9b689e428672290dacfd85a1808ff3530bfa055a98f2238d0ef2c285de5f15",
    20: "7b73894d85327c9e86e37974b4d9412bc95ab7cf91eaeea19a7144b8d300d5c9",
    21: "4d73208fc93105da5a71219af6e3ecd9bd09c8d0fc14bcfb7a5dac6fa3ea4a11",
    22: "3e8f5d98a003154c5ca54c5da37bcefa566ea90394c31e8c75441c298d2befa0",
    23: "cb5fc5f35ea90f2d429b41b6145f32afaf71b0e3cfb46934ec40ce8ca89e415e",
    24: "6e6ee761b65e1be99cd909a3c335b8aa948a4c9d27d1dd8e172356a245f5ae3a",
}

NAMES = ["Zoë O'Hara", "Ben", "Cy Twombly", "Dee"]


@cache
def _envelope(seed: int, players: int) -> dict[str, Any]:
    return generators.generate(SYSTEM_ID, seed, {"players": players})


def table(index: int) -> Table:
    mode, seats, options, players, case_seed, seed = GAMES[index]
    envelope = _envelope(case_seed, players)
    people = [Seat(NAMES[n], True) for n in range(seats)]
    case, state = start(SYSTEM, envelope, people, mode, seed=seed, options=options)
    return Table(SYSTEM, case, state, NAMES[:seats], seed, public_glossary(envelope["public"]))


test_every_step_answers_as_it_did, test_the_server_loop_plays_the_same_game = same_game_tests(
    GAMES, table, EXPECTED, EXPECTED_LOOP
)
