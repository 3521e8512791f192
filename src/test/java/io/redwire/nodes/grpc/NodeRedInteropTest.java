package io.redwire.nodes.grpc;

import io.redwire.runtime.Version;
import io.redwire.testing.Closing;
import io.redwire.testing.Harness;
import io.redwire.testing.NodeRedPeer;
import io.redwire.testing.Ports;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Interop with the independent peer the seed flow came from: the real Node-RED 5.0.7 with node-red-contrib-grpc
 * (installed by scripts/nodered-peer.sh, which .ci/run runs). Each side serves hello.Greeter/SayHello from its own
 * flow and calls the other's with its own grpc-call node, both driven over HTTP.
 */
class NodeRedInteropTest {
    private static final String PROTO = "syntax = \\\"proto3\\\";\\npackage hello;\\nservice Greeter {\\n"
            + "  rpc SayHello(HelloRequest) returns (HelloReply) {}\\n}\\nmessage HelloRequest {\\n  int32 id = 1;\\n"
            + "  string name = 2;\\n}\\nmessage HelloReply {\\n  string message = 1;\\n}";
    // HTTP/1.1 only: Node-RED's websocket server closes connections that ask for an h2c upgrade
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private static NodeRedPeer nodeRed;
    private static Harness redwire;

    /** A Greeter server that answers "<who> says hi to <name>", and an http in route that calls the other side. */
    private static String flows(String who, int ownGrpcPort, int peerGrpcPort, String route) {
        return """
                [{"id":"t","type":"tab","label":"interop"},
                 {"id":"own","type":"grpc-server","port":"%d","name":"","server":"127.0.0.1","protoFile":"%s",
                  "localServer":true,"ssl":false,"selfsigned":false,"mutualTls":false,"ca":"","chain":"","key":""},
                 {"id":"peer","type":"grpc-server","port":"%d","name":"","server":"127.0.0.1","protoFile":"%s",
                  "localServer":false,"ssl":false,"selfsigned":false,"mutualTls":false,"ca":"","chain":"","key":""},
                 {"id":"reg","type":"grpc-register-function","z":"t","server":"own","service":"Greeter",
                  "method":"SayHello","x":100,"y":40,"wires":[["answer"]]},
                 {"id":"answer","type":"change","z":"t","rules":[{"t":"set","p":"payload","pt":"msg",
                  "to":"{\\"message\\": \\"%s says hi to \\" & payload.name}","tot":"jsonata"}],
                  "x":300,"y":40,"wires":[["resp"]]},
                 {"id":"resp","type":"grpc-response","z":"t","x":500,"y":40,"wires":[]},
                 {"id":"in","type":"http in","z":"t","url":"%s","method":"post","upload":false,"swaggerDoc":"",
                  "x":100,"y":100,"wires":[["call"]]},
                 {"id":"call","type":"grpc-call","z":"t","server":"peer","service":"Greeter","method":"SayHello",
                  "chain":"","key":"","x":300,"y":100,"wires":[["out"]]},
                 {"id":"out","type":"http response","z":"t","statusCode":"","headers":{},"x":500,"y":100,
                  "wires":[]}]
                """.formatted(ownGrpcPort, PROTO, peerGrpcPort, PROTO, who, route);
    }

    @BeforeAll
    static void startBothSides() throws Exception {
        NodeRedPeer.installDir();
        Path contrib = NodeRedPeer.installDir().resolve("node_modules/node-red-contrib-grpc/package.json");
        Assumptions.assumeTrue(Files.isRegularFile(contrib), "node-red-contrib-grpc is not installed");
        int nodeRedGrpc = Ports.free();
        int redwireGrpc = Ports.free();

        redwire = new Harness().deploy(flows("redwire", redwireGrpc, nodeRedGrpc, "/call-node-red"));

        Path userDir = Files.createTempDirectory("redwire-nodered-peer");
        Files.writeString(userDir.resolve("flows.json"), flows("node-red", nodeRedGrpc, redwireGrpc, "/call-redwire"));
        Files.writeString(userDir.resolve("settings.js"), """
                module.exports = {
                    uiHost: "127.0.0.1", flowFile: "flows.json", credentialSecret: false,
                    telemetry: { enabled: false, updateNotification: false },
                    externalModules: { autoInstall: false }, editorTheme: { tours: false },
                    logging: { console: { level: "info", metrics: false, audit: false } }
                };
                """);
        nodeRed = NodeRedPeer.start(userDir, Ports.free(), "flows.json");
    }

    @AfterAll
    static void stopBothSides() throws Exception {
        Closing.all(nodeRed, redwire);
    }

    @Test
    void nodeRedsGrpcCallIsAnsweredByARedwireFlow() throws Exception {
        HttpResponse<String> r = post(nodeRed.url("/call-redwire"),
                "{\"id\":1,\"name\":\"Ada\"}");
        assertEquals(200, r.statusCode(), r.body());
        assertEquals("{\"message\":\"redwire says hi to Ada\"}", r.body());
    }

    @Test
    void redwiresGrpcCallIsAnsweredByANodeRedFlow() throws Exception {
        HttpResponse<String> r = post(redwire.url("/call-node-red"), "{\"id\":2,\"name\":\"Bob\"}");
        assertEquals(200, r.statusCode(), r.body());
        assertEquals("{\"message\":\"node-red says hi to Bob\"}", r.body());
    }

    private static HttpResponse<String> post(String url, String json) throws Exception {
        // the peer's grpc-server may still be binding right after "Started flows": retry a moment
        HttpResponse<String> r = null;
        for (int attempt = 0; attempt < 20; attempt++) {
            r = HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10))
                    .header("content-type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json))
                    .build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() == 200 && r.body().contains("says hi")) {
                return r;
            }
            Thread.sleep(250);
        }
        return r;
    }

}
