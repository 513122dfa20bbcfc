"""A client for `expedition engine` (docs/engine-protocol.md), standard library only.

    from expedition_engine import Engine
    with Engine() as engine:
        game = engine.request("create", game="quetzal", seats=3, seed=1)["gameId"]
        engine.request("apply", gameId=game, index=0)
        counts, to_act = engine.step([game], [0])  # many games a line, by index

The engine is started as `node dist/src/cli/main.js engine` from the repository this file is in
(build it first: `npx tsc -p tsconfig.json`), or as the command in $EXPEDITION_ENGINE.
"""

import json
import os
import shlex
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def default_command():
    if os.environ.get("EXPEDITION_ENGINE"):
        return shlex.split(os.environ["EXPEDITION_ENGINE"])
    return [os.environ.get("NODE", "node"), str(REPO / "dist" / "src" / "cli" / "main.js"), "engine"]


class EngineError(Exception):
    """A request the engine refused: `code` is the protocol's error code."""

    def __init__(self, code, message):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class Engine:
    """One engine process; requests are answered in order, one line each."""

    def __init__(self, command=None):
        self.proc = subprocess.Popen(
            command or default_command(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            bufsize=1,
        )
        self.next_id = 0
        hello = self.request("hello")
        if hello["protocol"] != 1:
            raise RuntimeError(f"engine speaks protocol {hello['protocol']}, this client 1")
        self.games = {g["id"]: g for g in hello["games"]}

    def _send(self, message):
        self.proc.stdin.write(json.dumps(message, separators=(",", ":")) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the engine process ended")
        return json.loads(line)

    def _id(self):
        self.next_id += 1
        return self.next_id

    @staticmethod
    def _checked(response):
        if not response["ok"]:
            raise EngineError(response["error"]["code"], response["error"]["message"])
        return response

    def request(self, type, **fields):
        """Sends one request and returns its response; a refusal raises EngineError."""
        return self._checked(self._send({"id": self._id(), "type": type, **fields}))

    def batch(self, requests, check=True):
        """Sends many requests (dicts with a "type") on one line; returns their responses in order."""
        reqs = [{"id": i, **r} for i, r in enumerate(requests)]
        responses = self._checked(self._send({"id": self._id(), "type": "batch", "requests": reqs}))["responses"]
        return [self._checked(r) for r in responses] if check else responses

    def step(self, games, choices):
        """Plays index choices[i] in game games[i], each game once; returns (counts, to_act) after the moves.

        The cheap way to step many games: one line, no choice objects. A bad entry refuses the whole
        step (EngineError naming it) and no game changes.
        """
        r = self.request("step", games=list(games), choices=list(choices))
        return r["counts"], r["toAct"]

    def close(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait(timeout=10)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
