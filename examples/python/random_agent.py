"""A random agent: an exec: bot (`exec:python3 examples/python/random_agent.py [SEED]`)."""

import random
import sys

from agents import random_policy, serve

if __name__ == "__main__":
    serve(random_policy(random.Random(sys.argv[1] if len(sys.argv) > 1 else 1)))
