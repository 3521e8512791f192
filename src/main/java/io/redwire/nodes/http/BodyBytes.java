package io.redwire.nodes.http;

import io.vertx.core.buffer.Buffer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One request body's bytes, held once: copied as they arrive into one array sized from the declared Content-Length,
 * or — when no length is declared (chunked) — kept as the received chunks (Vert.x's own heap copies of the network
 * reads) and joined into one array of the exact size at the end, instead of growing an array by copies.
 */
final class BodyBytes {
    private byte[] array;
    private final List<Buffer> chunks = new ArrayList<>();
    private int size;

    /** @param declared the Content-Length, or -1 when none was declared */
    BodyBytes(long declared) {
        this.array = declared >= 0 ? new byte[(int) declared] : null;
    }

    int size() {
        return size;
    }

    void add(Buffer chunk) {
        int n = chunk.length();
        if (array == null) {
            chunks.add(chunk);
        } else {
            if (size + n > array.length) { // more than declared (HTTP/1 stops at the length; kept for safety)
                array = Arrays.copyOf(array, Math.max(size + n, array.length * 2));
            }
            chunk.getBytes(0, n, array, size);
        }
        size += n;
    }

    byte[] bytes() {
        if (array != null) {
            return size == array.length ? array : Arrays.copyOf(array, size);
        }
        byte[] all = new byte[size];
        int at = 0;
        for (Buffer chunk : chunks) {
            chunk.getBytes(0, chunk.length(), all, at);
            at += chunk.length();
        }
        chunks.clear();
        return all;
    }
}
