package io.redwire.nodes.grpc;

import io.redwire.api.Settings;
import io.redwire.msg.Json;
import io.redwire.testing.Harness;
import io.redwire.testing.PythonGrpc;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Server reflection, asked by a Python grpcio reflection client: it lists the services a grpc-register-function node
 * serves, not every service of the proto, and the grpc-server's reflection field or the grpcReflection setting
 * turns it off (the reflection service is then UNIMPLEMENTED like any method not served).
 */
class GrpcReflectionTest {
    private static final List<String> REFLECTION_SERVICES = List.of("grpc.reflection.v1.ServerReflection",
            "grpc.reflection.v1alpha.ServerReflection");

    @BeforeAll
    static void needPython() throws Exception {
        PythonGrpc.assume();
    }

    private static Map<?, ?> listed(Harness h) throws Exception {
        String port = String.valueOf(GrpcServerFlowTest.serverPort(h, "srv"));
        return (Map<?, ?>) Json.parse(PythonGrpc.run("reflection_list.py", port));
    }

    @Test
    void reflectionListsOnlyTheServicesAFlowServes() throws Exception {
        try (Harness h = new Harness().deploy(HostileGrpcFlows.reflectionServer(0, ""))) {
            List<String> expected = new ArrayList<>(REFLECTION_SERVICES);
            expected.add("refl.Served");
            assertEquals(Map.of("v1", expected, "v1alpha", expected), listed(h));
        }
    }

    @Test
    void theServersReflectionFieldTurnsReflectionOff() throws Exception {
        try (Harness h = new Harness().deploy(HostileGrpcFlows.reflectionServer(0, ",\"reflection\":false"))) {
            assertEquals(Map.of("v1", "UNIMPLEMENTED: Method not found: grpc.reflection.v1.ServerReflection/"
                    + "ServerReflectionInfo", "v1alpha", "UNIMPLEMENTED: Method not found: "
                    + "grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo"), listed(h));
        }
    }

    @Test
    void theGrpcReflectionSettingTurnsReflectionOffForEveryServer() throws Exception {
        Settings settings = Settings.defaults();
        settings.define("grpcReflection=false");
        String reflectionOn = HostileGrpcFlows.reflectionServer(0, ",\"reflection\":true");
        try (Harness h = new Harness(settings).deploy(reflectionOn)) {
            Map<?, ?> r = listed(h);
            assertEquals(List.of("UNIMPLEMENTED"), r.values().stream().map(v -> String.valueOf(v).split(":")[0])
                    .distinct().toList(), r.toString());
            assertEquals(List.of(), settings.problems(), "grpcReflection is a known settings key");
        }
    }
}
