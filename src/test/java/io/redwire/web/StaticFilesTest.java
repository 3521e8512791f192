package io.redwire.web;

import io.redwire.api.Settings;
import io.redwire.testing.Harness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Node-RED's httpStatic on a real server: both shapes, http in routes first, then the files, then the 404. */
class StaticFilesTest {
    private static final String FLOW = """
            [{"id":"t","type":"tab","label":"t"},
             {"id":"in","type":"http in","z":"t","url":"/site/route.txt","method":"get","x":1,"y":1,"wires":[["set"]]},
             {"id":"set","type":"change","z":"t","rules":[{"t":"set","p":"payload","pt":"msg","to":"from the flow",
              "tot":"str"}],"x":1,"y":1,"wires":[["out"]]},
             {"id":"out","type":"http response","z":"t","x":1,"y":1,"wires":[]}]
            """;

    private static Settings settings(Object httpStatic) {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("httpStatic", httpStatic);
        return new Settings(values);
    }

    @Test
    void aDirectoryIsServedAtTheRootAfterTheHttpInRoutes(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("site"));
        Files.writeString(dir.resolve("site/index.txt"), "static text");
        Files.writeString(dir.resolve("site/route.txt"), "the file");
        try (Harness h = new Harness(settings(dir.toString()))) {
            h.deploy(FLOW);
            HttpResponse<String> file = h.get("/site/index.txt");
            assertEquals(200, file.statusCode());
            assertEquals("static text", file.body());
            assertTrue(file.headers().firstValue("content-type").orElse("").startsWith("text/plain"),
                    file.headers().toString());
            assertEquals("from the flow", h.get("/site/route.txt").body(), "an http in route wins over a file");
            HttpResponse<String> missing = h.get("/site/nothing.txt");
            assertEquals(404, missing.statusCode());
            assertTrue(missing.body().contains("Cannot GET /site/nothing.txt"), missing.body());
            assertEquals(404, h.get("/site/../../etc/passwd").statusCode(), "nothing outside the directory");
            assertTrue(h.server().engine().settings().problems().stream().noneMatch(p -> p.contains("httpStatic")));
        }
    }

    @Test
    void aListServesEachPathUnderItsRoot(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("pics"));
        Files.createDirectories(dir.resolve("docs"));
        Files.writeString(dir.resolve("pics/a.svg"), "<svg/>");
        Files.writeString(dir.resolve("docs/readme.txt"), "docs");
        try (Harness h = new Harness(settings(List.of(
                Map.of("path", dir.resolve("pics").toString(), "root", "/img/"),
                Map.of("path", dir.resolve("docs").toString(), "root", "help"),
                Map.of("root", "/skipped/"))))) {
            h.deploy(FLOW);
            HttpResponse<String> svg = h.get("/img/a.svg");
            assertEquals(200, svg.statusCode());
            assertEquals("<svg/>", svg.body());
            assertEquals("docs", h.get("/help/readme.txt").body());
            assertEquals(404, h.get("/a.svg").statusCode(), "pics are only under /img/");
            assertEquals(404, h.get("/img/readme.txt").statusCode());
        }
    }
}
