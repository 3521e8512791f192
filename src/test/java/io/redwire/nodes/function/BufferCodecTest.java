package io.redwire.nodes.function;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Node.js Buffer encodings, including Node's lenient decoding. */
class BufferCodecTest {
    private static byte[] bytes(int... v) {
        byte[] b = new byte[v.length];
        for (int i = 0; i < v.length; i++) {
            b[i] = (byte) v[i];
        }
        return b;
    }

    @Test
    void utf8HexBase64RoundTrips() {
        byte[] h = "héllo".getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(h, BufferCodec.encode("héllo", "utf8"));
        assertEquals("68c3a96c6c6f", BufferCodec.decode(h, "hex"));
        assertEquals("aMOpbGxv", BufferCodec.decode(h, "base64"));
        assertArrayEquals(h, BufferCodec.encode("aMOpbGxv", "base64"));
        assertEquals("_-8", BufferCodec.decode(bytes(0xff, 0xef), "base64url"));
    }

    @Test
    void hexStopsAtTheFirstInvalidPairLikeNode() {
        assertArrayEquals(bytes(0xab, 0x01), BufferCodec.encode("ab01zz02", "hex"));
        assertArrayEquals(bytes(0xab), BufferCodec.encode("abc", "hex"));
    }

    @Test
    void base64IsLenient() {
        assertArrayEquals("hi".getBytes(StandardCharsets.UTF_8), BufferCodec.encode("aGk", "base64"));
        assertArrayEquals("hi".getBytes(StandardCharsets.UTF_8), BufferCodec.encode(" aG k= junk", "base64"));
        assertArrayEquals(bytes(0xff, 0xef), BufferCodec.encode("_-8", "base64"));
    }

    @Test
    void singleByteEncodings() {
        assertArrayEquals(bytes(0xe9, 0x41), BufferCodec.encode("éA", "latin1"));
        assertEquals("éA", BufferCodec.decode(bytes(0xe9, 0x41), "binary"));
        assertEquals("iA", BufferCodec.decode(bytes(0xe9, 0x41), "ascii"));
        assertEquals("hi", BufferCodec.decode(bytes('h', 0, 'i', 0, 'x'), "utf16le"));
    }
}
