"""Calls rich.v1.OrderService on 127.0.0.1:<port> with every RPC kind; prints what came back as one JSON object."""
import json
import sys

import grpc
from google.protobuf import empty_pb2
from google.protobuf.json_format import MessageToDict

from stubs import load

port, protos = sys.argv[1], sys.argv[2]
pb = load(protos, ["rich/common.proto", "rich/service.proto"], "rich.service")
channel = grpc.insecure_channel("127.0.0.1:" + port)


def method(kind, name, request, response):
    return getattr(channel, kind)("/rich.v1.OrderService/" + name, request_serializer=request.SerializeToString,
                                  response_deserializer=response.FromString)


get_order = method("unary_unary", "GetOrder", pb.GetOrderRequest, pb.Order)
watch_order = method("unary_stream", "WatchOrder", pb.GetOrderRequest, pb.OrderEvent)
upload_orders = method("stream_unary", "UploadOrders", pb.Order, pb.OrderSummary)
chat = method("stream_stream", "Chat", pb.OrderEvent, pb.OrderEvent)
ping = method("unary_unary", "Ping", empty_pb2.Empty, empty_pb2.Empty)


def as_dict(m):
    return MessageToDict(m, preserving_proto_field_name=True)


def status(call):
    try:
        call()
        return "OK"
    except grpc.RpcError as e:
        return "%s: %s" % (e.code().name, e.details())


out = {}
out["unary"] = as_dict(get_order(pb.GetOrderRequest(id=42), metadata=[("x-trace", "py-1")], timeout=10))
out["unary_error"] = status(lambda: get_order(pb.GetOrderRequest(id=404), timeout=10))
out["server_stream"] = [as_dict(e) for e in watch_order(pb.GetOrderRequest(id=7), timeout=10)]
out["client_stream"] = as_dict(upload_orders(iter([pb.Order(id=i) for i in (1, 2, 3)]), timeout=10))
events = [pb.OrderEvent(order_id=1, status=1), pb.OrderEvent(order_id=2, status=3)]
out["bidi"] = [as_dict(e) for e in chat(iter(events), timeout=10)]
out["unimplemented"] = status(lambda: ping(empty_pb2.Empty(), timeout=10))
raw = channel.unary_unary("/rich.v1.OrderService/GetOrder")
out["invalid_argument"] = status(lambda: raw(b"\x08\xff", timeout=10))
out["after_bad_request"] = as_dict(get_order(pb.GetOrderRequest(id=1), timeout=10))["id"]
print(json.dumps(out))
