package io.redwire.nodes.http;

import io.redwire.testing.Closing;
import io.redwire.testing.Harness;
import io.redwire.testing.NodeRedPeer;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Query strings with nested, indexed and repeated names, and the malformed and unusual multipart bodies of the fuzz corpus, plus a part header just under and just over
 * busboy's 16 KB and forms of many tiny parts, sent to the same upload flow on the real Node-RED 5.0.7 and on
 * Redwire: status, content type and body must be the same (500 "Internal Server Error" where multer/busboy refuse
 * the form, else the fields and files — UTF-8 file and field names read as latin1, as multer does; field names
 * nested and repeated, as multer's append-field and (for urlencoded forms) qs gather them). Known differences, left out: Jetty's parser reads a part header folded onto
 * a second line as malformed and one with a space before its colon as fine (busboy the other way round), accepts
 * LF-only line ends, and bytes in a part header that are
 * not UTF-8 reach Redwire as U+FFFD (Node-RED keeps them as latin1).
 * Skipped when Node-RED is not installed.
 */
class MultipartNodeRedParityTest {
    private static NodeRedPeer nodeRed;
    private static Harness redwire;

    @BeforeAll
    static void start() throws Exception {
        nodeRed = NodeRedPeer.startWith("nodered-multipart", MultipartCase.FLOWS);
        redwire = new Harness().deploy(MultipartCase.FLOWS);
    }

    @AfterAll
    static void stop() throws Exception {
        Closing.all(redwire, nodeRed);
    }

    private static List<MultipartCase> cases() {
        List<MultipartCase> cases = new ArrayList<>(MultipartCase.corpus());
        String type = "multipart/form-data; boundary=x";
        String part = "--x\r\nContent-Disposition: form-data; name=\"a\"\r\nX-Big: ";
        cases.add(new MultipartCase(type, part + "a".repeat(15_000) + "\r\n\r\nv\r\n--x--\r\n"));
        cases.add(new MultipartCase(type, part + "a".repeat(17_000) + "\r\n\r\nv\r\n--x--\r\n"));
        StringBuilder fields = new StringBuilder();
        StringBuilder files = new StringBuilder();
        for (int i = 0; i < 1500; i++) {
            fields.append("--x\r\nContent-Disposition: form-data; name=\"a").append(i).append("\"\r\n\r\nv\r\n");
            files.append("--x\r\nContent-Disposition: form-data; name=\"f\"; filename=\"").append(i)
                    .append(".txt\"\r\nContent-Type: text/plain\r\n\r\nv\r\n");
        }
        cases.add(new MultipartCase(type, fields + "--x--\r\n"));
        String utf8 = "--x\r\nContent-Disposition: form-data; name=\"fé\"; filename=\"été.txt\"\r\n\r\nv\r\n"
                + "--x\r\nContent-Disposition: form-data; name=\"ü\"\r\n\r\nvalué\r\n--x--\r\n";
        cases.add(new MultipartCase(type,
                new String(utf8.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1)));
        cases.add(new MultipartCase(type, files + "--x--\r\n"));
        String form = "application/x-www-form-urlencoded"; // the same nesting rules (qs) for urlencoded forms
        cases.add(new MultipartCase(form, "a[]=1&a[]=2&b[1]=y&b[0]=x&m[0][k]=1&m[1][k]=2&n[a][]=1&f=1&f=2"));
        cases.add(new MultipartCase(form, "d[30]=z&g[1]=s&deep[a][b][c][d][e][f][g][h]=1&e[0]=p&e[k]=q&h[]=1&h[k]=2&p[b]=1&p=2&s=1&s[b]=2&big[1000]=z"));
        cases.add(new MultipartCase(type, "--x\r\nContent-Disposition: form-data; name=\"a[]\"\r\n\r\n1\r\n"
                + "--x\r\nContent-Disposition: form-data; name=\"a[]\"\r\n\r\n2\r\n"
                + "--x\r\nContent-Disposition: form-data; name=\"b[0][k]\"\r\n\r\n3\r\n--x--\r\n"));
        return cases;
    }

    private static String answer(HttpResponse<String> r) {
        return r.statusCode() + " " + r.headers().firstValue("content-type").orElse("") + "\n" + r.body();
    }

    @Test
    void queryStringsNestAsNodeRedNestsThem() throws Exception {
        String query = "/ok?a[b][c][d][e][f][g][h]=1&z[0][1][2][3][4][5]=2&a2[]=1&a2[]=2&b[1]=y&b[0]=x&d[30]=q"
                + "&big[1000]=r&e[0]=p&e[k]=q&f=1&f=2";
        String encoded = query.replace("[", "%5B").replace("]", "%5D");
        assertEquals(answer(get(nodeRed.url(encoded))), answer(get(redwire.url(encoded))));
    }

    private static HttpResponse<String> get(String url) throws Exception {
        return MultipartCase.CLIENT.send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void malformedAndUnusualFormsAreAnsweredAsNodeRedAnswersThem() throws Exception {
        List<String> differences = new ArrayList<>();
        for (MultipartCase c : cases()) {
            String theirs = answer(c.post(nodeRed.url("")));
            String ours = answer(c.post(redwire.url("")));
            if (!theirs.equals(ours)) {
                differences.add(c + "\n  Node-RED: " + theirs + "\n  Redwire:  " + ours);
            }
        }
        assertEquals("", String.join("\n", differences), "Node-RED log:\n" + nodeRed.log());
    }

    /**
     * body-parser's urlencoded limits: over 1000 parameters (empty ones count) is 413 "too many parameters", a name
     * nested past 32 is 400. Compared up to the error page's first line: Node-RED's page goes on with its stack.
     */
    @Test
    void urlencodedFormsMeetBodyParsersParameterAndDepthLimits() throws Exception {
        String form = "application/x-www-form-urlencoded";
        List<String> differences = new ArrayList<>();
        for (String body : List.of(parameters(1000), parameters(1001), parameters(999) + "&&",
                "a" + "[b]".repeat(32) + "=1", "a" + "[b]".repeat(33) + "=1", "x=1&a" + "[b]".repeat(40) + "=1")) {
            MultipartCase c = new MultipartCase(form, body);
            String theirs = firstLine(c.post(nodeRed.url("")));
            String ours = firstLine(c.post(redwire.url("")));
            if (!theirs.equals(ours)) {
                differences.add(c + "\n  Node-RED: " + theirs + "\n  Redwire:  " + ours);
            }
        }
        assertEquals("", String.join("\n", differences));
    }

    private static String parameters(int n) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < n; i++) {
            out.append(i == 0 ? "" : "&").append('k').append(i).append("=v");
        }
        return out.toString();
    }

    private static String firstLine(HttpResponse<String> r) {
        String body = r.body();
        int pre = body.indexOf("<pre>");
        String shown = pre < 0 ? body : body.substring(pre + 5).split("<br>|</pre>")[0];
        return r.statusCode() + " " + shown.substring(0, Math.min(200, shown.length()));
    }
}
