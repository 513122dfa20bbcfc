"""A minimal WebSocket client (RFC 6455) over a plain socket, standard library only.

Enough for the game server's /ws: text frames (masked from the client, as the RFC requires),
fragmented messages, ping answered with pong, and the closing handshake. ws:// only; for wss://
wrap the socket with ssl.create_default_context().wrap_socket.
"""

import base64
import hashlib
import os
import socket
import struct
from urllib.parse import urlsplit

_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
_TEXT, _BINARY, _CLOSE, _PING, _PONG, _CONTINUATION = 0x1, 0x2, 0x8, 0x9, 0xA, 0x0


class WebSocketClosed(Exception):
    """The connection was closed (by either side)."""


class WebSocket:
    def __init__(self, url, timeout=60.0):
        parts = urlsplit(url)
        if parts.scheme != "ws":
            raise ValueError("only ws:// URLs are supported")
        host = parts.hostname
        port = parts.port or 80
        path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        self._sock = socket.create_connection((host, port), timeout=timeout)
        self._buf = b""
        self.closed = False
        key = base64.b64encode(os.urandom(16)).decode("ascii")
        request = (
            f"GET {path} HTTP/1.1\r\nHost: {parts.netloc}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        self._sock.sendall(request.encode("ascii"))
        head = self._read_until(b"\r\n\r\n").decode("iso-8859-1")
        status = head.split("\r\n", 1)[0]
        if " 101 " not in status + " ":
            raise ConnectionError(f"the server refused the WebSocket: {status}")
        expected = base64.b64encode(hashlib.sha1((key + _GUID).encode("ascii")).digest()).decode("ascii")
        headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in head.split("\r\n")[1:])}
        if headers.get("sec-websocket-accept") != expected:
            raise ConnectionError("the server's Sec-WebSocket-Accept does not match the key")

    def _read_until(self, marker):
        while marker not in self._buf:
            chunk = self._sock.recv(65536)
            if not chunk:
                raise WebSocketClosed("the connection ended during the handshake")
            self._buf += chunk
        head, _, self._buf = self._buf.partition(marker)
        return head

    def _read(self, n):
        while len(self._buf) < n:
            chunk = self._sock.recv(65536)
            if not chunk:
                self.closed = True
                raise WebSocketClosed("the connection ended")
            self._buf += chunk
        out, self._buf = self._buf[:n], self._buf[n:]
        return out

    def _send_frame(self, opcode, payload):
        header = bytes([0x80 | opcode])
        n = len(payload)
        if n < 126:
            header += bytes([0x80 | n])
        elif n < 1 << 16:
            header += bytes([0x80 | 126]) + struct.pack("!H", n)
        else:
            header += bytes([0x80 | 127]) + struct.pack("!Q", n)
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self._sock.sendall(header + mask + masked)

    def send(self, text):
        """Sends one text message."""
        self._send_frame(_TEXT, text.encode("utf-8"))

    def recv(self):
        """The next text message (pings are answered on the way); raises WebSocketClosed at the end."""
        parts = []
        while True:
            b0, b1 = self._read(2)
            fin, opcode, n = b0 & 0x80, b0 & 0x0F, b1 & 0x7F
            if n == 126:
                (n,) = struct.unpack("!H", self._read(2))
            elif n == 127:
                (n,) = struct.unpack("!Q", self._read(8))
            mask = self._read(4) if b1 & 0x80 else None
            payload = self._read(n)
            if mask:
                payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
            if opcode == _PING:
                self._send_frame(_PONG, payload)
            elif opcode == _PONG:
                continue
            elif opcode == _CLOSE:
                if not self.closed:
                    self.closed = True
                    try:
                        self._send_frame(_CLOSE, payload[:2])
                    except OSError:
                        pass
                self._sock.close()
                code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
                raise WebSocketClosed(f"closed by the server (code {code}: {payload[2:].decode('utf-8', 'replace')})")
            elif opcode in (_TEXT, _BINARY, _CONTINUATION):
                parts.append(payload)
                if fin:
                    return b"".join(parts).decode("utf-8")

    def close(self):
        if not self.closed:
            self.closed = True
            try:
                self._send_frame(_CLOSE, struct.pack("!H", 1000))
            except OSError:
                pass
        self._sock.close()
