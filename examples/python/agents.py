"""Two simple policies over a seat's view and its legal choices, and the agent part of the protocol.

An exec: bot (`expedition tournament --bots 'exec:python3 examples/python/greedy_agent.py,…'`)
is sent one line per decision, {"type":"act","id","game","seat","view","choices","deadlineMs"},
and answers {"id": <the same id>, "index": <its pick>} on one line.
"""

import json
import random
import sys

# What a greedy player wants first, by the choice's type tag: scoring and taking before moving
# and placing, passing last. The first listed choice of the best tag is played.
PREFERENCE = {
    "quetzal": ["deliver", "sell", "exchange", "take", "add", "village", "place", "reroll", "done"],
    "relic-runners": ["relic", "explore", "bonus", "tool", "step", "keep", "lift", "lay", "place", "move", "neighbour", "end"],
}


def random_policy(rng):
    return lambda game, view, choices: rng.randrange(len(choices))


def greedy_policy(game, view, choices):
    order = PREFERENCE.get(game, [])
    rank = {t: i for i, t in enumerate(order)}
    return min(range(len(choices)), key=lambda i: (rank.get(choices[i]["t"], len(order)), i))


def serve(policy, stdin=sys.stdin, stdout=sys.stdout):
    """Answers act messages until stdin ends."""
    for line in stdin:
        msg = json.loads(line)
        if msg.get("type") != "act":
            continue
        index = policy(msg["game"], msg["view"], msg["choices"])
        stdout.write(json.dumps({"id": msg["id"], "index": index}) + "\n")
        stdout.flush()
