package io.redwire.nodes.tcp;

import io.redwire.api.Node;
import io.redwire.js.JsValues;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.net.NetSocket;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * What tcp out and tcp request write: a Buffer as it is, a string decoded from base64 when asked, anything else as
 * its text. A peer that does not read gets at most {@code socketMaxBufferedBytes} queued; later writes to it are
 * dropped and counted in a warning (Node-RED would buffer without a bound).
 */
final class TcpWrites {
    private final Node node;
    private long dropped;

    TcpWrites(Node node) {
        this.node = node;
    }

    static Buffer bytes(Object payload, boolean base64) {
        if (payload instanceof byte[] b) {
            return Buffer.buffer(b);
        }
        if (payload instanceof String s && base64) {
            return Buffer.buffer(Base64.getMimeDecoder().decode(s));
        }
        return Buffer.buffer(JsValues.toJsString(payload).getBytes(StandardCharsets.UTF_8));
    }

    /** Writes unless the peer's queue is full; returns whether it was written. */
    boolean write(NetSocket socket, Buffer data) {
        if (socket.writeQueueFull()) {
            if (dropped++ % 1000 == 0) {
                node.warn("peer " + socket.remoteAddress() + " is not reading: " + dropped
                        + " write(s) dropped so far (socketMaxBufferedBytes reached)");
            }
            return false;
        }
        socket.write(data);
        return true;
    }
}
