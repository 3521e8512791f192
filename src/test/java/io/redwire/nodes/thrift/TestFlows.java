package io.redwire.nodes.thrift;

import io.redwire.msg.Json;
import io.redwire.testing.Harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds flow JSON for the thrift tests (IDL text needs no hand escaping this way). */
final class TestFlows {
    static final String TAB = "t1";

    private TestFlows() {
    }

    /** A node; flow nodes land on tab t1, config nodes (thrift-server) stay global. */
    static Map<String, Object> node(String id, String type, Object... keyValues) {
        Map<String, Object> n = new LinkedHashMap<>();
        n.put("id", id);
        n.put("type", type);
        if (!"thrift-server".equals(type)) {
            n.put("z", TAB);
            n.put("wires", List.of());
        }
        for (int i = 0; i < keyValues.length; i += 2) {
            n.put((String) keyValues[i], keyValues[i + 1]);
        }
        return n;
    }

    /** wires value for one output going to these nodes. */
    static List<List<String>> to(String... ids) {
        return List.of(List.of(ids));
    }

    @SafeVarargs
    static String flow(Map<String, Object>... nodes) {
        return flow(List.of(), nodes);
    }

    /** The nodes, then {@code callers} (from {@link #callers}), then debug "out" that the callers are wired to. */
    @SafeVarargs
    static String flow(List<Map<String, Object>> callers, Map<String, Object>... nodes) {
        List<Object> all = new ArrayList<>();
        all.add(Map.of("id", TAB, "type", "tab", "label", "thrift"));
        all.addAll(List.of(nodes));
        if (!callers.isEmpty()) {
            all.addAll(callers);
            all.add(debug("out"));
        }
        return Json.stringify(all);
    }

    /**
     * For each method and its payload JSON (given in pairs): inject "{@code method}" wired to thrift-call
     * "call{@code Method}", which calls {@code service.method} through {@code server} and is wired to "out";
     * the injects first, then the calls.
     */
    static List<Map<String, Object>> callers(String server, String service, String... methodsAndPayloads) {
        List<Map<String, Object>> injects = new ArrayList<>();
        List<Map<String, Object>> calls = new ArrayList<>();
        for (int i = 0; i < methodsAndPayloads.length; i += 2) {
            String method = methodsAndPayloads[i];
            String callId = "call" + Character.toUpperCase(method.charAt(0)) + method.substring(1);
            injects.add(inject(method, methodsAndPayloads[i + 1], callId));
            calls.add(call(callId, server, service, method, "out"));
        }
        injects.addAll(calls);
        return injects;
    }

    static Map<String, Object> inject(String id, String payloadJson, String... wiresTo) {
        return node(id, "inject", "props", List.of(Map.of("p", "payload")), "payload", payloadJson,
                "payloadType", "json", "wires", to(wiresTo));
    }

    /** A thrift-call node calling service.method through a thrift-server config node, its output wired on. */
    static Map<String, Object> call(String id, String server, String service, String method, String... wiresTo) {
        return method("thrift-call", id, server, service, method, wiresTo);
    }

    /** A thrift-register-function node serving service.method on a thrift-server config node, wired on. */
    static Map<String, Object> register(String id, String server, String service, String method,
                                        String... wiresTo) {
        return method("thrift-register-function", id, server, service, method, wiresTo);
    }

    private static Map<String, Object> method(String type, String id, String server, String service, String method,
                                              String... wiresTo) {
        return node(id, type, "server", server, "service", service, "method", method, "wires", to(wiresTo));
    }

    /** A change node setting msg.{@code property} to a typed value, wired on. */
    static Map<String, Object> setMsg(String id, String property, String value, String valueType, String... wiresTo) {
        return node(id, "change", "rules", List.of(Map.of("t", "set", "p", property, "pt", "msg", "to", value,
                "tot", valueType)), "wires", to(wiresTo));
    }

    static Map<String, Object> debug(String id) {
        return node(id, "debug", "complete", "true");
    }

    static String resource(String name) {
        try {
            return Files.readString(Path.of("src/test/resources/thrift", name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The port a deployed thrift-server config node is bound to. */
    static int boundPort(Harness h, String serverId) {
        return ((ThriftServerNode) h.server().engine().node(serverId)).port();
    }
}
