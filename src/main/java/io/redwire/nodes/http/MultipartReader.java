package io.redwire.nodes.http;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads a multipart/form-data request into text fields and in-memory files (multer's memory storage shape). */
final class MultipartReader {
    record Form(Map<String, Object> fields, List<Object> files) {
    }

    /** Asked with the file bytes received so far: null to go on, or why the request is refused. */
    interface Limit {
        RuntimeException refusal(long total);
    }

    private MultipartReader() {
    }

    /**
     * Each file is collected in one Vert.x buffer and copied into its msg's byte array when it ends (the buffer is
     * dropped then). Past the limit the rest of the request is ignored and the future fails with the refusal.
     */
    static Future<Form> read(HttpServerRequest req, Limit limit) {
        Promise<Form> done = Promise.promise();
        List<Object> files = new ArrayList<>();
        long[] total = {0};
        req.setExpectMultipart(true);
        req.uploadHandler(upload -> {
            Buffer data = Buffer.buffer();
            upload.handler(chunk -> {
                if (done.future().isComplete()) {
                    return;
                }
                total[0] += chunk.length();
                RuntimeException refused = limit.refusal(total[0]);
                if (refused != null) {
                    done.tryFail(refused);
                } else {
                    data.appendBuffer(chunk);
                }
            });
            upload.endHandler(v -> {
                if (done.future().isComplete()) {
                    return;
                }
                Map<String, Object> f = new LinkedHashMap<>();
                f.put("fieldname", upload.name());
                f.put("originalname", upload.filename());
                f.put("encoding", upload.contentTransferEncoding());
                f.put("mimetype", upload.contentType());
                f.put("buffer", data.getBytes());
                f.put("size", data.length());
                files.add(f);
            });
        });
        req.exceptionHandler(done::tryFail);
        req.endHandler(v -> {
            Map<String, Object> fields = new LinkedHashMap<>();
            req.formAttributes().forEach(e -> fields.put(e.getKey(), e.getValue()));
            done.tryComplete(new Form(fields, files));
        });
        req.resume();
        return done.future();
    }
}
