#!/usr/bin/env bash
# The load generator `make bench` drives the HTTP benchmarks with: wrk, from the distribution's
# packages. Installed when missing (as root, or through sudo), so a new machine can run the
# benchmarks without preparing it by hand; anything else is a one-line error.
set -euo pipefail

if command -v wrk >/dev/null; then
    exit 0
fi
if ! command -v apt-get >/dev/null; then
    echo "make bench needs wrk and this machine has no apt-get: install wrk, then run it again" >&2
    exit 1
fi
if [ "$(id -u)" -eq 0 ]; then
    as_root=()
elif command -v sudo >/dev/null; then
    as_root=(sudo)
else
    echo "make bench needs wrk: install it as root (apt-get install wrk), then run it again" >&2
    exit 1
fi
echo "installing wrk for the HTTP benchmarks" >&2
"${as_root[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq wrk >/dev/null
wrk --version 2>&1 | head -n 1 >&2 || true
