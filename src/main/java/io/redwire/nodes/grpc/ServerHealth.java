package io.redwire.nodes.grpc;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;

import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.protobuf.services.HealthStatusManager;
import io.vertx.core.buffer.Buffer;
import io.vertx.grpc.server.GrpcServerRequest;
import io.vertx.grpcio.server.GrpcIoServer;
import io.vertx.grpcio.server.GrpcIoServiceBridge;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;

/**
 * grpc.health.v1.Health of one grpc-server: Check and Watch are grpc-services' HealthStatusManager, served through
 * Vert.x's grpc-java bridge; List (newer than grpc-java's health.proto) is answered here from the same statuses.
 * The server ("") and each service a flow serves are SERVING once the deploy has started every node, and
 * NOT_SERVING from the moment the flows are being replaced or the engine drains for a graceful stop.
 */
final class ServerHealth {
    static final String LIST_METHOD = "grpc.health.v1.Health/List";

    private final HealthStatusManager manager = new HealthStatusManager();
    private final Map<String, ServingStatus> statuses = new TreeMap<>();

    ServerHealth() {
        set("", ServingStatus.NOT_SERVING);
    }

    void addTo(GrpcIoServer grpc) {
        grpc.addService(GrpcIoServiceBridge.bridge(manager.getHealthService()));
    }

    /** The flows run: the server and {@code services} serve. */
    void serving(Collection<String> services) {
        services.forEach(s -> set(s, ServingStatus.SERVING));
        set("", ServingStatus.SERVING);
    }

    /** The flows are going away: everything known is NOT_SERVING (watchers hear it before the port closes). */
    void notServing() {
        for (String s : statuses.keySet().toArray(new String[0])) {
            set(s, ServingStatus.NOT_SERVING);
        }
    }

    /** The server's own status ("" in Check). */
    ServingStatus overall() {
        synchronized (statuses) {
            return statuses.get("");
        }
    }

    private void set(String service, ServingStatus status) {
        synchronized (statuses) {
            statuses.put(service, status);
        }
        manager.setStatus(service, status);
    }

    /** Answers List: {@code HealthListResponse {map<string, HealthCheckResponse> statuses = 1}}. */
    void list(GrpcServerRequest<Buffer, Buffer> request) {
        request.handler(ignored -> { });
        request.endHandler(v -> request.response().end(Buffer.buffer(listResponse())));
    }

    private byte[] listResponse() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        CodedOutputStream out = CodedOutputStream.newInstance(bytes);
        try {
            synchronized (statuses) {
                for (Map.Entry<String, ServingStatus> e : statuses.entrySet()) {
                    ByteString value = HealthCheckResponse.newBuilder().setStatus(e.getValue()).build().toByteString();
                    int size = CodedOutputStream.computeStringSize(1, e.getKey())
                            + CodedOutputStream.computeBytesSize(2, value);
                    out.writeTag(1, com.google.protobuf.WireFormat.WIRETYPE_LENGTH_DELIMITED);
                    out.writeUInt32NoTag(size);
                    out.writeString(1, e.getKey());
                    out.writeBytes(2, value);
                }
            }
            out.flush();
        } catch (IOException e) {
            throw new IllegalStateException(e); // a ByteArrayOutputStream does not fail
        }
        return bytes.toByteArray();
    }
}
