package io.redwire.context;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Node-RED's layout for ordinary ids; any other id is one reversible, safe file name. */
class ScopeFilesTest {
    private static final Path BASE = Path.of("/ctx");

    @Test
    void ordinaryIdsGiveNodeRedsFiles() {
        assertEquals(Path.of("/ctx/global/global.json"), ScopeFiles.fileOf(BASE, "global"));
        assertEquals(Path.of("/ctx/3f2a1b0c9d8e7f60/flow.json"), ScopeFiles.fileOf(BASE, "3f2a1b0c9d8e7f60"));
        assertEquals(Path.of("/ctx/tab1/a1b2.c3d4.json"), ScopeFiles.fileOf(BASE, "a1b2.c3d4:tab1"));
        assertEquals(Path.of("/ctx/inst1/inst1-fn_2.json"), ScopeFiles.fileOf(BASE, "inst1-fn_2:inst1"));
    }

    @Test
    void unsafeOrCollidingIdsAreEncoded() {
        assertEquals(Path.of("/ctx/%2E%2E/%2E%2E%2F%2E%2E%2Fx.json"), ScopeFiles.fileOf(BASE, "../../x:.."));
        assertEquals(Path.of("/ctx/t1/bad%00id.json"), ScopeFiles.fileOf(BASE, "bad\u0000id:t1"));
        assertEquals(Path.of("/ctx/t1/%66low.json"), ScopeFiles.fileOf(BASE, "flow:t1"), "not t1's flow.json");
        assertEquals(Path.of("/ctx/global/%67lobal.json"), ScopeFiles.fileOf(BASE, "global:global"));
        assertEquals(Path.of("/ctx/sf1/sf1%3Astatus.json"), ScopeFiles.fileOf(BASE, "sf1:status:sf1"));
        assertEquals(Path.of("/ctx/%25a/%C3%A9t%C3%A9.json"), ScopeFiles.fileOf(BASE, "été:%a"));
    }

    @Property(tries = 2000)
    void everyScopeIdHasOneSafeFileAndComesBackFromIt(@ForAll String node, @ForAll String flow) {
        for (String scope : new String[] {flow.contains(":") ? "x" : flow, node + ":" + flow}) {
            if (scope.equals("global")) {
                continue;
            }
            Path file = ScopeFiles.fileOf(BASE, scope);
            assertEquals(BASE, file.getParent().getParent(), scope + " -> " + file);
            String dirName = file.getParent().getFileName().toString();
            String fileName = file.getFileName().toString();
            assertTrue(!dirName.startsWith(".") && !fileName.startsWith("."), file.toString());
            assertEquals(scope, ScopeFiles.scopeOf(dirName, fileName), file.toString());
        }
    }
}
