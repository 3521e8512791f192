package io.redwire.nodes.http;

import io.redwire.testing.Fuzz;
import io.redwire.testing.Harness;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Mutated multipart/form-data bodies sent to a real http in node with uploads on: each is answered within 10 s —
 * 200, 500 (what Node-RED's http in answers when multer/busboy refuse a form: a part without a name, an unclosed
 * form, a malformed part header), 413 or 503 — never by closing the connection, and the server keeps serving. The
 * kept corpus (fuzz-corpus/multipart/) holds the malformed shapes found, replayed on every run.
 */
class MultipartFuzzTest {
    private static final List<String> SEEDS = List.of(
            "--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nvalue\r\n--x\r\nContent-Disposition: form-data;"
                    + " name=\"f\"; filename=\"a.txt\"\r\nContent-Type: text/plain\r\n\r\nfile body\r\n--x--\r\n",
            "--x\r\nContent-Disposition: form-data; name=\"f\"; filename=\"b.bin\"\r\n"
                    + "Content-Transfer-Encoding: binary\r\n\r\n\u0000\u00ff\r\n--x--");
    private static final List<String> TOKENS = List.of("--x", "--x--", "\r\n", "\r\n\r\n", "Content-Disposition: ",
            "form-data; name=\"", "filename=\"", "Content-Type: multipart/mixed; boundary=y", "--y", "\"", ";",
            "Content-Transfer-Encoding: base64", "%00", "\u0000", "[]", "[0]", "[a]", "filename*=utf-8''%C3%A9",
            "\r\n ", ":", "\\", "\u00e9");
    private static final Set<Integer> CLEAN = Set.of(200, 413, 500, 503);

    @Provide
    Arbitrary<String> bodies() {
        return Fuzz.mutations(SEEDS, TOKENS);
    }

    @Property
    void mutatedFormsAreAnsweredCleanly(@ForAll("bodies") String body) throws Exception {
        answeredAndStillServing(new MultipartCase("multipart/form-data; boundary=x", body));
    }

    @Example
    void keptCasesAreAnsweredCleanly() throws Exception {
        List<MultipartCase> kept = MultipartCase.corpus();
        assertTrue(kept.size() >= 20, "the corpus is read");
        for (MultipartCase c : kept) {
            answeredAndStillServing(c);
        }
    }

    private static void answeredAndStillServing(MultipartCase c) throws Exception {
        Harness harness = Fuzz.engine(MultipartCase.FLOWS);
        HttpResponse<String> r;
        try {
            r = c.post(harness.url(""));
        } catch (java.net.http.HttpTimeoutException e) {
            throw new AssertionError("no answer within 10 s for " + c, e);
        } catch (java.io.IOException closed) {
            throw new AssertionError("connection closed without an answer for " + c, closed);
        }
        assertTrue(CLEAN.contains(r.statusCode()), r.statusCode() + " for " + c + ": " + r.body());
        assertEquals(200, harness.get("/ok").statusCode(), "served after " + c);
    }
}
