package io.redwire.nodes.thrift.codec;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.net.NetClient;
import io.vertx.core.net.NetClientOptions;
import io.vertx.core.net.NetSocket;

import org.apache.thrift.TApplicationException;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.protocol.TProtocolException;

import java.util.ArrayDeque;

/**
 * A Thrift client for one target over one reused Vert.x connection. Calls are queued and sent one at a time (a
 * plain Thrift server answers in order and has no way to interleave), each with an optional timeout counted from
 * the call. Everything runs on one context; a lost, timed-out or garbled connection is dropped and the next call
 * opens a new one.
 */
public final class ThriftClient implements ThriftCaller {
    private static final int CONNECT_TIMEOUT_MS = 5000;

    private static final class Pending {
        final MethodDef method;
        final int seqid;
        final Buffer bytes;
        final Promise<Object> promise = Promise.promise();
        long timer = -1;

        Pending(MethodDef method, int seqid, Buffer bytes) {
            this.method = method;
            this.seqid = seqid;
            this.bytes = bytes;
        }
    }

    private final Vertx vertx;
    private final Context context;
    private final String host;
    private final int port;
    private final ThriftWire wire;
    private final ArrayDeque<Pending> queue = new ArrayDeque<>();
    private NetClient netClient;
    private NetSocket socket;
    private MessageReader<CallCodec.Reply> reader;
    private Pending inFlight;
    private boolean connecting;
    private boolean closed;
    private int seq;

    /** All work, and every future's completion, happens on context. */
    public ThriftClient(Vertx vertx, Context context, String host, int port, ThriftWire wire) {
        this.vertx = vertx;
        this.context = context;
        this.host = host;
        this.port = port;
        this.wire = wire;
    }

    @Override
    public String target() {
        return host + ":" + port;
    }

    /**
     * Calls a method with arguments keyed by parameter name. The future fails with ValueException when the
     * arguments do not fit the IDL (nothing is sent) and with {@link ThriftFailure} for everything remote. A oneway
     * call completes with null once written. timeoutMs 0 waits forever.
     */
    @Override
    public Future<Object> call(MethodDef method, Object args, long timeoutMs) {
        if (Vertx.currentContext() != context) {
            Promise<Object> p = Promise.promise();
            context.runOnContext(v -> call(method, args, timeoutMs).onComplete(p));
            return p.future();
        }
        if (closed) {
            return Future.failedFuture(ThriftFailure.transport("NOT_OPEN", "the client for " + target()
                    + " is closed"));
        }
        int seqid = ++seq;
        Buffer bytes;
        try {
            bytes = CallCodec.call(wire, method, seqid, args);
        } catch (ValueException | ThriftFailure e) {
            return Future.failedFuture(e);
        }
        Pending p = new Pending(method, seqid, bytes);
        if (timeoutMs > 0) {
            p.timer = vertx.setTimer(timeoutMs, id -> timedOut(p, timeoutMs));
        }
        queue.add(p);
        pump();
        return p.promise.future();
    }

    /** Fails what is pending and closes the connection. */
    @Override
    public Future<Void> close() {
        Promise<Void> done = Promise.promise();
        context.runOnContext(v -> {
            closed = true;
            ThriftFailure f = ThriftFailure.transport("NOT_OPEN", "the client for " + target() + " was closed");
            if (inFlight != null) {
                settle(inFlight, f);
                inFlight = null;
            }
            failQueued(f);
            dropConnection();
            if (netClient == null) {
                done.complete();
            } else {
                netClient.close().onComplete(done);
            }
        });
        return done.future();
    }

    private void pump() {
        if (inFlight != null || queue.isEmpty() || connecting || closed) {
            return;
        }
        if (socket == null) {
            connect();
            return;
        }
        Pending p = queue.poll();
        inFlight = p;
        Future<Void> written = socket.write(p.bytes);
        if (p.method.oneway()) {
            written.onComplete(ar -> {
                if (inFlight == p) {
                    inFlight = null;
                    if (ar.succeeded()) {
                        settle(p, null);
                    } else {
                        settle(p, ThriftFailure.transport("END_OF_FILE", "sending " + p.method.name() + " to "
                                + target() + " failed: " + ar.cause().getMessage()));
                    }
                    pump();
                }
            });
        }
    }

