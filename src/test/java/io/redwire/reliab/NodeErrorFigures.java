package io.redwire.reliab;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.BiConsumer;

/**
 * Issue 21's figures for errors raised by node code (scripts/hostile.sh, through {@link HostileFigures}): a
 * template that would render a billion characters and a file name with a NUL byte.
 */
final class NodeErrorFigures {
    /**
     * /tpl renders three nested sections over 1000 items, /deep a template nested 20 000 sections deep, /write
     * writes to the file ?name names, /ok answers, /block holds the flow loop for 3.5 s; a catch node answers every
     * error 500 with its message.
     */
    static final String FLOWS = """
            [{"id":"t1","type":"tab","label":"node errors"},
             {"id":"tplin","type":"http in","z":"t1","url":"/tpl","method":"get","wires":[["items"]]},
             {"id":"items","type":"change","z":"t1","rules":[{"t":"set","p":"items","pt":"msg","to":"[1..1000]",
              "tot":"jsonata"}],"wires":[["tpl"]]},
             {"id":"tpl","type":"template","z":"t1","field":"payload","fieldType":"msg","syntax":"mustache",
              "template":"{{#items}}{{#items}}{{#items}}x{{/items}}{{/items}}{{/items}}","output":"str",
              "wires":[["res"]]},
             {"id":"deepin","type":"http in","z":"t1","url":"/deep","method":"get","wires":[["flag"]]},
             {"id":"flag","type":"change","z":"t1","rules":[{"t":"set","p":"a","pt":"msg","to":"true","tot":"bool"}],
              "wires":[["deep"]]},
             {"id":"deep","type":"template","z":"t1","field":"payload","fieldType":"msg","syntax":"mustache",
              "template":"%s","output":"str","wires":[["res"]]},
             {"id":"wrin","type":"http in","z":"t1","url":"/write","method":"get","wires":[["wrname"]]},
             {"id":"wrname","type":"change","z":"t1","rules":[{"t":"set","p":"filename","pt":"msg",
              "to":"req.query.name","tot":"msg"}],"wires":[["write"]]},
             {"id":"write","type":"file","z":"t1","filename":"filename","filenameType":"msg","appendNewline":true,
              "createDir":false,"overwriteFile":"true","encoding":"none","wires":[["res"]]},
             {"id":"okin","type":"http in","z":"t1","url":"/ok","method":"get","wires":[["res"]]},
             {"id":"blockin","type":"http in","z":"t1","url":"/block","method":"get","wires":[["block"]]},
             {"id":"block","type":"function","z":"t1","func":"const t = Date.now(); while (Date.now() - t < 3500) {}\\nreturn msg;",
              "outputs":1,"wires":[["res"]]},
             {"id":"res","type":"http response","z":"t1","wires":[]},
             {"id":"catch","type":"catch","z":"t1","uncaught":false,"wires":[["err"]]},
             {"id":"err","type":"change","z":"t1","rules":[{"t":"set","p":"payload","pt":"msg","to":"error.message",
              "tot":"msg"},{"t":"set","p":"statusCode","pt":"msg","to":"500","tot":"num"}],"wires":[["res"]]}]
            """.formatted("{{#a}}".repeat(20_000) + "x" + "{{/a}}".repeat(20_000));

    private final int port;
    private final long pid;
    private final BiConsumer<Boolean, String> figure;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();

    /** Figures of the engine listening on {@code port} (process {@code pid}), reported PASS/FAIL to figure. */
    NodeErrorFigures(int port, long pid, BiConsumer<Boolean, String> figure) {
        this.port = port;
        this.pid = pid;
        this.figure = figure;
    }

    /** Three nested sections over 1000 items: answered 500 quickly, the server serves on, its watchdogs live. */
    void template() throws Exception {
        deploy();
        long t0 = System.nanoTime();
        HttpResponse<String> r = get("/tpl", 120);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        int ok = get("/ok", 20).statusCode();
        String threads = threadDump(pid);
        boolean watchdogs = threads.contains("\"vertx-blocked-thread-checker\"")
                && threads.contains("\"redwire-flow-watchdog\"");
        figure.accept(r.statusCode() == 500 && r.body().startsWith("Template output passed") && ms < 5000 && ok == 200
                && watchdogs, "template of 3 nested sections over 1000 items: " + r.statusCode() + " '" + r.body()
                + "' in " + ms + " ms, /ok " + ok + ", blocked-thread checker and flow watchdog threads "
                + (watchdogs ? "alive" : "GONE"));
    }

    /** GET /write?name=/tmp/x%00y: answered 500 with Node.js's argument error, the server serves on. */
    void nulFilename() throws Exception {
        deploy();
        HttpResponse<String> r = get("/write?name=/tmp/x%00y", 20);
        int ok = get("/ok", 20).statusCode();
        figure.accept(r.statusCode() == 500 && r.body().startsWith("TypeError [ERR_INVALID_ARG_VALUE]: The argument"
                + " 'path' must be a string, Uint8Array, or URL without null bytes. Received '/tmp/x\\x00y'")
                && ok == 200, "file node given msg.filename /tmp/x\\0y: " + r.statusCode() + " '" + r.body()
                + "', /ok " + ok);
    }

    private void deploy() throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/flows"))
                .timeout(Duration.ofSeconds(30)).header("content-type", "application/json")
                .header("Node-RED-Deployment-Type", "full").POST(HttpRequest.BodyPublishers.ofString(FLOWS))
                .build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 204 && r.statusCode() != 200) {
            throw new IllegalStateException("deploy answered " + r.statusCode() + ": " + r.body());
        }
    }

    private HttpResponse<String> get(String path, int seconds) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(seconds)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** jcmd's Thread.print of process {@code pid}, by the jcmd of the JDK that runs it. */
    static String threadDump(long pid) throws Exception {
        Path java = Path.of(ProcessHandle.of(pid).flatMap(h -> h.info().command()).orElseThrow());
        Process p = new ProcessBuilder(java.resolveSibling("jcmd").toString(), String.valueOf(pid), "Thread.print")
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        p.waitFor();
        return out;
    }
}
