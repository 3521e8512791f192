package io.redwire.nodes.thrift.codec;

import io.redwire.msg.SharedRef;

import io.vertx.core.buffer.Buffer;

import org.apache.thrift.TApplicationException;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TMessage;
import org.apache.thrift.protocol.TMessageType;

import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * One call received by a server, and the handle that answers it (carried in msg.thrift, shared, never cloned).
 * Answering encodes on the caller's thread and hands the bytes to the connection; a second answer is refused.
 */
public final class IncomingCall implements SharedRef {
    private final MethodDef method;
    private final int seqid;
    private final Map<String, Object> args;
    private final ThriftWire wire;
    private final Consumer<Buffer> connection;
    private final String transport;
    private final AtomicBoolean answered = new AtomicBoolean();
    private final long startNanos = System.nanoTime();
    private volatile String status;

    IncomingCall(MethodDef method, int seqid, Map<String, Object> args, ThriftWire wire, Consumer<Buffer> connection,
                 String transport) {
        this.method = method;
        this.seqid = seqid;
        this.args = args;
        this.wire = wire;
        this.connection = connection;
        this.transport = transport;
    }

    /** What carried the call, for metrics: "buffered", "framed" or "http". */
    public String transport() {
        return transport;
    }

    public MethodDef method() {
        return method;
    }

    /** The arguments keyed by parameter name. */
    public Map<String, Object> args() {
        return args;
    }

    public boolean oneway() {
        return method.oneway();
    }

    /** When the call was read (System.nanoTime()). */
    public long startNanos() {
        return startNanos;
    }

    /**
     * How it was answered: OK, the declared exception's throws-field name or the TApplicationException type;
     * null while unanswered.
     */
    public String status() {
        return status;
    }

    public boolean answered() {
        return answered.get();
    }

    /** Answers with the method's result (ignored for void). Throws ValueException if it does not fit the IDL. */
    public void reply(Object result) {
        FieldDef success = method.returnsVoid() ? null : method.result().field((short) 0);
        send(encode(TMessageType.REPLY, out -> ValueWriter.writeResult(out, method.result(), success, result)), "OK");
    }

    /** Answers with a declared exception. Throws ValueException if its fields do not fit the IDL. */
    public void raise(FieldDef exception, Object fields) {
        send(encode(TMessageType.REPLY, out -> ValueWriter.writeResult(out, method.result(), exception, fields)),
                exception.name());
    }

    /** Answers with a TApplicationException (type is one of its constants). */
    public void fail(int type, String message) {
        send(encode(TMessageType.EXCEPTION, out -> new TApplicationException(type, message).write(out)),
                ThriftFailure.application(type, message).code());
    }

    private Buffer encode(byte type, ThriftWire.Encoder body) {
        try {
            return wire.encode(out -> {
                out.writeMessageBegin(new TMessage(method.name(), type, seqid));
                body.write(out);
                out.writeMessageEnd();
            });
        } catch (TException e) {
            throw new IllegalStateException("encoding the answer to " + method.qualifiedName() + " failed: "
                    + e.getMessage(), e);
        }
    }

    private void send(Buffer bytes, String answer) {
        if (method.oneway()) {
            return; // oneway calls are never answered
        }
        if (!answered.compareAndSet(false, true)) {
            throw new IllegalStateException("the call to " + method.qualifiedName() + " was already answered");
        }
        status = answer;
        connection.accept(bytes);
    }

    @Override
    public String toString() {
        return "[thrift call " + method.qualifiedName() + " #" + seqid + "]";
    }
}
