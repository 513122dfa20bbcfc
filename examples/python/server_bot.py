"""A bot for the Expedition game server's Bot API (docs/bot-api.md), standard library only.

    python3 examples/python/server_bot.py --server http://localhost:8080 --token TOKEN

It reads the bot account's event stream, accepts the challenges of the games it plays (declines
the others), joins its seat of each game that starts, and plays it over the WebSocket (a random
legal choice from its seat's view) until the game ends. The token comes from --token or the
EXPEDITION_BOT_TOKEN environment variable (make one on the account page of a bot account).
--max-games N stops it after N games have ended (0: never).
"""

import argparse
import json
import os
import random
import sys
import threading
import time
import urllib.error
import urllib.request

from ws_client import WebSocket, WebSocketClosed


class Api:
    def __init__(self, server, token):
        self.server = server.rstrip("/")
        self.token = token

    def request(self, method, path, body=None, timeout=30):
        data = None if body is None else json.dumps(body).encode("utf-8")
        req = urllib.request.Request(self.server + path, data=data, method=method)
        req.add_header("Authorization", f"Bearer {self.token}")
        if data is not None:
            req.add_header("Content-Type", "application/json")
        return urllib.request.urlopen(req, timeout=timeout)

    def call(self, method, path, body=None):
        """The JSON answer of a request, or raises with the server's refusal."""
        try:
            with self.request(method, path, body) as res:
                text = res.read().decode("utf-8")
                return json.loads(text) if text else None
        except urllib.error.HTTPError as e:
            raise RuntimeError(f"{method} {path}: {e.code} {e.read().decode('utf-8', 'replace')}") from None

    def events(self):
        """The event stream, one parsed event at a time (keep-alive lines skipped)."""
        with self.request("GET", "/api/stream/event", timeout=60) as res:
            for line in res:
                line = line.strip()
                if line:
                    yield json.loads(line)


def apply_patch(view, patch):
    """Applies a view patch (src/core/view-patch.ts): [path, value] sets, [path] deletes, [path, n, 0] cuts."""
    for op in patch:
        path = op[0]
        if len(op) == 3:
            target = view
            for k in path:
                target = target[k]
            del target[op[1]:]
            continue
        if not path:
            if len(op) == 2:
                view = op[1]
            continue
        parent = view
        for k in path[:-1]:
            parent = parent[k]
        last = path[-1]
        if len(op) == 1:
            parent.pop(last, None)
        elif isinstance(parent, list) and last == len(parent):
            parent.append(op[1])
        else:
            parent[last] = op[1]
    return view


def play(api, game_id, seat, rng, log):
    """Takes the seat (the bot account's own: no key needed) and plays it until the game ends."""
    joined = api.call("POST", f"/api/games/{game_id}/join", {"seat": seat})
    ws_url = api.server.replace("http://", "ws://", 1) + "/ws"
    ws = WebSocket(ws_url)
    hello = {"type": "hello", "game": game_id, "token": joined["token"]}
    ws.send(json.dumps(hello))
    view, seq, last_sent, waiting = None, -1, -1, True
    current, retries = None, 0  # the latest welcome or state, and the refused choices made for it
    try:
        while True:
            m = json.loads(ws.recv())
            kind = m.get("type")
            if kind == "welcome":
                view, seq, waiting = m["view"], m["seq"], False
            elif kind == "state" and not waiting:
                if m["seq"] <= seq:
                    continue
                if "patch" in m:
                    if m["seq"] != seq + 1:
                        # A gap: the whole view again, from a new hello.
                        waiting = True
                        ws.send(json.dumps(hello))
                        continue
                    view = apply_patch(view, m["patch"])
                else:
                    view = m["view"]
                seq = m["seq"]
            elif kind == "error":
                log(f"game {game_id}: {m.get('error')}: {m.get('message')}")
                if m.get("id") is None:
                    return  # the hello was refused
                if m.get("error") == "stale" or current is None or retries >= 3:
                    continue
                # The choice was refused: choose again for the same position, a few times at most.
                retries += 1
                m, last_sent = current, -1
            else:
                continue
            if m is not current:
                current, retries = m, 0
            if m["status"] != "active":
                log(f"game {game_id} is over ({m['status']})")
                return
            if m["toAct"] == seat and m["moves"] > last_sent:
                choices = (view or {}).get("choices") or []
                if choices:
                    last_sent = m["moves"]
                    choice = choices[rng.randrange(len(choices))]
                    ws.send(json.dumps({"type": "choice", "choice": choice, "index": m["moves"], "id": f"m{m['moves']}"}))
    except WebSocketClosed as e:
        log(f"game {game_id}: {e}")
    finally:
        ws.close()


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--server", default="http://localhost:8080")
    p.add_argument("--token", default=os.environ.get("EXPEDITION_BOT_TOKEN"))
    p.add_argument("--games", default="quetzal,relic-runners", help="the games it accepts challenges to")
    p.add_argument("--seed", default=None, help="seeds its random choices (one generator per game)")
    p.add_argument("--max-games", type=int, default=0)
    a = p.parse_args()
    if not a.token:
        p.error("an API token is needed: --token or EXPEDITION_BOT_TOKEN")
    api = Api(a.server, a.token)
    games = set(a.games.split(","))

    def log(text):
        print(text, file=sys.stderr, flush=True)

    me = api.call("GET", "/api/bot/account")
    log(f"playing as {me['name']} on {a.server}")
    started, finished = set(), 0
    threads = []
    while not (a.max_games and finished >= a.max_games):
        try:
            for event in api.events():
                kind = event["type"]
                if kind == "challenge":
                    c = event["challenge"]
                    answer = "accept" if c["game"] in games else "decline"
                    log(f"challenge {c['id']} by {c['challenger']} to {c['game']}: {answer}")
                    try:
                        api.call("POST", f"/api/challenge/{c['id']}/{answer}")
                    except RuntimeError as e:
                        log(str(e))
                elif kind == "gameStart" and event["game"]["id"] not in started:
                    g = event["game"]
                    started.add(g["id"])
                    log(f"game {g['id']} ({g['game']}) starts: seat {g['seat']}")
                    rng = random.Random(f"{a.seed}:{len(started)}") if a.seed is not None else random.Random()
                    t = threading.Thread(target=play, args=(api, g["id"], g["seat"], rng, log), daemon=True)
                    t.start()
                    threads.append(t)
                elif kind == "gameFinish":
                    finished += 1
                    log(f"game {event['game']['id']} finished")
                    if a.max_games and finished >= a.max_games:
                        break
            else:
                # The server ended the stream: another stream of this account replaced it, or the
                # server restarted. Connect again after a pause (a revoked token then gets a 401).
                log("the event stream ended; connecting again in 5 s")
                time.sleep(5)
        except urllib.error.HTTPError as e:
            if e.code in (401, 403):
                sys.exit(f"the server refused the token: {e.read().decode('utf-8', 'replace')}")
            log(f"the event stream failed ({e.code}); connecting again in 5 s")
            time.sleep(5)
        except (OSError, ValueError) as e:
            log(f"the event stream failed ({e}); connecting again in 5 s")
            time.sleep(5)
    for t in threads:
        t.join(timeout=10)


if __name__ == "__main__":
    main()
