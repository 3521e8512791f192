package io.redwire.context;

import io.redwire.api.Settings;
import io.redwire.msg.Json;
import io.redwire.testing.Harness;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** contextStorage with a localfilesystem store: Node-RED's file layout, several stores, kept across a restart. */
class FileContextStoreTest {
    /** GET /count: a function counts in the "file" store (flow scope) and in memory (node scope). */
    private static final String FLOW = """
            [{"id":"tab1","type":"tab","label":"t"},
             {"id":"in","type":"http in","z":"tab1","url":"/count","method":"get","x":1,"y":1,"wires":[["fn"]]},
             {"id":"fn","type":"function","z":"tab1","func":
              "const n = (flow.get('count', 'file') || 0) + 1;\\nflow.set('count', n, 'file');\\nconst m = (context.get('m') || 0) + 1;\\ncontext.set('m', m);\\nmsg.payload = {file: n, memory: m, global: global.get('#:(file)::visits')};\\nreturn msg;",
              "outputs":1,"x":1,"y":1,"wires":[["seen"]]},
             {"id":"seen","type":"change","z":"tab1","rules":[{"t":"set","p":"#:(file)::visits","pt":"global",
              "to":"payload.file","tot":"msg"}],"x":1,"y":1,"wires":[["out"]]},
             {"id":"out","type":"http response","z":"tab1","x":1,"y":1,"wires":[]}]
            """;

    private static Settings settings(Path dir) throws Exception {
        @SuppressWarnings("unchecked")
        Map<String, Object> m = (Map<String, Object>) Json.parse("""
                {"contextStorage": {"default": {"module": "memory"},
                  "file": {"module": "localfilesystem", "config": {"dir": "%s", "flushInterval": 30}}}}
                """.formatted(dir.toString().replace("\\", "\\\\")));
        return new Settings(m);
    }

    private static Map<?, ?> count(Harness h) throws Exception {
        HttpResponse<String> r = h.get("/count");
        assertEquals(200, r.statusCode(), r.body());
        return (Map<?, ?>) Json.parse(r.body());
    }

    @Test
    void fileStoreSurvivesARestartInNodeRedsLayoutWhileMemoryStartsOver(@TempDir Path dir) throws Exception {
        try (Harness h = new Harness(settings(dir)).deploy(FLOW)) {
            count(h);
            Map<?, ?> second = count(h);
            assertEquals(2, second.get("file"));
            assertEquals(2, second.get("memory"));
        }
        // written on stop, where Node-RED puts it
        Map<?, ?> flowFile = (Map<?, ?>) Json.parse(Files.readString(dir.resolve("context/tab1/flow.json")));
        assertEquals(2, flowFile.get("count"));
        Map<?, ?> globalFile = (Map<?, ?>) Json.parse(Files.readString(dir.resolve("context/global/global.json")));
        assertEquals(2, globalFile.get("visits"));

        try (Harness h = new Harness(settings(dir)).deploy(FLOW)) {
            Map<?, ?> third = count(h);
            assertEquals(3, third.get("file"), "the file store kept its count");
            assertEquals(1, third.get("memory"), "memory starts over");
            assertEquals(2, third.get("global"), "global visits read back before this request set it");
            HttpResponse<String> settings = h.get("/settings");
            assertTrue(settings.body().contains("\"stores\":[\"default\",\"file\"]"), settings.body());
        }
    }
}
