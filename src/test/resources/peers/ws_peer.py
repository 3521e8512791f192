"""WebSocket peer for the websocket node tests (python3-websockets, asyncio API).

  ws_peer.py clients URL      two clients: A checks echo replies to its own session, then both wait for a broadcast
  ws_peer.py server PORT      a server on 127.0.0.1:PORT answering every message with "srv:" + message
  ws_peer.py send URL SIZE    sends one SIZE-byte message, prints "REPLY n", "CLOSED code" or "REFUSED why"
  ws_peer.py garbage PORT PATH  upgrades a raw socket, then sends bytes that are no WebSocket frame
"""
import asyncio
import socket
import ssl
import sys

import websockets


async def clients(url):
    async with websockets.connect(url) as a, websockets.connect(url) as b:
        await a.send("hello")
        print("A got", await asyncio.wait_for(a.recv(), 30), flush=True)
        await a.send(b"\x01\x02")
        reply = await asyncio.wait_for(a.recv(), 30)
        print("A got bytes", list(reply) if isinstance(reply, bytes) else reply, flush=True)
        print("READY", flush=True)
        got_a = await asyncio.wait_for(a.recv(), 20)
        got_b = await asyncio.wait_for(b.recv(), 20)
        print("A broadcast", got_a, flush=True)
        print("B broadcast", got_b, flush=True)


async def server(port, cert=None, key=None):
    async def answer(ws, path=None):
        async for message in ws:
            print("server got", message, flush=True)
            await ws.send("srv:" + (message if isinstance(message, str) else message.hex()))

    tls = None
    if cert:
        tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        tls.load_cert_chain(cert, key)
    async with websockets.serve(answer, "127.0.0.1", port, ssl=tls):
        print("LISTENING", flush=True)
        await asyncio.Future()


async def send_once(url, size):
    """Sends one message of SIZE bytes; prints the reply or how the server closed the connection."""
    try:
        async with websockets.connect(url, max_size=None) as ws:
            await ws.send("x" * size)
            reply = await ws.recv()
            print("REPLY", len(reply), flush=True)
    except websockets.exceptions.ConnectionClosed as e:
        print("CLOSED", e.rcvd.code if e.rcvd else None, flush=True)
    except Exception as e:  # a refused upgrade (503) and the like
        print("REFUSED", e, flush=True)


def garbage(port, path):
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    s.sendall(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    head = s.recv(4096)
    print("UPGRADED" if b" 101 " in head else "NOT UPGRADED " + repr(head), flush=True)
    s.sendall(b"\xff\xff\xff\xff\x00garbage-that-is-no-frame" * 4)
    try:
        while s.recv(4096):
            pass
    except OSError:
        pass
    print("CLOSED", flush=True)


if __name__ == "__main__":
    mode = sys.argv[1]
    if mode == "clients":
        asyncio.run(clients(sys.argv[2]))
    elif mode == "server":
        asyncio.run(server(int(sys.argv[2])))
    elif mode == "send":
        asyncio.run(send_once(sys.argv[2], int(sys.argv[3])))
    elif mode == "tls-server":
        asyncio.run(server(int(sys.argv[2]), sys.argv[3], sys.argv[4]))
    else:
        garbage(int(sys.argv[2]), sys.argv[3])
