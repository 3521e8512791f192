package io.redwire.cli;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The command line as Node-RED users type it: attached and separate values, both user-dir spellings, -?. */
class OptionsTest {
    @Test
    void nodeRedsFlagsInTheirUsualForms() {
        Options o = Options.parse(new String[] {"my-flows.json", "-p1881", "--userDir=/u", "-Dfoo.bar=1",
                "-D", "x={\"a\":\"b=c\"}", "--define", "y=2", "-v", "--safe", "--debug", "JSON"});
        assertEquals(Path.of("my-flows.json"), o.flows);
        assertEquals(1881, o.port);
        assertEquals(Path.of("/u"), o.userDir);
        assertEquals(List.of("foo.bar=1", "x={\"a\":\"b=c\"}", "y=2"), o.defines);
        assertTrue(o.verbose && o.safe && o.debugJson());
        assertEquals(Path.of("protos"), o.protosDir, "the default stays when not given");
    }

    @Test
    void redwiresOwnFlags() {
        Options o = Options.parse(new String[] {"--user-dir", "/d", "--inject", "i1", "--times", "3",
                "--exit-after-debug", "2", "--cluster-members", "a:1,b:2", "--cluster-members", "c:3", "--nodes", "n1",
                "--nodes", "n2", "--admin-port", "0"});
        assertEquals(Path.of("/d"), o.userDir);
        assertEquals("i1", o.inject);
        assertEquals(3, o.times);
        assertEquals(2, o.exitAfterDebug);
        assertEquals(List.of("a:1", "b:2", "c:3"), o.clusterMembers);
        assertEquals(List.of(Path.of("n1"), Path.of("n2")), o.nodeDirs);
        assertEquals(0, o.adminPort);
        assertNull(o.flows);
        assertNull(o.port);
        assertFalse(o.debugJson());
    }

    @Test
    void helpAndVersionAreAskedFor() {
        assertTrue(Options.parse(new String[] {"-?"}).help);
        assertTrue(Options.parse(new String[] {"-h"}).help);
        assertTrue(Options.parse(new String[] {"--version"}).version);
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        Options.usage(new PrintStream(text, true, StandardCharsets.UTF_8));
        String help = text.toString(StandardCharsets.UTF_8);
        assertTrue(help.contains("-u, --userDir <DIR>") && help.contains("--cluster-members <H:P,H:P>")
                && help.contains("Exit codes:"), help);
    }

    @Test
    void badArgumentsNameTheOptionAndValue() {
        assertEquals("Invalid value for option '--port': 'abc' is not a whole number",
                assertThrows(IllegalArgumentException.class, () -> Options.parse(new String[] {"--port", "abc"}))
                        .getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Options.parse(new String[] {"--prot", "1"}))
                .getMessage().contains("--prot"), "no abbreviations: a typo is not taken for another option");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Options.parse(new String[] {"a.json", "b.json"}))
                .getMessage().contains("b.json"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Options.parse(new String[] {"--debug", "xml"}))
                .getMessage().contains("'xml'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Options.parse(new String[] {"-p"}))
                .getMessage().contains("p"));
    }
}
