package io.redwire.nodes.thrift.codec;

import io.vertx.core.buffer.Buffer;

import org.apache.thrift.TApplicationException;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TMessage;
import org.apache.thrift.protocol.TMessageType;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.protocol.TProtocolException;

import java.util.Map;

/**
 * A client's side of one call on the wire, whatever carries it (a socket, an HTTP request): the call message out,
 * the reply in, and what the reply means (a value or a {@link ThriftFailure}).
 */
final class CallCodec {
    /** A decoded reply: the result struct, or the TApplicationException the server sent; problems: IDL mismatches. */
    record Reply(int seqid, Map<String, Object> result, TApplicationException error, String problems) {
    }

    private CallCodec() {
    }

    /**
     * The call message. Throws ValueException when the arguments do not fit the IDL (nothing is to be sent), and
     * a protocol ThriftFailure when they cannot be encoded.
     */
    static Buffer call(ThriftWire wire, MethodDef method, int seqid, Object args) throws ThriftFailure {
        try {
            return wire.encode(out -> {
                out.writeMessageBegin(new TMessage(method.name(), method.oneway() ? TMessageType.ONEWAY
                        : TMessageType.CALL, seqid));
                ValueWriter.writeStruct(out, method.args(), args);
                out.writeMessageEnd();
            });
        } catch (TException e) {
            throw ThriftFailure.protocol("cannot encode the call to " + method.name() + ": " + e.getMessage());
        }
    }

    /** Reads the reply to a call of {@code method}; side-effect free, so it can be repeated on more bytes. */
    static Reply reply(TProtocol in, MethodDef method) throws TException {
        TMessage header = in.readMessageBegin();
        if (header.type == TMessageType.EXCEPTION) {
            TApplicationException e = TApplicationException.readFrom(in);
            in.readMessageEnd();
            return new Reply(header.seqid, null, e, null);
        }
        if (header.type != TMessageType.REPLY) {
            throw new TProtocolException(TProtocolException.INVALID_DATA, "expected a reply, got message type "
                    + header.type);
        }
        ReadProblems problems = new ReadProblems();
        Map<String, Object> result = ValueReader.readStruct(in, method.result(), problems);
        in.readMessageEnd();
        return new Reply(header.seqid, result, null, problems.text());
    }

    /** The value of a reply, or the ThriftFailure it stands for. */
    static Object outcome(MethodDef m, Reply r) {
        if (r.error() != null) {
            return ThriftFailure.application(r.error());
        }
        if (r.problems() != null) {
            return ThriftFailure.protocol("the reply to " + m.name() + " does not match the IDL: " + r.problems());
        }
        if (!m.returnsVoid() && r.result().containsKey("success")) {
            return r.result().get("success");
        }
        for (FieldDef ex : m.exceptions()) {
            if (r.result().get(ex.name()) instanceof Map<?, ?> fields) {
                @SuppressWarnings("unchecked")
                Map<String, Object> values = (Map<String, Object>) fields;
                return ThriftFailure.declared(ex, values);
            }
        }
        if (m.returnsVoid()) {
            return null;
        }
        return ThriftFailure.application(TApplicationException.MISSING_RESULT, m.name() + " failed: unknown result");
    }
}
