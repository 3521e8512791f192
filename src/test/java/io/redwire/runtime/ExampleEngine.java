package io.redwire.runtime;

import io.redwire.admin.CommsClient;
import io.redwire.msg.Json;
import io.redwire.testing.Ports;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * One engine (Node-RED or Redwire) driven only through the admin API an editor uses: full deploys, the global
 * context, inject buttons and the /comms debug stream. {@link #run} gives an example a clean engine (an empty full
 * deploy stops every node and drops flow and node context; global context and the scratch directory are emptied)
 * and returns its debug messages, normalised by {@link ExampleOutput}.
 */
final class ExampleEngine implements AutoCloseable {
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    private static final long MAX_COLLECT_MS = 30_000;
    private static final long DEPLOY_TIMEOUT_S = 60;
    private static final Set<Integer> GIVEN_PORTS = new HashSet<>();

    private final String name;
    private final int port;
    private final Path scratch;
    private final CommsClient comms;

    ExampleEngine(String name, int port, Path scratch) throws Exception {
        this.name = name;
        this.port = port;
        this.scratch = Files.createDirectories(scratch);
        this.comms = new CommsClient("ws://127.0.0.1:" + port + "/comms");
        comms.send("{\"subscribe\":\"debug\"}");
    }

    /** A free port no other engine of this test was given (lanes pick theirs at the same time). */
    static synchronized int freePort() {
        int p;
        do {
            p = Ports.free();
        } while (!GIVEN_PORTS.add(p));
        return p;
    }

    /**
     * Deploys the example on a clean engine, waits as the plan says, fires each inject in turn and waits again. A
     * refused deploy is one line of the output (Node-RED never refuses one; it logs the nodes' errors).
     */
    List<String> run(ExamplePlan plan) throws Exception {
        deploy("[]", null);
        clearGlobalContext();
        emptyScratch();
        for (String file : plan.create()) {
            Path target = scratch.resolve(file);
            if (file.endsWith("/")) {
                Files.createDirectories(target);
            } else {
                Files.createDirectories(target.getParent());
                Files.writeString(target, "");
            }
        }
        Map<Integer, Integer> ports = new LinkedHashMap<>();
        for (int p : plan.flow().ports()) {
            ports.put(p, p == ExampleFlow.EDITOR_PORT ? port : freePort());
        }
        List<Map<String, Object>> events = new ArrayList<>();
        String refused = deploy(plan.flow().forEngine(ports, scratch), events);
        if (refused != null) {
            events.add(Map.of("deploy", refused));
        } else {
            collect(events, plan.afterDeploy());
            for (ExamplePlan.Step step : plan.injects()) {
                send("POST", "/inject/" + step.inject(), "{}", 200);
                collect(events, step.then());
            }
        }
        deploy("[]", events); // what comes late, before the flows stop, still counts: the order is compared
        ExampleOutput output = new ExampleOutput(ports, scratch, plan.flow().nodeIds());
        return events.stream().map(output::line).toList();
    }

    /**
     * Debug messages until none came for the wait's time (or until it passed, for a fixed one); an example that
     * never goes quiet is refused after {@link #MAX_COLLECT_MS}, to be given a window in the list.
     */
    private void collect(List<Map<String, Object>> into, ExamplePlan.Wait wait) throws Exception {
        long now = System.nanoTime();
        long end = now + wait.millis() * 1_000_000;
        long limit = now + MAX_COLLECT_MS * 1_000_000;
        while (true) {
            if (System.nanoTime() > limit) {
                throw new IllegalStateException(name + " sent debug messages for " + MAX_COLLECT_MS / 1000
                        + " s without a pause of " + wait.millis() + " ms: give the example a window in the list");
            }
            double seconds = wait.fixed() ? (end - System.nanoTime()) / 1e9 : wait.millis() / 1000.0;
            Map<String, Object> m = seconds <= 0 ? null : comms.next("debug", seconds);
            if (m == null) {
                return;
            }
            into.add(asMap(m.get("data")));
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asMap(Object data) {
        return data instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of("data", String.valueOf(data));
    }

    /**
     * A full deploy, waiting for the flows to have started (the runtime-deploy notification: Node-RED answers the
     * POST before it starts them); the debug messages before it go to {@code events} (null: dropped). Null when
     * deployed, else the engine's answer.
     */
    private String deploy(String flowsJson, List<Map<String, Object>> events) throws Exception {
        HttpRequest r = request("/flows").header("content-type", "application/json")
                .header("Node-RED-Deployment-Type", "full").POST(HttpRequest.BodyPublishers.ofString(flowsJson))
                .build();
        HttpResponse<String> answer = exchange(r);
        if (answer.statusCode() / 100 != 2) {
            return "refused: " + answer.statusCode() + " " + answer.body();
        }
        long end = System.nanoTime() + DEPLOY_TIMEOUT_S * 1_000_000_000L;
        while (true) {
            Map<String, Object> m = comms.next(Math.max(0, (end - System.nanoTime()) / 1e9));
            if (m == null) {
                throw new IllegalStateException(name + " did not start the deployed flows in " + DEPLOY_TIMEOUT_S
                        + " s");
            }
            if ("notification/runtime-deploy".equals(m.get("topic"))) {
                return null;
            }
            if (events != null && "debug".equals(m.get("topic"))) {
                events.add(asMap(m.get("data")));
            }
        }
    }

    @SuppressWarnings("unchecked")
    private void clearGlobalContext() throws Exception {
        Map<String, Object> stores = (Map<String, Object>) Json.parse(send("GET", "/context/global", null, 200));
        for (Map.Entry<String, Object> store : stores.entrySet()) {
            for (String key : ((Map<String, Object>) store.getValue()).keySet()) {
                send("DELETE", "/context/global/" + URLEncoder.encode(key, StandardCharsets.UTF_8).replace("+", "%20")
                        + "?store=" + store.getKey(), null, 204);
            }
        }
    }

    private void emptyScratch() throws IOException {
        try (Stream<Path> all = Files.walk(scratch)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                if (!p.equals(scratch)) {
                    Files.delete(p);
                }
            }
        }
    }

    private String send(String method, String path, String body, int status) throws Exception {
        HttpRequest.Builder r = request(path).header("content-type", "application/json").method(method,
                body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        HttpResponse<String> answer = exchange(r.build());
        if (answer.statusCode() != status) {
            throw new IllegalStateException(name + ": " + method + " " + path + " answered " + answer.statusCode()
                    + " " + answer.body());
        }
        return answer.body();
    }

    /**
     * One request; sent again once when the pooled connection turns out closed before any answer byte (Node.js
     * closes a keep-alive connection idle for 5 s, and a window or timer wait is longer).
     */
    private static HttpResponse<String> exchange(HttpRequest r) throws Exception {
        try {
            return HTTP.send(r, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            if (!String.valueOf(e.getMessage()).contains("received no bytes")) {
                throw e;
            }
            return HTTP.send(r, HttpResponse.BodyHandlers.ofString());
        }
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(60));
    }

    @Override
    public void close() {
        comms.close();
    }
}
