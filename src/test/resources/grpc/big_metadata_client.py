"""On one channel to 127.0.0.1:<port>: opens <streams> limits.Limits/Chat bidi calls and has each echoed once, then
makes one limits.Limits/Get call with <bytes> of metadata, then has each stream echoed again and ended. Prints
{"big": "CODE: details", "streams": ["OK" or "CODE: details", ...]}. Messages are raw bytes (limits.Chunk is
field 1, a string), so no stubs are needed."""
import json
import queue
import sys

import grpc

port, streams, size = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])


def chunk(text):
    data = text.encode()
    return b"\x0a" + bytes([len(data)]) + data


def failure(e):
    return "%s: %s" % (e.code().name, e.details())


channel = grpc.insecure_channel("127.0.0.1:" + port)
chat = channel.stream_stream("/limits.Limits/Chat")
get = channel.unary_unary("/limits.Limits/Get")


class Stream:
    def __init__(self, i):
        self.i = i
        self.requests = queue.Queue()
        self.responses = chat(iter(self.requests.get, None), timeout=60)
        self.result = None

    def echo(self, n):
        if self.result is None:
            try:
                self.requests.put(chunk("%d-%d" % (self.i, n)))
                if next(self.responses) != chunk("%d-%d" % (self.i, n)):
                    self.result = "WRONG ECHO"
            except grpc.RpcError as e:
                self.result = failure(e)

    def end(self):
        self.requests.put(None)
        if self.result is None:
            try:
                for _ in self.responses:
                    pass
                self.result = self.responses.code().name
            except grpc.RpcError as e:
                self.result = failure(e)


open_streams = [Stream(i) for i in range(streams)]
for s in open_streams:
    s.echo(1)
try:
    get(chunk("big"), metadata=[("x-big", "m" * size)], timeout=20)
    big = "OK"
except grpc.RpcError as e:
    big = failure(e)
for s in open_streams:
    s.echo(2)
    s.end()
print(json.dumps({"big": big, "streams": [s.result for s in open_streams]}))
