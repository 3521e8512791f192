package io.redwire.nodes.thrift.codec;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Which handler serves which method on a server. A Thrift message names only its method, so one server serves
 * each method name once. Written on the flow loop at (un)deploy, read on connection loops.
 */
public final class CallRoutes {
    /** A served method and who handles its calls (called on a connection loop). */
    public record Route(MethodDef method, Consumer<IncomingCall> handler) {
    }

    private final ThriftModel model;
    private final Map<String, Route> routes = new ConcurrentHashMap<>();

    public CallRoutes(ThriftModel model) {
        this.model = model;
    }

    /** Serves a method; fails when another handler already serves that method name. */
    public void add(MethodDef method, Consumer<IncomingCall> handler) {
        Route existing = routes.putIfAbsent(method.name(), new Route(method, handler));
        if (existing != null) {
            throw new IllegalStateException("method '" + method.name() + "' is already served (as "
                    + existing.method().qualifiedName() + "); a Thrift server serves each method name once");
        }
    }

    public void remove(MethodDef method, Consumer<IncomingCall> handler) {
        routes.remove(method.name(), new Route(method, handler));
    }

    public Route route(String methodName) {
        return routes.get(methodName);
    }

    /** The UNKNOWN_METHOD text: Thrift's own wording, plus a hint when the IDL declares the method. */
    String unknownMethod(String methodName) {
        for (ServiceDef s : model.services().values()) {
            if (s.methods().containsKey(methodName)) {
                return "Invalid method name: '" + methodName + "' (declared in " + s.name()
                        + " but no flow serves it)";
            }
        }
        return "Invalid method name: '" + methodName + "'";
    }
}
