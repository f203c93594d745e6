"""Tokens: enough entropy, stored hashed, compared in constant time, parsed strictly."""

from __future__ import annotations

import base64
import hashlib

import pytest

from api import security


def test_tokens_carry_at_least_128_random_bits() -> None:
    tokens = {security.new_token() for _ in range(1000)}
    assert len(tokens) == 1000
    for token in tokens:
        assert len(base64.urlsafe_b64decode(token + "=")) * 8 >= 128
        assert security.is_well_formed(token)


def test_only_the_sha256_is_kept_and_it_matches() -> None:
    token = security.new_token()
    digest = security.hash_token(token)
    assert digest == hashlib.sha256(token.encode()).hexdigest()
    assert token not in digest
    assert security.matches(token, digest)
    assert not security.matches(security.new_token(), digest)
    assert not security.matches(token, None)


@pytest.mark.parametrize(
    ("header", "token"),
    [
        (None, None),
        ("", None),
        ("Bearer", None),
        ("Bearer ", None),
        ("Basic abc", None),
        ("Bearer abc", "abc"),
        ("bearer  abc ", "abc"),
    ],
)
def test_bearer_headers_are_parsed(header: str | None, token: str | None) -> None:
    assert security.bearer_token(header) == token
