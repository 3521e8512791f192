package io.redwire.cli;

import io.redwire.nodes.core.CoreNodes;
import io.redwire.nodes.grpc.GrpcNodes;
import io.redwire.nodes.http.HttpNodes;
import io.redwire.nodes.mqtt.MqttNodes;
import io.redwire.nodes.websocket.WebSocketNodes;
import io.redwire.nodes.tcp.TcpNodes;
import io.redwire.nodes.udp.UdpNodes;
import io.redwire.nodes.thrift.ThriftNodes;
import io.redwire.runtime.NodeRegistry;
import io.redwire.runtime.SubflowPorts;

import java.util.List;
import java.util.Map;

/** Every node family Redwire ships. */
public final class NodeCatalog {
    private NodeCatalog() {
    }

    public static NodeRegistry standard() {
        return new NodeRegistry()
                .register(SubflowPorts.types())
                .register(CoreNodes.types())
                .register(HttpNodes.types())
                .register(GrpcNodes.types())
                .register(ThriftNodes.types())
                .register(MqttNodes.types())
                .register(WebSocketNodes.types())
                .register(TcpNodes.types())
                .register(UdpNodes.types());
    }

    /**
     * Starts the background warm-up of the families {@code flows} use and only theirs: a flow without gRPC nodes
     * does not pay for loading Wire and grpc-java during its start-up.
     */
    public static void prepare(List<Map<String, Object>> flows) {
        if (flows.stream().anyMatch(n -> String.valueOf(n.get("type")).startsWith("grpc-"))) {
            GrpcNodes.warmUp();
        }
    }
}
