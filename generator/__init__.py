"""Case generation: z3 models that invent cases, an independent verifier, difficulty ratings."""
