"""A Python random agent against the engine's built-in greedy, through the environment loop.

    python3 examples/python/play.py --game quetzal --seats 3 --games 20 --seed 1 --out records/

Seat k of game n is the random agent when k == (n - 1) mod seats, the built-in greedy otherwise.
Each game's record is written to OUT/game-NNNN.json (check them: expedition replay FILE) and one
JSON line per game is printed: {"file", "hash", "scores", "agentSeat"}.
"""

import argparse
import json
import random
from pathlib import Path

from agents import random_policy
from env import ExpeditionEnv
from expedition_engine import Engine


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--game", default="quetzal")
    p.add_argument("--seats", type=int, default=3)
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", default="1")
    p.add_argument("--opponent", default="greedy", help="the built-in bot at the other seats")
    p.add_argument("--out", required=True)
    a = p.parse_args()
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    with Engine() as engine:
        env = ExpeditionEnv(engine, a.game, a.seats)
        for n in range(1, a.games + 1):
            agent_seat = (n - 1) % a.seats
            policy = random_policy(random.Random(f"{a.seed}:{n}"))
            env.reset(seed=f"{a.seed}:{n}")
            for agent in env.agent_iter():
                if agent != f"seat_{agent_seat}" and not (env.terminations[agent] or env.truncations[agent]):
                    env.bot_step(a.opponent)  # the built-in bot reads the game itself: no observation needed
                    continue
                observation, reward, termination, truncation, info = env.last()
                if termination or truncation:
                    env.step(None)
                else:
                    env.step(policy(a.game, observation, info["choices"]))
            record = env.record()
            path = out / f"game-{n:04d}.json"
            path.write_text(json.dumps(record, indent=1) + "\n")
            print(json.dumps({"file": str(path), "hash": record["hash"], "scores": getattr(env, "scores", None), "agentSeat": agent_seat}), flush=True)


if __name__ == "__main__":
    main()
