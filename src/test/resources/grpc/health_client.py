"""grpc.health.v1 client with a stub generated now from health.proto by grpc_tools (python3-grpc-tools).
usage: health_client.py HEALTH_PROTO PORT check SERVICE...   prints "SERVICE STATUS" (or the error code) per service
       health_client.py HEALTH_PROTO PORT watch SERVICE      prints each status the Watch stream sends, then END CODE"""
import importlib
import os
import shutil
import sys
import tempfile

import grpc
from grpc_tools import protoc

proto, port, mode, services = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
out = tempfile.mkdtemp(prefix="health-stub-")
# a flat copy: generated as grpc/health/v1/..., the modules would hide grpcio's own "grpc" package
shutil.copy(proto, os.path.join(out, "health.proto"))
if protoc.main(["protoc", "-I" + out, "--python_out=" + out, "--grpc_python_out=" + out, "health.proto"]) != 0:
    raise SystemExit("grpc_tools.protoc failed")
sys.path.insert(0, out)
pb = importlib.import_module("health_pb2")
stubs = importlib.import_module("health_pb2_grpc")

with grpc.insecure_channel("127.0.0.1:" + port) as channel:
    stub = stubs.HealthStub(channel)
    if mode == "check":
        for s in services:
            try:
                r = stub.Check(pb.HealthCheckRequest(service=s), timeout=10)
                print("%s %s" % (s or '""', pb.HealthCheckResponse.ServingStatus.Name(r.status)), flush=True)
            except grpc.RpcError as e:
                print("%s %s" % (s or '""', e.code().name), flush=True)
    else:
        print("WATCHING", flush=True)
        try:
            for r in stub.Watch(pb.HealthCheckRequest(service=services[0])):
                print(pb.HealthCheckResponse.ServingStatus.Name(r.status), flush=True)
            print("END OK", flush=True)
        except grpc.RpcError as e:
            print("END " + e.code().name, flush=True)
