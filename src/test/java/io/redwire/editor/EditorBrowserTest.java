package io.redwire.editor;

import org.junit.jupiter.api.BeforeAll;

/** An editor E2E test class: its tests drive the one headless Chromium all of them share, each on its own server. */
abstract class EditorBrowserTest {
    static EditorBrowser b;

    @BeforeAll
    static void startBrowser() throws Exception {
        b = EditorBrowser.shared();
    }
}
