package io.redwire.nodes.grpc.transcode;

import com.google.api.AnnotationsProto;
import com.google.api.HttpRule;
import com.google.protobuf.DescriptorProtos.MethodOptions;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Descriptors.MethodDescriptor;
import com.google.protobuf.Descriptors.ServiceDescriptor;
import com.google.protobuf.ExtensionRegistry;
import com.google.protobuf.InvalidProtocolBufferException;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The HTTP routes of a compiled schema's services: each method's google.api.http rule and its
 * additional_bindings. Client-streaming methods get no route (one HTTP body is one message). A method without a
 * rule is reached at {@code POST /pkg.Service/Method} with its request as the JSON body, which is a Connect unary
 * call and served as one.
 */
public final class RestRoutes {
    private static final ExtensionRegistry HTTP_EXTENSION = ExtensionRegistry.newInstance();

    static {
        HTTP_EXTENSION.add(AnnotationsProto.http);
    }

    /**
     * One route. {@code body} is null (no body), "*" (the whole request) or a field of the request;
     * {@code responseBody} null (the whole response) or the response field sent as the body.
     */
    public record Route(String httpMethod, PathTemplate template, MethodDescriptor method, String body,
                        String responseBody) {
    }

    /** A route a request matched, with the values of the template's variables (field path → text). */
    public record Match(Route route, Map<String, String> variables) {
    }

    private final List<Route> routes;

    private RestRoutes(List<Route> routes) {
        this.routes = routes;
    }

    /** Reads the rules of every service in {@code files}; a bad rule is an IllegalArgumentException naming it. */
    public static RestRoutes of(Iterable<FileDescriptor> files) {
        List<Route> routes = new ArrayList<>();
        for (FileDescriptor f : files) {
            for (ServiceDescriptor s : f.getServices()) {
                for (MethodDescriptor m : s.getMethods()) {
                    if (!m.isClientStreaming()) {
                        add(routes, m);
                    }
                }
            }
        }
        routes.sort(Comparator.comparingInt((Route r) -> -r.template.specificity()));
        return new RestRoutes(List.copyOf(routes));
    }

    private static void add(List<Route> routes, MethodDescriptor m) {
        HttpRule rule = rule(m);
        if (rule == null) {
            return;
        }
        String fullName = m.getService().getFullName() + "/" + m.getName();
        List<HttpRule> all = new ArrayList<>();
        all.add(rule);
        all.addAll(rule.getAdditionalBindingsList());
        for (HttpRule r : all) {
            try {
                routes.add(route(r, m));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("google.api.http rule of " + fullName + ": " + e.getMessage(), e);
            }
        }
    }

    /** The method's google.api.http option, or null. */
    static HttpRule rule(MethodDescriptor m) {
        MethodOptions options = m.getOptions();
        if (!options.getUnknownFields().hasField(AnnotationsProto.HTTP_FIELD_NUMBER)
                && !options.hasExtension(AnnotationsProto.http)) {
            return null;
        }
        try {
            // compiled at runtime, the option arrives as an unknown field; read it as the extension
            return MethodOptions.parseFrom(options.toByteString(), HTTP_EXTENSION).getExtension(AnnotationsProto.http);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalArgumentException("unreadable google.api.http option on " + m.getFullName(), e);
        }
    }

    private static Route route(HttpRule r, MethodDescriptor m) {
        String verb;
        String path;
        switch (r.getPatternCase()) {
            case GET -> { verb = "GET"; path = r.getGet(); }
            case PUT -> { verb = "PUT"; path = r.getPut(); }
            case POST -> { verb = "POST"; path = r.getPost(); }
            case DELETE -> { verb = "DELETE"; path = r.getDelete(); }
            case PATCH -> { verb = "PATCH"; path = r.getPatch(); }
            case CUSTOM -> { verb = r.getCustom().getKind(); path = r.getCustom().getPath(); }
            default -> throw new IllegalArgumentException("no HTTP method and path");
        }
        PathTemplate template = PathTemplate.parse(path);
        String body = r.getBody().isEmpty() ? null : r.getBody();
        if (body != null && !body.equals("*")) {
            field(m.getInputType(), body, "body");
        }
        String responseBody = r.getResponseBody().isEmpty() ? null : r.getResponseBody();
        if (responseBody != null) {
            field(m.getOutputType(), responseBody, "response_body");
        }
        return new Route(verb, template, m, body, responseBody);
    }

    private static FieldDescriptor field(Descriptor type, String name, String what) {
        FieldDescriptor f = type.findFieldByName(name);
        if (f == null) {
            throw new IllegalArgumentException(what + " \"" + name + "\" is no field of " + type.getFullName());
        }
        return f;
    }

    /** The route for a request (method, raw path without the query), or null. */
    public Match find(String httpMethod, String path) {
        for (Route r : routes) {
            if (r.httpMethod.equals(httpMethod)) {
                Map<String, String> values = r.template.match(path);
                if (values != null) {
                    return new Match(r, values);
                }
            }
        }
        return null;
    }

    public List<Route> all() {
        return routes;
    }
}
