package io.redwire.context;

import io.redwire.api.Settings;
import io.redwire.msg.Json;
import io.redwire.testing.Harness;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The context-store tests' flows, settings and file reads. */
final class ContextFlows {
    private ContextFlows() {
    }

    /** A tab with one route: GET {@code url} runs function {@code nodeId} ({@code func}) and answers its payload. */
    static String route(String tab, String url, String nodeId, String func) {
        return """
                [{"id":%1$s,"type":"tab","label":"t"},
                 {"id":"in","type":"http in","z":%1$s,"url":%2$s,"method":"get","wires":[[%3$s]]},
                 {"id":%3$s,"type":"function","z":%1$s,"func":%4$s,"outputs":1,"wires":[["out"]]},
                 {"id":"out","type":"http response","z":%1$s,"wires":[]}]
                """.formatted(Json.stringify(tab), Json.stringify(url), Json.stringify(nodeId), Json.stringify(func));
    }

    /** The default store is a localfilesystem one under {@code dir}, flushed at deploys and the stop only. */
    static Settings fileStore(Path dir) throws Exception {
        @SuppressWarnings("unchecked")
        Map<String, Object> m = (Map<String, Object>) Json.parse("""
                {"contextStorage": {"default": {"module": "localfilesystem", "config": {"dir": %s, "flushInterval": 30}}}}
                """.formatted(Json.stringify(dir.toString())));
        return new Settings(m);
    }

    /** A scope file under {@code dir}/context, parsed. */
    static Object file(Path dir, String relative) throws Exception {
        return Json.parse(Files.readString(dir.resolve("context").resolve(relative)));
    }

    /** GET's body; fails unless 200. */
    static String get(Harness h, String path) throws Exception {
        var r = h.get(path);
        assertEquals(200, r.statusCode(), path + ": " + r.body());
        return r.body();
    }
}
