package io.redwire.nodes.file;

import io.redwire.msg.Json;
import io.redwire.testing.Harness;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bad input to the file and exec nodes on a real server: a path that cannot be written, a file that is not there,
 * a command that does not exist. Each is a node error (or Node-RED's rc output) with a red status dot, and the
 * engine keeps answering. The flow exposes the node's caught error and last status over HTTP.
 */
class BadInputTest {
    @TempDir
    static Path dir;
    static Harness h;
    static String blocked;

    @BeforeAll
    static void start() throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        blocked = file.resolve("x.txt").toString(); // its "directory" is a file: ENOTDIR
        h = new Harness();
        h.deploy(flow(blocked, dir.resolve("missing.txt").toString()));
    }

    @AfterAll
    static void stop() {
        h.close();
    }

    /** POST /{name} runs node {name}; a catch answers {caught, message}; GET /status/{name} gives its last status. */
    private static String flow(String blockedPath, String missingPath) {
        StringBuilder nodes = new StringBuilder("""
                {"id":"t","type":"tab","label":"bad input"},
                {"id":"c","type":"catch","z":"t","scope":null,"uncaught":false,"wires":[["cf"]]},
                {"id":"cf","type":"change","z":"t","rules":[{"t":"set","p":"payload","pt":"msg","to":"{\\"caught\\": true, \\"message\\": error.message}","tot":"jsonata"}],"wires":[["res"]]},
                {"id":"res","type":"http response","z":"t","statusCode":"","headers":{}},
                {"id":"alive","type":"http in","z":"t","url":"/alive","method":"get","wires":[["res"]]},
                {"id":"sq","type":"http in","z":"t","url":"/status/:id","method":"get","wires":[["sf"]]},
                {"id":"sf","type":"change","z":"t","rules":[{"t":"set","p":"payload","pt":"msg","to":"$flowContext('s_' & req.params.id)","tot":"jsonata"}],"wires":[["res"]]},
                """);
        nodes.append(node("write", "{\"type\":\"file\",\"filename\":\"" + blockedPath
                + "\",\"filenameType\":\"str\",\"overwriteFile\":\"true\",\"appendNewline\":false,\"createDir\":false,"
                + "\"encoding\":\"none\"}"));
        nodes.append(node("read", "{\"type\":\"file in\",\"filename\":\"" + missingPath
                + "\",\"filenameType\":\"str\",\"format\":\"utf8\",\"sendError\":false,\"encoding\":\"none\"}"));
        nodes.append(node("spawn", "{\"type\":\"exec\",\"command\":\"redwire-no-such-command\",\"addpay\":\"\","
                + "\"append\":\"\",\"useSpawn\":\"true\",\"timer\":\"\",\"oldrc\":false}"));
        nodes.append(node("shell", "{\"type\":\"exec\",\"command\":\"redwire-no-such-command\",\"addpay\":\"\","
                + "\"append\":\"\",\"useSpawn\":\"false\",\"timer\":\"\",\"oldrc\":false}"));
        return "[" + nodes.substring(0, nodes.lastIndexOf(",")) + "]";
    }

    /** http in /{id} → node {id} → (last output) http response; exec's rc output goes to the response. */
    private static String node(String id, String json) {
        String exec = json.contains("\"exec\"") ? "[],[],[\"res\"]" : "[\"res\"]";
        String keepStatus = "{\"id\":\"st_" + id + "\",\"type\":\"status\",\"z\":\"t\",\"scope\":[\"" + id
                + "\"],\"wires\":[[\"keep_" + id + "\"]]},\n{\"id\":\"keep_" + id + "\",\"type\":\"change\",\"z\":\"t\","
                + "\"rules\":[{\"t\":\"set\",\"p\":\"s_" + id + "\",\"pt\":\"flow\",\"to\":\"status.{\\\"fill\\\": fill, "
                + "\\\"shape\\\": shape, \\\"text\\\": text}\",\"tot\":\"jsonata\"}],\"wires\":[]},\n";
        return keepStatus + "{\"id\":\"in_" + id + "\",\"type\":\"http in\",\"z\":\"t\",\"url\":\"/" + id
                + "\",\"method\":\"post\",\"wires\":[[\"" + id + "\"]]},\n"
                + json.substring(0, json.length() - 1) + ",\"id\":\"" + id + "\",\"z\":\"t\",\"wires\":[" + exec
                + "]},\n";
    }

    private static Map<?, ?> post(String path) throws Exception {
        HttpResponse<String> r = h.post(path, "text/plain", "data");
        assertEquals(200, r.statusCode(), r.body());
        return (Map<?, ?>) Json.parse(r.body());
    }

    private static Map<?, ?> status(String id) throws Exception {
        return (Map<?, ?>) Json.parse(h.get("/status/" + id).body());
    }

    private static void stillServing() throws Exception {
        assertEquals(200, h.get("/alive").statusCode());
    }

    @Test
    void aPathThatCannotBeWrittenIsANodeErrorWithARedDot() throws Exception {
        Map<?, ?> r = post("/write");
        assertEquals(true, r.get("caught"));
        assertEquals("failed to write to file: Error: ENOTDIR: not a directory, open '" + blocked + "'",
                r.get("message"));
        assertEquals(Map.of("fill", "red", "shape", "dot", "text", "ENOTDIR"), status("write"));
        stillServing();
    }

    @Test
    void aMissingFileIsANodeErrorWithARedDot() throws Exception {
        Map<?, ?> r = post("/read");
        assertEquals("Error: ENOENT: no such file or directory, open '" + dir.resolve("missing.txt") + "'",
                r.get("message"));
        assertEquals(Map.of("fill", "red", "shape", "dot", "text", "ENOENT"), status("read"));
        stillServing();
    }

    @Test
    void anUnknownCommandInSpawnModeEndsWithCodeMinus2AndARedDot() throws Exception {
        Map<?, ?> r = post("/spawn"); // Node-RED reports it on the return-code output, not as a caught error
        assertEquals(Map.of("code", -2), r);
        assertEquals(Map.of("fill", "red", "shape", "dot", "text", "rc:-2"), status("spawn"));
        stillServing();
    }

    @Test
    void anUnknownCommandInExecModeIsBashsExitCode127WithARedDot() throws Exception {
        Map<?, ?> r = post("/shell");
        assertEquals(127, ((Number) r.get("code")).intValue());
        assertTrue(String.valueOf(r.get("message")).contains("redwire-no-such-command: command not found"),
                String.valueOf(r.get("message")));
        assertEquals(Map.of("fill", "red", "shape", "dot", "text", "error:127"), status("shell"));
        stillServing();
    }
}
