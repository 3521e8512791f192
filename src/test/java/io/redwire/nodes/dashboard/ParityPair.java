package io.redwire.nodes.dashboard;

import io.redwire.admin.CommsClient;
import io.redwire.editor.EditorBrowser;
import io.redwire.testing.Harness;
import io.redwire.testing.NodeRedPeer;

import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;

import java.time.Duration;

import static io.redwire.nodes.dashboard.DashboardNodeRedParityTest.subscribed;

/** One flow deployed to the real Node-RED and to Redwire, each with its /comms debug stream, for the parity tests. */
record ParityPair(NodeRedPeer nodeRed, Harness redwire, CommsClient theirComms, CommsClient ourComms)
        implements AutoCloseable {
    static ParityPair deploy(String prefix, String flow) throws Exception {
        NodeRedPeer nodeRed = NodeRedPeer.startWith(prefix, flow);
        Harness redwire = new Harness().deploy(flow);
        return new ParityPair(nodeRed, redwire, subscribed(nodeRed.url("")), subscribed(redwire.url("")));
    }

    /** The shared Chromium on this page, once {@code readyCss} is there. */
    static WebDriver open(String url, String readyCss, Duration wait) throws Exception {
        EditorBrowser browser = EditorBrowser.shared();
        WebDriver d = browser.driver();
        browser.leave();
        d.get(url);
        browser.waitFor(By.cssSelector(readyCss), wait);
        return d;
    }

    @Override
    public void close() throws Exception {
        try (nodeRed; redwire; theirComms; ourComms) {
            // all four closed, in reverse order
        }
    }
}
