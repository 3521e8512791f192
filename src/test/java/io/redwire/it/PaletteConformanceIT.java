package io.redwire.it;

import org.junit.jupiter.api.Test;

/**
 * The palette suite (../shared/conformance-palette: csv, xml, yaml, html, file, exec recorded from Node-RED 5.0.7)
 * against the built jar: all must pass. Its flows work below /tmp/conf-palette and run bash, sh, echo, printf, sleep.
 */
class PaletteConformanceIT {
    @Test
    void everyRecordedCasePasses() throws Exception {
        RecordedSuite.assertAllPass("conformance-palette", "target/conformance-palette-junit.xml");
    }
}
