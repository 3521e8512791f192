package io.redwire.runtime;

import io.redwire.testing.BothEngines;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

/**
 * The same flows file (src/test/resources/parity/nodered-parity-flows.json) run by the real Node-RED 5.0.7 and by
 * Redwire side by side; each case is an http in route whose answer (status, chosen headers, body) must be the same
 * from both. The flows cover deploy-time ${VAR} substitution with typed env variables (tab, group, subflow, process
 * env) in http response status and headers, change rules, inject props and delay; subflow status outputs and
 * statuses bubbling out of a subflow; and the error texts, codes and sources catch nodes get (link call to an
 * unknown target, http response given a boolean, JSONata type errors, json on invalid JSON, file and file in on a
 * missing directory, exec of a missing command). Skipped when Node-RED is not installed.
 */
class NodeRedParityTest {
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private static final List<String> HEADERS = List.of("x-num", "x-flag", "x-str", "content-type");

    @RegisterExtension
    static final BothEngines ENGINES = new BothEngines("src/test/resources/parity/nodered-parity-flows.json");

    /** Status, the headers the flows set and the body, as one text to compare. */
    private static String answer(String base, String path) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(base + path))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        StringBuilder sb = new StringBuilder().append(r.statusCode()).append('\n');
        for (String h : HEADERS) {
            r.headers().firstValue(h).ifPresent(v -> sb.append(h).append(": ").append(v).append('\n'));
        }
        return sb.append(r.body()).toString();
    }

    private static void sameAnswers(String... paths) throws Exception {
        ENGINES.assertSameAnswers(NodeRedParityTest::answer, paths);
    }

    @Test
    void wholeValueEnvVariablesKeepTheirTypeWhereverUsed() throws Exception {
        sameAnswers("/env/res", "/env/change", "/ctx/inj", "/env/group", "/env/subflow", "/env/delay");
    }

    @Test
    void subflowStatusOutputsAndBubbledStatuses() throws Exception {
        sameAnswers("/sfstatus?p=%22working%22", "/sfstatus?p=%7B%22fill%22:%22red%22,%22text%22:%22x%22%7D",
                "/sfstatus?p=42", "/sfstatus?p=%5B1,%22two%22,%7B%22a%22:true%7D%5D",
                "/sfstatus?p=%7B%22long%22:%22abcdefghijklmnopqrstuvwxyz%22%7D", "/sfstatus3?p=hello");
    }

    @Test
    void errorTextsCodesAndSourcesForCatchNodes() throws Exception {
        sameAnswers("/err/link", "/err/res/num", "/err/res/bool", "/err/res/obj", "/err/res/arr",
                "/err/jsonata/0", "/err/jsonata/1", "/err/jsonata/2", "/err/jsonata/3", "/err/jsonata/4",
                "/err/json", "/err/filein", "/err/filedel", "/err/exec");
    }

    @Test
    void fileAndExecFailuresOffTheRequestPath() throws Exception {
        sameAnswers("/err/file", "/err/spawn");
        Thread.sleep(500); // the writes and the spawn fail after the answer
        sameAnswers("/gctx/fileout", "/gctx/err_efile", "/gctx/err_efilew", "/gctx/spawnrc", "/gctx/err_espawn");
    }
}
