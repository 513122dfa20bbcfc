"""The greedy policy as an exec: bot: expedition tournament --bots 'exec:python3 examples/python/greedy_agent.py,greedy'."""

from agents import greedy_policy, serve

if __name__ == "__main__":
    serve(greedy_policy)
