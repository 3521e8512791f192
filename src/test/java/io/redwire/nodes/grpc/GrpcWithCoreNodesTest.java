package io.redwire.nodes.grpc;

import io.redwire.nodes.grpc.proto.ProtoCompiler;
import io.redwire.nodes.grpc.proto.ProtoSchema;
import io.redwire.testing.Harness;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Streams through Redwire's own core nodes: a join in manual mode collects a client stream until the msg with
 * msg.complete, a change node builds the reply with JSONata, another answers unary calls, as flows would be drawn.
 */
class GrpcWithCoreNodesTest {
    private static final String FLOW = """
            [{"id":"t1","type":"tab"},
             {"id":"srv","type":"grpc-server","port":"0","server":"127.0.0.1","protoFile":"rich/service.proto",
              "localServer":true},
             {"id":"get","type":"grpc-register-function","z":"t1","server":"srv","service":"OrderService",
              "method":"GetOrder","wires":[["set"]]},
             {"id":"set","type":"change","z":"t1","rules":[{"t":"set","p":"payload","pt":"msg",
              "to":"{\\"id\\": payload.id, \\"customer_name\\": metadata.\\"x-who\\", \\"status\\": \\"STATUS_OPEN\\"}",
              "tot":"jsonata"}],"wires":[["resp"]]},
             {"id":"upload","type":"grpc-register-function","z":"t1","server":"srv","service":"OrderService",
              "method":"UploadOrders","wires":[["join"]]},
             {"id":"join","type":"join","z":"t1","mode":"custom","build":"array","property":"payload",
              "propertyType":"msg","key":"topic","joiner":"\\\\n","joinerType":"str","accumulate":false,
              "timeout":"","count":"","wires":[["sum"]]},
             {"id":"sum","type":"change","z":"t1","rules":[{"t":"set","p":"payload","pt":"msg",
              "to":"{\\"count\\": $count(payload), \\"ids\\": [payload.id]}","tot":"jsonata"}],"wires":[["resp"]]},
             {"id":"resp","type":"grpc-response","z":"t1","wires":[]}]""";

    @Test
    void joinCollectsAClientStreamAndChangeNodesBuildReplies() throws Exception {
        ProtoSchema schema = ProtoCompiler.compileFile(Path.of("protos"), "rich/service.proto");
        try (Harness h = new Harness().deploy(FLOW);
             DynamicClient c = new DynamicClient(schema, GrpcServerFlowTest.serverPort(h, "srv"))) {
            assertEquals("{\"id\":\"8\",\"customer_name\":\"Grace\",\"status\":\"STATUS_OPEN\"}",
                    c.withHeader("x-who", "Grace").unary("OrderService", "GetOrder", "{\"id\":\"8\"}"));
            assertEquals(List.of("{\"count\":\"3\",\"ids\":[\"4\",\"5\",\"6\"]}"), c.stream("OrderService",
                    "UploadOrders", List.of("{\"id\":\"4\"}", "{\"id\":\"5\"}", "{\"id\":\"6\"}")));
            assertEquals(List.of("{\"count\":\"1\",\"ids\":[\"7\"]}"), c.stream("OrderService", "UploadOrders",
                    List.of("{\"id\":\"7\"}")));
        }
    }
}
