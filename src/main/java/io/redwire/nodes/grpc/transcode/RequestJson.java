package io.redwire.nodes.grpc.transcode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;

import java.util.List;
import java.util.Map;

/**
 * The request message of a transcoded call as protobuf JSON text, built as http.proto says: the HTTP body is the
 * whole message ({@code body: "*"}) or one field of it, path variables set their fields and, unless the body is
 * the whole message, query parameters ({@code ?a.b=1&tag=x&tag=y}) set the rest. Values stay JSON strings, which
 * protobuf's JSON parser reads for numbers, booleans, enums and well-known types too. The body text is spliced in
 * as it came (never parsed here), with the variables after it so they win over a body field of the same name; a
 * body that is no JSON object is then refused by the message parser, which names what is wrong.
 */
public final class RequestJson {
    private RequestJson() {
    }

    /** @param query decoded query parameters (name → values in order); ignored when the body is the whole message */
    public static String of(RestRoutes.Match match, Map<String, List<String>> query, String body) {
        RestRoutes.Route route = match.route();
        Descriptor type = route.method().getInputType();
        ObjectNode bound = JsonNodeFactory.instance.objectNode();
        if (!"*".equals(route.body())) {
            query.forEach((name, values) -> {
                if (!values.isEmpty() && !isBodyField(route, name)) {
                    set(bound, type, name, values);
                }
            });
        }
        match.variables().forEach((name, value) -> set(bound, type, name, List.of(value)));
        String text = body == null ? "" : body.strip();
        if (route.body() == null || text.isEmpty()) {
            return write(bound);
        }
        if (!route.body().equals("*")) {
            return bound.isEmpty() ? "{" + quote(route.body()) + ":" + text + "}"
                    : "{" + quote(route.body()) + ":" + text + "," + write(bound).substring(1);
        }
        if (bound.isEmpty() || !text.startsWith("{") || !text.endsWith("}")) {
            return text;
        }
        String inner = text.substring(1, text.length() - 1).strip();
        return inner.isEmpty() ? write(bound) : "{" + inner + "," + write(bound).substring(1);
    }

    private static boolean isBodyField(RestRoutes.Route route, String name) {
        return route.body() != null && (name.equals(route.body()) || name.startsWith(route.body() + "."));
    }

    /** Sets a dotted field path; a repeated field gets every value, any other the last one. */
    private static void set(ObjectNode root, Descriptor type, String path, List<String> values) {
        String[] names = path.split("\\.");
        ObjectNode at = root;
        Descriptor t = type;
        for (int i = 0; i < names.length - 1; i++) {
            FieldDescriptor f = t == null ? null : find(t, names[i]);
            t = f != null && f.getJavaType() == FieldDescriptor.JavaType.MESSAGE ? f.getMessageType() : null;
            JsonNode next = at.get(names[i]);
            at = next instanceof ObjectNode o ? o : at.putObject(names[i]);
        }
        String last = names[names.length - 1];
        FieldDescriptor f = t == null ? null : find(t, last);
        if (f != null && f.isRepeated()) {
            ArrayNode array = at.putArray(last);
            values.forEach(array::add);
        } else {
            at.put(last, values.get(values.size() - 1));
        }
    }

    private static FieldDescriptor find(Descriptor t, String name) {
        FieldDescriptor f = t.findFieldByName(name);
        if (f != null) {
            return f;
        }
        for (FieldDescriptor each : t.getFields()) {
            if (each.getJsonName().equals(name)) {
                return each;
            }
        }
        return null;
    }

    private static String write(JsonNode node) {
        return node.toString();
    }

    private static String quote(String name) {
        return JsonNodeFactory.instance.textNode(name).toString();
    }
}
