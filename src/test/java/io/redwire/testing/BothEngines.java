package io.redwire.testing;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The real Node-RED and Redwire running one flows file for a test class ({@code @RegisterExtension static}): the
 * test asks both the same requests and fails listing every answer that differs. Skipped when Node-RED is not
 * installed.
 */
public final class BothEngines implements BeforeAllCallback, AfterAllCallback {
    /** One request's answer from the engine at {@code baseUrl}. */
    @FunctionalInterface
    public interface Ask {
        String answer(String baseUrl, String request) throws Exception;
    }

    private final Path flowsFile;
    private NodeRedPeer nodeRed;
    private Harness redwire;

    public BothEngines(String flowsFile) {
        this.flowsFile = Path.of(flowsFile);
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        String flows = Files.readString(flowsFile);
        nodeRed = NodeRedPeer.startWith("nodered-both", flows);
        redwire = new Harness().deploy(flows);
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        Closing.all(redwire, nodeRed);
    }

    /** Asks both engines each request and fails with every difference (and Node-RED's log). */
    public void assertSameAnswers(Ask ask, String... requests) throws Exception {
        List<String> differences = new ArrayList<>();
        for (String request : requests) {
            String theirs = ask.answer(nodeRed.url(""), request);
            String ours = ask.answer(redwire.url(""), request);
            if (!theirs.equals(ours)) {
                differences.add(request + "\n  Node-RED: " + theirs.replace("\n", "\n            ")
                        + "\n  Redwire:  " + ours.replace("\n", "\n            "));
            }
        }
        assertEquals("", String.join("\n", differences), "Node-RED log:\n" + nodeRed.log());
    }
}
