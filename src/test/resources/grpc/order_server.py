"""Serves rich.v1.OrderService on 127.0.0.1 (a free port, printed as "PORT n") until stdin closes. A second argument
v1 or v1alpha also serves that version of server reflection (reflection_service.py)."""
import sys
from concurrent import futures

import grpc

from stubs import load

pb = load(sys.argv[1], ["rich/common.proto", "rich/service.proto"], "rich.service")
common = sys.modules["rich.common_pb2"]


def get_order(request, context):
    if request.id == 404:
        context.abort(grpc.StatusCode.NOT_FOUND, "no order 404")
    trace = dict(context.invocation_metadata()).get("x-trace", "none")
    return pb.Order(id=request.id, customer_name="Py", status=common.STATUS_OPEN, attributes={"trace": trace},
                    scores=[3, 1], big_numbers=[2 ** 64 - 1], lines=[pb.Order.Line(sku="B-2", quantity=1)],
                    ship_to=common.Address(city="Oslo"))


def watch_order(request, context):
    for s in (common.STATUS_OPEN, common.STATUS_SHIPPED, common.STATUS_CLOSED):
        yield pb.OrderEvent(order_id=request.id, status=s)


def upload_orders(requests, context):
    ids = [o.id for o in requests]
    return pb.OrderSummary(count=len(ids), ids=ids)


def chat(requests, context):
    for e in requests:
        yield e


handlers = {
    "GetOrder": grpc.unary_unary_rpc_method_handler(get_order, pb.GetOrderRequest.FromString,
                                                    pb.Order.SerializeToString),
    "WatchOrder": grpc.unary_stream_rpc_method_handler(watch_order, pb.GetOrderRequest.FromString,
                                                       pb.OrderEvent.SerializeToString),
    "UploadOrders": grpc.stream_unary_rpc_method_handler(upload_orders, pb.Order.FromString,
                                                         pb.OrderSummary.SerializeToString),
    "Chat": grpc.stream_stream_rpc_method_handler(chat, pb.OrderEvent.FromString, pb.OrderEvent.SerializeToString),
}
server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler("rich.v1.OrderService", handlers),))
if len(sys.argv) > 2:
    import reflection_service
    server.add_generic_rpc_handlers((reflection_service.handler(sys.argv[2], sys.argv[1], [
        "rich/common.proto", "rich/service.proto"], ["rich.v1.OrderService"]),))
port = server.add_insecure_port("127.0.0.1:0")
server.start()
print("PORT %d" % port, flush=True)
sys.stdin.read()
server.stop(0)
