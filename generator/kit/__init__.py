"""The generator kit: what every case generator of casebook shares.

- :mod:`.runner`: one z3 runner (SMT-LIB text cached per shape, a fresh context per case, a
  deterministic effort bound, values read through the model API, a uniqueness check) and a hard
  wall-clock limit in a separate worker process;
- :mod:`.smt`: small functions that write SMT-LIB terms and commands, so a model reads like its
  rules rather than like string formatting;
- :mod:`.retry`: the draft-and-retry loop, with a reason code for every rejected draft;
- :mod:`.options`: case options declared as data, with presets, parsed from JSON;
- :mod:`.names`: pools of original person and place names, sampled deterministically;
- :mod:`.hooks`: what a system's registration hands the registry (the verifier hook that turns
  away another system's envelope, ``envelope(seed, options)``, the cards' glossary);
- :mod:`.speed`: the speed command each system's ``python -m generator.<system>`` runs (timed
  generation in worker processes, median, 95th percentile and rate).

Nothing here knows a system's words: a system's package declares its options, writes its model
and names its rejection reasons, and the kit does the rest the same way for all of them.
"""
