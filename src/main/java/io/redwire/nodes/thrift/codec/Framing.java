package io.redwire.nodes.thrift.codec;

import java.util.Locale;

/**
 * How messages are delimited on a connection: FRAMED puts a 4-byte big-endian length before each message;
 * BUFFERED sends messages back to back (a message ends where its encoding ends).
 */
public enum Framing {
    FRAMED, BUFFERED;

    /** "framed" or "buffered" (any case). */
    public static Framing of(String name) {
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown transport '" + name + "' (framed or buffered)");
        }
    }
}
