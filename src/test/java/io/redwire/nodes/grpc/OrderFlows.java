package io.redwire.nodes.grpc;

import io.redwire.api.Node;
import io.redwire.js.JsValues;
import io.redwire.msg.Messages;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A flow serving rich.v1.OrderService (protos/rich/service.proto) on a local grpc-server: GetOrder answers from a
 * function (NOT_FOUND for id 404), WatchOrder streams three events, UploadOrders sums a client stream, Chat echoes
 * a bidi stream straight back. Shared by the Java and Python server tests.
 */
final class OrderFlows {
    private OrderFlows() {
    }

    static {
        JavaFunctionNode.FUNCTIONS.put("getOrder", OrderFlows::getOrder);
        JavaFunctionNode.FUNCTIONS.put("watch", OrderFlows::watch);
        JavaFunctionNode.FUNCTIONS.put("upload", OrderFlows::upload);
    }

    /** The flow; {@code port} 0 picks a free port. */
    static String server(int port) {
        return """
                [{"id":"t1","type":"tab","label":"orders"},
                 {"id":"srv","type":"grpc-server","port":"%d","server":"127.0.0.1","protoFile":"rich/service.proto",
                  "localServer":true},
                 {"id":"get","type":"grpc-register-function","z":"t1","server":"srv","service":"OrderService",
                  "method":"GetOrder","wires":[["getFn"]]},
                 {"id":"getFn","type":"test-java-function","z":"t1","fn":"getOrder","wires":[["resp"]]},
                 {"id":"watch","type":"grpc-register-function","z":"t1","server":"srv","service":"OrderService",
                  "method":"WatchOrder","wires":[["watchFn"]]},
                 {"id":"watchFn","type":"test-java-function","z":"t1","fn":"watch","wires":[["resp"]]},
                 {"id":"upload","type":"grpc-register-function","z":"t1","server":"srv","service":"rich.v1.OrderService",
                  "method":"UploadOrders","wires":[["uploadFn"]]},
                 {"id":"uploadFn","type":"test-java-function","z":"t1","fn":"upload","wires":[["resp"]]},
                 {"id":"chat","type":"grpc-register-function","z":"t1","server":"srv","service":"OrderService",
                  "method":"Chat","wires":[["resp"]]},
                 {"id":"resp","type":"grpc-response","z":"t1","wires":[]}]
                """.formatted(port);
    }

    @SuppressWarnings("unchecked")
    private static Object getOrder(Node node, Map<String, Object> msg) {
        Map<String, Object> req = (Map<String, Object>) msg.get("payload");
        if ("404".equals(req.get("id"))) {
            msg.put("err", Map.of("code", 5, "details", "no order 404"));
            return msg;
        }
        Map<String, Object> order = new LinkedHashMap<>();
        order.put("id", req.get("id"));
        order.put("customer_name", "Ada");
        order.put("status", "STATUS_OPEN");
        order.put("lines", List.of(Map.of("sku", "A-1", "quantity", 2,
                "price", Map.of("currency", "EUR", "units", "12", "nanos", 500))));
        Map<String, Object> metadata = (Map<String, Object>) msg.get("metadata");
        order.put("attributes", Map.of("trace", JsValues.toJsString(metadata.getOrDefault("x-trace", "none"))));
        order.put("pickup_store", "Berlin");
        order.put("big_numbers", List.of("18446744073709551615"));
        msg.put("payload", order);
        return msg;
    }

    @SuppressWarnings("unchecked")
    private static Object watch(Node node, Map<String, Object> msg) {
        Object id = ((Map<String, Object>) msg.get("payload")).get("id");
        List<Object> out = new ArrayList<>();
        String[] states = {"STATUS_OPEN", "STATUS_SHIPPED", "STATUS_CLOSED"};
        for (int i = 0; i < states.length; i++) {
            Map<String, Object> m = Messages.cloneMessage(msg);
            m.put("payload", Map.of("order_id", id, "status", states[i]));
            if (i == states.length - 1) {
                m.put("complete", true);
            }
            out.add(m);
        }
        return List.of(out);
    }

    /** Collects the ids of a client stream in node context; answers on the end-of-stream msg. */
    @SuppressWarnings("unchecked")
    private static Object upload(Node node, Map<String, Object> msg) {
        String key = "ids-" + System.identityHashCode(msg.get("call"));
        List<Object> ids = (List<Object>) node.nodeContext().get(key);
        if (ids == null) {
            ids = new ArrayList<>();
            node.nodeContext().set(key, ids);
        }
        if (msg.get("complete") == null) {
            ids.add(((Map<String, Object>) msg.get("payload")).get("id"));
            return null;
        }
        node.nodeContext().delete(key);
        msg.put("payload", Map.of("count", ids.size(), "ids", ids));
        return msg;
    }
}
