package io.redwire.nodes.thrift.codec;

import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Thrift over HTTP as libthrift's THttpClient and TServlet speak it: a POST whose body is one call message, answered
 * 200 with the reply (or the TApplicationException) as body, content-type application/x-thrift. The protocol is
 * read from the body's first byte (strict binary 0x80, compact 0x82, JSON '['; else the configured one), so one
 * path serves clients of all three, each answered in its own. A request that is not one Thrift call is answered
 * 4xx with a text saying why, and the server keeps serving.
 */
public final class HttpCalls implements Handler<HttpServerRequest> {
    public static final String CONTENT_TYPE = "application/x-thrift";

    private final Vertx vertx;
    private final WireProtocol configured;
    private final Map<WireProtocol, ThriftWire> wires = new EnumMap<>(WireProtocol.class);
    private final CallDispatch calls;
    private final Consumer<String> problems;
    private final InputLimits limits;
    private final int maxMessageSize;
    /** Calls handed to flows and not answered yet; a stopped server answers them 503. */
    private final Set<HttpServerResponse> waiting = ConcurrentHashMap.newKeySet();

    public HttpCalls(Vertx vertx, ThriftWire wire, CallRoutes routes, Consumer<String> problems, InputLimits limits) {
        this.vertx = vertx;
        this.configured = wire.protocol();
        for (WireProtocol p : WireProtocol.values()) {
            wires.put(p, new ThriftWire(p, Framing.BUFFERED, wire.maxMessageSize()));
        }
        this.calls = new CallDispatch(routes, problems, "http");
        this.problems = problems;
        this.limits = limits;
        this.maxMessageSize = wire.maxMessageSize();
    }

    @Override
    public void handle(HttpServerRequest req) {
        if (req.method() != HttpMethod.POST) {
            req.response().putHeader("allow", "POST");
            refuse(req, 405, "Thrift over HTTP takes POST requests with a Thrift message as body");
            return;
        }
        String length = req.getHeader("content-length");
        if (length != null && length.chars().allMatch(Character::isDigit) && length.length() < 19
                && Long.parseLong(length) > maxMessageSize) {
            req.response().putHeader("connection", "close");
            refuse(req, 413, "a Thrift message over HTTP is limited to " + maxMessageSize + " bytes");
            return;
        }
        new Exchange(req).start();
    }

    /** Answers every call still waiting for its flow: the server stopped, nothing will answer them. */
    public void stop() {
        for (HttpServerResponse r : new ArrayList<>(waiting)) {
            end(r, 503, "text/plain; charset=utf-8", Buffer.buffer("the Thrift server was stopped"));
        }
        waiting.clear();
    }

    private void refuse(HttpServerRequest req, int status, String why) {
        problems.accept("refused an HTTP request from " + req.remoteAddress() + ": " + status + " " + why);
        Buffer text = Buffer.buffer(why);
        if (req.isEnded()) {
            end(req.response(), status, "text/plain; charset=utf-8", text);
        } else { // answered once the body has been read (and dropped): closing under a sender loses the answer
            req.handler(dropped -> { });
            req.endHandler(v -> end(req.response(), status, "text/plain; charset=utf-8", text));
        }
    }

    private static void end(HttpServerResponse r, int status, String contentType, Buffer body) {
        if (!r.ended() && !r.closed()) {
            r.setStatusCode(status).putHeader("content-type", contentType).end(body);
        }
    }

    private static WireProtocol detect(byte first, WireProtocol otherwise) {
        return switch (first) {
            case (byte) 0x80 -> WireProtocol.BINARY;
            case (byte) 0x82 -> WireProtocol.COMPACT;
            case '[' -> WireProtocol.JSON;
            default -> otherwise;
        };
    }

    /** One request: its body is read into a reader as it arrives, within the server's input budget. */
    private final class Exchange {
        private final HttpServerRequest req;
        private final List<CallDispatch.Incoming> decoded = new ArrayList<>(1);
        private ThriftWire wire;
        private MessageReader<CallDispatch.Incoming> reader;
        private String problem;
        private long timer = -1;

        Exchange(HttpServerRequest req) {
            this.req = req;
        }

        void start() {
            req.handler(this::chunk);
            req.endHandler(v -> ended());
            req.exceptionHandler(e -> release());
            if (limits.incompleteTimeoutMs() > 0) {
                timer = vertx.setTimer(limits.incompleteTimeoutMs(), id -> {
                    timer = -1;
                    release();
                    problems.accept("closed the HTTP request from " + req.remoteAddress() + ": its body was still "
                            + "incomplete after " + limits.incompleteTimeoutMs() + " ms");
                    end(req.response().putHeader("connection", "close"), 408, "text/plain; charset=utf-8",
                            Buffer.buffer("the request body did not arrive in time"));
                    req.connection().close();
                });
            }
        }

        private void chunk(Buffer b) {
            if (problem != null || b.length() == 0) {
                return; // what follows a refused start is read and dropped
            }
            if (reader == null) {
                wire = wires.get(detect(b.getByte(0), configured));
                reader = wire.reader(calls::decode, limits.buffers());
            }
            try {
                reader.feed(b, decoded::add);
            } catch (MalformedInput e) {
                problem = e.getMessage();
                release();
            }
        }

        private void ended() {
            if (timer >= 0) {
                vertx.cancelTimer(timer);
            }
            boolean incomplete = reader != null && reader.incomplete();
            release();
            String why = problem != null ? problem : reader == null ? "the body is empty; it must be a Thrift call"
                    : incomplete ? "the body ends inside a Thrift message"
                    : decoded.size() != 1 ? "the body holds " + decoded.size() + " Thrift messages; one call per "
                    + "request" : null;
            if (why != null) {
                problems.accept("refused an HTTP request from " + req.remoteAddress() + ": " + why);
                end(req.response(), 400, "text/plain; charset=utf-8", Buffer.buffer(why));
                return;
            }
            CallDispatch.Incoming call = decoded.get(0);
            HttpServerResponse r = req.response();
            waiting.add(r);
            r.closeHandler(v -> waiting.remove(r));
            calls.dispatch(call, wire, bytes -> {
                waiting.remove(r);
                end(r, 200, CONTENT_TYPE, bytes);
            }, req.remoteAddress());
            if (call.oneway()) {
                waiting.remove(r);
                end(r, 200, CONTENT_TYPE, Buffer.buffer());
            }
        }

        private void release() {
            if (reader != null) {
                reader.release();
            }
        }
    }
}
