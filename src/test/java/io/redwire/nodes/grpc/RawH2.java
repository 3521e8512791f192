package io.redwire.nodes.grpc;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/**
 * A bare HTTP/2 client over a socket for tests that must break the rules a real client keeps: more streams than
 * the server allows, resets in a loop, a connection dropped mid-stream. Headers go out as HPACK literals.
 */
final class RawH2 implements AutoCloseable {
    private boolean endedByPeer;
    static final int DATA = 0, HEADERS = 1, RST_STREAM = 3, SETTINGS = 4, PING = 6, GOAWAY = 7;
    static final int SETTINGS_MAX_CONCURRENT_STREAMS = 3;

    record Frame(int type, int flags, int stream, byte[] payload) {
        int int32(int at) {
            return (payload[at] & 0xff) << 24 | (payload[at + 1] & 0xff) << 16 | (payload[at + 2] & 0xff) << 8
                    | payload[at + 3] & 0xff;
        }

        /** The error code of a RST_STREAM or GOAWAY frame. */
        int errorCode() {
            return int32(type == GOAWAY ? 4 : 0);
        }
    }

    private final Socket socket;
    private long maxConcurrentStreams = -1;
    private final DataOutputStream out;
    private final DataInputStream in;

    RawH2(int port) throws IOException {
        socket = new Socket("127.0.0.1", port);
        // buffered: frames go out together at flush(), as one write where they fit
        out = new DataOutputStream(new java.io.BufferedOutputStream(socket.getOutputStream(), 1 << 16));
        in = new DataInputStream(socket.getInputStream());
        out.write("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        frame(SETTINGS, 0, 0, new byte[0]);
        out.flush();
    }

    /** Reads up to the server's SETTINGS (and acknowledges them). */
    void handshake() throws IOException {
        for (Frame f; (f = read(5000)) != null; ) {
            if (f.type() == SETTINGS && (f.flags() & 0x1) == 0) {
                return;
            }
        }
        throw new IOException("no SETTINGS from the server");
    }

    /** SETTINGS_MAX_CONCURRENT_STREAMS as the server announced it, -1 before its SETTINGS were read. */
    long maxConcurrentStreams() {
        return maxConcurrentStreams;
    }

    /** Opens stream {@code id} for a gRPC call of {@code path}. */
    void headers(int id, String path, boolean endStream) throws IOException {
        ByteArrayOutputStream block = new ByteArrayOutputStream();
        literal(block, ":method", "POST");
        literal(block, ":scheme", "http");
        literal(block, ":path", path);
        literal(block, ":authority", "127.0.0.1");
        literal(block, "content-type", "application/grpc");
        literal(block, "te", "trailers");
        frame(HEADERS, 0x4 | (endStream ? 0x1 : 0), id, block.toByteArray()); // END_HEADERS
    }

    /** One gRPC message (uncompressed) on stream {@code id}. */
    void message(int id, byte[] protobuf, boolean endStream) throws IOException {
        byte[] framed = new byte[protobuf.length + 5];
        framed[1] = (byte) (protobuf.length >>> 24);
        framed[2] = (byte) (protobuf.length >>> 16);
        framed[3] = (byte) (protobuf.length >>> 8);
        framed[4] = (byte) protobuf.length;
        System.arraycopy(protobuf, 0, framed, 5, protobuf.length);
        frame(DATA, endStream ? 0x1 : 0, id, framed);
    }

    void reset(int id, int errorCode) throws IOException {
        frame(RST_STREAM, 0, id, new byte[] {(byte) (errorCode >>> 24), (byte) (errorCode >>> 16),
                (byte) (errorCode >>> 8), (byte) errorCode});
    }

    void flush() throws IOException {
        out.flush();
    }

    /** The next frame, null on a timeout or when the server closed the connection. Acknowledges SETTINGS. */
    /** Whether a read found the connection closed or reset by the server (not merely quiet). */
    boolean endedByPeer() {
        return endedByPeer;
    }

    Frame read(int timeoutMillis) throws IOException {
        socket.setSoTimeout(timeoutMillis);
        try {
            int length = in.readUnsignedShort() << 8 | in.readUnsignedByte();
            int type = in.readUnsignedByte();
            int flags = in.readUnsignedByte();
            int stream = in.readInt() & 0x7fffffff;
            byte[] payload = new byte[length];
            in.readFully(payload);
            if (type == SETTINGS && (flags & 0x1) == 0) {
                Frame settings = new Frame(type, flags, stream, payload);
                for (int at = 0; at + 6 <= length; at += 6) {
                    if (((payload[at] & 0xff) << 8 | payload[at + 1] & 0xff) == SETTINGS_MAX_CONCURRENT_STREAMS) {
                        maxConcurrentStreams = settings.int32(at + 2) & 0xffffffffL;
                    }
                }
                frame(SETTINGS, 0x1, 0, new byte[0]);
                out.flush();
            }
            return new Frame(type, flags, stream, payload);
        } catch (SocketTimeoutException e) {
            return null;
        } catch (IOException e) { // end of stream or connection reset
            endedByPeer = true;
            return null;
        }
    }

    private void frame(int type, int flags, int stream, byte[] payload) throws IOException {
        out.write(payload.length >>> 16);
        out.write(payload.length >>> 8);
        out.write(payload.length);
        out.write(type);
        out.write(flags);
        out.writeInt(stream);
        out.write(payload);
    }

    /** HPACK "literal header field without indexing, new name", no Huffman coding (lengths below 127). */
    private static void literal(ByteArrayOutputStream block, String name, String value) {
        block.write(0);
        for (String s : new String[] {name, value}) {
            byte[] b = s.getBytes(StandardCharsets.US_ASCII);
            block.write(b.length);
            block.write(b, 0, b.length);
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
