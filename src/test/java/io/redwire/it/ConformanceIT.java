package io.redwire.it;

import org.junit.jupiter.api.Test;

/** The public Node-RED 5.0.7 conformance suite (../shared/conformance) against the built jar: all must pass. */
class ConformanceIT {
    @Test
    void everyRecordedCasePasses() throws Exception {
        RecordedSuite.assertAllPass("conformance", "target/conformance-junit.xml");
    }
}