    private void connect() {
        if (netClient == null) {
            // NODELAY: each call is one write that must leave now, not wait for an ACK (the ~40 ms Nagle stall)
            netClient = vertx.createNetClient(new NetClientOptions().setTcpNoDelay(true)
                    .setConnectTimeout(CONNECT_TIMEOUT_MS));
        }
        connecting = true;
        netClient.connect(port, host).onComplete(ar -> {
            connecting = false;
            if (closed) {
                if (ar.succeeded()) {
                    ar.result().close();
                }
                return;
            }
            if (ar.failed()) {
                failQueued(ThriftFailure.transport("NOT_OPEN", "cannot connect to " + target() + ": "
                        + ar.cause().getMessage()));
                return;
            }
            NetSocket s = ar.result();
            socket = s;
            reader = wire.reader(this::decode);
            s.handler(chunk -> received(s, chunk));
            s.closeHandler(v -> lost(s));
            s.exceptionHandler(e -> { }); // the close that follows reports it
            pump();
        });
    }

    private void received(NetSocket s, Buffer chunk) {
        if (s != socket) {
            return;
        }
        try {
            reader.feed(chunk, this::replied);
        } catch (MalformedInput e) {
            Pending p = inFlight;
            inFlight = null;
            dropConnection();
            if (p != null) {
                settle(p, ThriftFailure.protocol("bad reply from " + target() + ": " + e.getMessage()));
            }
            pump();
        }
    }

    private CallCodec.Reply decode(TProtocol in) throws TException {
        Pending p = inFlight;
        if (p == null || p.method.oneway()) {
            throw new TProtocolException(TProtocolException.INVALID_DATA, "a message arrived with no call waiting");
        }
        return CallCodec.reply(in, p.method);
    }

    private void replied(CallCodec.Reply r) {
        Pending p = inFlight;
        inFlight = null;
        if (r.seqid() != p.seqid) {
            dropConnection(); // replies can no longer be matched to calls
            settle(p, ThriftFailure.application(TApplicationException.BAD_SEQUENCE_ID, p.method.name()
                    + " failed: out of sequence response"));
        } else {
            settle(p, CallCodec.outcome(p.method, r));
        }
        pump();
    }

    private void timedOut(Pending p, long timeoutMs) {
        p.timer = -1;
        ThriftFailure f = ThriftFailure.transport("TIMED_OUT", "no reply to " + p.method.name() + " from "
                + target() + " within " + timeoutMs + " ms");
        if (queue.remove(p)) {
            settle(p, f);
        } else if (inFlight == p) {
            inFlight = null;
            dropConnection(); // a late reply would be taken for the next call's
            settle(p, f);
            pump();
        }
    }

    private void lost(NetSocket s) {
        if (s != socket) {
            return;
        }
        socket = null;
        reader = null;
        Pending p = inFlight;
        inFlight = null;
        if (p != null) {
            settle(p, ThriftFailure.transport("END_OF_FILE", target() + " closed the connection before replying to "
                    + p.method.name()));
        }
        pump();
    }

    private void dropConnection() {
        NetSocket s = socket;
        socket = null;
        reader = null;
        if (s != null) {
            s.close();
        }
    }

    private void failQueued(ThriftFailure f) {
        Pending p;
        while ((p = queue.poll()) != null) {
            settle(p, f);
        }
    }

    private void settle(Pending p, Object outcome) {
        if (p.timer >= 0) {
            vertx.cancelTimer(p.timer);
            p.timer = -1;
        }
        if (outcome instanceof ThriftFailure f) {
            p.promise.tryFail(f);
        } else {
            p.promise.tryComplete(outcome);
        }
    }
}
