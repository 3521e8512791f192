package io.redwire.nodes.http;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.internal.buffer.BufferInternal;

import org.eclipse.jetty.http.MultiPart;
import org.eclipse.jetty.http.MultiPartCompliance;
import org.eclipse.jetty.io.Content;

import java.io.EOFException;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a multipart/form-data request as Node-RED's multer (memory storage) over busboy does: text fields into
 * one map (NestedFields: a repeated name collects an array, {@code a[b]} nests), files into multer's {fieldname, originalname, encoding, mimetype, buffer, size}. The body is parsed as
 * it streams in by Jetty's MultiPart.Parser (Vert.x 5.0.7's Netty decoder closed the connection unanswered on a
 * part header it could not read). Busboy's rules decide what a part is: one without a readable form-data
 * Content-Disposition is skipped, a file has a filename or is application/octet-stream. What busboy or multer
 * refuses — an unclosed form, a malformed or 16 KB+ part header, no boundary, a part without a name, a field over
 * 1 MB — fails the future with {@link Malformed} carrying their error text.
 * <p>
 * A file is held once: the parser hands out views of the received network buffers, which are kept until the part
 * ends and then copied into the file's byte array of the exact size.
 */
final class MultipartReader implements MultiPart.Parser.Listener {
    record Form(Map<String, Object> fields, List<Object> files) {
    }

    /** Asked with the body bytes received so far: null to go on, or why the request is refused. */
    interface Limit {
        RuntimeException refusal(long total);
    }

    /** A body busboy or multer refuses, with their error's text (Node-RED's http in warns it and answers 500). */
    static final class Malformed extends RuntimeException {
        Malformed(String text) {
            super(text, null, false, false);
        }
    }

    /** busboy's limit on one part's header block and multer's default on one field's value. */
    private static final int MAX_PART_HEADERS = 16 * 1024;
    private static final int MAX_FIELD = 1024 * 1024;
    private static final Malformed UNEXPECTED_END = new Malformed("Error: Unexpected end of form");

    private final Promise<Form> done = Promise.promise();
    private final NestedFields fields = new NestedFields(NestedFields.FORM_DEPTH,
            Integer.MAX_VALUE, false); // append-field: any index
    private final List<Object> files = new ArrayList<>();
    private final Map<String, String> headers = new LinkedHashMap<>();
    /** Views of the current part's bytes in the received buffers, copied out once when the part ends. */
    private final List<ByteBuffer> pieces = new ArrayList<>();
    private long partSize;
    private Part part;
    private boolean complete;

    /** What busboy makes of one part's headers. */
    private record Part(boolean file, String name, String filename, String mimetype, String encoding,
                        Charset charset) {
    }

    private MultipartReader() {
    }

    static Future<Form> read(HttpServerRequest req, Limit limit) {
        MultipartReader reader = new MultipartReader();
        MultiPart.Parser parser = parser(req.getHeader("content-type"), reader);
        if (parser == null) {
            reader.done.tryFail(new Malformed("Error: Multipart: Boundary not found"));
        }
        long[] received = {0};
        req.handler(chunk -> { // after a failure the rest of the body is read and dropped, as multer drains it
            if (reader.done.future().isComplete()) {
                return;
            }
            received[0] += chunk.length();
            RuntimeException refused = limit.refusal(received[0]);
            if (refused != null) {
                reader.done.tryFail(refused);
            } else {
                parser.parse(Content.Chunk.from(view(chunk), false));
            }
        });
        req.exceptionHandler(reader.done::tryFail);
        req.endHandler(v -> {
            if (!reader.done.future().isComplete()) {
                parser.parse(Content.Chunk.EOF);
                if (!reader.complete) {
                    reader.fail(UNEXPECTED_END);
                }
                reader.done.tryComplete(new Form(reader.fields.result(), reader.files));
            }
        });
        req.resume();
        return reader.done.future();
    }

    /** A parser for the boundary the request's Content-Type names, or null when it names none. */
    private static MultiPart.Parser parser(String contentType, MultipartReader listener) {
        HeaderParams type = HeaderParams.parse(contentType);
        String boundary = type == null ? null : type.params().get("boundary");
        if (boundary == null || boundary.isEmpty()) {
            return null;
        }
        MultiPart.Parser parser = new MultiPart.Parser(boundary, MultiPartCompliance.RFC7578, listener);
        parser.setPartHeadersMaxLength(MAX_PART_HEADERS);
        parser.setMaxParts(-1); // busboy counts no parts; the body's size bounds them
        return parser;
    }

