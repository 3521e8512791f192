package io.redwire.nodes.file;

import io.redwire.msg.JsonParse;
import io.redwire.testing.Harness;

import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A NUL byte in msg.filename (issue 21: GET /write?name=/tmp/x%00y) is the file node's and the file in node's
 * error as in Node-RED 5.0.7, whose answers to the same requests through the same flow are recorded here: Node.js's
 * argument error, code ERR_INVALID_ARG_VALUE, the NUL quoted as \x00. Before, the request was never answered.
 */
class NulFilenameTest {
    static final String FLOWS = """
            [{"id":"t1","type":"tab","label":"nul"},
             {"id":"in","type":"http in","z":"t1","url":"/write","method":"get","wires":[["fn"]]},
             {"id":"fn","type":"change","z":"t1","rules":[{"t":"set","p":"filename","pt":"msg","to":"req.query.name",
              "tot":"msg"},{"t":"set","p":"payload","pt":"msg","to":"hello","tot":"str"}],"wires":[["fw"]]},
             {"id":"fw","type":"file","z":"t1","filename":"filename","filenameType":"msg","appendNewline":true,
              "createDir":false,"overwriteFile":"true","encoding":"none","wires":[["res"]]},
             {"id":"inr","type":"http in","z":"t1","url":"/read","method":"get","wires":[["fn2"]]},
             {"id":"fn2","type":"change","z":"t1","rules":[{"t":"set","p":"filename","pt":"msg","to":"req.query.name",
              "tot":"msg"}],"wires":[["filein"]]},
             {"id":"filein","type":"file in","z":"t1","filename":"filename","filenameType":"msg","format":"utf8",
              "chunk":false,"sendError":false,"encoding":"none","allProps":false,"wires":[["res"]]},
             {"id":"res","type":"http response","z":"t1","wires":[]},
             {"id":"c","type":"catch","z":"t1","scope":null,"uncaught":false,"wires":[["fmt"]]},
             {"id":"fmt","type":"change","z":"t1","rules":[{"t":"set","p":"payload","pt":"msg","to":
              "{\\"message\\": error.message, \\"code\\": error.code, \\"source\\": error.source, \\"filename\\": filename, \\"keys\\": $keys(error)}",
              "tot":"jsonata"},{"t":"set","p":"statusCode","pt":"msg","to":"500","tot":"num"}],"wires":[["res"]]}]
            """;
    /** Node-RED 5.0.7's msg.error.message for both nodes. */
    static final String NODE_RED_MESSAGE = "TypeError [ERR_INVALID_ARG_VALUE]: The argument 'path' must be a string, "
            + "Uint8Array, or URL without null bytes. Received '/tmp/x\\x00y'";

    @Test
    void aNulInTheFilenameIsTheNodesErrorAsInNodeRed() throws Exception {
        try (Harness h = new Harness().deploy(FLOWS)) {
            for (String[] route : new String[][] {{"/write", "fw", "file"}, {"/read", "filein", "file in"}}) {
                HttpResponse<String> r = h.get(route[0] + "?name=/tmp/x%00y");
                assertEquals(500, r.statusCode(), r.body());
                @SuppressWarnings("unchecked")
                Map<String, Object> error = (Map<String, Object>) JsonParse.parse(r.body());
                assertEquals(NODE_RED_MESSAGE, error.get("message"));
                assertEquals("ERR_INVALID_ARG_VALUE", error.get("code"));
                assertEquals(Map.of("id", route[1], "type", route[2], "count", 1), error.get("source"));
                assertEquals("/tmp/x\0y", error.get("filename"));
                assertEquals(java.util.Set.of("message", "source", "code", "stack"),
                        java.util.Set.copyOf((java.util.List<?>) error.get("keys")), "msg.error's shape");
            }
            assertEquals(500, h.get("/write?name=/tmp/x%00y").statusCode(), "and again");
        }
    }
}
