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

    private MultipartReader() {
    }

    static Future<Form> read(HttpServerRequest req, int maxBytes) {
        Promise<Form> done = Promise.promise();
        List<Object> files = new ArrayList<>();
        req.setExpectMultipart(true);
        req.uploadHandler(upload -> {
            Buffer data = Buffer.buffer();
            upload.handler(data::appendBuffer);
            upload.endHandler(v -> {
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