    /** The chunk's bytes without copying them (Vert.x hands the request a heap buffer of its own). */
    private static ByteBuffer view(Buffer chunk) {
        return ((BufferInternal) chunk).getByteBuf().nioBuffer();
    }

    @Override
    public void onPartBegin() {
        headers.clear();
        pieces.clear();
        partSize = 0;
        part = null;
    }

    /**
     * Busboy reads part headers as latin1 (multer's defParamCharset), so a UTF-8 file or field name arrives in
     * Node-RED as its bytes one character each ("été" as "Ã©tÃ©"); Jetty decodes them as UTF-8, so they are turned
     * back into their bytes. (Bytes that are not UTF-8 reach here already replaced by U+FFFD.)
     */
    @Override
    public void onPartHeader(String name, String value) {
        headers.putIfAbsent(name.toLowerCase(), new String(value.getBytes(StandardCharsets.UTF_8),
                StandardCharsets.ISO_8859_1));
    }

    @Override
    public void onPartHeaders() {
        HeaderParams disposition = HeaderParams.parse(headers.get("content-disposition"));
        if (disposition == null || !disposition.type().equals("form-data")) {
            return; // busboy skips the part
        }
        String name = disposition.params().get("name");
        String filename = nonEmpty(disposition.params().get("filename*"), disposition.params().get("filename"));
        HeaderParams contentType = HeaderParams.parse(headers.get("content-type"));
        String mimetype = contentType != null && contentType.type().contains("/") ? contentType.type() : "text/plain";
        boolean file = filename != null || mimetype.equals("application/octet-stream");
        if (name == null || name.isEmpty()) {
            fail(new Malformed("MulterError: Field name missing"));
            return;
        }
        String encoding = headers.getOrDefault("content-transfer-encoding", "7bit").toLowerCase();
        part = new Part(file, name, filename == null ? null : HeaderParams.baseName(filename), mimetype, encoding,
                charset(contentType));
    }

    @Override
    public void onPartContent(Content.Chunk chunk) {
        if (part == null || !chunk.hasRemaining()) {
            return;
        }
        partSize += chunk.remaining();
        if (!part.file() && partSize > MAX_FIELD) {
            fail(new Malformed("MulterError: Field value too long"));
            return;
        }
        pieces.add(chunk.getByteBuffer().slice());
    }

    @Override
    public void onPartEnd() {
        if (part == null) {
            return;
        }
        byte[] bytes = new byte[(int) partSize];
        int at = 0;
        for (ByteBuffer piece : pieces) {
            int n = piece.remaining();
            piece.get(bytes, at, n);
            at += n;
        }
        pieces.clear();
        if (part.file()) {
            if (part.filename() == null) {
                return; // application/octet-stream without a filename: multer keeps no file for it
            }
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("fieldname", part.name());
            f.put("originalname", part.filename());
            f.put("encoding", part.encoding());
            f.put("mimetype", part.mimetype());
            f.put("buffer", bytes);
            f.put("size", bytes.length);
            files.add(f);
        } else {
            fields.put(part.name(), new String(bytes, part.charset())); // a, a → [..]; a[b] → {b}
        }
        part = null;
    }

    @Override
    public void onComplete() {
        complete = true;
    }

    @Override
    public void onFailure(Throwable failure) {
        // the body ended before the closing boundary, or a part header could not be read. (Jetty also reports
        // LF_LINE_TERMINATION for a CRLF split between two reads, so its compliance violations are not failures.)
        fail(failure instanceof EOFException ? UNEXPECTED_END : new Malformed("Error: Malformed part header"));
    }

    private void fail(Malformed reason) {
        part = null;
        pieces.clear();
        done.tryFail(reason);
    }

    /** The first of the two that is set and not empty (busboy ignores an empty filename), else null. */
    private static String nonEmpty(String first, String second) {
        return first != null && !first.isEmpty() ? first : second != null && !second.isEmpty() ? second : null;
    }

    private static Charset charset(HeaderParams contentType) {
        String name = contentType == null ? null : contentType.params().get("charset");
        try {
            return name == null ? StandardCharsets.UTF_8 : Charset.forName(name);
        } catch (IllegalArgumentException unknown) {
            return StandardCharsets.UTF_8;
        }
    }
}
