"""Serves limits.Limits/Get on 127.0.0.1 (a free port, printed as "PORT n") until stdin closes: each request is
echoed after <delay> seconds, so calls stay in flight together. Messages are raw bytes; no stubs are needed."""
import sys
import threading
import time
from concurrent import futures

import grpc

delay = float(sys.argv[1])


def get(request, context):
    time.sleep(delay)
    return request


handlers = {"Get": grpc.unary_unary_rpc_method_handler(get)}
server = grpc.server(futures.ThreadPoolExecutor(max_workers=64))
server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler("limits.Limits", handlers),))
port = server.add_insecure_port("127.0.0.1:0")
server.start()
print("PORT %d" % port, flush=True)
threading.Thread(target=lambda: (sys.stdin.read(), server.stop(0)), daemon=True).start()
server.wait_for_termination()
