package io.redwire.nodes.thrift.codec;

import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.protocol.TCompactProtocol;
import org.apache.thrift.protocol.TJSONProtocol;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.transport.TTransport;

import java.util.Locale;

/** The Thrift protocols Redwire speaks. */
public enum WireProtocol {
    BINARY, COMPACT, JSON;

    /** A protocol over a transport; cheap, so one is made per message. */
    public TProtocol over(TTransport transport) {
        return switch (this) {
            case BINARY -> new TBinaryProtocol(transport);
            case COMPACT -> new TCompactProtocol(transport);
            case JSON -> new TJSONProtocol(transport);
        };
    }

    /** "binary", "compact" or "json" (any case). */
    public static WireProtocol of(String name) {
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown protocol '" + name + "' (binary, compact or json)");
        }
    }
}
