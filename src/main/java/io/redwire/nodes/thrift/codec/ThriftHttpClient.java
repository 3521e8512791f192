package io.redwire.nodes.thrift.codec;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientAgent;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;

import org.apache.thrift.TException;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A Thrift client over HTTP, as libthrift's THttpClient calls: each call is a POST of one call message with
 * content-type application/x-thrift, answered by a 200 whose body is the reply. Calls are independent requests,
 * so several may be in flight (on the client's kept-alive connections); each has its own timeout from the call.
 */
public final class ThriftHttpClient implements ThriftCaller {
    private static final int CONNECT_TIMEOUT_MS = 5000;

    private final Vertx vertx;
    private final String host;
    private final int port;
    private final String path;
    private final ThriftWire wire;
    private final HttpClientAgent http;
    private final AtomicInteger seq = new AtomicInteger();
    private volatile boolean closed;

    /** {@code wire}'s protocol encodes the bodies; its framing is not used (a body holds one message). */
    public ThriftHttpClient(Vertx vertx, String host, int port, String path, ThriftWire wire) {
        this.vertx = vertx;
        this.host = host;
        this.port = port;
        this.path = path.startsWith("/") ? path : "/" + path;
        this.wire = new ThriftWire(wire.protocol(), Framing.BUFFERED, wire.maxMessageSize());
        this.http = vertx.createHttpClient(new HttpClientOptions().setTcpNoDelay(true).setKeepAlive(true)
                .setConnectTimeout(CONNECT_TIMEOUT_MS));
    }

    @Override
    public String target() {
        return "http://" + host + ":" + port + path;
    }

    @Override
    public Future<Object> call(MethodDef method, Object args, long timeoutMs) {
        if (closed) {
            return Future.failedFuture(ThriftFailure.transport("NOT_OPEN", "the client for " + target()
                    + " is closed"));
        }
        Buffer body;
        try {
            body = CallCodec.call(wire, method, seq.incrementAndGet(), args);
        } catch (ValueException | ThriftFailure e) {
            return Future.failedFuture(e);
        }
        Promise<Object> result = Promise.promise();
        HttpClientRequest[] sent = new HttpClientRequest[1];
        long timer = timeoutMs <= 0 ? -1 : vertx.setTimer(timeoutMs, id -> {
            if (result.tryFail(ThriftFailure.transport("TIMED_OUT", "no reply to " + method.name() + " from "
                    + target() + " within " + timeoutMs + " ms")) && sent[0] != null) {
                sent[0].reset();
            }
        });
        http.request(new RequestOptions().setMethod(HttpMethod.POST).setHost(host).setPort(port).setURI(path)
                        .putHeader("content-type", HttpCalls.CONTENT_TYPE).putHeader("accept", HttpCalls.CONTENT_TYPE))
                .compose(req -> {
                    sent[0] = req;
                    return req.send(body);
                })
                .compose(resp -> resp.body().map(b -> {
                    if (resp.statusCode() != 200) {
                        throw new Refused(ThriftFailure.transport("UNKNOWN", "HTTP " + resp.statusCode() + " from "
                                + target() + ": " + excerpt(b)));
                    }
                    return b;
                }))
                .onComplete(ar -> {
                    if (timer >= 0) {
                        vertx.cancelTimer(timer);
                    }
                    if (ar.failed()) {
                        result.tryFail(ar.cause() instanceof Refused r ? r.failure
                                : ThriftFailure.transport("NOT_OPEN", "calling " + method.name() + " at " + target()
                                + " failed: " + ar.cause().getMessage()));
                    } else {
                        Object outcome = method.oneway() ? null : decode(method, ar.result());
                        if (outcome instanceof ThriftFailure f) {
                            result.tryFail(f);
                        } else {
                            result.tryComplete(outcome);
                        }
                    }
                });
        return result.future();
    }

    /** The reply's value, or the ThriftFailure it stands for. */
    private Object decode(MethodDef method, Buffer body) {
        InputBuffer in = new InputBuffer(wire.maxMessageSize(), null);
        try {
            in.append(body);
            return CallCodec.outcome(method, CallCodec.reply(wire.protocol().over(in), method));
        } catch (MalformedInput | TException | RuntimeException e) {
            return ThriftFailure.protocol("bad reply from " + target() + ": " + (e == InputBuffer.INCOMPLETE
                    ? "the body ends inside the reply" : "not a Thrift reply (" + e.getMessage() + ")"));
        }
    }

    private static String excerpt(Buffer b) {
        String text = b.toString();
        return text.length() > 200 ? text.substring(0, 200) + "…" : text;
    }

    @Override
    public Future<Void> close() {
        closed = true;
        return http.close();
    }

    /** An HTTP answer that is not a reply, carried through the future chain. */
    private static final class Refused extends RuntimeException {
        final ThriftFailure failure;

        Refused(ThriftFailure failure) {
            super(failure.getMessage(), null, false, false);
            this.failure = failure;
        }
    }
}
