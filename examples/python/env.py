"""An environment over the engine protocol in the shape of PettingZoo's agent-environment cycle.

    env = ExpeditionEnv(engine, "quetzal", seats=3)
    env.reset(seed=7)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else policy(observation, info["action_mask"])
        env.step(action)

Agents are "seat_0", "seat_1", …; an observation is the acting seat's view (what it may know, never
the whole state); the action is an index into info["choices"], and info["action_mask"] marks the
legal indices (all of them: the engine lists only legal choices, their number varies). The reward
comes at the end: 1 for each winner (a shared win included), 0 for the others.
"""


class ExpeditionEnv:
    def __init__(self, engine, game, seats, options=None, max_turns=400):
        self.engine = engine
        self.game = game
        self.seats = seats
        self.options = options
        self.max_turns = max_turns
        self.possible_agents = [f"seat_{k}" for k in range(seats)]
        self.game_id = None

    def reset(self, seed=None):
        if self.game_id is not None:
            self.engine.request("close", gameId=self.game_id)
        fields = {"game": self.game, "seats": self.seats}
        if seed is not None:
            fields["seed"] = seed
        if self.options is not None:
            fields["options"] = self.options
        created = self.engine.request("create", **fields)
        self.game_id = created["gameId"]
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self._seat = created["toAct"]
        self._observed = None
        self._done = set()

    @property
    def agent_selection(self):
        return f"seat_{self._seat}" if self._seat is not None else self._next_done()

    def _next_done(self):
        return next((a for a in self.agents if a not in self._done), None)

    def agent_iter(self):
        while self.agent_selection is not None:
            yield self.agent_selection

    def _observe_now(self):
        if self._observed is None:
            self._observed = self.engine.request("observe", gameId=self.game_id)
        return self._observed

    def observe(self, agent):
        seat = int(agent.split("_")[1])
        return self.engine.request("view", gameId=self.game_id, seat=seat)["view"]

    def last(self):
        agent = self.agent_selection
        if self._seat is None:
            return self.observe(agent), self.rewards[agent], self.terminations[agent], self.truncations[agent], {}
        o = self._observe_now()
        info = {"choices": o["choices"], "action_mask": [1] * len(o["choices"])}
        return o["view"], self.rewards[agent], False, False, info

    def _after(self, moved):
        self._observed = None
        self._seat = moved["toAct"]
        if self._seat is None:
            self._finish()
        elif moved["turn"] > self.max_turns:
            self._seat = None
            self.truncations = {a: True for a in self.agents}

    def _finish(self):
        result = self.engine.request("result", gameId=self.game_id)["result"]
        self.terminations = {a: True for a in self.agents}
        self.rewards = {f"seat_{k}": 1 if k in result["winners"] else 0 for k in range(self.seats)}
        self.scores = result["scores"]

    def step(self, action):
        """Plays choice number `action` for the agent to act; after the end, steps each agent out (action None)."""
        if self._seat is None:
            self._done.add(self.agent_selection)
            return
        self._after(self.engine.request("apply", gameId=self.game_id, index=action))

    def bot_step(self, bot):
        """Lets a built-in bot (a spec such as "greedy" or "ismcts:200it") play the agent to act."""
        self._after(self.engine.request("bot", gameId=self.game_id, bot=bot))

    def record(self):
        """The match record (with its hash), as `expedition replay` reads it."""
        return self.engine.request("record", gameId=self.game_id)["record"]
