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

#: sha256 of every step's answers and the final state, recorded from commit 6b5020e.
EXPECTED: dict[int, str] = {
    0: "0a4884dcfbf5e0d9b71a6329c26deb162c13121bf3806b606c877c2025358667",
    1: "bb366535f93253b0ee6c7ef5b23be53bdfcefa4c2dac9dfa000add5b3a80f1fd",
    2: "4fc56732794832866fbedea89b00572f716e722b8cd34a9e391f00deeb1d4cf6",
    3: "8ceae64fd5e2be3f73bf5b1a75ccbe0955d2adb78b12a4e84ff39bbc78bd76ee",
    4: "55b10915e971f00b3d692687d373219d7e2af2963f3e78529a3569747ccb69d6",
    5: "aa124ed37cdf7583b5e41d213b098405c93006c39a2e7179f960e570f572c379",
    6: "600abe708c26d8b0282a5da951752d5ebd13acc8b12722d902a48ffc73300003",
    7: "2e85d09a788087ed2dc7f4be16cac882b5471e6476242acd6a9834dc63545677",
    8: "740a766da7b8d95ac71eac2dd385412907aa5f2b5c90adf38104dba2f552bfa3",
    9: "02541acbaee673ddc347a89f3c69ddcb7a55cd22caeb27cfcdee2e25deaa21dd",
    10: "24699ffa7995e7b292cb8976564caf4b1f8072d3b703560da88eeb35f45a6c89",
    11: "449abeeb41b1ca96fb2e04cce334a4aeb874b9a11e5f84d47d0931a89f3947c4",
    12: "0e214920fc32ca48f0159d63664d5349618eab13b5bee1cccd75e9c615c37c67",
    13: "28b62a84cbe613122d30e3f6cbfb4cda5ee5ac1335edda0431c497311392a413",
    14: "d025d9ca21222369aa387d028b7390445b94f75e1cbffc92d11c1e02d19ff3cd",
    15: "2719d3020278d923fd1a2ebe6d1591ace577baa3706e6057eef6d8bdf43360c6",
    16: "91956d1955a6bf2dbdcd90267dd2e55b4f000ae933c6365033ddbfa79d124192",
    17: "cff07ccdd79424aa3760867a09ce95b706df8d4acbad8c78e7ddac8ddf9d7e42",
    18: "b3f3a25249718bf5e62222a9717f5b5111ba904dc44a3078c6e9c23083215ad8",
    19: "08371fbb32a2c417ba8a0efc7f24c85187d24fd344001404313f74553187f931",
    20: "83be3324e5f17ebf8e604ede9f18dce63911beb6df284d7c3e06657768bea270",
    21: "8d7f805676b87d4271a369125c8bf5febc0d8441fb08c504e097a18d481cdd4c",
    22: "e9eb590f6e79c6ed685513364764feaae0f746b8918a69ffd0407491989f27ae",
    23: "de8c71036eedb391041e1bd1c223e303dd088a8d77c445f8533666bfd5d3507c",
    24: "4fcc1b25ceebd157fa934d5c03087a3359df9edb6d9fc1b7de06e65c7a4e2645",
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
