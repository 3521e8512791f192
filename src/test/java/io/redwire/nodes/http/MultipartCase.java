package io.redwire.nodes.http;

import io.redwire.testing.Fuzz;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One multipart request body sent to an http in node with uploads on, as the fuzz corpus keeps them
 * (src/test/resources/fuzz-corpus/multipart/: the request's Content-Type on the first line, then the body).
 */
record MultipartCase(String contentType, String body) {
    static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    /** The http in (upload) route answering each form with its fields and its files' shapes, as JSON. */
    static final String FLOWS = """
            [{"id":"t1","type":"tab"},
             {"id":"in","type":"http in","z":"t1","url":"/form","method":"post","upload":true,"wires":[["fn"]]},
             {"id":"fn","type":"function","z":"t1","outputs":1,"wires":[["out"]],
              "func":"msg.payload = {fields: msg.payload, files: (msg.req.files || []).map(f => ({fieldname: f.fieldname, originalname: f.originalname, encoding: f.encoding, mimetype: f.mimetype, size: f.size}))}; return msg;"},
             {"id":"out","type":"http response","z":"t1","wires":[]},
             {"id":"ok","type":"http in","z":"t1","url":"/ok","method":"get","wires":[["out"]]}]
            """;

    static List<MultipartCase> corpus() {
        List<MultipartCase> out = new ArrayList<>();
        for (String kept : Fuzz.corpus("multipart")) {
            int eol = kept.indexOf("\r\n");
            out.add(new MultipartCase(kept.substring(0, eol), kept.substring(eol + 2)));
        }
        return out;
    }

    /** The body as bytes (one byte a character, so any byte value can be written). */
    HttpResponse<String> post(String baseUrl) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create(baseUrl + "/form")).timeout(Duration.ofSeconds(10))
                .header("content-type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.ISO_8859_1)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Override
    public String toString() {
        String shown = body.length() > 300 ? body.substring(0, 300) + "... (" + body.length() + " chars)" : body;
        return contentType + " | " + shown.replace("\r", "\\r").replace("\n", "\\n");
    }
}
